#!/usr/bin/env python3
"""Time `pnp serve voyage` in a real browser: the first page, and a save's way to the page.

usage: python benchmarks/serve.py [--saves N] [--pnp-src DIR] [--no-balance] [--estimates N]
Copies Voyage to a scratch project and starts Debian's Chromium (not timed). Then starts
`pnp serve voyage --port 0` as a real process and times (1) from the start of the process to the
page showing every face image in view, loaded; (2) N times, from a save of events.yaml with one
card's text changed to the new image of that card loaded in place on the page (the page is not
reloaded); each save also starts the Balance panel's games again (the card's fields changed), unless
--no-balance; (3) --estimates times, from such a save to the Balance panel showing that save's first
estimate (the first batch of games at every player count). Prints the medians. Needs the test extra
(Playwright) and /usr/bin/chromium.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))
sys.path.insert(0, str(HERE))

from watch import cpu_seconds, start  # noqa: E402

from browser import chromium  # noqa: E402

IN_VIEW = """() => [...document.querySelectorAll('figure.face img')].filter(i => !i.hidden &&
  i.getBoundingClientRect().top < innerHeight).every(i => i.complete && i.naturalWidth > 0)
  && document.querySelectorAll('figure.face').length > 0"""
CHANGED = """old => { const i = document.querySelector('figure[data-card="event/meteor-shower"] img.front');
  return i.dataset.key !== old && i.complete && i.naturalWidth > 0; }"""
KEY = """() => document.querySelector('figure[data-card="event/meteor-shower"] img.front').dataset.key"""
RUN = """() => Number(document.querySelector('#balance').dataset.run || 0)"""
ESTIMATE = """([run, first]) => { const rows = [...document.querySelectorAll('#balance-rows tbody tr')];
  return Number(document.querySelector('#balance').dataset.run) > run && rows.length > 0
    && rows.every(r => Number(r.cells[2].textContent) >= first); }"""


def main() -> None:
    def more(ap) -> None:
        ap.add_argument("--no-balance", action="store_true", help="serve without the Balance panel")
        ap.add_argument("--estimates", type=int, default=7, help="saves timed to the Balance panel's first estimate")

    args, root, env = start(__doc__.splitlines()[0], more)
    from pnp.commands.serve.balance_panel import FIRST
    deck = root / "cards/voyage/events.yaml"
    subprocess.run([sys.executable, "-m", "pnp", "check", "voyage"], cwd=root, env=env, capture_output=True)  # warm
    with chromium() as (_, page):
        started = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "voyage", "--port", "0",
                                 *(["--no-balance"] if args.no_balance else [])], cwd=root, env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            url = ""
            while not url:
                line = proc.stdout.readline()  # type: ignore[union-attr]
                if not line:
                    sys.exit("pnp serve stopped")
                if line.startswith("serving "):
                    url = line.split(" at ")[1].split()[0]
            listening = time.perf_counter() - started
            page.goto(url)
            page.wait_for_selector("figure.face", timeout=30_000)
            shown = time.perf_counter() - started
            page.wait_for_function(IN_VIEW, polling=5, timeout=30_000)
            first = time.perf_counter() - started
            first_cpu = cpu_seconds(proc.pid)
            page.locator('figure[data-card="event/meteor-shower"]').scroll_into_view_if_needed()
            page.wait_for_function(IN_VIEW, polling=5, timeout=30_000)
            original = deck.read_text()
            times = []
            cpu = cpu_seconds(proc.pid)
            for i in range(args.saves):
                old = page.evaluate(KEY)
                t = time.perf_counter()
                deck.write_text(original.replace("Make a wish.", f"Make a wish, number {i}."))
                page.wait_for_function(CHANGED, arg=old, polling=2, timeout=30_000)
                times.append((time.perf_counter() - t) * 1000)
                time.sleep(0.3)
            cpu = (cpu_seconds(proc.pid) - cpu) / args.saves
            ms = sorted(times)
            estimates = []
            for i in range(0 if args.no_balance else args.estimates):
                time.sleep(1.0)  # the last save's images drawn; its games under way (this save cancels them)
                run = page.evaluate(RUN)
                t = time.perf_counter()
                deck.write_text(original.replace("Make a wish.", f"Make a wish, estimate {i}."))
                page.wait_for_function(ESTIMATE, arg=[run, FIRST], polling=10, timeout=60_000)
                estimates.append(time.perf_counter() - t)
            load = os.getloadavg()[0]
            print(f"first page (process start -> every face in view loaded): {first:.2f} s (listening after "
                  f"{listening:.2f} s, faces laid out on the page after {shown:.2f} s; pnp's CPU {first_cpu:.2f} s)")
            print(f"save -> new image on the page, {len(ms)} saves: median {statistics.median(ms):.0f} ms, "
                  f"min {ms[0]:.0f} ms, max {ms[-1]:.0f} ms (pnp's CPU {cpu * 1000:.0f} ms a save); "
                  f"load average {load:.1f} on {os.cpu_count()} cores; Balance panel "
                  f"{'off' if args.no_balance else 'on'}")
            if estimates:
                e = sorted(estimates)
                print(f"save -> the Balance panel's first estimate ({FIRST} games at each player count), {len(e)} "
                      f"saves: median {statistics.median(e):.2f} s, min {e[0]:.2f} s, max {e[-1]:.2f} s")
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
