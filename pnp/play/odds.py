"""Play: exact odds of skill tests, computed, not sampled. A card whose `table` lists rows of successes
(`{min, max, success}`, as Ark Ship's crises do) is rolled with a pool of d6, each a success on 4, 5
or 6 (the rulebook's skill test: p = 1/2); the chance of k successes with n dice is C(n, k) / 2^n.
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import Any

from pnp.model.game import Game

POOLS = range(1, 13)  # a crew's dice pool: 1 to 12 (the box's 12 d6)
SUCCEEDS_ON = 4  # a d6 showing this or more is a success
TYPICAL_POOL = 4  # a crew of two, each with 1 die and 1 rank in a skill the test names


def chance(n: int, k: int) -> Fraction:
    """The chance of exactly k successes with n dice."""
    p = Fraction(7 - SUCCEEDS_ON, 6)
    return comb(n, k) * p ** k * (1 - p) ** (n - k) if 0 <= k <= n else Fraction(0)


def row_chance(row: dict[str, Any], n: int) -> Fraction:
    low, high = row.get("min", 0), row.get("max")
    return sum((chance(n, k) for k in range(low, n + 1 if high is None else min(high, n) + 1)), Fraction(0))


def success_tables(game: Game) -> list[tuple[str, str, str, list[dict[str, Any]]]]:
    """(deck, card id, name, rows) of every card with a success table."""
    out = []
    for deck in game.decks:
        for card in deck.cards:
            rows = card.data.get("table")
            if isinstance(rows, list) and rows and all(isinstance(r, dict) and "success" in r for r in rows):
                out.append((deck.id, card.id, str(card.data.get("name") or card.id), rows))
    return out


def odds(game: Game) -> dict[str, Any]:
    """Every success table's rows with their chance at each pool, and which tests a typical crew of two
    fails more than half the time, and which it cannot fail."""
    tests: list[dict[str, Any]] = []
    fails: dict[str, Fraction] = {}
    for deck, card, name, rows in success_tables(game):
        shown = []
        for row in rows:
            high = "+" if row.get("max") is None else f"-{row['max']}" if row["max"] != row.get("min", 0) else ""
            shown.append({"successes": f"{row.get('min', 0)}{high}", "success": bool(row["success"]),
                          "chance": [round(float(row_chance(row, n)), 4) for n in POOLS]})
        fail = sum((row_chance(r, TYPICAL_POOL) for r in rows if not r["success"]), Fraction(0))
        fails[f"{deck}/{card}"] = fail
        tests.append({"card": f"{deck}/{card}", "name": name, "rows": shown,
                      "fails": str(fail), "fails_typical": round(float(fail), 4)})
    return {"game": game.id, "name": game.manifest.name, "succeeds_on": SUCCEEDS_ON, "pools": list(POOLS),
            "typical_pool": TYPICAL_POOL, "tests": tests,
            "mostly_failed": [card for card, fail in fails.items() if fail > Fraction(1, 2)],
            "cannot_fail": [card for card, fail in fails.items() if fail == 0]}


def as_text(report: dict[str, Any]) -> str:
    out = [f"{report['name']}: exact odds of each skill test (each d6 succeeds on {report['succeeds_on']}+)", "",
           "dice in the pool:" + "".join(f"{n:>7}" for n in report["pools"])]
    for t in report["tests"]:
        out.append(f"{t['name']} ({t['card']})")
        for row in t["rows"]:
            label = f"  {row['successes']:<4} {'success' if row['success'] else 'failure'}"
            out.append(f"{label:<17}" + "".join(f"{100 * c:>6.1f}%" for c in row["chance"]))
    n = report["typical_pool"]
    out += ["", f"a crew of two with typical skills ({n} dice) fails more than half the time:",
            "  " + (", ".join(report["mostly_failed"]) or "none"),
            f"and cannot fail (no failure row within reach of {n} dice):",
            "  " + (", ".join(report["cannot_fail"]) or "none")]
    return "\n".join(out)
