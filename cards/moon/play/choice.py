"""The baseline player of adventure 1, a plain heuristic that never looks ahead or at the other sheets.

- Writing: each legal (pair, floor, space, number) is scored by how far the space is from where the number
  belongs on its floor if the floor's spaces spread the numbers evenly (number range 0-17 over the floor's
  spaces), plus the room it keeps: it prefers leaving as many numbers as spaces on both sides. A write that
  fills a quarter gains a bonus (its rockets, a lit idle rocket, builds). The Wild floor costs a little more,
  so it is kept for numbers no other floor takes. The lowest cost wins, after a random nudge of up to
  `NUDGE` (the game's own dice): the players see the same pairs, so without it every baseline sheet would be
  the same and every game a shared win.
- Build (an X): the empty space in the quarter nearest completion, best paying first.
- Ignite: the idle rocket worth most whose quarter has the fewest empty spaces.
"""

from __future__ import annotations

import random
from typing import Any

from pnp.play import Move

WILD_COST = 1.5  # the baseline's own weight: keep the Wild floor for what fits nowhere else
QUARTER_BONUS = 2.0  # the baseline's own weight: per rocket a filled quarter pays, and for each build
NUDGE = 1.0  # the baseline's own: near-equal choices go either way


def _worth(q: Any) -> float:
    e = q.effects
    return float(e.get("rockets", 0) + (e.get("idle", 0) if q.lit else 0) + e.get("build", 0) + e.get("ignite", 0))


def _write_cost(game: Any, move: Move) -> float:
    k, z, s, n = move.arg
    sheet = game.sheets[game.now]
    floor = sheet.floors[z]
    span = game.hi - game.lo
    ideal = (n - game.lo) / span * (len(floor) - 1) if len(floor) > 1 else 0
    cost = abs(s - ideal)
    left = [v for v in floor[:s] if isinstance(v, int)]
    right = [v for v in floor[s + 1:] if isinstance(v, int)]
    below = n - (max(left) + 1 if left else game.lo)  # the numbers still writable left of it
    above = (min(right) - 1 if right else game.hi) - n
    free_left = sum(1 for v in floor[:s] if v is None)
    free_right = sum(1 for v in floor[s + 1:] if v is None)
    cost += 2.0 * (max(0, free_left - below) + max(0, free_right - above))  # spaces it makes unfillable
    if game.zone_actions[z] == game.wild:
        cost += WILD_COST
    q = sheet.of_space.get((z, s))
    if q is not None and not q.done and sum(1 for i in q.spaces if floor[i] is None) == 1:
        cost -= QUARTER_BONUS * (1 + _worth(q))
    return cost


def _build_cost(game: Any, move: Move) -> float:
    sheet = game.sheets[game.now]
    q = sheet.of_space.get(move.arg)
    if q is None or q.done:
        return 100.0
    empty = sum(1 for i in q.spaces if sheet.floors[q.zone][i] is None)
    return empty * 10 - _worth(q)


def _ignite_cost(game: Any, move: Move) -> float:
    q = game.sheets[game.now].quarters[move.arg]
    empty = sum(1 for i in q.spaces if game.sheets[game.now].floors[q.zone][i] is None)
    return empty - 2.0 * q.effects.get("idle", 0)


COSTS = {"write": _write_cost, "build": _build_cost, "mark": _build_cost, "ignite": _ignite_cost}


def choose(game: Any, moves: list[Move], rng: random.Random) -> Move:
    best, best_cost = moves[0], float("inf")
    for m in moves:
        cost = (COSTS[m.name](game, m) if m.name in COSTS else 0.0) + NUDGE * rng.random()
        if cost < best_cost:
            best, best_cost = m, cost
    return best
