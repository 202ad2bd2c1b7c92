"""Play: two sides of a comparison on the same deals (common random numbers): each game of one side against the
same game (same seed, same index: the same deal and dice) of the other, and the difference of their win rates
with its 95 % interval, the paired one.

A paired comparison is told by its four counts: the games both sides won, each side alone, neither. The difference
is what the two sides alone say, `(only side - only base) / games`; the games both won or both lost say nothing of
it and do not widen its interval, which is why the same deals tell a difference with far fewer games than two
separate runs would. The interval is Newcombe's hybrid score interval for paired proportions (his method 10:
"Improved confidence intervals for the difference between binomial proportions based on paired data", Statistics
in Medicine 17, 1998), built from each side's Wilson interval and the correlation of the pairs.
"""

from __future__ import annotations

import math
from typing import Any

from pnp.play.stats import Z, wilson


def paired(pairs: list[tuple[bool, bool]], z: float = Z) -> dict[str, Any]:
    """(side won, base won) for each game: the difference of the win rates, side less base, with its interval, the
    four counts, and how many games would tell a difference of that size from none (None: no difference seen); at
    `z`, another level than 95 % (`--ablate`'s sequential looks)."""
    n = len(pairs)
    both = sum(1 for s, b in pairs if s and b)
    only_side = sum(1 for s, b in pairs if s and not b)
    only_base = sum(1 for s, b in pairs if b and not s)
    neither = n - both - only_side - only_base
    low, high = newcombe(both, only_side, only_base, neither, z)
    diff = (only_side - only_base) / n if n else 0.0
    needed = games_needed((both / n, only_side / n, only_base / n, neither / n)) if diff else None
    return {"games": n, "both": both, "only_side": only_side, "only_base": only_base, "neither": neither,
            "difference": round(diff, 4), "low": round(low, 4), "high": round(high, 4),
            "decided": low > 0 or high < 0, "needed": needed}


def games_needed(shares: tuple[float, float, float, float], most: int = 10_000_000) -> int | None:
    """The fewest games whose interval, the four counts in these shares, leaves out 0 (None: more than `most`)."""

    def decided(n: int) -> bool:
        low, high = newcombe(*(share * n for share in shares))
        return low > 0 or high < 0

    high = 2
    while not decided(high):
        if high > most:
            return None
        high *= 2
    low = high // 2
    while high - low > 1:  # decided at `high`, not at `low` (or `low` is 1)
        mid = (low + high) // 2
        low, high = (low, mid) if decided(mid) else (mid, high)
    return high


def newcombe(a: float, b: float, c: float, d: float, z: float = Z, *, pairs: bool = True) -> tuple[float, float]:
    """The 95 % interval (at `z`: another level) of p1 - p2 for paired proportions: a pairs both won, b only the
    first, c only the second, d neither (p1 = (a + b) / n, p2 = (a + c) / n). `pairs` False: the same two rates
    taken as two separate runs of n games each (Newcombe's method 10 for independent proportions: no correlation),
    the interval a comparison without the same deals would have."""
    n = a + b + c + d
    if n == 0:
        return -1.0, 1.0
    p1, p2 = (a + b) / n, (a + c) / n
    l1, u1 = wilson(a + b, n, z)
    l2, u2 = wilson(a + c, n, z)
    spread = (a + b) * (c + d) * (a + c) * (b + d)
    phi = (a * d - b * c) / math.sqrt(spread) if spread and pairs else 0.0
    diff = p1 - p2
    down = (p1 - l1) ** 2 - 2 * phi * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2
    up = (u1 - p1) ** 2 - 2 * phi * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2
    return max(-1.0, diff - math.sqrt(max(0.0, down))), min(1.0, diff + math.sqrt(max(0.0, up)))


def comparisons(sides: list[tuple[str, dict[tuple[int, int], bool]]], counts: list[int],
                kind: str) -> list[dict[str, Any]]:
    """Each side after the first against the first, per player count: `sides` are (label, {(players, index):
    won}); `kind` says what differs ("policy", "value of --vary")."""
    (base, base_won), out = sides[0], []
    for label, won in sides[1:]:
        for n in counts:
            keys = sorted(k for k in won if k[0] == n and k in base_won)
            row = paired([(won[k], base_won[k]) for k in keys])
            apart = newcombe(row["both"], row["only_side"], row["only_base"], row["neither"], pairs=False)
            out.append({"kind": kind, "side": label, "base": base, "players": n, **row,
                        "unpaired": [round(apart[0], 4), round(apart[1], 4)]})  # the same rates, as two runs
    return out


def seat_comparisons(base: tuple[str, dict[tuple[int, int], tuple | None]],
                     side: tuple[str, dict[tuple[int, int], tuple | None]], counts: list[int],
                     kind: str) -> list[dict[str, Any]]:
    """Per seat, at each player count above 1: the games that seat won (alone, or sharing the win) on one side
    against the same games on the other. `base` and `side` are (label, {(players, index): the winning seats, seat 0
    first, or None for a game without seats}); the row's `seat` counts from 1."""
    (base_label, base_won), (label, won) = base, side
    out = []
    for n in counts:
        keys = sorted(k for k in won if k[0] == n and won[k] is not None and base_won.get(k) is not None)
        if n < 2 or not keys:
            continue
        for seat in range(n):
            out.append({"kind": kind, "side": label, "base": base_label, "players": n, "seat": seat + 1,
                        **paired([(seat in (won[k] or ()), seat in (base_won[k] or ())) for k in keys])})
    return out


def as_text(rows: list[dict[str, Any]]) -> list[str]:
    """The comparisons in words: `4 players, random against baseline: -62.0 points (-65.3 to -58.6), decided`."""
    if not rows:
        return []
    out = ["", "paired on the same deals (each side's game against the same deal and dice of the other; the "
           "difference, side less base, with its 95 % interval, and the interval the same rates would have from two "
           "separate runs, unpaired)"]
    for r in rows:
        head = f"{r['players']} player{'s' if r['players'] != 1 else ''}, {r['side']} against {r['base']}"
        apart = (f", unpaired {100 * r['unpaired'][0]:+.1f} to {100 * r['unpaired'][1]:+.1f}"
                 if "unpaired" in r else "")
        said = (f"  {head}: {100 * r['difference']:+.1f} points ({100 * r['low']:+.1f} to {100 * r['high']:+.1f}"
                f"{apart}); "
                f"{r['games']} same deals, {r['only_side']} won only by {r['side']}, {r['only_base']} only by "
                f"{r['base']}")
        if r["decided"]:
            said += f": decided (about {r['needed']:,} games would have told it)"
        elif r["needed"]:
            said += f": not decided (a difference this size needs about {r['needed']:,} games)"
        else:
            said += ": no difference in these games"
        out.append(said)
    return out
