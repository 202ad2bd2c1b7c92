"""Comparisons on the same deals (pnp/play/paired.py): each side of `--policy A,B` or of a `--vary` sweep against
the first on the same deals and dice, the paired difference with Newcombe's interval, and how many games it needed."""

from __future__ import annotations

import json
import math

import pytest

from pnp.play.paired import games_needed, newcombe, paired
from pnp.play.stats import Z, wilson

from conftest import run_pnp


def test_the_interval_is_the_normal_one_for_many_games_and_turns_with_the_sides():
    a, b, c, d = 6000, 900, 600, 2500  # 10,000 pairs
    n = a + b + c + d
    diff = (b - c) / n
    half = Z * math.sqrt(((b + c) / n - diff * diff) / n)  # the large-sample (Wald) interval of a paired difference
    low, high = newcombe(a, b, c, d)
    assert low < diff < high
    assert low == pytest.approx(diff - half, abs=0.002) and high == pytest.approx(diff + half, abs=0.002)
    swapped = newcombe(a, c, b, d)
    assert swapped == pytest.approx((-high, -low), abs=1e-9)


def test_games_both_sides_won_or_lost_do_not_widen_it():
    """The same 40 discordant games among 100 or among 1,000 concordant ones: the paired interval stays narrow,
    far narrower than two separate intervals would make the difference."""
    low, high = newcombe(500, 30, 10, 460)
    n, w1, w2 = 1000, 530, 510
    l1, u1 = wilson(w1, n)
    l2, u2 = wilson(w2, n)
    unpaired = math.hypot(u1 - l1, u2 - l2)  # the width two separate runs would give the difference
    assert high - low < unpaired / 2, (high - low, unpaired)
    assert low > 0  # 30 against 10 on the same deals: decided, though the two rates' intervals overlap
    assert l1 < u2
    # the report's unpaired interval: the same two rates as two separate runs (Newcombe's method 10, independent)
    p1, p2 = w1 / n, w2 / n
    apart = newcombe(500, 30, 10, 460, pairs=False)
    assert apart == pytest.approx((p1 - p2 - math.hypot(p1 - l1, u2 - p2), p1 - p2 + math.hypot(u1 - p1, p2 - l2)))
    assert apart[0] < 0 < apart[1] and apart[1] - apart[0] > 2 * (high - low)


def test_the_games_needed_are_the_fewest_that_decide_it():
    shares = (0.6, 0.09, 0.06, 0.25)
    k = games_needed(shares)
    assert k is not None
    low, high = newcombe(*(s * k for s in shares))
    assert low > 0
    low, high = newcombe(*(s * (k - 1) for s in shares))
    assert low <= 0 <= high
    assert games_needed((0.5, 0.0, 0.0, 0.5)) is None  # no difference: no number of games tells it


def test_a_paired_row_counts_each_game_once():
    row = paired([(True, True), (True, False), (False, True), (False, False), (True, False)])
    assert (row["both"], row["only_side"], row["only_base"], row["neither"], row["games"]) == (1, 2, 1, 1, 5)
    assert row["difference"] == 0.2 and not row["decided"] and row["needed"] > 5


def _simulated(root, *args, games: int = 300):
    result = run_pnp("--root", str(root), "simulate", "shop", "--games", str(games), "--players", "2,3", "--format",
                     "json", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_two_policies_are_compared_on_the_same_deals(scaffold):
    report = _simulated(scaffold, "--policy", "baseline,greedy,random", games=150)  # greedy looks ahead: fewer games
    rows = report["paired"]
    assert [(r["side"], r["base"], r["players"]) for r in rows] == [
        ("greedy", "baseline", 2), ("greedy", "baseline", 3), ("random", "baseline", 2), ("random", "baseline", 3)]
    rates = {(g["policy"], g["players"]): g["win"] for g in report["groups"]}
    for r in rows:
        side, base = rates[(r["side"], r["players"])], rates[(r["base"], r["players"])]
        assert r["games"] == 150 == r["both"] + r["only_side"] + r["only_base"] + r["neither"]
        assert r["both"] + r["only_side"] == side["wins"] and r["both"] + r["only_base"] == base["wins"]
        assert r["difference"] == pytest.approx(side["rate"] - base["rate"], abs=1e-4)
        assert r["low"] <= r["difference"] <= r["high"]
    random2 = rows[2]
    assert random2["decided"] and random2["high"] < 0  # random play loses what the baseline wins
    text = run_pnp("--root", str(scaffold), "simulate", "shop", "--games", "300", "--players", "2",
                   "--policy", "baseline,random").out
    assert "paired on the same deals" in text and "2 players, random against baseline: " in text, text[-800:]


def test_each_value_of_a_sweep_is_compared_with_the_first_on_the_same_deals(scaffold):
    report = _simulated(scaffold, "--vary", "card/grand-market.cost=5,4,3")
    rows = report["paired"]
    assert [(r["side"], r["base"], r["players"]) for r in rows] == [
        ("card/grand-market.cost=4", "card/grand-market.cost=5", 2),
        ("card/grand-market.cost=4", "card/grand-market.cost=5", 3),
        ("card/grand-market.cost=3", "card/grand-market.cost=5", 2),
        ("card/grand-market.cost=3", "card/grand-market.cost=5", 3)]
    assert all(r["kind"] == "value of --vary" and r["games"] == 300 for r in rows)
    # the same rates from two separate runs: never narrower (as narrow where a side's games all went one way, which
    # leaves the pairs no correlation to use)
    assert all(r["unpaired"][0] <= r["low"] <= r["high"] <= r["unpaired"][1] for r in rows), rows
