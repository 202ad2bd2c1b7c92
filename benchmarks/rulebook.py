"""What the rulebook adds to a warm `pnp build GAME` (default voyage): the rulebook's own processor time
(read, resolve, draw) measured in one process after a first build, median of --runs; and whole warm builds
with and without the game's rulebook.md, alternating, median processor time of each."""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def in_process(game: str, runs: int) -> float:
    from pnp.commands.build import BuildOptions, prepare
    from pnp.commands.rulebook_pdf import rulebook_pdf

    prep = prepare(REPO, game, BuildOptions())
    rulebook_pdf(prep.game, prep.decks, prep.env, prep.paper)  # imports and first compile: a build's, once
    times = []
    for _ in range(runs):
        start = time.process_time()
        rulebook_pdf(prep.game, prep.decks, prep.env, prep.paper)
        times.append(time.process_time() - start)
    return statistics.median(times)


def build_cpu(root: Path, game: str, out: Path) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "pnp", "build", game, "--out", str(out)], cwd=root, check=True,
                   capture_output=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", nargs="?", default="voyage")
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"rulebook alone, in process: {in_process(args.game, args.runs):.3f} s processor time (median)")
    with tempfile.TemporaryDirectory() as tmp:
        bare = Path(tmp) / "bare"
        for folder in ("cards", "templates", "fonts"):
            shutil.copytree(REPO / folder, bare / folder)
        (bare / "cards" / args.game / "rulebook.md").unlink(missing_ok=True)
        with_book, without = [], []
        for root in (REPO, bare):
            build_cpu(root, args.game, Path(tmp) / "warm")  # fill the compiled-template cache
        for _ in range(args.runs):
            with_book.append(build_cpu(REPO, args.game, Path(tmp) / "a"))
            without.append(build_cpu(bare, args.game, Path(tmp) / "b"))
    a, b = statistics.median(with_book), statistics.median(without)
    print(f"warm build with the rulebook: {a:.3f} s, without: {b:.3f} s, added: {a - b:.3f} s (processor time)")


if __name__ == "__main__":
    main()
