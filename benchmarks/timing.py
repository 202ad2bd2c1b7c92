#!/usr/bin/env python3
"""Time whole `pnp` processes as a designer runs them: the figures in README.md and docs come from here.

usage: python benchmarks/timing.py [--runs N] [--games voyage,moon] [--bytecode-off]
For each game, `pnp build GAME --out TMP` N times with a warm compiled-template cache (one shared
folder, filled by a first run) and N times cold (an empty cache folder each run), the runs taken in
turn so that machine noise falls on both; then `pnp --help` (start-up). Prints the median and range of
wall time and the median CPU time (user + system, steadier on a shared machine), and the machine: CPU,
cores, load average, Python. Python writes .pyc files as usual (PYTHONDONTWRITEBYTECODE is removed
from the environment, and a first run compiles them); `--bytecode-off` keeps it set, to see its cost.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one process."""
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode() if proc.stderr else ''}")
    return wall, usage.ru_utime + usage.ru_stime


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        cpu = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                   if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"{cpu}, {os.cpu_count()} cores, load average {load}, Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}")


def line(label: str, runs: list[tuple[float, float]]) -> str:
    walls = sorted(w for w, _ in runs)
    cpu = statistics.median(c for _, c in runs)
    return (f"{label:<24} wall median {statistics.median(walls):6.2f} s  (range {walls[0]:.2f}-{walls[-1]:.2f})  "
            f"cpu median {cpu:6.2f} s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--games", default="voyage,moon")
    ap.add_argument("--bytecode-off", action="store_true", help="keep PYTHONDONTWRITEBYTECODE=1")
    args = ap.parse_args()
    pnp = shutil.which("pnp", path=str(Path(sys.executable).parent)) or "pnp"
    tmp = Path(tempfile.mkdtemp())
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    if args.bytecode_off:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    warm_env = {**env, "PNP_CACHE_DIR": str(tmp / "warm-cache")}
    print(machine())
    print(f"{args.runs} runs each; bytecode {'off' if args.bytecode_off else 'on'}")
    try:
        for game in args.games.split(","):
            cmd = [pnp, "build", game, "--out", str(tmp / game)]
            run(cmd, warm_env)  # fills the warm cache, the .pyc files and the disk cache
            warm, cold = [], []
            for n in range(args.runs):
                warm.append(run(cmd, warm_env))
                cold.append(run(cmd, {**env, "PNP_CACHE_DIR": str(tmp / f"cold-{n}")}))
            print(line(f"pnp build {game} (warm)", warm))
            print(line(f"pnp build {game} (cold)", cold))
        helps = [run([pnp, "--help"], env) for _ in range(args.runs * 3)]
        print(line("pnp --help", helps))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
