"""The one runner for game code, pnp's side: everything a game's own Python does (custom rules, the play modules
of `pnp simulate`) runs through here, in a worker process (`child.py`) that the operating system holds to
limits, and only this side decides what came of it. Nothing else imports game code.

    box = Confinement(seconds=10, code=game.dir, label=f"cards/{game.id}", reads=(game.root,))
    outcomes = run_all([lambda: check_a(game), lambda: check_b(game)], box, jobs=1)

What a work is and returns, the outcomes, batches of parts, and every limit a worker is held to (time,
memory, files, the audit hook, crashes) are described in docs/architecture.md, "The sandbox".
"""

from __future__ import annotations

import contextlib
import os
import pickle
import select
import signal
import struct
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.core.errors import Problem
from pnp.core.sandbox.child import Lap, Work, start
from pnp.core.sandbox.confinement import Confinement, line_in


@dataclass
class WorkOutcome:
    kind: str = "ok"  # ok, input, or a failure: overtime, exit, memory, refused, died, error (unrun: see until)
    value: Any = None
    problems: list[Problem] = field(default_factory=list)
    failure: str = ""
    at: str = ""
    printed: str = ""
    part: int = 0  # the part of the work (`Confinement.parts`: the game of a batch) it came from


def run_one(work: Work, box: Confinement) -> WorkOutcome:
    return run_all([work], box)[0]


def run_all(works: Sequence[Work], box: Confinement, jobs: int = 1) -> list[WorkOutcome]:
    """Each work in a worker, up to `jobs` at once; one outcome each, in order."""
    return Running(works, box, jobs).outcomes()


class Running:
    """Works started in workers (`Running(works, box, jobs)` returns at once): pnp goes on with its own
    work meanwhile, and `outcomes()` waits for theirs; `close()` ends them if pnp no longer wants them."""

    def __init__(self, works: Sequence[Work], box: Confinement, jobs: int = 1):
        _reap_exited()
        self.works, self.box, self.jobs = works, box, jobs
        self.results: list[WorkOutcome | None] = [None] * len(works)
        self.todo = list(range(len(works) - 1, -1, -1))
        self.workers: list[_Worker] = []
        try:
            self._hand_out()
        except BaseException:
            self.close()
            raise

    def _hand_out(self) -> None:
        while self.todo and len(self.workers) < self.jobs:
            self.workers.append(_Worker(*start(self.works, self.box)))
        for w in self.workers:  # the next work queued behind the one it runs: no wait for pnp between them
            while len(w.queue) < AHEAD and self.todo and not w.ended:
                if not w.give(self.todo[-1], self.box):
                    break  # it has ended (the work it runs did): that is seen on its reports' pipe
                self.todo.pop()

    def outcomes(self, until: Callable[[WorkOutcome], bool] | None = None) -> list[WorkOutcome]:
        """Every work's outcome, in order; with `until`, the first outcome it holds true of ends the run
        (`pnp simulate` stops at the first game its play module fails): the works not run are "unrun"."""
        box, stop = self.box, False
        try:
            while not stop:
                self._hand_out()
                busy = [w for w in self.workers if w.current is not None]
                if not busy:
                    break
                wait = max(0.0, min(w.deadline for w in busy) - time.monotonic())
                ready = _readable([w.rep for w in busy], wait)
                for w in busy:
                    if w.rep in ready:
                        for i, outcome in w.receive(box):
                            self.results[i] = outcome
                            stop = stop or bool(until and until(outcome))
                        if w.ended:
                            if w.current is not None:
                                self.results[w.current] = outcome = w.death(box)
                                stop = stop or bool(until and until(outcome))
                            self.todo += reversed(w.queue[1:] + w.unrun)  # queued, never run: to another
                            w.close()
                            self.workers.remove(w)
                    elif time.monotonic() >= w.deadline and not w.lapped(box):
                        self.results[w.current] = outcome = w.overdue(box)  # type: ignore[index]
                        stop = stop or bool(until and until(outcome))
                        self.todo += reversed(w.queue[1:])
                        w.close()
                        self.workers.remove(w)
        finally:
            self.close()
        never = WorkOutcome("unrun", failure="was not run: an earlier work failed") if until else \
            WorkOutcome("died", failure="was never run")
        return [o or never for o in self.results]

    def close(self) -> None:
        for w in self.workers:
            w.close()
        self.workers = []


def _readable(fds: list[int], wait: float) -> set[int]:
    poll = select.poll()
    for fd in fds:
        poll.register(fd, select.POLLIN | select.POLLHUP)
    return {fd for fd, _ in poll.poll(wait * 1000)}


AHEAD = 2  # works a worker is given at once: it starts the next as it reports one
_EXITING: list[int] = []  # idle workers told to end, not yet reaped


def _reap_exited() -> None:
    for pid in list(_EXITING):
        with contextlib.suppress(ChildProcessError):
            if not os.waitpid(pid, os.WNOHANG)[0]:
                continue
        with contextlib.suppress(ValueError):  # reaped by another thread's run meanwhile (a Dask worker's)
            _EXITING.remove(pid)


class _Worker:
    """The parent's side of one worker: its pipes (commands in, reports and fault tracebacks out)."""

    def __init__(self, pid: int, cmd: int, rep: int, trace: int, lap: Lap):
        self.pid, self.cmd, self.rep, self.trace, self.lap = pid, cmd, rep, trace, lap
        self.part = 0  # the part of the current work its deadline is for
        self.buffer, self.trace_text, self.deadline, self.ended = b"", b"", 0.0, False
        self.queue: list[int] = []  # the work it runs, and the one queued behind it
        self.unrun: list[int] = []  # queued when it ended after a refusal
        self.status: int | None = None  # its exit status, once reaped
        os.set_blocking(trace, False)

    @property
    def current(self) -> int | None:
        """The work it runs (None: idle)."""
        return self.queue[0] if self.queue else None

    def give(self, i: int, box: Confinement) -> bool:
        try:
            os.write(self.cmd, struct.pack("<I", i))
        except BrokenPipeError:
            return False
        if not self.queue:
            self.deadline, self.part = time.monotonic() + box.deadline(), 0
        self.queue.append(i)
        return True

    def receive(self, box: Confinement) -> list[tuple[int, WorkOutcome]]:
        data = os.read(self.rep, 1 << 16)
        if not data:
            self.ended = True
            return []
        self.buffer += data
        out: list[tuple[int, WorkOutcome]] = []
        while len(self.buffer) >= 4 and len(self.buffer) >= 4 + (n := struct.unpack("<I", self.buffer[:4])[0]):
            raw, self.buffer = self.buffer[4:4 + n], self.buffer[4 + n:]
            i, kind = self.current, ""
            try:
                kind, payload, failure, at, printed, part = _Unpickler(raw, box.types).load()
                outcome = WorkOutcome(kind, payload if kind == "ok" else None,
                                  list(payload) if kind == "input" else [], str(failure), str(at), str(printed),
                                  min(max(0, int(part)), box.parts - 1))
            except Exception as exc:  # what the worker sent is not a report pnp can take
                outcome = WorkOutcome("error", failure=f"sent back what pnp cannot read ({type(exc).__name__}: {exc})")
            if i is not None:
                out.append((i, outcome))
                self.queue.pop(0)
                self.deadline, self.part = time.monotonic() + box.deadline(), 0  # the next work's, begun now
            if kind == "refused":  # the worker ends after a refusal (what was queued behind: another worker's)
                self.ended, self.unrun, self.queue = True, self.queue, []
                break
        return out

    def lapped(self, box: Confinement) -> bool:
        """Past its deadline, the work has started a new part since (`lap()`): its deadline is that part's.
        A part counts once and never past the work's `Confinement.parts`, whatever the page says."""
        work, part, started = self.lap.get()
        if work != self.current or not self.part < part < box.parts:
            return False
        self.part = part
        self.deadline = min(started, time.monotonic()) + box.deadline()
        return time.monotonic() < self.deadline

    def died_in(self) -> int:
        """The part of the current work the worker was in when it ended."""
        work, part, _ = self.lap.get()
        return part if work == self.current else 0

    def death(self, box: Confinement) -> WorkOutcome:
        """The work the worker was running when it ended without reporting it."""
        status = self.reap()
        o = self._death(status, box)
        o.part = min(self.died_in(), box.parts - 1)
        return o

    def _death(self, status: int, box: Confinement) -> WorkOutcome:
        at = self.traced(box)
        if os.WIFSIGNALED(status):
            sig = os.WTERMSIG(status)
            if sig == signal.SIGXCPU:
                return WorkOutcome("overtime", failure=f"ran longer than {box.seconds:g} s and was stopped", at=at)
            if sig == signal.SIGXFSZ:
                return WorkOutcome("refused", failure="tried to write a file: refused", at=at)
            name = signal.Signals(sig).name
            said = "was killed (SIGKILL: out of memory, or a signal sent to it)" if sig == signal.SIGKILL else \
                f"crashed the worker process ({name})"
            return WorkOutcome("died", failure=said, at=at)
        return WorkOutcome("died", failure=f"ended the worker process (exit status {os.WEXITSTATUS(status)}) before it "
                       "finished, as os._exit() does", at=at)

    def overdue(self, box: Confinement) -> WorkOutcome:
        """Past its deadline: its traceback asked for (SIGUSR1) and read until it stops coming, then killed."""
        with contextlib.suppress(OSError):
            os.kill(self.pid, signal.SIGUSR1)
        until = time.monotonic() + 0.5
        while time.monotonic() < until and _readable([self.trace], 0.05):
            if not self.read_trace():
                break
        self.kill()
        self.reap()
        return WorkOutcome("overtime",
                           failure=f"ran longer than {box.deadline():g} s by the clock (waiting or sleeping, "
                                   "or starved of the processor) and was stopped", at=self.traced(box),
                           part=min(self.died_in(), box.parts - 1))

    def read_trace(self) -> bool:
        """What the worker's fault handler wrote since (False: nothing more, for now or for good)."""
        try:
            chunk = os.read(self.trace, 1 << 16)
        except BlockingIOError:
            return False
        self.trace_text += chunk
        return bool(chunk)

    def traced(self, box: Confinement) -> str:
        while self.read_trace():
            pass
        return line_in(self.trace_text.decode("utf-8", "replace"), box)

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.kill(self.pid, signal.SIGKILL)

    def reap(self) -> int:
        """Its exit status, once it has ended (killed if it lingers after closing its pipe)."""
        if self.status is not None:
            return self.status
        for _ in range(500):
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                break
            time.sleep(0.002)
        else:
            self.kill()
            _, status = os.waitpid(self.pid, 0)
        self.status = status
        return status

    def close(self) -> None:
        if self.status is None:
            if self.current is not None:
                self.kill()
                self.reap()
            else:  # an idle worker reads the end of its commands and exits: reaped later, off the critical path
                _EXITING.append(self.pid)
        for fd in (self.cmd, self.rep, self.trace):
            if fd >= 0:
                os.close(fd)
        self.cmd = self.rep = self.trace = -1
        self.lap.close()


class _Unpickler(pickle.Unpickler):
    """A report holds plain data, `Where` and `Problem`: nothing else is looked up (what a worker sends
    is never allowed to run code in pnp's process)."""

    ALLOWED = frozenset({("pnp.core.errors", "Where"), ("pnp.core.errors", "Problem"), ("builtins", "set"),
                         ("builtins", "frozenset")})

    def __init__(self, data: bytes, types: frozenset[tuple[str, str]]):
        import io

        super().__init__(io.BytesIO(data))
        self.types = self.ALLOWED | types

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) not in self.types:
            raise pickle.UnpicklingError(f"{module}.{name} is not something a worker reports")
        return super().find_class(module, name)
