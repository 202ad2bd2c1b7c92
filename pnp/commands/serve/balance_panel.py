"""`pnp serve`'s Balance panel: after each good save, the game played in the background by the baseline policy,
its win rate per player count (95 % interval) sent to the page as games finish, beside the last save's.

The games are `pnp simulate`'s own (pnp.play.run: the same deals for the same seed, every game a work of the one
runner for game code, pnp/core/sandbox/), played in small batches that grow (a first estimate soon after the save,
then closer figures), in workers at a low priority: the save's faces come first. The same seed every run:
two saves meet the same deals, so a change in the figures is the change of the save, not chance. A new save ends
the run under way (its workers killed) before its faces are laid out; a save that changes nothing the games read
(a template, a colour) keeps the figures and starts nothing. Each row names the first game it lost (its index),
and the page links it to that game told move by move (`trace`: `pnp simulate GAME --trace SEED:INDEX`'s story).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import signal
import threading
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, PnpError, Problem
from pnp.model.game import Game

SEED = 1
POLICY = "baseline"
FIRST = 25  # games per player count of the first estimate (few enough for it to come soon after the save)
GROW = 4  # each batch this many times the games played so far
TOTAL = 2000  # games per player count at most (a 95 % interval of about +-2 points)
EVERY = 0.5  # seconds between two partial updates of the panel
SETTLE = 0.15  # seconds a run waits after its save's faces are published: the page fetches them first
NICE = 10  # the workers' priority below pnp's (os.nice): the next save is laid out first
DOCS = "docs/simulate.md"


def _lower_priority() -> None:
    os.nice(NICE)


def said(n: int, rate: float, before: float | None) -> str:
    """`4 players: 61 % -> 44 %`, or `4 players: 44 %` with nothing to compare."""
    head = f"{n} player{'s' if n != 1 else ''}: "
    now = f"{100 * rate:.0f} %"
    return head + (f"{100 * before:.0f} % -> {now}" if before is not None else now)


class BalancePanel:
    """One run at a time, in a thread of its own; `restart(game)` after a good save, `stop()` before a look."""

    def __init__(self, root: Path, publish: Callable[[dict[str, Any]], None], off: str = "",
                 jobs: int | None = None):
        self.root, self.send, self.off = root, publish, off
        self.jobs = jobs or max(1, os.cpu_count() or 1)
        self.thread: threading.Thread | None = None
        self.cancel = threading.Event()
        self.running: Any = None  # the batch under way (pnp.core.sandbox.runner.Running)
        self.last: dict[int, float] = {}  # the figures the last run reached: the ones a new run is compared with
        self.finished: tuple[str, dict[str, Any]] = ("", {})  # the last run that ended by itself: its key, its figures
        self.message: dict[str, Any] = {}
        self.runs = 0  # runs started: each message names its run (the page, benchmarks)
        self.played: tuple[Game, Any, dict[int, int]] | None = None  # the last run's game, setup, first lost games

    def publish(self, message: dict[str, Any], final: str = "") -> None:
        """Send the panel its figures; `final`: the key of the run that they end (done, failed, nothing to play)."""
        message.setdefault("run", self.runs)
        self.message = message
        if final:
            self.finished = (final, message)
        self.send(message)

    def stop(self) -> None:
        """End the run under way: its workers killed now (the run's thread reaps them and ends)."""
        self.cancel.set()
        running = self.running
        for w in list(running.workers) if running is not None else ():
            if w.status is None:
                with contextlib.suppress(ProcessLookupError):
                    os.kill(w.pid, signal.SIGKILL)

    def paused(self, why: str) -> None:
        """The save could not be laid out: the run is ended, the panel keeps its figures, marked as old."""
        self.stop()
        if self.message.get("rows"):
            self.publish({**self.message, "status": "paused", "note": why})

    def restart(self, game: Game) -> None:
        """A good save: a new run of the game as saved (the one under way ended first)."""
        if self.off:
            if self.message.get("status") != "off":
                self.publish({"status": "off", "note": self.off, "rows": [], "errors": []})
            return
        key = _key(game)
        if key == self.finished[0]:  # nothing the games read has changed since a run ended: its figures stand
            if self.message is not self.finished[1]:  # (greyed by a save that could not be laid out)
                self.publish(self.finished[1])
            return
        self.stop()
        old, self.cancel = self.thread, threading.Event()
        self.runs += 1
        self.thread = threading.Thread(target=self._run, args=(game, self.cancel, old, self.runs, key),
                                       name="pnp-balance", daemon=True)
        self.thread.start()

    def wait(self, seconds: float = 60.0) -> bool:
        """Until the run under way ends (tests, benchmarks); False if it has not by then."""
        thread = self.thread
        if thread is not None:
            thread.join(seconds)
        return thread is None or not thread.is_alive()

    # -- the run ------------------------------------------------------------------------------------
    def _run(self, game: Game, cancel: threading.Event, old: threading.Thread | None, run: int, key: str) -> None:
        if old is not None:
            old.join()  # its workers reaped: one run at a time
        if cancel.wait(SETTLE):
            return
        started = time.monotonic()
        try:
            self._play(game, cancel, started, run, key)
        except PnpError as exc:
            if not cancel.is_set():
                self.publish({"run": run, "status": "error", "rows": [], "errors": _located(exc.problems, self.root),
                              "note": "the games could not be played: the figures wait for a save that fixes it"},
                             final=key)
        except Exception as exc:  # a bug of pnp's: said in the panel; the server goes on
            if not cancel.is_set():
                self.publish({"run": run, "status": "error", "rows": [], "errors": [],
                              "note": f"internal error: {type(exc).__name__}: {exc} (please report it)"})

    def _play(self, game: Game, cancel: threading.Event, started: float, run: int, key: str) -> None:
        from pnp.core.sandbox.confinement import Confinement
        from pnp.core.sandbox.runner import Running
        from pnp.play.policies import SLOWER
        from pnp.play.run import GAME_SECONDS, WALL_FACTOR, Plan, judged, play_file, play_one, session
        from pnp.rules.check import load_rules

        path = play_file(game)
        spec, _ = load_rules(game)
        if path is None or spec.setup is None:
            need = f"cards/{game.id}/play.py (start(table) -> State)" if path is None else \
                f"a `setup:` in cards/{game.id}/rules.yaml"
            if not cancel.is_set():
                self.publish({"run": run, "status": "none", "rows": [], "errors": [],
                              "note": f"{game.id} is not simulated: write {need}, as {DOCS} shows, and this panel "
                                      "plays it after every save"}, final=key)
            return
        counts = list(range(spec.setup.players.min, spec.setup.players.max + 1))
        plan = Plan(game, spec.setup, SEED, POLICY)
        seconds = GAME_SECONDS * SLOWER.get(POLICY, 1)
        box = Confinement(seconds, game.dir, f"cards/{game.id}", (game.root,), wall=WALL_FACTOR * seconds,
                  prepare=_lower_priority)
        s = session(plan)
        before = dict(self.last)
        wins = {n: 0 for n in counts}
        played = {n: 0 for n in counts}
        lost: dict[int, int] = {}  # players -> the index of the first game (in deal order) lost at that count
        self.played = (game, spec.setup, lost)
        shown = [0.0]

        def message(status: str) -> dict[str, Any]:
            rows = []
            for n in counts:
                from pnp.play.stats import wilson

                k, g = wins[n], played[n]
                low, high = wilson(k, g)
                rate = k / g if g else 0.0
                rows.append({"players": n, "games": g, "wins": k, "rate": round(rate, 4), "low": round(low, 4),
                             "high": round(high, 4), "before": before.get(n), "lost": lost.get(n),
                             "said": said(n, rate, before.get(n)) if g else f"{n} player{'s' if n != 1 else ''}: …"})
            return {"run": run, "status": status, "policy": POLICY, "seed": SEED, "rows": rows, "errors": [],
                    "seconds": round(time.monotonic() - started, 2),
                    "note": f"the {POLICY} policy, seed {SEED}: {sum(played.values())} games played"}

        def until(o: Any) -> bool:
            if o.kind == "ok":
                n, index, won = o.value[1], o.value[2], o.value[3]
                played[n] += 1
                wins[n] += bool(won)
                if not won and index < lost.get(n, TOTAL):
                    lost[n] = index
                if time.monotonic() - shown[0] >= EVERY and not cancel.is_set():
                    shown[0] = time.monotonic()
                    self.publish(message("running"))
            return cancel.is_set() or o.kind != "ok"

        done, size = 0, FIRST
        while done < TOTAL:
            tasks = [(0, n, i) for i in range(done, done + size) for n in counts]  # every count in step
            works = [partial(play_one, s, task) for task in tasks]
            self.running = running = Running(works, box, max(1, min(self.jobs, len(tasks))))
            try:
                outcomes = running.outcomes(until=until)
            finally:
                self.running = None
            if cancel.is_set():
                return
            for task, o in zip(tasks, outcomes, strict=True):
                if o.kind not in ("ok", "unrun"):
                    raise InputError(judged(plan, path, task, o, box))
            done += size
            size = min(done * (GROW - 1), TOTAL - done)
            self.last = {n: wins[n] / played[n] for n in counts if played[n]}
            self.publish(message("running" if done < TOTAL else "done"), final=key if done >= TOTAL else "")


    def trace(self, players: int, index: int) -> str | None:
        """Game `index` at `players` of the last run, told move by move (pnp/play/told.py), as `pnp simulate GAME
        --players N --seed SEED --trace INDEX` tells it; None for a game the run has not lost (nothing else is told)."""
        from pnp.play.told import as_text, trace

        played = self.played
        if played is None or played[2].get(players) != index:
            return None
        game, setup, _ = played
        return as_text(trace(game, setup, players, str(index), SEED, POLICY))


def _key(game: Game) -> str:
    """A hash of what the games read: the cards' fields and effects, the data tables, rules.yaml, and the play
    module's source or the play.yaml pnp's engine plays."""
    h = hashlib.blake2b(digest_size=16)
    h.update(json.dumps([[d.id, [[c.id, c.copies, c.data, _steps(c.effect)] for c in d.cards]] for d in game.decks],
                        default=str, sort_keys=True).encode())
    h.update(json.dumps({name: doc.data for name, doc in sorted(game.data.items())}, default=str,
                        sort_keys=True).encode())
    files = [game.dir / "rules.yaml", game.dir / "play.py", game.dir / "play.yaml",
             *sorted((game.dir / "play").rglob("*.py"))]
    for path in files:
        with contextlib.suppress(OSError):
            h.update(path.name.encode() + path.read_bytes())
    return h.hexdigest()


def _steps(steps: Any) -> Any:
    """A card's effect as plain data (verbs, arguments, times; no places in files), for the key."""
    if steps is None:
        return None
    return [[s.verb, {k: _steps(v) if isinstance(v, list) else {f: _steps(x) for f, x in v.items()}
                      if isinstance(v, dict) else str(v) for k, v in s.args.items()}, s.when] for s in steps]


def _located(problems: list[Problem], root: Path) -> list[dict[str, Any]]:
    from pnp.commands.serve.view import errors

    return errors(problems, root)
