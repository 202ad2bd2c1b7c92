"""Play: `pnp simulate --ablate`'s section of the report, in words (the JSON report has its rows as they are)."""

from __future__ import annotations

from typing import Any

ORDER = {"helps": 0, "hurts": 1, "undecided": 2, "within": 3}  # the flagged first, then what is not known


def as_text(ablation: dict[str, Any] | None) -> list[str]:
    """Per player count, each card's paired difference with its interval, its verdict and the games it took:
    `event/meteor-shower  blank  -5.5 points (-6.8 to -4.3)  hurts  3,200 games`."""
    if not ablation:
        return []
    t = ablation["threshold"]
    if ablation.get("by") == "score":
        return by_score(ablation)
    out = ["", f"each card's effect, on the same deals (the win rate with the card less with a blank of it, or a "
           f"number moved one step less as written; its {level(ablation['z'])} paired interval; flagged beyond "
           f"+-{t:g} points): {ablation['games']:,} games of a budget of {ablation['budget']:,}, policy "
           f"{ablation['policy']}"]
    width = _spent(ablation, out)
    for n, rows in ordered(ablation):
        out.append(f"  {n} player{'s' if n != 1 else ''}")
        for r in rows:
            said = _verdict(r["verdict"], t)
            out.append(f"    {r['card']:<{width}}  {r['change']:<8} {100 * r['difference']:+6.1f} points "
                       f"({100 * r['low']:+.1f} to {100 * r['high']:+.1f})  {r['games']:>6,} games, "
                       f"{r['only_with']} won only with it, {r['only_without']} only without  {said}")
    return out


def _spent(ablation: dict[str, Any], out: list[str]) -> int:
    """Says in `out` when the budget ran out before every card was decided; the width of the cards' column."""
    if ablation["spent"]:
        out.append("  the budget was spent before every card was decided: the undecided ones would need more "
                   "games (--budget)")
    return max(len(r["card"]) for r in ablation["rows"]) if ablation["rows"] else 0


def _verdict(verdict: str, t: float) -> str:
    return {"helps": f"<< helps (above +{t:g})", "hurts": f"<< hurts (below -{t:g})",
            "within": f"within +-{t:g}", "undecided": "undecided"}[verdict]


def ordered(ablation: dict[str, Any]) -> list[tuple[int, list[dict[str, Any]]]]:
    """The rows by player count, the flagged first, then the undecided, then those within the threshold; within
    each, the largest difference first."""
    counts = sorted({r["players"] for r in ablation["rows"]})
    return [(n, sorted((r for r in ablation["rows"] if r["players"] == n),
                       key=lambda r: (ORDER[r["verdict"]], -r["difference"], r["card"], r["change"])))
            for n in counts]


def level(z: float) -> str:
    from statistics import NormalDist

    return f"{100 * (2 * NormalDist().cdf(z) - 1):.1f} %"


def by_score(ablation: dict[str, Any]) -> list[str]:
    """A game that gives scores: each card's paired difference of the mean score per seat, and each seat's win rate
    (`mission/m1a-crew-deck  blank  +2.1 score (+1.5 to +2.7)  ...  seats: 1 +0.5, 2 -0.5`)."""
    t = ablation["threshold"]
    out = ["", f"each card's effect, on the same deals (the mean score per seat as written less with a blank of the "
           f"card that pays nothing, or a number moved one step less as written; its {level(ablation['z'])} paired "
           f"interval; flagged beyond +-{t:g} points of score; each seat's win rate, the same way, in points): "
           f"{ablation['games']:,} games of a budget of {ablation['budget']:,}, policy {ablation['policy']}"]
    width = _spent(ablation, out)
    for n, rows in ordered(ablation):
        out.append(f"  {n} player{'s' if n != 1 else ''}")
        for r in rows:
            said = _verdict(r["verdict"], t)
            seats = ", ".join(f"{x['seat']} {100 * x['difference']:+.1f} ({100 * x['low']:+.1f} to "
                              f"{100 * x['high']:+.1f})" for x in r["seats"]) if n > 1 else ""
            out.append(f"    {r['card']:<{width}}  {r['change']:<8} {r['difference']:+6.2f} score "
                       f"({r['low']:+.2f} to {r['high']:+.2f})  {r['games']:>6,} games  {said}"
                       + (f"\n      win rate by seat: {seats}" if seats else ""))
    return out
