#!/usr/bin/env python3
"""Time `pnp build` of the benchmark deck against the plain-reportlab baseline.

usage: python benchmarks/run.py [--runs N] [--shared DIR] [--games bench,bench1200] [--cold]
Runs the baseline (`rl_deck.py DECK.csv OUT.pdf --ttf=<our Liberation Sans files>`) and
`pnp build bench` / `pnp build bench1200` in turn, N times each, as whole processes, and prints
the median wall time, the ratio (pnp / baseline), and peak memory. Taking the runs in turn lets
machine noise fall on both sides of the ratio. Warm starts by default, as a designer runs pnp (the cache
filled by the run before: parsed files, compiled templates, a deck's PDF); `--cold` empties it for each run.
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
from pathlib import Path

HERE = Path(__file__).resolve().parent


def run(cmd: list[str], cwd: Path, cache: str | None = None) -> tuple[float, float, float]:
    """Wall seconds, processor seconds (user + system) and peak resident MiB of one process; `cache`: its
    PNP_CACHE_DIR (an empty folder: a cold start)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}  # .pyc files as usual
    if cache is not None:
        env["PNP_CACHE_DIR"] = cache
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{proc.stderr.read().decode() if proc.stderr else ''}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--shared", type=Path, default=HERE.parent.parent / "shared" / "bench")
    ap.add_argument("--games", default="bench,bench1200", help="which decks, comma-separated")
    ap.add_argument("--cold", action="store_true", help="each pnp run with an empty cache (no parsed files, no PDFs)")
    args = ap.parse_args()
    pnp = shutil.which("pnp", path=str(Path(sys.executable).parent)) or "pnp"
    fonts = f"{HERE / 'fonts' / 'LiberationSans-Regular.ttf'},{HERE / 'fonts' / 'LiberationSans-Bold.ttf'}"
    out = Path(tempfile.mkdtemp())
    print(f"load average {' '.join(f'{x:.1f}' for x in os.getloadavg())} (on a loaded machine, compare the "
          "processor times)")
    print(f"{'deck':<10} {'baseline s':>10} {'pnp s':>8} {'ratio':>6} {'goal':>5} {'base MiB':>9} {'pnp MiB':>8}"
          f"  {'cpu: baseline':>13} {'pnp':>6} {'ratio':>6}")
    wanted = args.games.split(",")
    paired = []
    for game, csv, goal in (("bench", "deck.csv", 1.0), ("bench1200", "deck_1200.csv", 0.75)):  # the goals
        if game not in wanted:
            continue
        base_cmd = [sys.executable, str(args.shared / "rl_deck.py"), str(args.shared / csv),
                    str(out / f"{game}.pdf"), f"--ttf={fonts}"]
        pnp_cmd = [pnp, "build", game]
        base, ours = [], []
        run(base_cmd, HERE), run(pnp_cmd, HERE)  # warm the disk cache
        for _ in range(args.runs):
            base.append(run(base_cmd, HERE))
            ours.append(run(pnp_cmd, HERE, tempfile.mkdtemp(dir=out) if args.cold else None))
        bt = statistics.median(t for t, _, _ in base)
        pt = statistics.median(t for t, _, _ in ours)
        bc = statistics.median(c for _, c, _ in base)
        pc = statistics.median(c for _, c, _ in ours)
        bm = max(m for _, _, m in base)
        pm = max(m for _, _, m in ours)
        verdict = "ok" if pt / bt <= goal else "SLOW"
        print(f"{game:<10} {bt:>10.3f} {pt:>8.3f} {pt / bt:>6.2f} {goal:>5} {bm:>9.1f} {pm:>8.1f}  {bc:>13.3f}"
              f" {pc:>6.3f}"
              f" {pc / bc:>6.2f}  {verdict} (wall); {'ok' if pc / bc <= goal else 'SLOW'} (cpu)"
              f"  (memory ratio {pm / bm:.2f})")
        ratios = sorted(o[0] / b[0] for b, o in zip(base, ours, strict=True))
        paired.append(f"{game}: median of {len(ratios)} paired wall ratios {statistics.median(ratios):.2f}"
                      f" (range {ratios[0]:.2f}-{ratios[-1]:.2f})")
    print("\n".join(paired))
    shutil.rmtree(out)


if __name__ == "__main__":
    main()
