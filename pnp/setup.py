"""Setups: deal a legal setup from a game's rules, reproducibly, and check a recorded one.

A setup is plain data: `{"game", "players", "seed", "table": {label: value}, "hands": [{label: value}]}`
where a label names a deck, a die or a track (or the step's `label`), and a value is a list of card
ids, a die face or a track's start value.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from pnp.errors import InputError, Problem, Where
from pnp.load import Doc
from pnp.model import Game
from pnp.rules_spec import Setup, Step


def label(step: Step) -> str:
    return step.label or step.draw or step.place or step.roll or step.track or "?"


def die_faces(game: Game, name: str) -> list[dict[str, Any]]:
    doc = game.data.get(name)
    faces = doc.data.get("faces") if doc is not None and isinstance(doc.data, dict) else None
    if not isinstance(faces, list):
        raise InputError([Problem(game.doc.where(("data",)), f"no die {name!r}: a data table with `faces:` is "
                                  "needed to roll it")])
    return faces


def face_name(face: dict[str, Any], step: Step) -> str:
    return f"wild ({step.wild})" if face.get("wild") else str(face.get("id"))


def needs(setup: Setup, players: int) -> Counter:
    """Cards taken from each deck by a setup for `players` players (None for place-all)."""
    out: Counter = Counter()
    for step in setup.table:
        deck = step.draw or step.place
        if deck and step.count is not None:
            out[deck] += step.count
    for step in setup.each_player:
        if step.draw:
            out[step.draw] += (step.count or 1) * players
    return out


def feasibility(game: Game, setup: Setup, where: Where) -> list[Problem]:
    faces = {d.id: d.faces for d in game.decks}
    problems = []
    for n in range(setup.players.min, setup.players.max + 1):
        for deck, count in needs(setup, n).items():
            if deck not in faces:
                problems.append(Problem(where, f"the setup draws from {deck!r}, which is not a deck of this game",
                                        "setup", rule="setup"))
            elif count > faces[deck]:
                problems.append(Problem(where, f"{n} players need {count} {deck} cards; the deck has "
                                        f"{faces[deck]}", "setup", rule="setup"))
    return problems


def _matches(game: Game, step: Step) -> Callable[[str], bool]:
    """Which card ids a step may take (all, or those its `where:` expression accepts)."""
    if not step.where:
        return lambda _: True
    from pnp.expr import _env

    test = _env().compile_expression(step.where.strip().removeprefix("{{").removesuffix("}}"))
    deck = next(d for d in game.decks if d.id == (step.draw or step.place))
    ok = {c.id for c in deck.cards if test(card=c.data)}
    return ok.__contains__


def deal(game: Game, setup: Setup, players: int, seed: int) -> dict[str, Any]:
    if not setup.players.min <= players <= setup.players.max:
        raise InputError([Problem(None, f"{game.manifest.name} takes {setup.players.min} to {setup.players.max} "
                                  f"players, not {players}")])
    rng = random.Random(seed)
    piles = {d.id: [c.id for c in d.cards for _ in range(c.copies)] for d in game.decks}
    for deck in setup.shuffle:
        rng.shuffle(piles[deck])

    def run(step: Step, into: dict[str, Any]) -> None:
        deck = step.draw or step.place
        if deck:
            pile, fits = piles[deck], _matches(game, step)
            n = len(pile) if step.count is None and step.place else (step.count or 1)
            taken = [card for card in pile if fits(card)][:n]
            for card in taken:
                pile.remove(card)
            into[label(step)] = taken
        elif step.roll:
            into[label(step)] = face_name(rng.choice(die_faces(game, step.roll)), step)
        elif step.track:
            into[label(step)] = step.value

    table: dict[str, Any] = {}
    for step in setup.table:
        run(step, table)
    hands = []
    for _ in range(players):
        hand: dict[str, Any] = {}
        for step in setup.each_player:
            run(step, hand)
        hands.append(hand)
    return {"game": game.id, "players": players, "seed": seed, "table": table, "hands": hands}


def check_recorded(game: Game, setup: Setup, doc: Doc) -> list[Problem]:
    """Hold a recorded setup (YAML or JSON) against the rules: counts, ids, copies, start values."""
    data = doc.data
    out: list[Problem] = []

    def fail(path: tuple, message: str) -> None:
        out.append(Problem(doc.where(path), message, ".".join(map(str, path)) or "setup", rule="setup"))

    if not isinstance(data, dict):
        fail((), "a setup is a mapping with players, table and hands")
        return out
    players, hands, table = data.get("players"), data.get("hands"), data.get("table")
    if not isinstance(players, int) or not setup.players.min <= players <= setup.players.max:
        fail(("players",), f"{game.manifest.name} takes {setup.players.min} to {setup.players.max} players, got "
             f"{players!r}")
    if not isinstance(hands, list) or (isinstance(players, int) and len(hands) != players):
        fail(("hands",), f"one hand per player is needed ({players} players)")
        hands = hands if isinstance(hands, list) else []
    decks = {d.id: d for d in game.decks}
    used: Counter = Counter()

    def check_step(step: Step, value: Any, path: tuple) -> None:
        deck = step.draw or step.place
        if deck:
            want = decks[deck].faces if step.count is None and step.place else (step.count or 1)
            if not isinstance(value, list) or len(value) != want:
                fail(path, f"{want} {deck} card{'s' if want != 1 else ''} expected, got {value!r}")
                return
            ids, fits = {c.id for c in decks[deck].cards}, _matches(game, step)
            for i, card in enumerate(value):
                if card not in ids:
                    fail((*path, i), f"no {deck} card {card!r}")
                elif not fits(card):
                    fail((*path, i), f"{deck} card {card!r} is not one this step takes ({step.where})")
                used[deck, card] += 1
        elif step.roll:
            names = [face_name(f, step) for f in die_faces(game, step.roll)]
            if value not in names and not (isinstance(value, str) and value.startswith("wild")):
                fail(path, f"{value!r} is not a face of the {step.roll} ({', '.join(names)})")
        elif step.track and value != step.value:
            fail(path, f"{step.track} starts at {step.value!r}, got {value!r}")

    for step in setup.table:
        key = label(step)
        if not isinstance(table, dict) or key not in table:
            fail(("table",), f"the table needs {key!r}")
        else:
            check_step(step, table[key], ("table", key))
    for i, hand in enumerate(hands):
        for step in setup.each_player:
            key = label(step)
            if not isinstance(hand, dict) or key not in hand:
                fail(("hands", i), f"player {i + 1} needs {key!r}")
            else:
                check_step(step, hand[key], ("hands", i, key))
    copies = {(d.id, c.id): c.copies for d in game.decks for c in d.cards}
    for (deck, card), n in sorted(used.items()):
        if n > copies.get((deck, card), n):
            fail((), f"{deck} card {card!r} is dealt {n} times; the game has {copies[deck, card]}")
    return out
