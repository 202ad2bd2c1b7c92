"""`pnp watch GAME`: rebuild whenever the game's YAML, templates, fonts or images change.

A rebuild starts as soon as a save has finished (pnp.commands.saves), not after a quiet spell. It
writes the decks first, as a whole build without the print-and-play document, and the whole build
with its document right after, unless another save is already waiting: the deck you are looking
at is on disk first (its goal and figures: benchmarks/watch.py, benchmarks/README.md). A build that
fails prints its problems and keeps watching, and the files on disk stay the last good build. The build
cache lives as long as the watch: only decks whose inputs changed are imposed, rendered and written again.
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable, Iterable
from pathlib import Path

from pnp.commands.build import BuildCache, BuildOptions, BuildResult, build
from pnp.commands.saves import Saves, caught_mid_save
from pnp.core.errors import PnpError


def rebuild(root: Path, game: str, opts: BuildOptions, say: Callable[[str], None], document: bool = False,
            changed: Iterable[Path] = ()) -> BuildResult | None:
    """Build; say what was built, or the problems. `document`: this build only adds the print-and-play
    document to the decks just built (it says so, in one line). A build failing on a file of `changed`
    (just saved) is tried once more a moment later: the file may have been read half-written."""
    started = time.perf_counter()
    try:
        result = build(root, game, opts)
    except PnpError as exc:
        if changed and caught_mid_save(exc.problems, changed, root):
            return rebuild(root, game, opts, say, document)
        for problem in exc.problems:
            say(f"  {problem}")
        n = len(exc.problems)
        say(f"{time.strftime('%H:%M:%S')} {n} problem{'s' if n != 1 else ''}; the last good PDFs are unchanged. "
            "Watching...")
        return None
    except MemoryError:  # past PNP_MEMORY: the game asks too much; keep watching for the edit that fixes it
        from pnp.core.watchdog import out_of_memory

        say(f"  {out_of_memory()}")
        say(f"{time.strftime('%H:%M:%S')} the last good PDFs are unchanged. Watching...")
        return None
    except Exception as exc:  # a bug of pnp's: say so, keep the last good PDFs, keep watching
        say(f"  internal error: {type(exc).__name__}: {exc} (please report it, with the command and the input)")
        say(f"{time.strftime('%H:%M:%S')} the last good PDFs are unchanged. Watching...")
        return None
    seconds = time.perf_counter() - started
    if document:
        say(f"  and {result.files[0].path.name} in {seconds:.2f} s")
        return result
    for warning in result.warnings:
        say(f"  warning: {warning}")
    say(f"{time.strftime('%H:%M:%S')} built {len(result.files)} files in {seconds:.2f} s. Watching...")
    return result


def folders(root: Path, game: str) -> list[Path]:
    """What a game's build reads: its folder, the templates and the fonts."""
    return [p for p in (root / "cards" / game, root / "templates", root / "fonts") if p.is_dir()]


def watch(root: Path, game: str, opts: BuildOptions, say: Callable[[str], None],
          stop: Callable[[], bool] | None = None) -> None:
    from pnp.commands.rules_beside import RulesBeside
    from pnp.output.render.kept_streams import keep_streams

    stop = stop or (lambda: False)
    opts.cache = BuildCache() if opts.cache is None else opts.cache
    keep_streams(True)  # a save redraws one page of its deck: the others' compressed streams are kept
    beside = RulesBeside()  # a second process that checks the rules of the decks written first, while they are drawn
    beside.start()
    decks_first = dataclasses.replace(opts, document=False, beside=beside)
    try:
        _loop(root, game, opts, say, stop, decks_first)
    finally:
        beside.close()
        keep_streams(False)


def _loop(root: Path, game: str, opts: BuildOptions, say: Callable[[str], None], stop: Callable[[], bool],
          decks_first: BuildOptions) -> None:
    def decks(changed: Iterable[Path] = ()) -> bool:
        """Build the decks; True if the game's document is still to write."""
        result = rebuild(root, game, decks_first, say, changed=changed)
        return result is not None and opts.document and result.game.manifest.print.document

    with Saves(folders(root, game)) as saves:
        document = decks()
        pending: set[Path] = set()
        while not stop():
            changed, pending = pending or saves.wait(0 if document else 100), set()
            if changed:
                names = sorted(p.name for p in changed)
                say(f"changed: {', '.join(names[:5])}{' ...' if len(names) > 5 else ''}")
                document = decks(changed)
            elif document:
                document = False
                said: list[str] = []
                if rebuild(root, game, opts, said.append, document=True) is None:
                    pending = saves.wait(100)  # a save made meanwhile? its own build reports it
                    if pending:
                        continue
                for line in said:
                    say(line)
