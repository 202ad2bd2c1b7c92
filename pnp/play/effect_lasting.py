"""Play (data): what a step of pnp's engine does for a time, then taken back. A `change`, `gain`, `spend` or
`tokens` step lasts till the end of the round (`until: round-end`), of the next one (`until: next-round-end`) or
of the Nth from now (`rounds: N`), or until a player pays its resolve cost (`until: resolved`, `resolve:` its spend
steps): at each turn's start, the player whose turn it is may resolve any such step whose cost they can pay (a
choice, as every other), once or more, or pass. What is taken back is held within its bounds (a track 0 to 100, a
purse or a place's tokens not below 0), and the trace says so.
"""

from __future__ import annotations

from typing import Any

from pnp.model.effects.effect_steps import every_step
from pnp.play.effect_passive import PassiveEffects

OFFER = "resolve?"  # a frame's step at each turn's start: the acting player may resolve what lasts till resolved
What = tuple[str, str, int | None]  # ("track", name, None), ("purse", resource, player), ("tokens", place, None)


class LastingEffects(PassiveEffects):
    """The part of EffectState (effect_engine.py) that keeps what lasts and takes it back (a resolve cost as the
    modifiers make it: PassiveEffects)."""

    tracks: dict[str, int]
    purse: list[dict[str, int]]
    board: Any  # effect_board.Board
    game: Any  # play_spec.DataGame
    deck: str
    round: int
    source: str | None  # the card whose steps are under way (None: the turn's)
    lasting: list[tuple[int, What, int]]  # (its last round, what it changed, by how much): undone then
    open: list[tuple[str, tuple[tuple[str, int], ...], tuple[tuple[What, int], ...]]]  # (label, cost, changes)

    def _lasting(self, step: Any, changes: list[tuple[What, int]]) -> None:
        """A step that lasts (`until:`, `rounds:`): what it changed, kept to take back then."""
        when = step.when
        if "resolve" in when:
            done = tuple(c for c in changes if c[1])
            if done:
                cost = tuple((s.args["resource"], s.args["amount"]) for s in when["resolve"])
                label = self._label(step)
                self.open.append((label, cost, done))
                self.table.record.said(f"{', '.join(f'{w[1]}: {by:+d}' for w, by in done)}, until someone pays "
                                       f"{' and '.join(f'{n} {r.title()}' for r, n in cost)} to resolve "
                                       f"{self.named(label)}")
        elif "until" in when or "rounds" in when:
            rounds = when.get("rounds") or (2 if when.get("until") == "next-round-end" else 1)
            self.lasting.extend((self.round + rounds - 1, what, by) for what, by in changes if by)

    def _take_back(self) -> None:
        """At a round's end, after its steps: what lasted till then is taken back (held within its bounds)."""
        ending = [x for x in self.lasting if x[0] <= self.round]
        self.lasting = [x for x in self.lasting if x[0] > self.round]
        for _, what, by in ending:
            self._undo(what, by, "as the step that lasted till now ends")

    def _undo(self, what: What, by: int, why: str) -> None:
        kind, key, p = what
        if kind == "track":
            self.tracks[key] = max(0, min(100, self.tracks[key] - by))
        elif kind == "purse" and p is not None:
            self.purse[p][key] = max(0, self.purse[p].get(key, 0) - by)
        else:
            self.board.add(key, -by)
        self.table.record.said(f"{key}: {-by:+d}, {why}")

    def _label(self, step: Any) -> str:
        """What a move resolves: the card's id (`turn` for the turn's step), with the step's number among the
        card's steps that last till resolved when it has more than one."""
        steps = self.game.effects.get(self.source) if self.source else self.game.turn
        resolved = [s for s in every_step(steps) if "resolve" in s.when]
        n = next((i + 1 for i, s in enumerate(resolved) if s is step), 0) if len(resolved) > 1 else 0
        return (self.source or "turn") + (f" {n}" if n else "")

    def _resolve_cost(self, label: str, payer: int) -> list[tuple[str, int]]:
        """What resolving `label` costs `payer` now (after the modifiers that hold)."""
        cost = next(c for lab, c, _ in self.open if lab == label)
        return [(resource, self._cost_of("resolve", amount, payer)) for resource, amount in cost]

    def resolvable(self, player: int) -> list[str]:
        """The labels of the steps the player can pay to resolve now, oldest first, each once."""
        out: list[str] = []
        for label, _, _ in self.open:
            if label not in out and all(self.purse[player].get(r, 0) >= n
                                        for r, n in self._resolve_cost(label, player)):
                out.append(label)
        return out

    def resolve(self, label: str, player: int) -> None:
        """The player pays to resolve the oldest step of `label`: what it did is taken back."""
        for resource, n in self._resolve_cost(label, player):
            self.purse[player][resource] = self.purse[player].get(resource, 0) - n
        i = next(i for i, entry in enumerate(self.open) if entry[0] == label)
        _, _, changes = self.open.pop(i)
        for what, by in changes:
            self._undo(what, by, f"as player {player + 1} resolves {self.named(label)}")

    def named(self, label: str) -> str:
        """A label in words: the card's printed name (and its step's number), or the turn's step."""
        card, _, n = label.partition(" ")
        name = "the turn's step" if card == "turn" else str(self.table.card(self.deck, card).get("name", card))
        return name + (f" (step {n})" if n else "")

    def paying(self, label: str, player: int) -> str:
        return " and ".join(f"{n} {resource.title()}" for resource, n in self._resolve_cost(label, player))
