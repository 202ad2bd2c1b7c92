"""Play: the games of a plan on an existing Dask distributed cluster (`pnp simulate --cluster ADDRESS`).

The same games as `--jobs`, in the same order, with the same results: the task list (variant, players,
game index) is cut into chunks of a size that depends on that list alone, never on the cluster, and
every game is dealt from its own index (`run.game_seed`). A chunk is one cluster task; on the cluster
worker it runs as local jobs do, through pnp's one runner for game code (pnp/core/sandbox/runner.py): one
sandboxed worker process forked there plays the chunk's games one after another (`run.play_one`),
held to the same limits, stopped at the first game its play module fails.

What travels: the session (the typed game, its dealer, its cards and data tables: pickled once, sent
once to each worker) and the play module's source. A cluster worker needs pnp installed, the same
version, and nothing of the project: the play module is written to a folder of its own there, which
the sandbox lets the game's code read. Dask is imported only here, only for `--cluster`.
"""

from __future__ import annotations

import contextlib
import hashlib
import math
import pickle
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, Problem
from pnp.play.run import Plan, Progress, play_file

INSTALL = "pip install 'pnp-press[cluster]'"
CONNECT_SECONDS = 10  # a scheduler that has not answered by then is unreachable
SEND_SECONDS = 60  # sending the session (the game, its dealer, the play module) to every worker
MOST_PER_CHUNK = 400  # games in one cluster task at most (fewer with a slow policy)
LEAST_PER_CHUNK = 25  # and at least: a cluster task costs its worker ~50 ms (a forked sandbox, the round trip)
CHUNKS = 32  # between those, so a small run still spreads over a cluster


def chunks(tasks: list[tuple[int, int, int]], policy: str) -> list[list[tuple[int, int, int]]]:
    """The task list cut into cluster tasks, by the list and the policy alone: the same split on any cluster."""
    from pnp.play.seating import slower

    most = max(1, MOST_PER_CHUNK // slower(policy))
    size = max(1, min(most, max(LEAST_PER_CHUNK, math.ceil(len(tasks) / CHUNKS))))
    return [tasks[i:i + size] for i in range(0, len(tasks), size)]


def _problem(message: str) -> InputError:
    return InputError([Problem(None, message)])


def _within(seconds: float, call: Any) -> tuple[bool, Any]:
    """`call()` waited for `seconds` by the clock at most, in a thread of its own: Dask's own timeouts do not
    end every wait (a peer that accepts a connection and never answers holds `Client()` for ever). (True, its
    value) or, past the deadline, (False, None): the thread is left behind (a daemon: it never holds pnp)."""
    got: dict[str, Any] = {}

    def run() -> None:
        try:
            got["value"] = call()
        except BaseException as exc:  # said in the caller's thread
            got["error"] = exc

    thread = threading.Thread(target=run, name="pnp-cluster-connect", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        return False, None
    if "error" in got:
        raise got["error"]
    return True, got["value"]


def _since_start() -> float:
    """Seconds since this process started (from /proc; 0 where the system does not say)."""
    import os

    try:
        fields = Path("/proc/self/stat").read_text().rsplit(")", 1)[1].split()
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return max(0.0, uptime - int(fields[19]) / os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0.0


def connect(address: str) -> Any:
    """A client of the cluster's scheduler at `address`; a missing extra or a scheduler that does not
    answer (within CONNECT_SECONDS by the clock, whatever the peer does) is said plainly (exit 2)."""
    try:
        from distributed import Client
    except ImportError:
        raise _problem(f"--cluster needs Dask distributed, an optional extra: {INSTALL}") from None
    _quiet()
    # the command's own start (Python, pnp, Dask's import: slower on a loaded host) counts toward the deadline,
    # and the scheduler has half of it at least
    wait = max(CONNECT_SECONDS / 2, CONNECT_SECONDS - _since_start())
    try:
        answered, client = _within(wait, lambda: Client(address, timeout=max(1, wait - 1), set_as_default=False))
    except (OSError, ValueError, TypeError) as exc:  # refused, timed out (OSError), an address not understood
        said = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise _problem(f"--cluster {address}: no Dask scheduler answers there ({said}); give the address "
                       "`dask scheduler` prints (tcp://HOST:8786) of a running cluster") from None
    if not answered:
        raise _problem(f"--cluster {address}: no Dask scheduler answers there (a connection was taken but nothing "
                       f"answered within {CONNECT_SECONDS} s); give the address `dask scheduler` prints "
                       "(tcp://HOST:8786) of a running cluster")
    try:  # a scheduler without workers would hold the games queued for ever
        joined, _ = _within(CONNECT_SECONDS + 1, lambda: client.wait_for_workers(1, timeout=CONNECT_SECONDS))
    except (OSError, TimeoutError):
        joined = False
    if not joined:
        _close(client)
        raise _problem(f"--cluster {address}: the scheduler answers but no worker joined it within "
                       f"{CONNECT_SECONDS} s; start one (`dask worker {address}`)") from None
    return client


def _quiet() -> None:
    """Dask's and tornado's own logs off the terminal: a connection that a dying worker closes mid-read is logged
    by them with a traceback, and what happened is pnp's to say, once, located (as every other failure)."""
    import logging

    names = [n for n in logging.root.manager.loggerDict if n.split(".")[0] in ("distributed", "tornado")]
    for name in {"distributed", "tornado", "tornado.application", *names}:  # (Dask's config sets some children's)
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _close(client: Any) -> None:
    """The client closed, waited for CONNECT_SECONDS at most (a scheduler that stopped answering)."""
    with contextlib.suppress(Exception):
        _within(CONNECT_SECONDS, lambda: client.close(timeout=CONNECT_SECONDS))


def simulate(plan: Plan, players: list[int], games: int, address: str, progress: Progress | None = None) -> list[tuple]:
    """Every game of the plan played on the cluster: one result per game, in the order `run.simulate`
    gives; the first game (in that order) whose play module failed ends the run with a located error.
    `progress` is told each chunk's games as it comes back."""
    from pnp import __version__
    from pnp.core.sandbox.runner import WorkOutcome
    from pnp.play.run import judged, session

    game = plan.game
    path = play_file(game)
    assert path is not None  # lab.simulate says where a game has none
    tasks = [(v, n, i) for v in range(len(plan.variants)) for n in players for i in range(games)]
    parts = chunks(tasks, plan.policy)
    sources = {p.relative_to(game.dir).as_posix(): p.read_bytes()
               for p in ([path] if path.name == "play.py" else sorted(path.parent.rglob("*.py")))}
    blob = pickle.dumps(session(plan), protocol=pickle.HIGHEST_PROTOCOL)
    payload = (__version__, hashlib.sha256(blob).hexdigest(), blob, sources)
    results: list[list[WorkOutcome] | None] = [None] * len(parts)
    client = connect(address)
    try:
        from distributed import as_completed

        sent, shipped = _within(SEND_SECONDS, lambda: client.scatter(payload, broadcast=True, hash=False,
                                                                     timeout=SEND_SECONDS))
        if not sent:
            raise _problem(f"--cluster {address}: the cluster did not take the game within {SEND_SECONDS} s "
                           "(the scheduler or its workers stopped answering)")
        futures = client.map(play_chunk, [shipped] * len(parts), parts, range(len(parts)), pure=False)
        index = {future.key: k for k, future in enumerate(futures)}
        bad = len(parts)  # the first chunk (in order) a play module failed in: the chunks before it still count
        # the games' own limits bound how long the cluster may take: every game one after another, each to
        # its deadline, and the connection's; a cluster that answers nothing by then has stopped answering
        most = len(tasks) * _box(plan).deadline() + CONNECT_SECONDS
        try:
            for future, value in as_completed(futures, loop=client.loop, with_results=True, raise_errors=False,
                                              timeout=most):
                if future.status == "cancelled" or index[future.key] > bad:
                    continue
                if future.status == "error":
                    raise _problem(f"--cluster {address}: a cluster worker could not play its games "
                                   f"({type(value).__name__}: {value}); each worker needs pnp-press {__version__} "
                                   "installed") from None
                k, outcomes = value
                results[k] = outcomes
                if progress is not None:
                    progress(sum(o.kind == "ok" for o in outcomes))
                if k < bad and any(o.kind != "ok" for o in outcomes):  # the rest after it is not wanted
                    bad = k
                    client.cancel(futures[k + 1:])
                if all(results[j] is not None for j in range(min(bad + 1, len(parts)))):
                    break
        except TimeoutError:
            raise _problem(f"--cluster {address}: the cluster sent back no result within {most:,.0f} s, the most "
                           "its games may take; the scheduler or its workers stopped answering") from None
    finally:
        _close(client)
    unrun = WorkOutcome("unrun")
    flat = [o for part, got in zip(parts, results, strict=True) for o in (got or [unrun] * len(part))]
    box = _box(plan)
    for task, o in zip(tasks, flat, strict=True):
        if o.kind not in ("ok", "unrun"):
            raise InputError(judged(plan, path, task, o, box))
    return [o.value for o in flat]


def _box(plan: Plan) -> Any:
    """The limits a game is held to: those `run.simulate` sets."""
    from pnp.core.sandbox.confinement import Confinement
    from pnp.play.run import GAME_SECONDS, WALL_FACTOR
    from pnp.play.seating import slower

    game = plan.game
    seconds = GAME_SECONDS * slower(plan.policy)
    return Confinement(seconds, game.dir, f"cards/{game.id}", (game.root,), wall=WALL_FACTOR * seconds)


KEPT = 4  # sessions a cluster worker keeps unpickled (runs started one after another, or side by side)
_LOCK = threading.Lock()
_SESSIONS: dict[str, Any] = {}  # on a cluster worker: each run's session, unpickled once, by its digest


def play_chunk(payload: tuple[str, str, bytes, dict[str, bytes]], part: list[tuple[int, int, int]],
               k: int) -> tuple[int, list[Any]]:
    """On a cluster worker: one chunk of games, each a work of pnp's one runner for game code, in a
    worker process it forks and holds to the same limits as `--jobs` does."""
    from functools import partial

    from pnp import __version__
    from pnp.core.sandbox.runner import Running
    from pnp.play.run import play_one

    version, digest, blob, sources = payload
    if version != __version__:
        raise RuntimeError(f"this worker has pnp-press {__version__}, the run was started with {version}")
    with _LOCK:
        if digest not in _SESSIONS:
            while len(_SESSIONS) >= KEPT:  # a long-lived worker keeps the last few runs' sessions, not all
                _forget(_SESSIONS.pop(next(iter(_SESSIONS))))
            _SESSIONS[digest] = _unpack(blob, sources)
        s = _SESSIONS[digest]
    outcomes = Running([partial(play_one, s, task) for task in part], _box(s.plan), 1).outcomes(
        until=lambda o: o.kind != "ok")
    return k, outcomes


def _unpack(blob: bytes, sources: dict[str, bytes]) -> Any:
    """The session, its game moved to a folder of this worker holding the play module's source."""
    import atexit
    import shutil
    import tempfile

    s = pickle.loads(blob)  # pnp's own session, sent by the pnp that started the run
    game = s.plan.game
    root = Path(tempfile.mkdtemp(prefix="pnp-cluster-"))
    atexit.register(shutil.rmtree, root, True)  # and _forget, when a newer run's session takes its place
    folder = root / "cards" / game.id
    for name, data in sources.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(data)
    moved = replace(game, root=root, dir=folder)
    return replace(s, plan=replace(s.plan, game=moved))


def _forget(s: Any) -> None:
    """A session no longer kept: its play module's folder removed (a chunk still using it has it loaded)."""
    import shutil

    shutil.rmtree(s.plan.game.root, ignore_errors=True)
