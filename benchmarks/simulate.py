#!/usr/bin/env python3
"""Time `pnp simulate` as a designer runs it: the figures in benchmarks/README.md come from here.

usage: python benchmarks/simulate.py [--games 10000] [--players 4] [--jobs 2] [--policy baseline] [--runs 1]
Runs `pnp simulate voyage --players P --games N --jobs J --format json` as a whole process, N games of
Voyage, and prints the wall time, the processor time of the process and its workers (user + system:
steadier on a shared machine), the games per second, and the machine (cores, load average, Python).
The goal (issue 27): 10,000 games of Voyage at 4 players in under 10 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def once(args: argparse.Namespace) -> tuple[float, float, dict]:
    cmd = [sys.executable, "-m", "pnp", "simulate", "voyage", "--players", str(args.players), "--games",
           str(args.games), "--jobs", str(args.jobs), "--policy", args.policy, "--format", "json"]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = proc.communicate()
    wall = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{err.decode()}")
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, children.ru_utime + children.ru_stime, json.loads(out)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--policy", default="baseline")
    parser.add_argument("--runs", type=int, default=1)
    args = parser.parse_args()
    walls, cpus, before = [], [], 0.0
    for _ in range(args.runs):
        wall, cpu_total, report = once(args)
        walls.append(wall)
        cpus.append(cpu_total - before)
        before = cpu_total
    win = report["groups"][0]["win"]
    wall = statistics.median(walls)
    print(f"pnp simulate voyage --players {args.players} --games {args.games} --jobs {args.jobs} "
          f"--policy {args.policy}")
    runs = ", ".join(f"{w:.1f}" for w in walls)
    print(f"  wall {wall:.1f} s (runs: {runs}), processor {statistics.median(cpus):.1f} s"
          f" (user + system, the process and its workers)")
    print(f"  {args.games / wall:,.0f} games/s; {1000 * statistics.median(cpus) / args.games:.2f} ms of processor "
          f"time a game; win rate {100 * win['rate']:.1f} %")
    print(f"  machine: {os.cpu_count()} cores, load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}, "
          f"Python {platform.python_version()}, {platform.machine()}")


if __name__ == "__main__":
    main()
