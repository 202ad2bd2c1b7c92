"""Play: many games of one game, each dealt as `pnp setup` deals it and played by a policy, in worker
processes of the one runner for game code (pnp/core/sandbox/runner.py); what each game ended as and what happened in it.

Game `index` of a run with seed `S` is dealt from `game_seed(S, index)`: the same table at every
player count's same index and for every value of a sweep (each value meets the same deals), and the
same whichever worker plays it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, Problem, Where, printable
from pnp.core.sandbox.loader import GameCode
from pnp.model.game import Game
from pnp.play.variant import Variant, blank, restore, vary

KEPT_LIMIT = 50_000  # entries a play module may keep between games (Table.kept) before they are let go
GAME_SECONDS = 10.0  # processor time one game may take before its play module is stopped
WALL_FACTOR = 10  # a game waiting this many times GAME_SECONDS by the clock (a busy machine) is stopped


@dataclass
class Plan:
    game: Game
    setup: Any  # the rules' Setup
    seed: int
    policy: str  # a policy, a game's own, or a seating (1=mcts,2-4=greedy: pnp.play.seating)
    variants: list[Variant] = field(default_factory=lambda: [Variant()])
    rotation: int = 0  # seats turned by this many with the deal: the player dealt hand p sits at seat p + rotation


def game_seed(seed: int, index: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{index}".encode()).digest()[:6], "big")


def play_file(game: Game) -> Path | None:
    """The game's play module: `play.py`, or a `play/` package. Its files lie inside the project, links
    followed, as every file of a game does (else a located InputError)."""
    code = play_code(game)
    if code is None:
        from pnp.play.play_spec import SPEC_FILE, has_play_spec

        return game.dir / SPEC_FILE if has_play_spec(game) else None  # played by pnp's engine (play_spec.py)
    return code.entry


def play_code(game: Game) -> GameCode | None:
    """The play module as the sandbox's one loader finds it (pnp/core/sandbox/loader.py), every file confined."""
    from pnp.core.sandbox import loader
    from pnp.model.project import confined

    code = loader.find(f"pnp_play_{game.id.replace('-', '_')}", game.dir, "play")
    if code is not None:
        loader.confine(code, lambda path: confined(game.root, path, Where(f"cards/{game.id}/"
                                                                           f"{path.relative_to(game.dir).as_posix()}"),
                                                   "this play module file"))
    return code


def shown(game: Game, path: Path | str) -> str:
    """`cards/<game>/play.py` for a file of the play module (a file elsewhere: the module's own name)."""
    try:
        return f"cards/{game.id}/{Path(path).resolve().relative_to(game.dir.resolve()).as_posix()}"
    except (ValueError, OSError, RuntimeError):
        return f"cards/{game.id}/play.py"


class EndedProcess(BaseException):
    """Game code called os._exit: raised at its line instead, so the failure is located."""


@dataclass
class Session:
    """What every game of a plan uses, made once in pnp's process (a worker is forked with it); the play
    module itself is loaded in the worker, by its first game."""

    plan: Plan
    dealer: Any
    options: Any
    policy: Any
    cards: dict[str, dict[str, dict[str, Any]]]
    data: dict[str, Any]
    known: frozenset[str] = frozenset()  # every "deck/card" of the game: what a record may name
    effects: dict[str, dict[str, Any]] = field(default_factory=dict)  # deck -> card -> its steps (Table.effects)
    value: str | None = None  # the game's `value:` beside its play module (play.yaml), for State.value
    module: Any = None
    views: Any = None  # in a worker: (cards, data tables, card copies, held) as game code reads them (read-only)
    dealt: int = 0  # the value of the sweep the dealer last dealt with (its pieces read the cards' fields)
    kept: dict[int, dict] = field(default_factory=dict)  # per value of the sweep: its games' `Table.kept`


def session(plan: Plan) -> Session:
    from pnp.play.seating import resolve
    from pnp.rules.dealer import Dealer
    from pnp.rules.setup_expr import Locator, choose

    game = plan.game
    return Session(plan, Dealer(game, plan.setup, Locator(game, None)), choose(plan.setup), resolve(plan.policy),
                   {d.id: {c.id: c.data for c in d.cards} for d in game.decks},
                   {name: doc.data for name, doc in game.data.items()},
                   frozenset(f"{d.id}/{c.id}" for d in game.decks for c in d.cards),
                   {d.id: {c.id: c.effect for c in d.cards} for d in game.decks}, _value(game))


def _value(game: Game) -> str | None:
    """The `value:` a play module's game declares in play.yaml (a game played by pnp's engine: its own spec's)."""
    from pnp.play.play_spec import load_value

    return load_value(game) if play_code(game) is not None else None


def _load(game: Game) -> Any:
    from pnp.core.sandbox import loader

    code = play_code(game)
    if code is None:  # the game plays from its YAML alone (play.yaml): pnp's engine
        from pnp.play.effect_engine import EngineModule
        from pnp.play.play_spec import load_play_spec

        return EngineModule(load_play_spec(game))
    path = code.entry
    try:
        module = loader.load(code)
    except SyntaxError as exc:  # said at its place, as every error in a game's files is
        at = Where(shown(game, exc.filename or path), exc.lineno or 1, exc.offset or 1)
        raise InputError([Problem(at, f"syntax error in the play module: {exc.msg}")]) from None
    if not callable(getattr(module, "start", None)):
        raise InputError([Problem(Where(shown(game, path), 1), "a play module defines start(table) -> State "
                                  "(docs/simulate.md)")])
    return module


def play_one(s: Session, task: tuple[int, int, int], story: list[tuple] | None = None) -> tuple:
    """One (variant, players, index) game, played: what it ended as and what happened in it. A work of
    pnp/core/sandbox/runner.py: it runs in a worker, held to its limits; whatever the play module does wrong
    ends it (the runner judges and locates it). `story`: every event of the game told into it, in order."""
    import os

    from pnp.play.policies import EndlessGame, LongMove, play
    from pnp.play.quality import tally
    from pnp.play.seating import Seated
    from pnp.play.table import Table, card_views, read_only

    def refuse_exit(status: int = 0) -> None:
        raise EndedProcess(f"called os._exit() (status {status}); a play module returns, it never ends the "
                           "process")

    if s.module is None:
        held: list[Any] = []
        cards, copies = card_views(s.cards, held)
        s.views = (cards, read_only(s.data, held), copies, held)
        s.module = _load(s.plan.game)
    cards, data, copies, held = s.views
    variant_i, players, index = task
    variant = s.plan.variants[variant_i]
    old = vary(s.cards, variant, copies)
    effects = blank(s.effects, variant)
    if variant_i != s.dealt:
        s.dealer.renew()
        s.dealt = variant_i
    seed = game_seed(s.plan.seed, index)
    rng = random.Random(seed)
    real_exit = os._exit
    try:
        dealt = {"players": players, "seed": seed, **s.dealer.deal(players, s.options, rng)}
        turn = s.plan.rotation % players
        if turn:  # the seats turned with the deal: seat k holds the hand dealt to player k - turn
            dealt["hands"] = dealt["hands"][-turn:] + dealt["hands"][:-turn]
        rest = {deck: [p.id for p in pile] for deck, pile in s.dealer.piles.items()}
        os._exit = refuse_exit  # type: ignore[assignment]
        kept = s.kept.setdefault(variant_i, {})
        if len(kept) > KEPT_LIMIT:
            kept.clear()
        table = Table(cards, data, dealt, rest, rng, kept, s.known, held, s.effects, s.value)
        if story is not None:
            story.append(("dealt", {"table": dealt["table"], "hands": dealt["hands"]}))
            table.record.story = story
        state = s.module.start(table)
        try:
            policy = s.policy.rotated(turn) if turn and isinstance(s.policy, Seated) else s.policy
            counted = tally()
            outcome = play(state, policy, random.Random(seed ^ 0x5EED), story, counted)
        except (LongMove, EndlessGame) as exc:  # said at the method that gave it, as outcome()'s is
            raise InputError([Problem(_method_at(s.plan.game, state, exc.method), printable(str(exc)))]) from None
    finally:
        os._exit = real_exit
        restore(s.cards, variant, old, copies)
        for (deck, card), steps in effects.items():
            s.effects[deck][card] = steps
    won, reason, ended = _ended(s.plan.game, state, outcome)
    scores, winners = seat_outcome(s.plan.game, state, outcome, players)
    if story is not None:
        story.append(("end", won, reason, ended))
        if winners is not None:  # a competitive game: each seat's score, and the seats as dealt (rotation 0)
            story.append(("seats", list(scores or ()), list(winners)))
    record = table.record
    return (variant_i, players, index, won, reason, ended, sorted(record.drawn), dict(record.played),
            {printable(k): v for k, v in record.counts.items()}, {printable(k): v for k, v in record.meters.items()},
            scores, winners, turn, counted, record.standings, record.ties)


def _ended(game: Game, state: Any, outcome: Any) -> tuple[bool, str, int]:
    """How a game ended, as the play module's `outcome()` says it, held to the record's bounds: won a bool,
    the reason text of at most RECORD_NAME characters (escaped: it reaches a terminal and a page), the
    round an int from 0 to RECORD_ROUNDS; else a located error at `outcome()`."""
    from pnp.core.bounds import RECORD_NAME, RECORD_ROUNDS
    from pnp.core.errors import echo

    won: Any = getattr(outcome, "won", None)
    reason: Any = getattr(outcome, "reason", None)
    ended: Any = getattr(outcome, "round", None)
    why = ""
    if type(won) is not bool:
        why = f"won is True or False, not {echo(won)}"
    elif type(reason) is not str or len(reason) > RECORD_NAME:
        why = f"the reason is text of at most {RECORD_NAME} characters, not {echo(reason)}"
    elif type(ended) is not int or not 0 <= ended <= RECORD_ROUNDS:
        why = f"the round is an int from 0 to {RECORD_ROUNDS:,}, not {echo(ended)}"
    if why:
        raise InputError([Problem(_method_at(game, state, "outcome"), f"outcome() returns Outcome(won, reason, "
                                  f"round): {why}")])
    return won, printable(reason), ended


def seat_outcome(game: Game, state: Any, outcome: Any, players: int) -> tuple[tuple | None, tuple | None]:
    """A competitive game's scores (a tuple of `players` finite numbers within RECORD_NUMBER, seat 0 first) and
    winners (a tuple of distinct seats from 0 to `players` - 1; `won` True exactly when it is not empty), each
    None where the game gives none; else a located error at `outcome()`."""
    import math

    from pnp.core.bounds import RECORD_NUMBER
    from pnp.core.errors import echo

    scores: Any = getattr(outcome, "scores", None)
    winners: Any = getattr(outcome, "winners", None)
    why = ""
    if scores is not None and (type(scores) is not tuple or len(scores) != players or any(
            type(x) not in (int, float) or not math.isfinite(x) or abs(x) > RECORD_NUMBER for x in scores)):
        why = (f"scores is a tuple of {players} numbers (one per seat, seat 0 first; finite, within "
               f"{RECORD_NUMBER:.0e} either way), not {echo(scores)}")
    elif winners is not None and (type(winners) is not tuple or len(winners) > players or any(
            type(w) is not int or not 0 <= w < players for w in winners) or len(set(winners)) < len(winners)):
        why = f"winners is a tuple of distinct seats from 0 to {players - 1}, not {echo(winners)}"
    elif winners is not None and bool(winners) != getattr(outcome, "won", None):
        why = (f"won is True exactly when some seat won: won={echo(getattr(outcome, 'won', None))} with "
               f"winners={echo(winners)}")
    if why:
        raise InputError([Problem(_method_at(game, state, "outcome"), f"outcome() returns Outcome(won, reason, "
                                  f"round, scores, winners): {why}")])
    return scores, winners


def _method_at(game: Game, state: Any, method: str) -> Where:
    """Where the play module defines the State's `method` (its `def` line), for what it returned; the game's play
    file where the method is not the module's (a game played from play.yaml by pnp's engine)."""
    code = getattr(getattr(type(state), method, None), "__code__", None)
    if code is not None and Path(code.co_filename).resolve().is_relative_to(game.dir.resolve()):
        return Where(shown(game, code.co_filename), code.co_firstlineno)
    path = play_file(game)
    return Where(shown(game, path) if path is not None else f"cards/{game.id}/play.py")


BATCH = 25  # games a work plays at most, one after another, each on its own time limit (sandbox.child.lap)


def play_batch(s: Session, tasks: list[tuple[int, int, int]]) -> list[tuple]:
    """Games one after another in one work of the runner (its report sent once for all), each given the
    whole time of a game again (`lap`)."""
    from pnp.core.sandbox.child import lap

    out = []
    for k, task in enumerate(tasks):
        if k:
            lap()
        out.append(play_one(s, task))
    return out


def trace_batch(s: Session, tasks: list[tuple[int, int, int]]) -> list[list[tuple]]:
    """Each game told event by event (`pnp simulate --trace`): the same games `play_batch` plays."""
    out = []
    for task in tasks:
        story: list[tuple] = []
        play_one(s, task, story)
        out.append(story)
    return out


Progress = Callable[[int], None]  # told the games just played, as they come in (a bar on a terminal)


def simulate(plan: Plan, players: list[int], games: int, jobs: int, progress: Progress | None = None,
             told: tuple[int, int] | None = None, first: int = 0,
             only: set[tuple[int, int]] | None = None) -> list[tuple]:
    """Every game of the plan, in a fixed order whatever the number of jobs: batches of games, each a work
    of the one runner for game code (pnp/core/sandbox/runner.py), up to `jobs` workers each playing one batch
    after another; the first game the play module fails ends the run with a located error. `progress`
    is told each batch's games as it comes back. `told`: (players, index) of the one game to tell event by event
    instead (`pnp simulate --trace`): its story, the same game the plan plays as that task. `first`: the index of
    the first game (games `first` to `first + games - 1`: `pnp tune` plays on where it stopped). `only`: the
    (variant, players) to play, the rest left out (`--ablate` plays on only the cards still undecided at a count)."""
    from functools import partial

    from pnp.core.sandbox.confinement import Confinement
    from pnp.core.sandbox.runner import Running
    from pnp.play.seating import slower

    game = plan.game
    path = play_file(game)
    if path is None:
        raise InputError([Problem(Where(f"cards/{game.id}/play.py"), f"{game.id} has no play module: "
                                  f"write cards/{game.id}/play.py with start(table) -> State, as "
                                  "docs/simulate.md shows, to simulate it")])
    if play_code(game) is None:  # a game played from its YAML: every card said and every verb played, first
        from pnp.play.play_spec import load_play_spec

        load_play_spec(game)
    tasks = [(v, n, i) for v in range(len(plan.variants)) for n in players for i in range(first, first + games)] \
        if told is None \
        else [(0, *told)]
    if only is not None:
        tasks = [t for t in tasks if (t[0], t[1]) in only]
    seconds = GAME_SECONDS * slower(plan.policy)
    jobs = max(1, min(jobs, len(tasks)))
    per = 1 if slower(plan.policy) > 1 else max(1, min(BATCH, len(tasks) // (4 * jobs)))  # 4 batches a job at least
    batches = [tasks[i:i + per] for i in range(0, len(tasks), per)]
    box = Confinement(seconds, game.dir, f"cards/{game.id}", (game.root,), wall=WALL_FACTOR * seconds, parts=per)
    s = session(plan)
    works = [partial(play_batch if told is None else trace_batch, s, batch) for batch in batches]

    def failed(o: Any) -> bool:
        if progress is not None and o.kind == "ok":
            progress(len(o.value))
        return o.kind != "ok"

    outcomes = Running(works, box, jobs).outcomes(until=failed)
    for batch, o in zip(batches, outcomes, strict=True):
        if o.kind not in ("ok", "unrun"):  # the game it failed in is the part the runner names: never played again
            raise InputError(judged(plan, path, batch[min(o.part, len(batch) - 1)], o, box))
    return [result for o in outcomes for result in o.value]


def judged(plan: Plan, path: Path, task: tuple[int, int, int], o: Any, box: Any) -> list[Problem]:
    """What a play module's failure in one game is, located at its line where the runner knows it."""
    from pnp.play.table import BadRecord

    v, n, i = task
    what = (f"game {i + 1} at {n} player{'s' if n != 1 else ''}, {plan.variants[v]}; dealt as `pnp setup "
            f"{plan.game.id} --players {n} --seed {game_seed(plan.seed, i)}`"
            f"{f', seats turned by {plan.rotation}' if plan.rotation % n else ''}")
    if o.kind == "input":  # (what game code says is escaped: it reaches a terminal)
        return [Problem(p.where, f"{printable(p.message)} ({what})", printable(p.subject)) for p in o.problems]
    file, _, line = o.at.rpartition(":")
    at = Where(file, int(line)) if file and line.isdigit() else Where(shown(plan.game, path))
    if o.kind == "overtime":
        said = (f"ran longer than {box.seconds:g} s of processor time or {box.clock():g} s by the clock without "
                f"finishing a game ({what}) and was stopped; does it loop or wait?")
    else:
        said = o.failure.removeprefix(f"failed: {EndedProcess.__name__}: ")
        if said.startswith(bad := f"failed: {BadRecord.__name__}: "):
            said = f"recorded what does not fit its record: {said.removeprefix(bad)}"
        said = f"{printable(said)} ({what})"
    return [Problem(at, f"the play module {said}")]
