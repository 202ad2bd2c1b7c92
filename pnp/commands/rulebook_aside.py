"""The rulebook drawn aside: `pnp build` forks a process that makes the rulebook (from the cache, or read, resolved
and drawn) while it imposes and renders the decks itself, and takes the book's PDF from it when the decks are done.
The child is pnp's own process (no game code runs in it but through the sandbox, as in the parent); what it made,
or the located problems it found, come back pickled through a pipe. Where there is no fork (not POSIX), or while
another thread runs (`pnp watch`, `pnp serve`: their builds keep the rulebook in memory), the book is made in line.

The same bytes either way: the child is a copy of the parent as it was when the decks began, and a book is drawn
from nothing else."""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Callable
from typing import Any

from pnp.core.errors import InputError, RuleError

Made = tuple[bytes | None, list[str]]  # the book's PDF (None: no rulebook.md) and the notes said while making it


class Aside:
    """`make()` run in a forked child from now on; `result()` waits for it and gives what it returned, or raises
    the InputError or RuleError it raised (an unexpected error: RuntimeError with the child's traceback)."""

    def __init__(self, make: Callable[[], Made]):
        self.make = make
        self.pid = 0
        self.got: Any = None
        if not hasattr(os, "fork") or threading.active_count() > 1 + _watchdog_threads():
            return  # made in line by result()
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child: make it, say it, and leave at once (no atexit, no buffers of the parent's)
            os.close(read)
            try:
                said: Any = ("ok", make())
            except InputError as exc:
                said = ("input", exc.problems)
            except RuleError as exc:
                said = ("rule", exc.problems)
            except BaseException:  # noqa: BLE001 - any other: pnp's own fault, said to the parent as one
                import traceback

                said = ("error", traceback.format_exc())
            try:
                data = pickle.dumps(said)
                with os.fdopen(write, "wb") as out:
                    out.write(data)
            finally:
                os._exit(0)
        os.close(write)
        self.pid, self.read = pid, read

    def result(self) -> Made:
        if not self.pid:
            return self.make()
        chunks = []
        with os.fdopen(self.read, "rb") as pipe:
            while chunk := pipe.read(1 << 20):
                chunks.append(chunk)
        os.waitpid(self.pid, 0)
        self.pid = 0
        if not chunks:
            raise RuntimeError("the process drawing the rulebook ended without a word")
        kind, value = pickle.loads(b"".join(chunks))  # our own child's: plain data, Problems, bytes
        if kind == "input":
            raise InputError(value)
        if kind == "rule":
            raise RuleError(value)
        if kind == "error":
            raise RuntimeError(f"drawing the rulebook failed:\n{value}")
        return value

    def close(self) -> None:
        """The child stopped and reaped when its book is not wanted after all (the build failed before it)."""
        if self.pid:
            import signal

            try:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
            except OSError:
                pass
            os.close(self.read)
            self.pid = 0


def _watchdog_threads() -> int:
    """pnp's time-limit thread, if it is running: it is made afresh in a forked child (pnp/core/watchdog.py)."""
    return sum(t.name == "pnp-time-limits" for t in threading.enumerate())
