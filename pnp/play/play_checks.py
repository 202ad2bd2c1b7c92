"""Play (data): what pnp's engine holds a game played from its YAML to before any game, beyond its verbs: the board
(play.yaml's `places:`, `pieces:`, `tokens:`), the places, pieces, dice and piles its steps name, and when each
step happens. Every problem is located at its line, and nothing the engine cannot play is left to be skipped."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pnp.core.errors import Problems
from pnp.model.game import Game
from pnp.model.load import Doc
from pnp.play.effect_board import FILTERS, WORDS
from pnp.play.effect_engine import AT


def _walk(steps: Any, depth: int = 0) -> Iterator[tuple[Any, int]]:
    """(step, depth) of each step, the steps inside a step's arguments (a repeat's, a roll's faces') deeper."""
    for step in steps or ():
        yield step, depth
        for value in step.args.values():
            if isinstance(value, (list, tuple)) and value and hasattr(value[0], "verb"):
                yield from _walk(value, depth + 1)
            elif isinstance(value, dict):
                for inner in value.values():
                    if isinstance(inner, (list, tuple)):
                        yield from _walk(inner, depth + 1)


def check_board(spec: Any, doc: Doc, game: Game, turn: Any, deck: Any, problems: Problems) -> None:
    """`spec`: the play.yaml read (play_spec.PlaySpec); `turn`: its turn's steps; `deck`: the hand's deck."""
    from pnp.core.bounds import BOARD_PLACES as PLACES
    from pnp.model.effects.effect_steps import PlaceChoice

    places = spec.places
    if len(places) > PLACES:
        problems.add(doc.where(("places",)), f"{len(places)} places: a board has at most {PLACES}", "places")
    for name, near in places.items():
        for other in near:
            if other not in places:
                problems.add(doc.where(("places", name)), f"{name} is next to {other!r}, which is not a place "
                             f"(places: {', '.join(places)})", f"places.{name}")
    for field in ("pieces", "tokens"):
        for key, value in getattr(spec, field).items():
            place = value if field == "pieces" else key
            if place not in places:
                problems.add(doc.where((field, key)), f"{place!r} is not a place of `places:` "
                             f"({', '.join(places) or 'none'})", f"{field}.{key}")

    def die_faces(name: str) -> list[str] | None:
        table = game.data.get(name)
        faces = table.data.get("faces") if table is not None and isinstance(table.data, dict) else None
        if not isinstance(faces, list) or not faces or not all(isinstance(f, dict) for f in faces):
            return None
        return [str(f.get("id", f.get("number"))) for f in faces]

    from pnp.play.lasting_checks import Paid, check_lasting

    rolled_dice: list[tuple[Any, str]] = []
    uses_rolled: list[Any] = []
    owners = (("turn", turn), *((f"{deck.id}/{c.id}", c.effect) for c in deck.cards))
    paid = Paid(spec, [step for _, steps in owners for step, _ in _walk(steps)])
    for owner, steps in owners:
        for step, depth in _walk(steps):
            a, where, verb = step.args, step.where, step.verb
            at = step.when.get("at")
            if at is not None and (at not in AT or depth or (owner == "turn" and at == "drawn")):
                why = ("it sells nothing, so nothing is bought" if at == "bought" else "a turn's step is never drawn"
                       if at == "drawn" else "`at:` goes on a card's (or the turn's) own steps, not inside another")
                problems.add(where, f"`at: {at}`: pnp's engine cannot play it here: {why}", owner)
            check_lasting(step, owner, paid, problems)
            if verb in ("draw", "shuffle", "look") and a.get("pile") not in (None, spec.hand):
                problems.add(where, f"`{verb}` from {a['pile']!r}: pnp's engine draws, looks at and shuffles the "
                             f"hand's pile only (`hand: {spec.hand}`)", owner)
            if verb == "look" and a.get("order", "any") not in ("any", "same"):
                problems.add(where, f"`order: {a['order']}`: `any` (the player chooses) or `same` (put back as "
                             "they were)", owner)
            if verb == "roll":
                faces = die_faces(a["die"])
                if faces is None:
                    problems.add(where, f"no die {a['die']!r}: a data table of game.yaml's `data:` with a "
                                 "`faces:` list (each face a mapping with its `id`)", owner)
                    continue
                rolled_dice.append((step, a["die"]))
                for face in (a.get("faces") or {}):
                    if face != "other" and face not in faces:
                        problems.add(where, f"{a['die']} has no face {face!r} (its faces: {', '.join(faces)}; "
                                     "`other:` for the rest)", owner)
            if verb in ("tokens", "move", "prevent"):
                place = a["to"] if verb == "move" else a["place"]
                if not places:
                    problems.add(where, f"`{verb}` needs a board: give play.yaml `places:` (docs/simulate.md)", owner)
                elif isinstance(place, PlaceChoice):
                    for f in place.filters:
                        if f not in FILTERS:
                            problems.add(where, f"no place filter {f!r} (filters: {', '.join(FILTERS)})", owner)
                elif place not in places and place not in WORDS:
                    problems.add(where, f"{place!r} is not a place ({', '.join(places)}) nor one of "
                                 f"{', '.join(WORDS)}", owner)
                elif place == "here" and not spec.pieces:
                    problems.add(where, "`here` is where your first piece stands: give play.yaml `pieces:`", owner)
                if place == "rolled":
                    uses_rolled.append(step)
                if verb == "move" and a["piece"] not in spec.pieces:
                    problems.add(where, f"no piece {a['piece']!r} (pieces: {', '.join(spec.pieces) or 'none'})",
                                 owner)
    if uses_rolled:
        for step, die in rolled_dice:
            missing = [f for f in die_faces(die) or () if f not in places]
            if missing:
                problems.add(step.where, f"a step moves or adds tokens at `rolled`, but {die}'s faces "
                             f"{', '.join(missing)} are not places: make every face of a die rolled a place", die)
