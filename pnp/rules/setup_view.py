"""Rules: a game's setup (rules.yaml) said step by step for the rulebook, each number worked out for every
player count; the numbers that differ by player count go into a table (pnp/layout/rulebook/blocks.py)."""

from __future__ import annotations

import re
from typing import Any

from pnp.core.errors import InputError
from pnp.layout.expr import truthy
from pnp.layout.rulebook.flow import SetupView
from pnp.model.game import Game
from pnp.rules.setup_expr import Expressions, Locator, choose, resolve_tables
from pnp.rules.setup_tracks import said_start, track_card
from pnp.rules.spec import Step


def setup_view(game: Game) -> SetupView | None:
    """None when the game has no setup; a step whose number cannot be worked out shows its expression."""
    from pnp.rules.setup import setup_of

    gs = setup_of(game)
    if gs is None:
        return None
    spec = gs.spec
    players = list(gs.player_counts)
    exprs = Expressions(Locator(game, gs.doc))
    names_of = {d.id: d.name for d in game.decks}
    steps: list[str] = []
    by_players: list[tuple[str, list[Any]]] = []
    if spec.shuffle:
        steps.append("Shuffle each deck: " + ", ".join(names_of.get(d, d) for d in spec.shuffle) + ".")

    deals = {n: gs.deal(n) for n in players}  # what `pnp setup` deals (seed 0, the first options)

    def dealt(n: int, step: Step, each: bool) -> Any:
        """The step's number as dealt to the table (or player 1) for `n` players: "-" where it deals nothing."""
        got = deals[n]
        if got is None:
            return "?"
        label = step.label or step.draw or step.place or step.roll or step.track
        part = (got["hands"][0] if got["hands"] else {}) if each else got["table"]
        if label not in part:
            return "-"
        value = part[label]
        cards = value.get("cards") if isinstance(value, dict) else value
        if step.note is not None and isinstance(value, str) and each:  # "Each player: choose ..."
            value = value[:1].lower() + value[1:]
        if step.note is not None or step.track or step.roll:
            return value.rstrip(".") if isinstance(value, str) else value
        return len(cards) if isinstance(cards, list) else "?"

    def counts(step: Step, path: tuple, name: str, player: int | None) -> list[Any]:
        """The step's number for each player count; "-" where its `if` leaves it out. A number that reads what is
        dealt before it (`hand`, `table`, `pile()`) is taken from a deal."""
        if step.note is not None:
            return [dealt(n, step, player is not None) for n in players]
        out = []
        for n in players:
            chosen = choose(spec)
            names: dict[str, Any] = {**chosen, "_options": chosen, "players": n,
                                     "data": {k: d.data for k, d in game.data.items()}}
            if player is not None:
                names["player"] = player
            try:
                names["tables"] = resolve_tables(spec, names, Locator(game, gs.doc))
                if step.if_ is not None and not truthy(exprs.field(path, step, "if", names, True)):
                    out.append("-")
                    continue
                card = track_card(game, step.track) if step.track and step.value is None else None
                value = card.data["start"] if card is not None else \
                    exprs.field(path, step, name, names, 1 if name == "count" else None)
                out.append(value.rstrip(".") if name == "note" and isinstance(value, str) else value)
            except InputError:
                out.append(dealt(n, step, player is not None))
        return out

    for part, each in (("table", False), ("each_player", True), ("then", False)):
        for i, step in enumerate(getattr(spec, part)):
            what = _said(game, step, names_of, each)
            most = deals[players[-1]]
            if each and step.if_ and most is not None and len(most["hands"]) > 1:
                label = step.label or step.draw or step.place or step.roll or step.track
                holders = [k for k, hand in enumerate(most["hands"], 1) if label in hand]
                first = holders == [1] and re.search(r"\bplayer\b", step.if_)
                if holders and not first and len(holders) < len(most["hands"]):
                    what += " (some players only)"
                if first:  # the first player only (a captain token)
                    what = what.replace("Each player draws", "The first player draws").replace(
                        "Each player places", "The first player places").replace("Each player rolls",
                                                                                 "The first player rolls")
            name = "value" if step.track else "note" if step.note is not None else "count"
            values = counts(step, ("setup", part, i), name, 1 if each else None)
            applies = [v for v, n in zip(values, players, strict=True) if v != "-"]
            if "-" not in values and step.place and step.count is None:
                steps.append(what.replace("{n} of the", "the matching" if step.where else "all the") + ".")
            elif "-" in values and len(set(map(str, applies))) <= 1:  # a step for some player counts only
                only = [str(n) for n, v in zip(players, values, strict=True) if v != "-"]
                said = what.replace("{n} of the", "all the") if step.place and step.count is None else \
                    what.replace("{n}", str(applies[0]) if applies else "")
                steps.append(f"{said} (with {' or '.join(only)} player{'' if only == ['1'] else 's'} only)." if only
                             else f"{said} (under another choice of the options below).")
            elif len(set(map(str, values))) == 1:
                steps.append(what.replace("{n}", str(values[0])) + ".")
            else:
                said = f"{step.label}: as the table below says" if step.note is not None else \
                    what.replace("{n}", "the number in the table below")
                steps.append(said + ".")
                row = (step.label or "") if step.note is not None else what.replace("{n} ", "").replace("{n}", "")
                by_players.append((row, values))
    return SetupView(players, steps, by_players, dict(spec.options))


def _said(game: Game, step: Step, names: dict[str, str], each: bool) -> str:
    """A step in words, `{n}` standing for its number."""
    who = "Each player " if each else ""
    if step.draw:
        deck = names.get(str(step.draw), str(step.draw))
        words = (step.label or "").replace("-", " ")
        which = f", the {words}" if words and words.lower() not in deck.lower() else ""  # the captain token
        return f"{who}{'draws' if each else 'Draw'} {{n}} from the {deck} deck{which}"
    if step.place:
        deck = names.get(str(step.place), str(step.place))
        return f"{'Place' if not each else who + 'places'} {{n}} of the {deck} pieces"
    if step.roll:
        wild = f"; on the wild face, {step.wild}" if step.wild else ""
        return f"{who}{'rolls' if each else 'Roll'} the {names.get(step.roll, step.roll)}{wild}"
    if step.track:
        card = track_card(game, step.track)
        if card is not None:
            return f"Set the {said_start(card)} track to {{n}}{card.data.get('unit') or ''}"
        return f"Set the {step.track} track to {{n}}"
    if step.pile:
        return f"{who}{'makes' if each else 'Make'} a pile"
    if step.note is not None:
        return f"{who.strip() + ': ' if each else ''}{{n}}"
    return "A step"
