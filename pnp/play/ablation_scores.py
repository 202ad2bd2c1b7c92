"""Play: `--ablate` for a game that gives scores (`Outcome(..., scores, winners)`): a card without `effect:` that
pays what its deck marks `scores: true` (Moon's missions: `first`, `later`) made a blank that pays 0, and a card's
effect told by score.

A game someone always wins says nothing by its win rate, so a card's effect there is the paired difference of the
mean score per seat (every seat's score, averaged over the seats, of the game as written less that of the same
deal with the blank: the whole table's gain, not the winner's), with its interval at z (the normal one of the
paired differences), and each seat's win rate as written less with the blank, with Newcombe's paired interval.
The threshold is then in points of score, and the verdict is the score's.
"""

from __future__ import annotations

import math
from typing import Any

from pnp.play.variant import Variant


def scoring(deck: Any) -> list[str]:
    """The deck's fields a card pays by (`scores: true`), in the deck's order."""
    return [name for name, spec in deck.spec.fields.items() if getattr(spec, "scores", False)]


def blank_pays(deck: Any, card: Any) -> Variant | None:
    """A card without `effect:` made a blank that pays nothing: each of its scoring fields set to 0 (None: its deck
    marks none, so the card has no play role to take away)."""
    fields = [f for f in scoring(deck) if isinstance(card.data.get(f), int | float)]
    if not fields:
        return None
    first, *rest = (Variant(deck.id, card.id, f, 0) for f in fields)
    return Variant(first.deck, first.card, first.field, 0, more=tuple(rest))


def mean_score(scores: Any) -> float:
    return sum(scores) / len(scores) if scores else 0.0


def score_difference(pairs: list[tuple[float, float]], z: float) -> dict[str, Any]:
    """(side, base) mean score per seat for each game: the mean of side less base, with its interval at z."""
    n = len(pairs)
    d = [s - b for s, b in pairs]
    mean = sum(d) / n if n else 0.0
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    half = z * sd / math.sqrt(n) if n else math.inf
    return {"games": n, "difference": round(mean, 4), "low": round(mean - half, 4) if n else -math.inf,
            "high": round(mean + half, 4) if n else math.inf}


def seat_differences(pairs: list[tuple[Any, Any]], players: int, z: float) -> list[dict[str, Any]]:
    """(side winners, base winners) for each game: each seat's win rate, side less base, with its paired interval."""
    from pnp.play.paired import paired

    out = []
    for k in range(players):
        r = paired([(k in s, k in b) for s, b in pairs], z)
        out.append({"seat": k + 1, "difference": r["difference"], "low": r["low"], "high": r["high"]})
    return out


def verdict(result: dict[str, Any], threshold: float, final: bool = False) -> str:
    """helps, hurts or within (+-threshold points of score) by the score's interval, or "" while undecided."""
    if result["low"] > threshold:
        return "helps"
    if result["high"] < -threshold:
        return "hurts"
    if -threshold < result["low"] and result["high"] < threshold:
        return "within"
    return "undecided" if final else ""
