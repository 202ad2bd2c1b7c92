"""The policies that know no game and look ahead: `greedy` (one move ahead, by the game's `value:`) on a game
with a play module, which says its value in play.yaml over the names its State.values() gives (Voyage does),
and `mcts` (UCT over determinized copies). A game without a value is refused greedy at the file to write; a
value that is no expression is refused at its line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import DATA, REPO, copy_of, run_pnp


def _report(root: Path, game: str, *args: str) -> dict:
    result = run_pnp("--root", str(root), "simulate", game, "--format", "json", "--jobs", "1", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_greedy_needs_a_value_and_says_where_to_write_it(tmp_path: Path):
    root = Path(shutil.copytree(DATA / "simulate", tmp_path / "sim"))
    result = run_pnp("--root", str(root), "simulate", "coins", "--games", "5", "--policy", "greedy")
    assert result.code == 2, result.err
    assert "cards/coins/play.yaml: --policy greedy scores each move by the game's `value:`" in result.err, result.err
    assert "Traceback" not in result.err


def test_a_value_that_is_no_expression_is_refused_at_its_line(tmp_path: Path):
    root = copy_of(tmp_path, "voyage")
    (root / "cards/voyage/play.yaml").write_text("# how good a state is\nvalue: \"happiness +* 2\"\n")
    result = run_pnp("--root", str(root), "simulate", "voyage", "--games", "5", "--policy", "greedy")
    assert result.code == 2 and "cards/voyage/play.yaml:2:" in result.err and "not an expression" in result.err, \
        result.err


@pytest.mark.slow
def test_greedy_plays_voyage_by_its_value():
    """Voyage's play.yaml scores a state by its meters, Damage Tokens and Rooms lost: greedy plays whole games
    by it (and stops moving about for free: after IDLE_MOVES moves that raise nothing, it ends the round)."""
    report = _report(REPO, "voyage", "--players", "1", "--games", "3", "--policy", "greedy")
    group = report["groups"][0]
    assert group["policy"] == "greedy" and group["win"]["games"] == 3
    assert sum(c["plays"] for c in group["cards"]) > 3  # it plays cards, not only the end of each round


@pytest.mark.slow
def test_mcts_plays_and_the_same_seed_plays_the_same_games(tmp_path: Path):
    root = Path(shutil.copytree(DATA / "simulate", tmp_path / "sim"))
    first = _report(root, "coins", "--players", "1", "--games", "5", "--policy", "mcts,random", "--seed", "2")
    again = _report(root, "coins", "--players", "1", "--games", "5", "--policy", "mcts,random", "--seed", "2")
    assert first == again
    mcts, rand = first["groups"]
    assert mcts["policy"] == "mcts" and mcts["win"]["games"] == 5 and rand["policy"] == "random"
