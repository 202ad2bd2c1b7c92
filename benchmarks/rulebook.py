"""What the rulebook adds to a warm `pnp build GAME` (default voyage): the rulebook's own processor time
(read, resolve, draw) measured in one process after a first build, median of --runs; and whole warm builds
with the rulebook and with `--no-rulebook`, in pairs (one then the other), the median of each by the clock and
in processor time (the build's and its children's: the rulebook is drawn in a child beside the decks), their
ratios, the machine's load and R. Two cases: nothing changed (the rulebook comes from the cache), and one
card's text edited before each build (the rulebook is drawn again)."""

from __future__ import annotations

import argparse
import os
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


def build_cpu(game: str, out: Path, *extra: str, root: Path = REPO) -> tuple[float, float]:
    """One whole `pnp build` process: its processor time (with its children's) and its time by the clock."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pnp", "build", game, "--out", str(out), *extra], cwd=root, check=True,
                   capture_output=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall


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
    for said, pa, pb in (("nothing changed", with_book, without), ("a card's text edited before each", edited_with,
                                                                   edited_without)):
        for k, how in ((1, "by the clock"), (0, "processor time")):
            a, b = statistics.median(t[k] for t in pa), statistics.median(t[k] for t in pb)
            print(f"warm build, {said}, {how}: with the rulebook {a:.3f} s, with --no-rulebook {b:.3f} s, added "
                  f"{a - b:.3f} s, {a / b:.2f}x")
    print(f"R {r * 1000:.1f} ms, load average {' '.join(f'{x:.1f}' for x in os.getloadavg())}")


def edited(game: str, runs: int, tmp: Path) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Warm builds of a copy of the project with one card's text changed before each (the rulebook's inputs
    change: it is made again), with the rulebook and with --no-rulebook."""
    root = tmp / "copy"
    for folder in ("cards", "templates", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    deck = next(p for p in sorted((root / "cards" / game).glob("*.yaml")) if "\n  - id:" in p.read_text())
    text = deck.read_text()
    name = text.index("text: ", text.index("\n  - id:")) + len("text: ")
    name += text[name] in "\"'"  # inside its quotes
    build_cpu(game, tmp / "c", root=root)
    with_book, without = [], []
    for i in range(runs):
        for extra, into in (((), with_book), (("--no-rulebook",), without)):
            deck.write_text(text[:name] + f"X{i}{len(into)}" + text[name:])
            into.append(build_cpu(game, tmp / "c", *extra, root=root))
    return with_book, without

if __name__ == "__main__":
    main()
