"""Rules: a game's setup (rules.yaml) said step by step for the rulebook, each number worked out for every
player count; the numbers that differ by player count go into a table (pnp/layout/rulebook/blocks.py)."""

from __future__ import annotations

import os
import re
from typing import Any

from pnp.core.errors import InputError
from pnp.layout.expr import truthy
from pnp.layout.rulebook.flow import SetupView
from pnp.model.game import Game
from pnp.model.translation.catalog import said as said_in
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
        steps.append(said_in("Shuffle each deck: {decks}.", getattr(game, "lang", ""),
                             decks=", ".join(names_of.get(d, d) for d in spec.shuffle)))

    deals = {n: gs.deal(n) for n in players}  # what `pnp setup` deals (seed 0, the first options)

    def dealt(n: int, step: Step, each: bool, seat: int = 0) -> Any:
        """The step's number as dealt to the table (or a player, the first by default) for `n` players: "-" where
        it deals nothing."""
        got = deals[n]
        if got is None:
            return "?"
        label = step.label or step.draw or step.place or step.roll or step.track
        part = (got["hands"][seat] if len(got["hands"]) > seat else {}) if each else got["table"]
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
            seats = []  # the number of each player dealt to (the table's: one)
            for seat in range(1, n + 1) if player is not None else [0]:
                if seat:
                    names["player"] = seat
                try:
                    names["tables"] = resolve_tables(spec, names, Locator(game, gs.doc))
                    if step.if_ is not None and not truthy(exprs.field(path, step, "if", names, True)):
                        seats.append("-")
                        continue
                    card = track_card(game, step.track) if step.track and step.value is None else None
                    value = card.data["start"] if card is not None else dealt(n, step, seat > 0, seat - 1) \
                        if step.place and step.count is None else \
                        exprs.field(path, step, name, names, 1 if name == "count" else None)
                    seats.append(value.rstrip(".") if name == "note" and isinstance(value, str) else value)
                except InputError:
                    seats.append(dealt(n, step, seat > 0, max(seat - 1, 0)))
            # "2, 1, 1": the players of one count take different numbers (the first player takes two boards)
            taking = [v for v in seats if v != "-"]  # (a step for the first player only: said so by the deal)
            out.append("-" if not taking else taking[0] if len(set(map(str, taking))) == 1 else
                       ", ".join(map(str, seats)))
        return out

    said: list[tuple[Step, str, list[Any]]] = []  # each step said: the step, its words, its number per count
    sentences = []  # each `say:` as written, where it is: its typed numbers are checked (pnp.layout.rulebook)
    for part, each in (("table", False), ("each_player", True), ("then", False)):
        for i, step in enumerate(getattr(spec, part)):
            if step.say:
                rest = getattr(spec, part)[i + 1:]
                covers = 1 + next((k for k, s in enumerate(rest) if s.say != ""), len(rest))  # its `say: ""` steps
                sentences.append((step.say, gs.doc.where(("setup", part, i, "say")), covers))
            what = step.say or _said(game, step, names_of, each)
            most = deals[players[-1]]
            if each and step.if_ and most is not None and len(most["hands"]) > 1 and step.say is None:
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
            if step.say == "" and said:  # said by the step before: its number where that one deals nothing
                before, words, was = said[-1]
                said[-1] = (before, words, [v if v != "-" else w for v, w in zip(was, values, strict=True)])
                continue
            said.append((step, what, values))
    for step, what, values in said:
        applies = [v for v, n in zip(values, players, strict=True) if v != "-"]
        if step.say is not None and "{n}" not in step.say:  # a sentence that gives no number: as it is written
            steps.append(what + ".")
        elif step.say and step.if_ is not None and not re.search(r"\bplayers\b", step.if_) and \
                len(set(map(str, applies))) <= 1:  # the sentence says when (an option, a player's country)
            steps.append(what.replace("{n}", str(applies[0]) if applies else "") + ".")
        elif "-" not in values and step.place and step.count is None and step.say is None:
            steps.append(what.replace("{n} of the", "the matching" if step.where else "all the") + ".")
        elif "-" in values and len(set(map(str, applies))) <= 1:  # a step for some player counts only
            only = [str(n) for n, v in zip(players, values, strict=True) if v != "-"]
            words = what.replace("{n} of the", "all the") if step.place and step.count is None else \
                what.replace("{n}", str(applies[0]) if applies else "")
            steps.append(f"{words} (with {' or '.join(only)} player{'' if only == ['1'] else 's'} only)." if only
                         else f"{words} (under another choice of the options below).")
        elif len(set(map(str, values))) == 1:
            steps.append(what.replace("{n}", str(values[0])) + ".")
        else:
            if step.say:
                words = what.replace("{n}", "N") + ". The table below gives N"  # (a sentence says "N", never "2, 1, 1")
                row = what.replace("{n}", "N").rstrip(":,; ")
            elif step.note is not None:  # said for each player count in turn: no table row
                steps.append(_by_count(players, values))
                continue
            else:
                words = what.replace("{n}", "the number in the table below")
                row = what.replace("{n} ", "").replace("{n}", "")
            steps.append(words + ".")
            by_players.append((row, values))
    options = {name: [names_of.get(v, v[:1].upper() + v[1:].replace("-", " ")) if isinstance(v, str) else v
                      for v in values]
               for name, values in spec.options.items()}  # a player reads a deck's name, never an id
    return SetupView(players, steps, by_players, options, sentences)


def _by_count(players: list[int], values: list[Any]) -> str:
    """A note that differs by player count, said for each: "At each combat, ...: with 1 player, all 4 to the
    player; with 2 players, 2 to each player; ..." (what the notes share said once)."""
    texts = [str(v) for v in values]
    shared = os.path.commonprefix(texts)
    cut = shared.rfind(": ")
    head, texts = (shared[:cut] + ": ", [t[cut + 2:] for t in texts]) if cut > 0 else ("", texts)
    each = "; ".join(f"with {n} player{'s' if n > 1 else ''}, {t}" for n, t in zip(players, texts, strict=True))
    return head + (each if head else each[:1].upper() + each[1:]) + "."


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
        track = step.track.replace("-", " ")  # "dice-track": the dice track, never "the dice-track track"
        return f"Set the {track if track.endswith(('track', 'tracks')) else track + ' track'} to {{n}}"
    if step.pile:
        return f"{who}{'makes' if each else 'Make'} a pile"
    if step.note is not None:
        return f"{who.strip() + ': ' if each else ''}{{n}}"
    return "A step"
