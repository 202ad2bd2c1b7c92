#!/usr/bin/env python3
"""Time `pnp simulate` as a designer runs it: the figures in benchmarks/README.md come from here.

usage: python benchmarks/simulate.py [--games 10000] [--players 4] [--jobs 2] [--policy baseline] [--runs 1]
                                     [--pnp-src DIR] [--check]
Runs `pnp simulate voyage --players P --games N --jobs J --format json` as a whole process, N games of
Voyage, and prints the wall time, the processor time of the process and its workers (user + system:
steadier on a shared machine), the games per second, and the machine (cores, load average, Python).
`--pnp-src DIR` runs another checkout (its pnp and its Voyage: to compare with an older one); `--check`
times `pnp check voyage` instead (its balance rule plays the game). pnp leaves its idle workers to end
after it: this script takes them in as their subreaper (Linux) and waits for them, so that their
processor time is counted.
The goal (issue 27): 10,000 games of Voyage at 4 players in under 10 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def adopt_orphans() -> None:
    """Become the subreaper of what pnp starts: its workers, left to end after it, are ours to wait for."""
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER


def once(args: argparse.Namespace) -> tuple[float, float, dict]:
    src = args.pnp_src.resolve()
    cmd = [sys.executable, "-m", "pnp", "simulate", "voyage", "--players", str(args.players), "--games",
           str(args.games), "--jobs", str(args.jobs), "--policy", args.policy, "--format", "json"]
    if args.check:
        cmd = [sys.executable, "-m", "pnp", "check", "voyage"]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=src, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "PYTHONPATH": str(src)})
    out, err = proc.communicate()
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{err.decode()}")
    with contextlib.suppress(ChildProcessError):
        while True:  # the workers pnp left to end after it
            os.waitpid(-1, 0)
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, children.ru_utime + children.ru_stime, {} if args.check else json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--policy", default="baseline")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--pnp-src", type=Path, default=ROOT)
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    adopt_orphans()
    walls, cpus, before = [], [], 0.0
    for _ in range(args.runs):
        wall, cpu_total, report = once(args)
        walls.append(wall)
        cpus.append(cpu_total - before)
        before = cpu_total
    wall = statistics.median(walls)
    runs = ", ".join(f"{w:.1f}" for w in walls)
    if args.check:
        print(f"pnp check voyage ({args.pnp_src})\n  wall {wall:.1f} s (runs: {runs}), processor "
              f"{statistics.median(cpus):.1f} s (user + system, the process and its workers)")
        return
    win = report["groups"][0]["win"]
    print(f"pnp simulate voyage --players {args.players} --games {args.games} --jobs {args.jobs} "
          f"--policy {args.policy} ({args.pnp_src})")
    print(f"  wall {wall:.1f} s (runs: {runs}), processor {statistics.median(cpus):.1f} s"
          f" (user + system, the process and its workers)")
    print(f"  {args.games / wall:,.0f} games/s; {1000 * statistics.median(cpus) / args.games:.2f} ms of processor "
          f"time a game; win rate {100 * win['rate']:.1f} %")
    print(f"  machine: {os.cpu_count()} cores, load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}, "
          f"Python {platform.python_version()}, {platform.machine()}")


if __name__ == "__main__":
    main()
