"""Welcome to the Moon, adventure 1: the baseline at every seat, win rate by seat, how games end and each
mission's first/later count. `python benchmarks/moon_seats.py --games 200 --players 2-6`.

Each game is `pnp simulate moon`'s deal for its number (seed 1). A shared win counts for every seat in it. The
intervals are Wilson 95 % (pnp.play.stats.wilson). Until pnp's per-seat report lands, this is the seat
table; it is one policy against itself, so it measures the seat, not a strategy.
"""

from __future__ import annotations

import argparse
import random
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    from pnp.model.game import load_game
    from pnp.play.run import Plan, _load, game_seed, session
    from pnp.play.stats import wilson
    from pnp.play.table import Table
    from pnp.rules.check import load_rules

    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="2-6")
    a = ap.parse_args()
    lo, _, hi = a.players.partition("-")
    game = load_game(ROOT, "moon")
    spec, _ = load_rules(game)
    s = session(Plan(game, spec.setup, 1, "baseline"))
    module = _load(game)
    for players in range(int(lo), int(hi or lo) + 1):
        wins, ends, turns, missions, shared = Counter(), Counter(), [], Counter(), 0
        firsts: Counter = Counter()  # (mission card, met first or not) -> [seat-games, of them won]
        won_by: Counter = Counter()
        for i in range(a.games):
            seed = game_seed(1, i)
            rng = random.Random(seed)
            dealt = {"players": players, "seed": seed, **s.dealer.deal(players, s.options, rng)}
            rest = {deck: [p.id for p in pile] for deck, pile in s.dealer.piles.items()}
            table = Table(s.cards, s.data, dealt, rest, rng)
            state = module.start(table)
            prng = random.Random(seed ^ 0x5EED)
            while not state.over():
                state.apply(state.baseline(state.moves(), prng))
            out = state.outcome()
            for w in out.winners:
                wins[w] += 1
            shared += len(out.winners) > 1
            ends[out.reason] += 1
            for letter, mid in state.missions.items():
                card = table.card("mission", mid)
                for seat, sheet in enumerate(state.sheets):
                    key = (mid, sheet.missions.get(letter) == card["first"])
                    firsts[key] += 1
                    won_by[key] += seat in out.winners
            turns.append(out.round)
            missions.update({k: v for k, v in table.record.counts.items() if k.startswith("mission")})
        n = a.games
        turns.sort()
        print(f"{players} players, {n} games: turns median {turns[n // 2]} (range {turns[0]}-{turns[-1]}), "
              f"shared wins {shared}")
        for seat in range(players):
            low, high = wilson(wins[seat], n)
            print(f"  seat {seat}: wins {wins[seat] / n:6.1%}  ({low:.1%} - {high:.1%})  fair share {1 / players:.1%}")
        print("  ends: " + ", ".join(f"{k} {v}" for k, v in ends.most_common()))
        print("  missions (seat-games): " + ", ".join(f"{k} {v}" for k, v in sorted(missions.items())))
        print("  win rate of a seat that met a mission first vs one that did not (correlation, not the mission's "
              "effect):")
        for mid in sorted({m for m, _ in firsts}):
            a, b = (mid, True), (mid, False)
            ra = won_by[a] / firsts[a] if firsts[a] else float("nan")
            rb = won_by[b] / firsts[b] if firsts[b] else float("nan")
            print(f"    {mid:22} first {ra:6.1%} of {firsts[a]:5}   not first {rb:6.1%} of {firsts[b]:5}")


if __name__ == "__main__":
    main()
