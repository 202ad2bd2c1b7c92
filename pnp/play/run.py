"""Play: many games of one game, each dealt as `pnp setup` deals it and played by a policy, in worker
processes (pnp.play.workers); what each game ended as and what happened in it.

Game `index` of a run with seed `S` is dealt from `game_seed(S, index)`: the same table at every
player count's same index and for every value of a sweep (each value meets the same deals), and the
same whichever worker plays it.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.errors import InputError, Problem, Where
from pnp.model.game import Game
from pnp.play.workers import Located

GAME_SECONDS = 10.0  # processor time one game may take before its play module is stopped
WALL_FACTOR = 10  # a worker silent for this many times GAME_SECONDS (wall clock: a busy machine) is stopped


@dataclass(frozen=True)
class Variant:
    """One value of a `--vary deck/card.field=...` sweep (or none: the game as it is)."""

    deck: str = ""
    card: str = ""
    field: str = ""
    value: Any = None

    def __str__(self) -> str:
        return f"{self.deck}/{self.card}.{self.field}={self.value}" if self.deck else "as written"


@dataclass
class Plan:
    game: Game
    setup: Any  # the rules' Setup
    seed: int
    policy: str
    variants: list[Variant] = field(default_factory=lambda: [Variant()])


def game_seed(seed: int, index: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}:{index}".encode()).digest()[:6], "big")


def play_file(game: Game) -> Path | None:
    """The game's play module: `play.py`, or a `play/` package."""
    for path in (game.dir / "play" / "__init__.py", game.dir / "play.py"):
        if path.is_file():
            return path
    return None


def shown(game: Game, path: Path) -> str:
    return f"cards/{game.id}/{path.resolve().relative_to(game.dir.resolve()).as_posix()}"


def locate(game: Game, exc: BaseException) -> Where:
    """The innermost line of the game's own code the error passed through."""
    import traceback

    root = game.dir.resolve()
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        path = Path(frame.filename).resolve()
        if path.is_relative_to(root):
            return Where(shown(game, path), frame.lineno or 0)
    found = play_file(game)
    return Where(shown(game, found) if found else f"cards/{game.id}/play.py")


class _Overtime(BaseException):
    """A game ran past GAME_SECONDS of processor time."""


class _Exit(BaseException):
    """Game code called os._exit."""


def _load(game: Game) -> Any:
    import importlib.util
    import sys

    path = play_file(game)
    assert path is not None
    name = f"pnp_play_{game.id.replace('-', '_')}"
    locations = [str(path.parent)] if path.name == "__init__.py" else None
    spec = importlib.util.spec_from_file_location(name, path, submodule_search_locations=locations)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    if not callable(getattr(module, "start", None)):
        raise Located(Where(shown(game, path), 1), "a play module defines start(table) -> State (docs/simulate.md)")
    return module


def work(plan: Plan, tasks: list[tuple[int, int, int]], send: Any) -> None:
    """In a worker: play each (variant, players, index) game and send what it ended as."""
    import os
    import signal

    from pnp.play.policies import POLICIES, SLOWER, play
    from pnp.play.table import Table
    from pnp.rules.dealer import Dealer
    from pnp.rules.setup_expr import Locator, choose

    def overtime(signum: int, frame: Any) -> None:
        raise _Overtime

    def refuse_exit(status: int = 0) -> None:
        raise _Exit(status)

    seconds = GAME_SECONDS * SLOWER.get(plan.policy, 1)
    signal.signal(signal.SIGVTALRM, overtime)
    real_exit = os._exit
    game = plan.game
    dealer = Dealer(game, plan.setup, Locator(game, None))
    options = choose(plan.setup)
    policy = POLICIES[plan.policy]
    cards = {d.id: {c.id: c.data for c in d.cards} for d in game.decks}
    data = {name: doc.data for name, doc in game.data.items()}
    try:
        os._exit = refuse_exit  # type: ignore[assignment]  # game code may not end the worker
        try:
            module = _load(game)
        except Located:
            raise
        except BaseException as exc:  # noqa: BLE001 - the game's code: any failure is located
            raise Located(locate(game, exc), f"the play module failed to load: {type(exc).__name__}: {exc}") from None
        for variant_i, players, index in tasks:
            variant = plan.variants[variant_i]
            old = _vary(cards, variant)
            seed = game_seed(plan.seed, index)
            rng = random.Random(seed)
            dealt = {"players": players, "seed": seed, **dealer.deal(players, options, rng)}
            rest = {deck: [p.id for p in pile] for deck, pile in dealer.piles.items()}
            try:
                signal.setitimer(signal.ITIMER_VIRTUAL, seconds)
                table = Table(cards, data, dealt, rest, rng)
                outcome = play(module.start(table), policy, random.Random(seed ^ 0x5EED))
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
            except _Overtime as exc:
                raise Located(locate(game, exc), f"a game ran longer than {seconds:g} s of processor time "
                              "and was stopped; does it loop?") from None
            except _Exit as exc:
                raise Located(locate(game, exc), "game code called os._exit(); a play module returns, it "
                              "never ends the process") from None
            except BaseException as exc:  # noqa: BLE001 - the game's code: any failure is located
                signal.setitimer(signal.ITIMER_VIRTUAL, 0)
                raise Located(locate(game, exc), f"the play module failed: {type(exc).__name__}: {exc}") from None
            finally:
                _restore(cards, variant, old)
            record = table.record
            send((variant_i, players, index, bool(outcome.won), str(outcome.reason), int(outcome.round),
                  sorted(record.drawn), dict(record.played), dict(record.counts), record.meters))
    finally:
        os._exit = real_exit


def _vary(cards: dict[str, dict[str, dict[str, Any]]], variant: Variant) -> Any:
    if not variant.deck:
        return None
    fields = cards[variant.deck][variant.card]
    old = fields.get(variant.field)
    fields[variant.field] = variant.value
    return old


def _restore(cards: dict[str, dict[str, dict[str, Any]]], variant: Variant, old: Any) -> None:
    if variant.deck:
        cards[variant.deck][variant.card][variant.field] = old


def simulate(plan: Plan, players: list[int], games: int, jobs: int) -> list[tuple]:
    """Every game of the plan, in a fixed order whatever the number of jobs."""
    from pnp.play import workers

    path = play_file(plan.game)
    if path is None:
        raise InputError([Problem(Where(f"cards/{plan.game.id}/play.py"), f"{plan.game.id} has no play module: "
                                  f"write cards/{plan.game.id}/play.py with start(table) -> State, as "
                                  "docs/simulate.md shows, to simulate it")])
    tasks = [(v, n, i) for v in range(len(plan.variants)) for n in players for i in range(games)]
    jobs = max(1, min(jobs, len(tasks)))
    chunks = [tasks[j::jobs] for j in range(jobs)]

    def what(chunk: int, done: int) -> str:
        if done >= len(chunks[chunk]):
            return "after its last game"
        v, n, i = chunks[chunk][done]
        seed = game_seed(plan.seed, i)
        return (f"game {i + 1} at {n} player{'s' if n != 1 else ''}, {plan.variants[v]}; dealt as `pnp setup "
                f"{plan.game.id} --players {n} --seed {seed}`")

    from pnp.play.policies import SLOWER

    quiet = WALL_FACTOR * GAME_SECONDS * SLOWER.get(plan.policy, 1)  # the parent's deadline: a silent worker
    results = workers.run(lambda chunk, send: work(plan, chunk, send), chunks, quiet, Where(shown(plan.game, path)),
                          what)
    return sorted((r for chunk in results for r in chunk), key=lambda r: (r[0], r[1], r[2]))
