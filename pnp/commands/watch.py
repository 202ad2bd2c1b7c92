"""`pnp watch GAME`: rebuild whenever the game's YAML, templates, fonts or images change.

Edits are debounced (an editor's save-and-rename counts once); a build that fails prints its
problems and keeps watching, and the files on disk stay the last good build. The build cache lives
as long as the watch: only decks whose inputs changed are imposed, rendered and written again.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from pnp.commands.build import BuildOptions, BuildResult, build
from pnp.errors import PnpError


def rebuild(root: Path, game: str, opts: BuildOptions, say: Callable[[str], None]) -> BuildResult | None:
    started = time.perf_counter()
    try:
        result = build(root, game, opts)
    except PnpError as exc:
        for problem in exc.problems:
            say(f"  {problem}")
        say(f"{time.strftime('%H:%M:%S')} {len(exc.problems)} problem(s); the last good PDFs are unchanged. "
            "Watching...")
        return None
    except Exception as exc:  # a bug of pnp's: say so, keep the last good PDFs, keep watching
        say(f"  internal error: {type(exc).__name__}: {exc} (please report it, with the command and the input)")
        say(f"{time.strftime('%H:%M:%S')} the last good PDFs are unchanged. Watching...")
        return None
    for warning in result.warnings:
        say(f"  warning: {warning}")
    say(f"{time.strftime('%H:%M:%S')} built {len(result.files)} files in {time.perf_counter() - started:.2f} s. "
        "Watching...")
    return result


def relevant(path: str, root: Path) -> bool:
    p = Path(path)
    return not (p.name.startswith(".") or p.name.endswith((".tmp", "~", ".swp")) or "output" in p.parts
                or "__pycache__" in p.parts)


def watch(root: Path, game: str, opts: BuildOptions, say: Callable[[str], None],
          stop: Callable[[], bool] | None = None) -> None:
    from watchfiles import watch as changes

    opts.cache = {} if opts.cache is None else opts.cache
    rebuild(root, game, opts, say)
    folders = [p for p in (root / "cards" / game, root / "templates", root / "fonts") if p.is_dir()]
    for batch in changes(*folders, debounce=250, step=50, stop_event=_Stop(stop) if stop else None,
                         watch_filter=lambda _, path: relevant(path, root)):
        names = sorted({Path(p).name for _, p in batch if Path(p).exists()}) or ["(deleted files)"]
        say(f"changed: {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}")
        rebuild(root, game, opts, say)


class _Stop:
    """An event-like object for watchfiles, backed by a function (tests stop the watch this way)."""

    def __init__(self, stop: Callable[[], bool]):
        self.stop = stop

    def is_set(self) -> bool:
        return self.stop()
