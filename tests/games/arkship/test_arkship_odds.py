"""`pnp simulate arkship`: each crisis's success table, with the exact chance of each row for 1 to 12 dice
(each d6 a success on 4+), held against a hand computation."""

from __future__ import annotations

import json
import shutil
from fractions import Fraction
from math import comb
from pathlib import Path

from conftest import REPO, run_pnp


def odds(root: Path = REPO) -> dict:
    result = run_pnp("--root", str(root), "simulate", "arkship", "--format", "json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_food_shortage_matches_a_hand_computation():
    tests = {t["card"]: t for t in odds()["tests"]}
    food = tests["crisis/food-shortage"]  # rows: 0 failure, 1 failure, 2+ success
    assert [r["successes"] for r in food["rows"]] == ["0", "1", "2+"]
    # 4 dice, p = 1/2: P(0) = 1/16, P(1) = 4/16, P(2 or more) = 11/16
    assert [r["chance"][3] for r in food["rows"]] == [0.0625, 0.25, 0.6875]
    assert food["fails"] == "5/16"
    # 1 die can never make 2 successes; 12 dice fail only with 0 or 1 success: 13/4096
    assert food["rows"][2]["chance"][0] == 0.0
    assert food["rows"][2]["chance"][11] == round(1 - 13 / 4096, 4)


def test_every_table_sums_to_one_at_every_pool_and_the_verdicts_follow_from_the_rows():
    report = odds()
    assert len(report["tests"]) == 38  # 30 crises and 8 planet crises
    for t in report["tests"]:
        for n in range(12):
            assert abs(sum(r["chance"][n] for r in t["rows"]) - 1) < 1e-3, t["card"]
        fails = sum(Fraction(comb(4, k), 16) for r in t["rows"] if not r["success"]
                    for k in range(int(r["successes"].rstrip("+").split("-")[0]),
                                   5 if r["successes"].endswith("+") else int(r["successes"].split("-")[-1]) + 1)
                    if k <= 4)
        assert Fraction(t["fails"]) == fails
        assert (t["card"] in report["mostly_failed"]) == (fails > Fraction(1, 2))


def test_a_crisis_with_no_failure_row_cannot_fail(tmp_path):
    root = tmp_path / "ark"
    for folder in ("cards/arkship", "templates/arkship", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    crises = root / "cards" / "arkship" / "crises.yaml"
    text = crises.read_text()
    old = ('      - {min: 0, max: 0, success: false, effect: "Every crew aboard gains 1 stress token."}\n'
           '      - {min: 1, success: true, effect: "Discard this crisis."}')
    assert old in text
    crises.write_text(text.replace(old, '      - {min: 0, success: true, effect: "Discard this crisis."}', 1))
    report = odds(root)
    assert report["cannot_fail"] == ["crisis/algae-bloom"]
    assert odds()["cannot_fail"] == []
    shown = run_pnp("--root", str(root), "simulate", "arkship").out
    assert "fails more than half the time:\n  crisis/hull-breach" in shown and "cannot fail" in shown
