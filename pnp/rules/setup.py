"""Setups: deal a legal setup from a game's rules, reproducibly, and check a recorded one.

A setup is plain data: `{"game", "players", "seed", "options", "table": {label: value}, "hands":
[{label: value}]}` where a label names a deck, a die or a track (or the step's `label`), and a value
is a list of card ids, a die face or a track's start value. `options` are the setup's named choices
(a scenario, an adventure): a step's `if` and `where` read them.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from pnp.errors import InputError, Problem, Where
from pnp.model.game import Game
from pnp.model.load import Doc
from pnp.rules.spec import Setup, Step


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


def card_titles(game: Game) -> dict[str, str]:
    """How a dealt card is named: its deck's `title:` expression, else its name, else its id."""
    from pnp.layout.expr import ExprError, compile_value

    titles: dict[str, str] = {}
    for deck in game.decks:
        title = deck.spec.title
        dynamic, get = compile_value(title, deck.doc.where(("title",))) if title else (False, None)
        for card in deck.cards:
            if dynamic and get is not None:
                try:
                    titles[card.id] = f"{str(get({'card': card.data})).strip()} ({card.id})"
                    continue
                except ExprError as exc:
                    raise InputError([Problem(deck.doc.where(("title",)), f"title: {exc}",
                                              f"{deck.id}/{card.id}")]) from None
            titles[card.id] = str(card.data.get("name") or card.id)
    return titles


def _expr(source: str) -> Callable[..., Any]:
    """A step's `if` or `where`; a mistake in it is bad input naming the expression, not a traceback."""
    from pnp.layout.expr import _explain, expression

    def bad(exc: Exception) -> InputError:
        return InputError([Problem(None, f"step expression {_explain(source, exc)}", "setup", rule="setup")])

    try:
        compiled = expression(source.strip().removeprefix("{{").removesuffix("}}"), True)
    except Exception as exc:  # a syntax error
        raise bad(exc) from None

    def run(**names: Any) -> Any:
        try:
            return compiled(**names)
        except Exception as exc:  # an undefined name, a refused attribute, ...
            raise bad(exc) from None

    return run


def choose(setup: Setup, given: dict[str, str] | None = None) -> dict[str, Any]:
    """The setup's options: each given value (as typed on the command line) or the first, the default."""
    given = dict(given or {})
    chosen = {}
    for name, values in setup.options.items():
        if name not in given:
            chosen[name] = values[0] if values else None
            continue
        wanted = given.pop(name)
        match = [v for v in values if str(v) == str(wanted)]
        if not match:
            raise InputError([Problem(None, f"option {name}={wanted}: choose one of "
                                      f"{', '.join(map(str, values))}")])
        chosen[name] = match[0]
    for name in given:
        known = ", ".join(setup.options) or "none: add `options:` to the setup"
        raise InputError([Problem(None, f"unknown option {name!r} (this game's options: {known})")])
    return chosen


def steps(setup: Setup, options: dict[str, Any], each_player: bool = False) -> list[Step]:
    """The steps that apply under these options (a step's `if` reads them)."""
    return [s for s in (setup.each_player if each_player else setup.table) if not s.if_ or _expr(s.if_)(**options)]


def every_choice(setup: Setup) -> list[dict[str, Any]]:
    combos: list[dict[str, Any]] = [{}]
    for name, values in setup.options.items():
        combos = [{**c, name: v} for c in combos for v in values or [None]]
    return combos


def needs(setup: Setup, players: int, options: dict[str, Any] | None = None) -> Counter:
    """Cards taken from each deck by a setup for `players` players (None for place-all)."""
    out: Counter = Counter()
    options = options if options is not None else choose(setup)
    for step in steps(setup, options):
        deck = step.draw or step.place
        if deck and step.count is not None:
            out[deck] += step.count
    for step in steps(setup, options, each_player=True):
        if step.draw:
            out[step.draw] += (step.count or 1) * players
    return out


def feasibility(game: Game, setup: Setup, where: Where) -> list[Problem]:
    faces = {d.id: d.faces for d in game.decks}
    problems: list[Problem] = []

    def fail(message: str) -> None:
        if not any(p.message == message for p in problems):
            problems.append(Problem(where, message, "setup", rule="setup"))

    try:
        _feasible(game, setup, faces, fail)
    except InputError as exc:
        fail(exc.problems[0].message)
    return problems


def _feasible(game: Game, setup: Setup, faces: dict[str, int], fail: Callable[[str], None]) -> None:
    decks = {d.id: d for d in game.decks}
    for options in every_choice(setup):
        under = "".join(f" with {k}={v}" for k, v in options.items())
        matching: dict[int, int] = {}  # a step with `where` -> its deck's matching cards (copies counted)
        for step in (*steps(setup, options), *steps(setup, options, each_player=True)):
            deck_id = step.draw or step.place
            if step.where and deck_id in faces:
                fits = _matches(game, step, options)
                matching[id(step)] = sum(c.copies for c in decks[str(deck_id)].cards if fits(c.id))
        for n in range(setup.players.min, setup.players.max + 1):
            for deck, count in needs(setup, n, options).items():
                if deck not in faces:
                    fail(f"the setup draws from {deck!r}, which is not a deck of this game")
                elif count > faces[deck]:
                    fail(f"{n} players{under} need {count} {deck} cards; the deck has {faces[deck]}")
            for many, group in ((1, steps(setup, options)), (n, steps(setup, options, each_player=True))):
                for step in group:
                    if id(step) in matching:
                        have, want = matching[id(step)], (step.count or 1) * many
                        if have < want:
                            fail(f"{n} players{under} need {want} {step.draw or step.place} card"
                                 f"{'s' if want != 1 else ''} where {step.where}; the deck has {have}")


def _matches(game: Game, step: Step, options: dict[str, Any]) -> Callable[[str], bool]:
    """Which card ids a step may take (all, or those its `where:` expression accepts)."""
    if not step.where:
        return lambda _: True
    test = _expr(step.where)
    deck = next(d for d in game.decks if d.id == (step.draw or step.place))
    ok = {c.id for c in deck.cards if test(**options, card=c.data)}
    return ok.__contains__


def deal(game: Game, setup: Setup, players: int, seed: int, options: dict[str, Any] | None = None
         ) -> dict[str, Any]:
    if not setup.players.min <= players <= setup.players.max:
        raise InputError([Problem(None, f"{game.manifest.name} takes {setup.players.min} to {setup.players.max} "
                                  f"players, not {players}")])
    options = options if options is not None else choose(setup)
    rng = random.Random(seed)
    piles = {d.id: [c.id for c in d.cards for _ in range(c.copies)] for d in game.decks}
    for deck in setup.shuffle:
        rng.shuffle(piles[deck])

    def run(step: Step, into: dict[str, Any]) -> None:
        deck = step.draw or step.place
        if deck:
            pile, fits = piles[deck], _matches(game, step, options)
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
    for step in steps(setup, options):
        run(step, table)
    hands = []
    for _ in range(players):
        hand: dict[str, Any] = {}
        for step in steps(setup, options, each_player=True):
            run(step, hand)
        hands.append(hand)
    return {"game": game.id, "players": players, "seed": seed, "options": options, "table": table, "hands": hands}


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
    recorded = data.get("options") or {}
    try:
        options = choose(setup, recorded if isinstance(recorded, dict) else {})
    except InputError as exc:
        fail(("options",), exc.problems[0].message)
        return out
    decks = {d.id: d for d in game.decks}
    used: Counter = Counter()

    def check_step(step: Step, value: Any, path: tuple) -> None:
        deck = step.draw or step.place
        if deck:
            want = decks[deck].faces if step.count is None and step.place else (step.count or 1)
            if not isinstance(value, list) or len(value) != want:
                fail(path, f"{want} {deck} card{'s' if want != 1 else ''} expected, got {value!r}")
                return
            ids, fits = {c.id for c in decks[deck].cards}, _matches(game, step, options)
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

    for step in steps(setup, options):
        key = label(step)
        if not isinstance(table, dict) or key not in table:
            fail(("table",), f"the table needs {key!r}")
        else:
            check_step(step, table[key], ("table", key))
    for i, hand in enumerate(hands):
        for step in steps(setup, options, each_player=True):
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
