#!/usr/bin/env python3
"""Time pnp's own test suite as the README runs it: the "tests" figures in benchmarks/README.md come from here.

usage: python benchmarks/tests.py [--quick] [--repo CHECKOUT] [-- PYTEST ARGS...]
Runs `.venv/bin/python -m pytest` (the pyproject's `-n auto --dist loadgroup`), or the quick run
`-m 'not slow'` with `--quick`, from the repository, and prints its wall time, its processor time (user +
system of pytest and of every process under it, the xdist workers and what they started: this script is their
subreaper, so a worker that pnp leaves to be reaped by whoever is above it, e.g. an idle simulation worker at the
end of a run, is counted too), R (the
machine's speed: the best of 5 loops of `sum(i*i for i in range(1000000))`, taken before and after) and the
load average before and after; the machine is shared, so compare the processor times and say the load.
Extra arguments after `--` go to pytest (e.g. `-- --durations=60 -p no:randomly`).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import resource
import subprocess
import sys
import time
import timeit
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PR_SET_CHILD_SUBREAPER = 36  # linux/prctl.h


def r_ms() -> float:
    """R: the best of 5 runs of the reference loop, in ms (python3 -m timeit -n 5 "sum(i*i for ...)")."""
    return min(timeit.repeat("sum(i*i for i in range(1000000))", number=5, repeat=5)) / 5 * 1000


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="the quick run: -m 'not slow'")
    parser.add_argument("--repo", type=Path, default=ROOT, help="the checkout to test (its .venv): another commit's")
    parser.add_argument("pytest_args", nargs="*", help="more arguments for pytest, after --")
    args = parser.parse_args()
    python = args.repo / ".venv" / "bin" / "python"
    cmd = [str(python if python.exists() else sys.executable), "-m", "pytest",
           *(["-m", "not slow"] if args.quick else []), *args.pytest_args]
    before_r, before_load = r_ms(), load()
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=args.repo)
    _, status = os.waitpid(proc.pid, 0)
    wall = time.perf_counter() - start
    while True:  # the orphans handed to this process: reaped, so that their time is counted
        try:
            os.wait()
        except ChildProcessError:
            break
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    after_load, after_r = load(), r_ms()
    code = os.waitstatus_to_exitcode(status)
    print(f"\n{' '.join(cmd[1:])}: exit {code}, wall {wall:.1f} s, processor {usage.ru_utime + usage.ru_stime:.1f} s "
          f"(user {usage.ru_utime:.1f}, system {usage.ru_stime:.1f}); R {before_r:.1f} ms before, {after_r:.1f} after; "
          f"load average {before_load} before, {after_load} after; {os.cpu_count()} cores")
    sys.exit(code)


if __name__ == "__main__":
    main()
