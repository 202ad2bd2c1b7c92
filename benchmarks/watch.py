#!/usr/bin/env python3
"""Time `pnp watch voyage`: from the save of one card's text to the rewritten deck PDF on disk.

usage: python benchmarks/watch.py [--saves N] [--pnp-src DIR]
Copies Voyage (its cards, the templates, the fonts) to a scratch project, starts `pnp watch voyage`
there as a real process, waits for its first build, then N times saves events.yaml with one card's
text changed (as an editor does: the whole file written and closed) and measures until
output/voyage/event.pdf is the new one (polled every millisecond). Prints the median and the spread.
`--pnp-src` runs another checkout's pnp (to compare with an older one).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def scratch_project() -> Path:
    root = Path(tempfile.mkdtemp(prefix="pnp-bench-watch-"))
    for folder in ("cards/voyage", "templates", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def start(description: str, more: Callable[[argparse.ArgumentParser], None] | None = None
          ) -> tuple[argparse.Namespace, Path, dict[str, str]]:
    """The command line (--saves, --pnp-src, and what `more` adds), a scratch copy of Voyage, and the environment
    to run pnp in."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--saves", type=int, default=21)
    ap.add_argument("--pnp-src", type=Path, default=REPO)
    if more is not None:
        more(ap)
    args = ap.parse_args()
    root = scratch_project()
    env = {**os.environ, "PYTHONPATH": str(args.pnp_src.resolve()), "PNP_CACHE_DIR": str(root / ".cache")}
    return args, root, env


def wait_until(check, seconds: float = 30.0, step: float = 0.001) -> float:
    """Poll `check()` until true; the moment it was (perf_counter), or exit if it never is."""
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        if check():
            return time.perf_counter()
        time.sleep(step)
    sys.exit("timed out")


def identity(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
        return st.st_ino, st.st_mtime_ns
    except OSError:
        return None


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_with_children(pid: int) -> float:
    """`cpu_seconds` of a process and of every process it has running now (`pnp watch`'s second process, which
    checks the rules beside it, and a custom rules' worker), and of those it has waited for."""
    total = 0.0
    todo = [pid]
    while todo:
        here = todo.pop()
        try:
            fields = Path(f"/proc/{here}/stat").read_text().rsplit(")", 1)[1].split()
            kids = Path(f"/proc/{here}/task/{here}/children").read_text().split()
        except OSError:
            continue
        total += sum(int(fields[i]) for i in (11, 12, 13, 14)) / os.sysconf("SC_CLK_TCK")
        todo += map(int, kids)
    return total


def main() -> None:
    args, root, env = start(__doc__.splitlines()[0])
    deck, pdf = root / "cards/voyage/events.yaml", root / "output/voyage/event.pdf"
    log = open(os.environ.get("BENCH_LOG", os.devnull), "w")  # noqa: SIM115 - the watch's output, while it runs
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "voyage"], cwd=root, env=env, stdout=log,
                            stderr=subprocess.STDOUT)
    try:
        wait_until(lambda: (root / "output/voyage/voyage-pnp.pdf").is_file(), 60)
        time.sleep(1.0)
        original = deck.read_text()
        times, cpus, all_cpus = [], [], []
        for i in range(args.saves):
            before = identity(pdf)
            text = original.replace("Make a wish.", f"Make a wish, number {i}.")
            cpu, all_cpu = cpu_seconds(proc.pid), cpu_with_children(proc.pid)
            started = time.perf_counter()
            deck.write_text(text)
            times.append(wait_until(lambda before=before: identity(pdf) != before) - started)
            cpus.append(cpu_seconds(proc.pid) - cpu)
            all_cpus.append(cpu_with_children(proc.pid) - all_cpu)
            time.sleep(0.8)  # let the watch finish the print-and-play document too
        ms = sorted(t * 1000 for t in times)
        print(f"save -> event.pdf rewritten, {len(ms)} saves: median {statistics.median(ms):.0f} ms, "
              f"min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms (pnp's CPU from the save to the PDF: median "
              f"{statistics.median(cpus) * 1000:.0f} ms, with its other processes "
              f"{statistics.median(all_cpus) * 1000:.0f} ms); load average {os.getloadavg()[0]:.1f} on "
              f"{os.cpu_count()} cores")
    finally:
        proc.terminate()
        proc.wait(10)
        log.close()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
