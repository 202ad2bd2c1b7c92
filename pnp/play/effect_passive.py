"""Play (data): the passive steps of pnp's engine, which hold from when their card is played to the game's end
(`while:` their condition holds, if they have one, for the player they would act on): `modify` makes a cost less
or more (playing a card, resolving a step), `prevent` keeps a place from gaining (or losing) tokens."""

from __future__ import annotations

from typing import Any


class PassiveEffects:
    """The part of EffectState (effect_engine.py) that keeps the passive steps played and consults them."""

    table: Any  # table.Table
    modifiers: list[tuple[str, int, str, str | None, int]]  # (the cost, by, who, while, the player who played it)
    prevents: list[tuple[str, str, str | None]]  # (the place, gain or lose, while)

    def _names(self, p: int) -> dict[str, Any]:
        raise NotImplementedError  # effect_engine.EffectState

    def hold(self, step: Any, me: int, place: str | None = None) -> None:
        """A passive step played by `me` (`place`: a `prevent`'s, as it is now): it holds from now on."""
        a, cond = step.args, step.when.get("while")
        held = f" while {cond}" if cond else ""
        if step.verb == "modify":
            who = a["who"] or "self"
            self.modifiers.append((a["cost"], a["by"], who, cond, me))
            whom = f"player {me + 1}" if who == "self" else f"every player but player {me + 1}" if who == "others" \
                else "every player"
            self.table.record.said(f"from now on, {'playing a card' if a['cost'] == 'play' else 'resolving a step'} "
                                   f"costs {whom} {abs(a['by'])} {'less' if a['by'] < 0 else 'more'}{held}")
        elif place is not None:
            way = a["tokens"] or "gain"
            self.prevents.append((place, way, cond))
            self.table.record.said(f"from now on, no token can be {'added to' if way == 'gain' else 'removed from'} "
                                   f"{place}{held}")

    def _holds(self, cond: str | None, p: int) -> bool:
        if cond is None:
            return True
        from pnp.model.expressions.evaluate import expression

        return bool(expression(cond)(**self._names(p)))

    def _cost_of(self, kind: str, amount: int, payer: int) -> int:
        """A cost of `kind` (`play`, `resolve`) as `payer` pays it now: the modifiers that hold added, not below 0."""
        if not self.modifiers:
            return amount
        for cost, by, who, cond, owner in self.modifiers:
            if cost == kind and (who == "all" or (who == "self") == (payer == owner)) and self._holds(cond, payer):
                amount += by
        return max(0, amount)

    def prevented(self, place: str, add: int, actor: int) -> bool:
        """Whether a step of `actor` adding `add` tokens at `place` is prevented now."""
        way = "gain" if add > 0 else "lose"
        return any(p == place and w == way and self._holds(cond, actor) for p, w, cond in self.prevents)
