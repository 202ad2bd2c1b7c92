"""`pnp simulate --ablate` for a game that gives scores (pnp/play/ablation_scores.py): Welcome to the Moon's
missions, which have no `effect:` but pay rockets, measured on the same deals against a blank that pays nothing;
the effect told by score and each seat's win rate; the cards table by score; a card with no play role refused."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.play.ablation_scores import score_difference, seat_differences, verdict

from conftest import edit, run_pnp

LESSONS = 'name: "Hard Lessons", reward: rockets, first: 4, later: 2,'


def _ablated(root: Path, *args: str) -> dict:
    result = run_pnp("--root", str(root), "simulate", "moon", "--option", "adventure=1", "--players", "2",
                     "--games", "10", "--seed", "1", "--format", "json", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)


def _lessons(report: dict) -> dict:
    (row,) = [r for r in report["ablation"]["rows"] if r["card"] == "mission/m1c-hard-lessons"]
    return row


def test_a_blanked_mission_costs_score_and_one_that_pays_double_costs_more(moon: Path):
    args = ("--ablate", "mission/m1c-hard-lessons", "--threshold", "99")  # within at the first look: 10 games each
    report = _ablated(moon, *args)
    assert report["ablation"]["by"] == "score"
    row = _lessons(report)
    assert row["change"] == "blank" and row["field"] == "" and row["games"] == 10, row
    assert row["difference"] > 0 and row["low"] <= row["difference"] <= row["high"], row  # as written scores more
    assert [s["seat"] for s in row["seats"]] == [1, 2] and all(s["low"] <= s["difference"] <= s["high"]
                                                               for s in row["seats"]), row
    edit(moon / "cards/moon/missions.yaml", LESSONS, LESSONS.replace("first: 4, later: 2", "first: 8, later: 4"))
    doubled = _lessons(_ablated(moon, *args))
    assert doubled["difference"] > row["difference"], (doubled, row)


def test_the_text_report_tells_the_mission_by_score_and_the_cards_table_by_score(moon: Path):
    result = run_pnp("--root", str(moon), "simulate", "moon", "--option", "adventure=1", "--players", "2",
                     "--games", "10", "--seed", "1", "--ablate", "mission/m1c-hard-lessons", "--threshold", "99")
    assert result.code == 0, result.err
    cards, ablation = result.out.split("each card's effect, on the same deals", 1)
    assert "mean score per seat when played before the end vs not" in cards
    assert "win rate when played" not in cards  # someone always wins: the rate would say nothing
    lines = ablation.splitlines()
    at = next(k for k, x in enumerate(lines) if "mission/m1c-hard-lessons" in x)
    assert " score (" in lines[at] and "within +-99" in lines[at], lines[at]
    assert lines[at + 1].strip().startswith("win rate by seat: 1 "), lines[at + 1]


def test_a_card_that_neither_does_nor_pays_anything_is_refused_in_one_located_line(moon: Path):
    result = run_pnp("--root", str(moon), "simulate", "moon", "--option", "adventure=1", "--games", "10",
                     "--ablate", "starship/s01")
    assert result.code == 2 and "Traceback" not in result.err, (result.code, result.err)
    assert result.err.startswith("cards/moon/starship.yaml:"), result.err
    assert "no `effect:`" in result.err and "scores: true" in result.err, result.err
    assert result.err.splitlines()[1:] == ["1 error"], result.err  # one located line, then the count


def test_a_score_difference_is_the_mean_of_the_paired_differences_with_its_interval():
    r = score_difference([(10.0, 4.0), (8.0, 4.0), (12.0, 4.0)], z=2.0)  # differences 6, 4, 8
    assert r["difference"] == 6.0 and r["games"] == 3
    assert r["low"] == pytest.approx(6 - 2 * 2 / 3 ** 0.5, abs=1e-4) and r["high"] == pytest.approx(
        6 + 2 * 2 / 3 ** 0.5, abs=1e-4)
    assert score_difference([(4.0, 10.0)] * 3, z=2.0)["difference"] == -6.0  # the sign: side less base
    assert verdict(r, 1.0) == "helps" and verdict({**r, "low": -9, "high": -2}, 1.0) == "hurts"
    assert verdict({**r, "low": -0.5, "high": 0.5}, 1.0) == "within" and verdict(r, 5.0, final=True) == "undecided"


def test_each_seat_s_win_rate_difference_is_that_seat_s_own():
    seats = seat_differences([((0,), (1,)), ((0,), (0,)), ((1,), (1,)), ((0,), (1,))], 2, z=2.0)
    assert [s["difference"] for s in seats] == [0.5, -0.5]


def test_every_card_means_the_missions_in_play_not_the_other_adventures(moon: Path):
    report = _ablated(moon, "--ablate", "all", "--threshold", "99")
    cards = {r["card"] for r in report["ablation"]["rows"]}
    assert cards and all(c.startswith("mission/m1") for c in cards), cards
    assert "mission/m1c-hard-lessons" in cards
