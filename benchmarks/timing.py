#!/usr/bin/env python3
"""Time whole `pnp` processes as a designer runs them: the figures in benchmarks/README.md come from here.

usage: python benchmarks/timing.py [--runs N] [--games voyage,moon] [--bytecode-off] [--no-watch]
For each game, `pnp build GAME --out TMP` N times with a warm compiled-template cache (one shared
folder, filled by a first run) and N times cold (an empty cache folder each run), the runs taken in
turn so that machine noise falls on both; then `pnp --help` (start-up), and how long after a
one-card edit of Voyage `pnp watch` has rebuilt (in a copy of the game; its 250 ms debounce
included). Prints the median and range of wall time, the median CPU time (user + system, steadier
on a shared machine), and the machine: CPU, cores, load average, Python. Python writes .pyc files as
usual (PYTHONDONTWRITEBYTECODE is removed from the environment, and a first run compiles them);
`--bytecode-off` keeps it set, to see its cost.
"""

from __future__ import annotations

import argparse
import contextlib
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
    with contextlib.suppress(OSError, StopIteration):
        cpu = next(line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                   if line.startswith("model name"))
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    return (f"{cpu}, {os.cpu_count()} cores, load average {load}, Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}")


def line(label: str, runs: list[tuple[float, float]]) -> str:
    walls = sorted(w for w, _ in runs)
    cpu = statistics.median(c for _, c in runs)
    return (f"{label:<24} wall median {statistics.median(walls):6.2f} s  (range {walls[0]:.2f}-{walls[-1]:.2f})  "
            f"cpu median {cpu:6.2f} s")


def watch_latency(pnp: str, env: dict[str, str], tmp: Path, runs: int) -> list[tuple[float, float]]:
    """Seconds from saving a one-card edit of Voyage to `pnp watch` saying it has rebuilt (CPU: not measured)."""
    import selectors

    project = tmp / "watched"
    for folder in ("cards/voyage", "templates/voyage", "fonts"):
        shutil.copytree(ROOT / folder, project / folder)
    deck = project / "cards/voyage/abilities.yaml"
    text = deck.read_text()
    proc = subprocess.Popen([pnp, "watch", "voyage"], cwd=project, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, bufsize=1)
    assert proc.stdout is not None
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ)

    def until_built(limit: float = 60.0) -> None:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            if sel.select(timeout=max(0.0, end - time.monotonic())):
                line = proc.stdout.readline()  # type: ignore[union-attr]
                if " built " in line or "problem" in line:
                    return
        raise SystemExit("pnp watch did not rebuild within a minute")

    out = []
    try:
        until_built()
        for n in range(runs):
            time.sleep(0.5)
            start = time.perf_counter()
            deck.write_text(text.replace('"Duct Tape"', f'"Duct Tape {n}"', 1))
            until_built()
            out.append((time.perf_counter() - start, 0.0))
    finally:
        proc.terminate()
        proc.wait()
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--games", default="voyage,moon")
    ap.add_argument("--bytecode-off", action="store_true", help="keep PYTHONDONTWRITEBYTECODE=1")
    ap.add_argument("--no-watch", action="store_true", help="leave out the `pnp watch` latency")
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
        if not args.no_watch:
            latency = sorted(w for w, _ in watch_latency(pnp, warm_env, tmp, args.runs))
            print(f"{'pnp watch voyage, edit':<24} on disk after median {statistics.median(latency):6.2f} s  "
                  f"(range {latency[0]:.2f}-{latency[-1]:.2f})")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
