"""Play: the statistics of a report's figures, in one place: the Wilson interval of a rate, the games a margin
needs, a list's quartiles, a rate as a percentage."""

from __future__ import annotations

import math

Z = 1.959963984540054  # the 97.5th percentile of the normal distribution: a 95 % interval


def wilson(wins: float, n: float, z: float = Z) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion wins/n (at `z`: another level)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def games_for(margin: float = 0.02) -> int:
    """Games enough for a 95 % interval of +-margin at the worst case (a rate of 50 %)."""
    return math.ceil(Z * Z * 0.25 / (margin * margin))


def quartiles(values: list[int] | list[float]) -> list[float]:
    """The 25th, 50th and 75th percentiles of a list (linear between its values), to one decimal."""
    values = sorted(values)
    if not values:
        return [0.0, 0.0, 0.0]

    def at(q: float) -> float:
        k = (len(values) - 1) * q
        lo, hi = math.floor(k), math.ceil(k)
        return round(values[lo] + (values[hi] - values[lo]) * (k - lo), 1)

    return [at(0.25), at(0.5), at(0.75)]


def percent(x: float) -> str:
    return f"{100 * x:.1f} %"
