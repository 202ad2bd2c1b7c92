"""What a worker for game code is held to, and how it names the game's lines: the `Confinement` a work runs
under (its time, memory, folders and types), the operating system's limits the worker sets on itself, the
folders game code may read, and a failure's innermost line of the game's code (`cards/<game>/rules.py:7`)."""

from __future__ import annotations

import contextlib
import os
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pnp.core import bounds


@dataclass(frozen=True)
class Confinement:
    seconds: float = bounds.RULE_SECONDS  # processor time of one work (the wall clock: WALL_FACTOR times it)
    code: Path | None = None  # the game's code folder: the lines named in failures are in it
    label: str = ""  # how that folder is shown (`cards/<game>`)
    reads: tuple[Path, ...] = ()  # folders game code may read (the project), besides Python's own
    memory: int = bounds.WORKER_MEMORY
    types: frozenset[tuple[str, str]] = frozenset()  # (module, class) a value may hold besides pnp's Where, Problem
    wall: float | None = None  # seconds by the clock a work may take (default: WALL_FACTOR x seconds, 1 s more)
    prepare: Callable[[], None] | None = None  # pnp's own work in the worker before it shuts itself in (no game code)
    parts: int = 1  # a work of this many parts (`pnp simulate`: games), each given the time again by lap()

    def clock(self) -> float:
        """Seconds by the clock after which the worker stops a work's Python code itself (SIGALRM)."""
        return self.wall if self.wall is not None else max(self.seconds * bounds.WALL_FACTOR, self.seconds + 1.0)

    def deadline(self) -> float:
        """Seconds by the clock after which pnp kills the worker (code stuck in C, or deaf to its alarm): one
        part's, from the start of the part it runs (`Lap` tells the parent when a part starts)."""
        return self.clock() + 1.0


def readable_folders(box: Confinement) -> list[str]:
    """Folders game code may read: the game's (`box.reads`), Python's own and its packages', pnp's."""
    import pnp

    roots: list[str | Path] = [*box.reads, sys.prefix, sys.base_prefix, sys.exec_prefix, Path(pnp.__file__).parent,
             *(p for p in sys.path if p and os.path.isdir(p) and os.path.realpath(p) != "/")]
    from pnp.core import disk_cache  # what pnp kept between runs (template code, YAML, fonts): read, never written

    roots += disk_cache.read_only()
    return sorted({os.path.realpath(r) for r in roots})


def hold_limits(box: Confinement) -> None:
    """The operating system's limits, set by the worker on itself: no core, no file written, few files
    open, and memory (address space) bounded above what it starts with."""
    import resource

    def limit(which: int, value: int) -> None:
        hard = resource.getrlimit(which)[1]
        value = value if hard == resource.RLIM_INFINITY else min(value, hard)
        with contextlib.suppress(ValueError, OSError):  # a system that will not: the other limits still hold
            resource.setrlimit(which, (value, value))

    limit(resource.RLIMIT_CORE, 0)
    limit(resource.RLIMIT_FSIZE, 0)
    limit(resource.RLIMIT_NOFILE, bounds.WORKER_FILES)
    try:
        with open("/proc/self/statm") as f:
            size = int(f.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):  # no /proc (macOS): RLIMIT_AS is not kept there anyway
        return
    limit(resource.RLIMIT_AS, size + box.memory)


def shown(filename: str, line: int | None, box: Confinement) -> str:
    """`cards/<game>/rules.py:7` for a line of the game's code; "" for any other file."""
    if box.code is None or not filename or filename.startswith("<"):
        return ""
    try:
        rel = Path(filename).resolve().relative_to(box.code.resolve())
    except (ValueError, OSError):
        return ""
    return f"{box.label}/{rel.as_posix()}:{line or 0}"


def traced_line(exc: BaseException, box: Confinement) -> str:
    """The innermost line of the game's code an exception passed through."""
    import traceback

    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if at := shown(frame.filename, frame.lineno, box):
            return at
    return ""


def line_in(trace: str, box: Confinement) -> str:
    """The innermost line of the game's code in a fault traceback (most recent call first)."""
    for filename, line in re.findall(r'File "(.+?)", line (\d+)', trace):
        if at := shown(filename, int(line), box):
            return at
    return ""
