"""The limits that hold pnp's bounds while work runs: time (a watchdog thread raising `Overtime` in work
past its time, by its own processor time and, for waiting, by the clock), the ceiling on the process's
memory (`PNP_MEMORY`), the budget one expression evaluation may spend, and what pnp is working on for
the message when it runs out. The bounds themselves are constants of `pnp.core.bounds`.
"""

from __future__ import annotations

import os
from collections.abc import Callable

from pnp.core import bounds

_turns = [0]  # loop turns (`range` items) of the expression being evaluated
_built = [0]  # characters and items it has built


def new_evaluation() -> None:
    """Start counting loop turns afresh: once per value a template, rule or setup evaluates."""
    _turns[0] = _built[0] = 0


def add_built(n: int) -> int:
    """Count `n` more characters or items built; the total of this evaluation."""
    _built[0] += n
    return _built[0]


def add_turns(n: int) -> int:
    """Count `n` more loop turns; the total of this evaluation."""
    _turns[0] += n
    return _turns[0]

def memory() -> int:
    """The ceiling on pnp's memory in bytes: `PNP_MEMORY` (`8G`, `512M`, `4096K` or bytes; `0` for none),
    else bounds.MEMORY. A ValueError says what is wrong with the variable."""
    import os

    raw = os.environ.get("PNP_MEMORY", "").strip()
    if not raw:
        return bounds.MEMORY
    scale = {"K": 1024, "M": 1024 ** 2, "G": 1024 ** 3, "T": 1024 ** 4}.get(raw[-1:].upper(), 1)
    try:
        value = float(raw[:-1] if scale > 1 else raw) * scale
    except ValueError:
        value = -1
    if not (value == 0 or 256 * 1024 ** 2 <= value < 2 ** 62):
        raise ValueError(f"PNP_MEMORY={raw!r}: give the ceiling on pnp's memory as `4G`, `512M` or `0` for none "
                         "(at least 256M)")
    return int(value)


def said_memory(n: int) -> str:
    return f"{n / 1024 ** 3:g} GiB" if n >= 1024 ** 3 else f"{n // 1024 ** 2:,} MiB"


_doing = [""]  # what pnp is working on, for the message that says it ran out of memory


def working_on(what: str) -> None:
    """Say what pnp is doing now (`laying out deck spells`): a MemoryError anywhere names it."""
    _doing[0] = what


def out_of_memory() -> str:
    """What pnp says when it ran out of memory outside an expression (which says it at its line)."""
    at = f" {_doing[0]}" if _doing[0] else ""
    return (f"pnp ran out of memory{at} (its ceiling is {said_memory(memory())}): the game asks for more than it "
            "can hold; give it less to lay out, or raise the ceiling with PNP_MEMORY=8G")


def hold_memory() -> Callable[[], None]:
    """Put `memory()` on the process's address space (within the system's hard limit), so that running out is a
    MemoryError that pnp reports at what it was evaluating, before the machine swaps or the system ends the
    process. Returns what puts the limit back as it was (for pnp run inside another program, a test)."""
    import resource

    ceiling = memory()
    before = resource.getrlimit(resource.RLIMIT_AS)
    hard = before[1]
    soft = hard if not ceiling or (hard != resource.RLIM_INFINITY and hard < ceiling) else ceiling
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))
    return lambda: resource.setrlimit(resource.RLIMIT_AS, before)

# -- time ---------------------------------------------------------------------------------------
class Overtime(BaseException):
    """Raised inside the work that ran past its time limit. A BaseException, like KeyboardInterrupt,
    so that no `except Exception` on the way (Jinja's, a custom rule's) swallows it."""


class _Watchdog:
    """One daemon thread that raises `Overtime` in a thread that has spent its time, and again each
    second while it goes on (work that catches everything is still interrupted).

    Time is the working thread's own CPU time where the system can tell it (Linux, macOS): on a busy
    machine (a CI runner, a test suite on every core) a face that waits for the processor is not
    late. A thread's CPU clock never runs faster than the wall clock, so the watchdog sleeps for the
    CPU time left and looks again. Work that waits without computing (a custom rule that sleeps or
    reads a pipe) is stopped by the wall clock, at bounds.WALL_FACTOR times its time."""

    def __init__(self) -> None:
        import threading

        self.cond = threading.Condition()
        self.jobs: dict[int, list] = {}  # thread id -> [deadline on its clock, times fired, clock, wall deadline]
        self.thread: threading.Thread | None = None
        self.wakes: float | None = None  # when the watchdog looks again (monotonic clock); None: when told

    @staticmethod
    def clock(tid: int) -> Callable[[], float]:
        import time

        try:
            cid = time.pthread_getcpuclockid(tid)
            time.clock_gettime(cid)
        except (AttributeError, OSError):  # no per-thread clock here: the wall clock
            return time.monotonic
        return lambda: time.clock_gettime(cid)

    def _run(self) -> None:
        import ctypes
        import time

        with self.cond:
            while True:
                soonest = None
                for tid, job in self.jobs.items():
                    try:
                        now = job[2]()
                    except OSError:  # the thread has ended
                        continue
                    wall = time.monotonic()
                    if now >= job[0] or wall >= job[3]:
                        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(tid), ctypes.py_object(Overtime))
                        job[0], job[1], job[3] = now + 1.0, job[1] + 1, wall + 1.0
                    left = min(job[0] - now, job[3] - wall)
                    soonest = left if soonest is None else min(soonest, left)
                wait = None if soonest is None else max(soonest, 0.001)
                self.wakes = None if wait is None else time.monotonic() + wait
                self.cond.wait(wait)

    def start(self, seconds: float) -> tuple[int, list | None, list]:
        import threading
        import time

        tid = threading.get_ident()
        clock = self.clock(tid)
        job = [clock() + seconds, 0, clock, time.monotonic() + bounds.WALL_FACTOR * seconds]
        with self.cond:
            outer = self.jobs.get(tid)
            self.jobs[tid] = job
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="pnp-time-limits", daemon=True)
                self.thread.start()
            # the job cannot run out before `seconds` have passed (a thread's clock is no faster than the wall
            # clock): a watchdog that looks again before then need not be woken. (A build lays out one face after
            # another, each under its own limit: waking the watchdog for each was a share of a large build
            # worth saving.)
            if self.wakes is None or self.wakes > time.monotonic() + seconds:
                self.cond.notify()
        return tid, outer, job

    def stop(self, tid: int, outer: list | None, job: list) -> None:
        import ctypes

        with self.cond:
            if outer is None:
                self.jobs.pop(tid, None)
            else:
                self.jobs[tid] = outer
            if job[1]:  # fired: clear an Overtime not yet raised, so it cannot surface later elsewhere
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(tid), None)


_watchdog = _Watchdog()


def timekeeper() -> int | None:
    """The thread id of the watchdog, once it has started (a worker's audit hook lets its calls through)."""
    return _watchdog.thread.ident if _watchdog.thread else None


def _forked() -> None:
    """In a forked worker: a watchdog of its own. The parent's thread is not there, and its lock may
    have been held by that thread at the fork."""
    global _watchdog
    _watchdog = _Watchdog()


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_forked)


class time_limit:  # noqa: N801 - used as `with time_limit(10):`
    """`with time_limit(seconds):` raises `Overtime` inside the block once it has run that long (in
    pure Python code: a long C call finishes first, which is why sizes are bounded too)."""

    def __init__(self, seconds: float):
        self.seconds = seconds

    def __enter__(self) -> time_limit:
        self.token = _watchdog.start(self.seconds)
        return self

    def __exit__(self, *exc: object) -> None:
        _watchdog.stop(*self.token)
