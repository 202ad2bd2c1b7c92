"""Play (data): a game played from its YAML alone, with no Python: `cards/<game>/play.yaml` says its turn, its
resources and tracks, how long it lasts and when it is won; its cards' `effect:` say what each card does
(pnp/model/effects/). pnp's engine (effect_engine.py) plays it.

    rounds: 8                       # the game ends after this many rounds (lost, unless won before)
    hand: card                      # the deck players draw from, hold and play
    resources: {coins: 2}           # each player's, at the start
    turn:                           # each player's turn, in order: steps, as a card's effect
      - {draw: 1}
      - {play: {pay: cost, resource: coins}}
    win: "coins >= 12"              # won as soon as a player's state meets it
    value: "coins"                  # how good a state is, for the greedy policy

and, for a game on a board (effect_board.py: `tokens`, `move`, a `rolled` place):

    places: {camp: [river], river: [camp, peak], peak: [river]}  # each place and the places next to it
    pieces: {explorer: camp}        # each player's pieces, and where each starts
    tokens: {peak: 3}               # tokens on places at the start
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Annotated, Any

from pnp.core.errors import InputError, Problems
from pnp.model.game import Game
from pnp.model.schema.reader import Check, read

SPEC_FILE = "play.yaml"


@dataclass(repr=False, eq=False)
class PlaySpec:
    """A game's play.yaml: what pnp's engine plays."""

    turn: list[Any]  # each player's turn: steps (docs/effects.md)
    hand: str  # the deck players draw from, hold and play
    win: str  # the condition a player's state meets to win (an expression of its resources and tracks)
    rounds: Annotated[int, Check(ge=1, le=1000)] = 10  # the game ends after this many rounds
    resources: dict[str, int] = field(default_factory=dict)  # each player's at the start
    tracks: dict[str, int] = field(default_factory=dict)  # shared, at the start (0 to 100)
    value: str = ""  # how good a state is, for the greedy policy (default: the win condition's truth)
    places: dict[str, list[str]] = field(default_factory=dict)  # the board: each place and those next to it
    pieces: dict[str, str] = field(default_factory=dict)  # each player's pieces and the place each starts at
    tokens: dict[str, Annotated[int, Check(ge=0, le=10_000)]] = field(default_factory=dict)  # at the start


@dataclass(frozen=True)
class DataGame:
    """What the engine plays a game from: its play.yaml read, its turn's steps, and every card's effect."""

    spec: PlaySpec
    turn: tuple[Any, ...]
    effects: dict[str, tuple[Any, ...] | None]  # card id of the hand's deck -> its steps (None: unsaid)
    timed: dict[str, dict[str, tuple[Any, ...]]] = field(default_factory=dict)  # card -> `at:` -> its steps then
    turn_timed: dict[str, tuple[Any, ...]] = field(default_factory=dict)  # the turn's steps by `at:`

    def __deepcopy__(self, memo: dict[int, Any]) -> DataGame:
        return self  # read only: a look-ahead's copy of a game shares what it is played from


def has_play_spec(game: Game) -> bool:
    return (game.dir / SPEC_FILE).is_file()


def load_play_spec(game: Game) -> DataGame:
    """play.yaml read and checked, with the hand's cards' effects: every card must say what it does (or
    `effect: none`), every verb must be one the engine plays; else a located InputError, before any game."""
    from pnp.model.effects.effect_steps import read_effect
    from pnp.model.effects.verbs import game_verbs
    from pnp.model.load import load_file
    from pnp.play.effect_engine import PLAYED

    doc = load_file(game.dir / SPEC_FILE, game.root)
    spec, found = read(PlaySpec, doc.data, doc)
    problems = Problems()
    problems.extend(found)
    if spec is None:
        raise InputError(problems.items)
    decks = {d.id: d for d in game.decks}
    if spec.hand not in decks:
        problems.add(doc.where(("hand",)), f"no deck {spec.hand!r} (decks: {', '.join(decks)})", "hand")
        raise InputError(problems.items)
    verbs = game_verbs(game.manifest.verbs, game.doc.where, problems)
    turn = read_effect(spec.turn, doc, ("turn",), {}, problems, "turn", verbs)
    deck = decks[spec.hand]
    for card in deck.cards:
        if card.effect is None:
            problems.add(deck.where(card), f"{card.id} says nothing of what it does: give it an `effect:` (or "
                         "`effect: none`); pnp plays every card as printed, and never skips one",
                         f"{deck.id}/{card.id}")
    for where, verb in _verbs_used(turn or (), deck):
        if verb not in PLAYED:
            problems.add(where, f"pnp's engine does not play `{verb}` yet (it plays {', '.join(sorted(PLAYED))}); "
                         "a game with a play module plays it there (docs/simulate.md)", verb)
    from pnp.play.play_checks import check_board

    check_board(spec, doc, game, turn or (), deck, problems)
    problems.raise_if_errors()
    from pnp.play.effect_engine import split

    effects = {c.id: c.effect for c in deck.cards}
    return DataGame(spec, tuple(turn or ()), effects, {c: split(e) for c, e in effects.items()}, split(turn))


def _verbs_used(turn: tuple[Any, ...], deck: Any) -> list[tuple[Any, str]]:
    """(where, verb) of every step of the turn and of the hand's cards' effects, nested ones too."""
    from pnp.model.effects.effect_steps import every_step

    return [(step.where, step.verb) for steps in (turn, *(card.effect for card in deck.cards))
            for step in every_step(steps)]


@dataclass(repr=False, eq=False)
class ValueSpec:
    """A play.yaml beside a play module: the module plays the game, so the file says how good a state is, for
    look-ahead policies (a PlaySpec's other fields there are the engine's, which the module's play replaces)."""

    value: str = ""  # an expression of the names the module's State.values() gives (docs/simulate.md)
    policies: dict[str, str] = field(default_factory=dict)  # the module's own policies (State.policy): name -> who


def load_policies(game: Game) -> dict[str, str]:
    """The policies a game with a play module declares as its own in play.yaml (`policies: {rush: "..."}`: name ->
    who it is), each name a word of at most SIM_POLICY_NAME characters and not a built-in policy's, each said
    in at most RECORD_NAME characters, at most SIM_GAME_POLICIES of them; else a located InputError."""
    import re

    from pnp.core.bounds import RECORD_NAME, SIM_GAME_POLICIES, SIM_POLICY_NAME
    from pnp.core.errors import Problem, echo
    from pnp.model.load import load_file
    from pnp.play.policies import POLICIES

    if not has_play_spec(game):
        return {}
    doc = load_file(game.dir / SPEC_FILE, game.root)
    data = doc.data.get("policies") if isinstance(doc.data, dict) else None
    if data is None:
        return {}
    if not isinstance(data, dict) or len(data) > SIM_GAME_POLICIES:
        raise InputError([Problem(doc.where(("policies",)), f"policies: a mapping of at most {SIM_GAME_POLICIES} "
                                  "names, each to what the policy does (rush: \"buys speed, never builds\")")])
    for name, said in data.items():
        at = doc.where(("policies", name))
        if not isinstance(name, str) or not re.fullmatch(rf"[a-z][a-z0-9_-]{{0,{SIM_POLICY_NAME - 1}}}", name):
            why = (f"{echo(name)} is not a policy's name: a word in lower case of at most {SIM_POLICY_NAME} "
                   "characters (rush)")
        elif name in POLICIES:
            why = f"{name} is pnp's own policy: name the game's own policy otherwise"
        elif not isinstance(said, str) or not said or len(said) > RECORD_NAME:
            why = f"{name}: say what the policy does, in text of at most {RECORD_NAME} characters"
        else:
            continue
        raise InputError([Problem(at, f"policies: {why}", str(name))])
    return dict(data)


def load_value(game: Game) -> str | None:
    """The `value:` a game with a play module declares in its play.yaml (None: it has none), its expression
    checked at its line."""
    from pnp.core.errors import Problem
    from pnp.model.expressions.evaluate import expression
    from pnp.model.load import load_file

    if not has_play_spec(game):
        return None
    doc = load_file(game.dir / SPEC_FILE, game.root)
    engine_only = {f.name for f in fields(PlaySpec)} - {"value"}
    data = {k: v for k, v in doc.data.items() if k not in engine_only} if isinstance(doc.data, dict) else doc.data
    spec, problems = read(ValueSpec, data, doc)
    if spec is not None and not spec.value and not problems:
        return None
    if spec is not None:
        try:
            expression(spec.value)
        except Exception as exc:  # noqa: BLE001 - a designer's expression: said at its line
            problems.append(Problem(doc.where(("value",)), f"value: {spec.value!r} is not an expression: {exc}"))
    if problems or spec is None:
        raise InputError(list(problems))
    return spec.value
