"""Play: the worker processes game code runs in. The one place that starts them (until the project's
shared runner for game code takes this over): a child per job, even for `--jobs 1`, its limits set
before it runs anything, and a deadline kept by the parent. A result counts only if the child sent it.

`run(work, chunks, quiet)` calls `work(chunk, send)` in a child process per chunk; `send(value)` hands a
result back. A child that raises `Located` (work's own report of the game's mistake), dies or stays
silent for `quiet` seconds ends the run with a located error; the other children are stopped.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from pnp.errors import InputError, Problem, Where

MEMORY = 4 << 30  # bytes of address space a worker may map
Work = Callable[[Any, Callable[[Any], None]], None]


class Located(Exception):
    """What a child reports of the game code it ran: a place and what went wrong."""

    def __init__(self, where: Where, message: str):
        super().__init__(message)
        self.where, self.message = where, message


def _limit() -> None:
    """In the child, before the game's code runs: memory, no core files, no file writes."""
    import resource

    for what, value in ((resource.RLIMIT_AS, MEMORY), (resource.RLIMIT_CORE, 0), (resource.RLIMIT_FSIZE, 0)):
        soft, hard = resource.getrlimit(what)
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        resource.setrlimit(what, (value, hard))


def _child(work: Work, chunk: Any, conn: Any) -> None:
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)  # what game code prints goes nowhere (and writes no file)
    os.dup2(devnull, 2)
    try:
        _limit()
        work(chunk, lambda value: conn.send(("result", value)))
        conn.send(("done", None))
    except Located as exc:
        conn.send(("error", (exc.where.file, exc.where.line, exc.message)))
    except MemoryError:
        conn.send(("error", ("", 0, f"used more than {MEMORY >> 30} GiB of memory")))
    conn.close()


def run(work: Work, chunks: list[Any], quiet: float, who: Where, what: Callable[[int, int], str]) -> list[list[Any]]:
    """Each chunk's results, in order. `who` names the game code (a child that dies is reported there);
    `what(chunk, n)` says which piece of work a chunk was on after `n` results (`game 17, 3 players`)."""
    import multiprocessing
    from multiprocessing.connection import wait

    context = multiprocessing.get_context("fork" if hasattr(os, "fork") else "spawn")
    children: list[list[Any]] = []
    results: list[list[Any]] = [[] for _ in chunks]
    for i, chunk in enumerate(chunks):
        mine, theirs = context.Pipe(duplex=False)
        child = context.Process(target=_child, args=(work, chunk, theirs), daemon=True)  # type: ignore[attr-defined]
        child.start()
        theirs.close()
        children.append([i, child, mine, time.monotonic()])
    try:
        while children:
            ready = wait([c[2] for c in children], timeout=1.0)
            now = time.monotonic()
            for entry in list(children):
                i, child, conn, heard = entry
                if conn not in ready:
                    if now - heard > quiet:
                        raise InputError([Problem(who, f"ran longer than {quiet:g} s without finishing a game "
                                                  f"({what(i, len(results[i]))}) and was stopped; does it loop?")])
                    continue
                try:
                    kind, value = conn.recv()
                except EOFError:
                    child.join(1)
                    raise InputError([Problem(who, f"the worker process ended (exit status {child.exitcode}) "
                                              f"during {what(i, len(results[i]))}: game code must not end the "
                                              "process or exceed its limits")]) from None
                entry[3] = now
                if kind == "result":
                    results[i].append(value)
                elif kind == "error":
                    file, line, message = value
                    at = Where(file, line) if file else who
                    raise InputError([Problem(at, f"{message} ({what(i, len(results[i]))})")])
                else:
                    child.join()
                    children.remove(entry)
    finally:
        for _, child, conn, _ in children:
            child.kill()  # only our own children, by their process
            child.join()
            conn.close()
    return results
