"""`pnp simulate GAME --trace [SEED:]INDEX` tells one game move by move: the game the report plays as that seed
and index, its deal, each move, draw and play, and its end; in JSON for tools; bounded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import run_pnp


def traced(root: Path, *args: str) -> dict:
    result = run_pnp("--root", str(root), "simulate", "shop", "--players", "2", "--format", "json", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_a_trace_is_the_game_the_report_plays(scaffold):
    for index in range(3):
        story = traced(scaffold, "--trace", f"5:{index}")
        end = story["events"][-1]
        assert end[0] == "end" and story["events"][0][0] == "dealt"
        report = traced(scaffold, "--seed", "5", "--games", str(index + 1))["groups"][0]
        before = traced(scaffold, "--seed", "5", "--games", str(index))["groups"][0] if index else None
        wins = report["win"]["wins"] - (before["win"]["wins"] if before else 0)  # game `index` alone
        assert wins == int(end[1]), (index, end)


def test_a_trace_tells_every_move_with_the_moves_it_was_chosen_from(scaffold):
    story = traced(scaffold, "--trace", "0", "--policy", "random")
    moves = [e for e in story["events"] if e[0] == "move"]
    assert moves and all(m[1] in m[2] and m[3] >= len(m[2]) for m in moves)  # chosen among those offered
    assert any(e[0] == "play" for e in story["events"]) and any(e[0] == "draw" for e in story["events"])
    text = run_pnp("--root", str(scaffold), "simulate", "shop", "--players", "2", "--trace", "0", "--policy",
                   "random").out
    from pnp.play.policies import SAID

    assert text.startswith("Shop: game 0 of seed 1, 2 players, policy random (pnp simulate shop --trace 1:0 "
                           f"replays it)\npolicy random: {SAID['random']}\ndealt:\n")
    assert "\nmove 1: " in text and ("\nwon: " in text or "\nlost: " in text)


def test_a_trace_of_voyage_reads_as_a_game():
    result = run_pnp("simulate", "voyage", "--players", "2", "--trace", "1:0")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    from pnp.play.policies import SAID

    assert lines[1] == f"policy baseline: {SAID['baseline']}"  # who plays, and what it is
    assert lines[2] == "dealt:" and any(line.startswith("  player 2: ") for line in lines)
    assert sum(line.startswith("move ") for line in lines) > 10 and lines[-1].startswith(("won: ", "lost: "))
    # each move in the game's own words (State.say): who acts, what card by its printed name, for what
    moves = [line for line in lines if line.startswith("move ")]
    assert all("(" not in line.split(": ", 1)[1][:1] for line in moves)  # never a bare tuple of ids
    assert any(line.split(": ", 1)[1].startswith("Captain 1 (") and " plays " in line for line in moves), moves
    assert any(" Actions" in line or " Action" in line for line in moves)
    assert any(line.split(": ", 1)[1].startswith("end Round 1 ") for line in moves), moves


def test_a_story_past_its_bound_is_cut_and_says_so(scaffold, monkeypatch):
    from pnp.core import bounds

    monkeypatch.setattr(bounds, "TRACE_EVENTS", 5)
    events = traced(scaffold, "--trace", "0", "--jobs", "1")["events"]
    assert ["cut", 5] in events and events[-1][0] == "end"


@pytest.mark.parametrize(("trace", "said"), [("x", "--trace 'x': a game's index"), ("-1", "--trace '-1'")])
def test_a_wrong_trace_is_said(scaffold, trace, said):
    result = run_pnp("--root", str(scaffold), "simulate", "shop", "--trace", trace)
    assert result.code == 2 and said in result.err, result.err


def test_a_trace_is_one_game_on_this_machine(scaffold):
    result = run_pnp("--root", str(scaffold), "simulate", "shop", "--trace", "0", "--format", "html")
    assert result.code == 2 and "--trace tells one game" in result.err


def test_a_trace_of_a_competitive_game_gives_the_scores_and_says_which_seats_it_tells():
    from conftest import DATA

    result = run_pnp("--root", str(DATA / "seats"), "simulate", "race", "--players", "3", "--trace", "2")
    assert result.code == 0, result.err
    *_, scores, said = result.out.splitlines()
    report = json.loads(run_pnp("--root", str(DATA / "seats"), "simulate", "race", "--players", "3", "--trace", "2",
                                "--format", "json").out)
    [seats] = [e for e in report["events"] if e[0] == "seats"]
    assert scores == ("scores by seat: " + "; ".join(f"{s}: {x:g}" for s, x in enumerate(seats[1], 1))
                      + f"; won by seat {seats[2][0] + 1}")
    assert "rotation 0" in said
