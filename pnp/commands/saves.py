"""Finished saves of a game's files, as soon as they are finished: what `pnp watch` and `pnp serve` wait for.

An editor's save ends when the file it wrote is closed (`IN_CLOSE_WRITE`) or renamed into place
(`IN_MOVED_TO`): on Linux we read those events from inotify (inotify_simple) and rebuild at once,
instead of waiting for a quiet spell. A file that disappears counts only if it is still gone a moment
later (an editor that renames the old file away before writing the new one is saving, not deleting).
Elsewhere, watchfiles reports changes once none has come for `QUIET_MS`.

A build can still read a file while an editor writes it again (two saves a millisecond apart: the
second has emptied the file the first closed). So a build that fails on a file just saved is tried
once more, `SETTLE_MS` later, before its problems are said (`caught_mid_save`).
"""

from __future__ import annotations

import os
import queue
import re
import sys
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.core.errors import Problem

QUIET_MS = 20  # without inotify: a change is taken once no other came for this long
GONE_MS = 60  # a file removed and not written again within this is a deletion
MAX_FOLDERS = 5_000  # watched folders at most (each costs a kernel watch)
SETTLE_MS = 60  # a build failing on a file just saved waits this long, then tries once more


def caught_mid_save(problems: Iterable[Problem], changed: Iterable[Path], root: Path) -> bool:
    """True when one of `problems` lies in a file of this batch of saves, after a pause of `SETTLE_MS`: the
    file may have been read while an editor was writing it again, so the build is worth one more try."""
    saved = {os.path.abspath(p) for p in changed}
    if not any(p.where is not None and os.path.abspath(root / p.where.file) in saved for p in problems):
        return False
    settle()
    return True


def settle() -> None:
    """The pause that lets an editor finish writing a file again."""
    time.sleep(SETTLE_MS / 1000)


def relevant(path: Path) -> bool:
    """A game's input, not an editor's scratch file, a build's output or Python's byte code (a folder
    named so is not looked into)."""
    name = path.name
    return not (name.startswith((".", "#")) or name.endswith((".tmp", "~", ".swp", ".swx"))
                or name in ("4913", "output", "__pycache__") or _SED_TEMP.fullmatch(name) is not None)


_SED_TEMP = re.compile(r"sed[A-Za-z0-9]{6}")  # `sed -i` writes the new file as sedXXXXXX, then renames it


class Saves:
    """The game's folders, watched: `wait(ms)` returns the next batch of finished saves (files changed, added
    or removed), or an empty set if none finished within `ms` (None: wait until one does).

    with Saves(folders) as saves:
        while True:
            changed = saves.wait(None)
    """

    def __init__(self, folders: list[Path]):
        self.folders = folders
        self.ino = None
        self.dirs: dict[int, Path] = {}
        self.gone: dict[Path, float] = {}  # removed files, and when they count as deleted
        self.queue: queue.Queue[set[Path]] = queue.Queue()
        self.stopped = threading.Event()
        if sys.platform.startswith("linux"):
            try:
                from inotify_simple import INotify

                self.ino = INotify()
                for folder in folders:
                    self._add(folder)
                return
            except (ImportError, OSError):  # no inotify (a container without it, too many watches): watchfiles
                if self.ino is not None:
                    self.ino.close()
                self.ino, self.dirs = None, {}
        threading.Thread(target=self._watchfiles, daemon=True).start()

    def __enter__(self) -> Saves:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def close(self) -> None:
        self.stopped.set()
        if self.ino is not None:
            self.ino.close()
            self.ino = None

    def wait(self, ms: int | None) -> set[Path]:
        if self.ino is None:
            try:
                return self.queue.get(timeout=None if ms is None else ms / 1000)
            except queue.Empty:
                return set()
        deadline = None if ms is None else time.monotonic() + ms / 1000
        while True:
            now = time.monotonic()
            left = [t - now for t in (deadline, *self.gone.values()) if t is not None]
            done = self._read(max(0, int(min(left) * 1000) + 1) if left else -1)
            if done or (deadline is not None and time.monotonic() >= deadline):
                return done

    def _add(self, folder: Path) -> None:
        from inotify_simple import flags as f

        mask = f.CLOSE_WRITE | f.MOVED_TO | f.MOVED_FROM | f.DELETE | f.CREATE
        for here, subdirs, _ in os.walk(folder):
            subdirs[:] = sorted(d for d in subdirs if relevant(Path(here, d)))
            if len(self.dirs) < MAX_FOLDERS:
                self.dirs[self.ino.add_watch(here, mask)] = Path(here)  # type: ignore[union-attr]

    def _read(self, timeout: int) -> set[Path]:
        from inotify_simple import flags as f

        assert self.ino is not None
        done: set[Path] = set()
        for event in self.ino.read(timeout=timeout):
            base = self.dirs.get(event.wd)
            if base is None or not event.name:
                continue
            path = base / event.name
            if not relevant(path):
                continue
            if event.mask & f.ISDIR:
                if event.mask & (f.CREATE | f.MOVED_TO):
                    self._add(path)  # a new folder: watch it, and take what it already holds
                    done.update(p for p in path.rglob("*") if p.is_file() and relevant(p))
            elif event.mask & (f.CLOSE_WRITE | f.MOVED_TO):
                done.add(path)
                self.gone.pop(path, None)
            elif event.mask & (f.DELETE | f.MOVED_FROM):
                self.gone[path] = time.monotonic() + GONE_MS / 1000
        now = time.monotonic()
        for path, when in list(self.gone.items()):
            if when <= now:
                del self.gone[path]
                if not path.exists():
                    done.add(path)
        return done

    def _watchfiles(self) -> None:
        from watchfiles import watch

        for batch in watch(*self.folders, debounce=1000, step=QUIET_MS, stop_event=self.stopped, rust_timeout=100,
                           watch_filter=lambda _, p: relevant(Path(p))):
            self.queue.put({Path(p) for _, p in batch})
