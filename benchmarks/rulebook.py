"""What the rulebook adds to a warm `pnp build GAME` (default voyage): the rulebook's own processor time
(read, resolve, draw) measured in one process after a first build, median of --runs; and whole warm builds
with the rulebook and with `--no-rulebook`, alternating, median processor time of each, their ratio, and R."""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
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


def build_cpu(game: str, out: Path, *extra: str, root: Path = REPO) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-m", "pnp", "build", game, "--out", str(out), *extra], cwd=root, check=True,
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
        with_book, without = [], []
        build_cpu(args.game, Path(tmp) / "warm")  # fill the compiled-template cache
        for _ in range(args.runs):
            with_book.append(build_cpu(args.game, Path(tmp) / "a"))
            without.append(build_cpu(args.game, Path(tmp) / "b", "--no-rulebook"))
        edited_with, edited_without = edited(args.game, args.runs, Path(tmp))
    r = min(timeit.repeat("sum(i*i for i in range(1000000))", number=5, repeat=5)) / 5
    for said, a, b in (("nothing changed", with_book, without), ("a card edited before each", edited_with,
                                                                  edited_without)):
        a, b = statistics.median(a), statistics.median(b)
        print(f"warm build, {said}: with the rulebook {a:.3f} s, with --no-rulebook {b:.3f} s, added {a - b:.3f} s "
              f"(processor time), {a / b:.2f}x")
    print(f"R {r * 1000:.1f} ms")


def edited(game: str, runs: int, tmp: Path) -> tuple[list[float], list[float]]:
    """Warm builds of a copy of the project with one card's name changed before each (the rulebook's inputs
    change: it is made again), with the rulebook and with --no-rulebook."""
    root = tmp / "copy"
    for folder in ("cards", "templates", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    deck = next(p for p in sorted((root / "cards" / game).glob("*.yaml")) if "\n  - id:" in p.read_text())
    text = deck.read_text()
    name = text.index("name: ", text.index("\n  - id:")) + len("name: ")
    build_cpu(game, tmp / "c", root=root)
    with_book, without = [], []
    for i in range(runs):
        for extra, into in (((), with_book), (("--no-rulebook",), without)):
            deck.write_text(text[:name] + f"X{i}{len(into)}" + text[name:])
            into.append(build_cpu(game, tmp / "c", *extra, root=root))
    return with_book, without

if __name__ == "__main__":
    main()
