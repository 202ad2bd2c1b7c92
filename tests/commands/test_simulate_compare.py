"""`pnp simulate GAME --compare REV`: the game as committed at a git revision against the working tree, on the
same deals: what changed in the cards, the paired differences, a Markdown summary; its bad input in one line."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import DATA, REPO, edit, run_pnp

GIT = ["git", "-c", "user.email=designer@example.com", "-c", "user.name=Designer"]


def _commit(root: Path, message: str) -> None:
    subprocess.run([*GIT, "-C", str(root), "add", "-A"], check=True, capture_output=True)
    subprocess.run([*GIT, "-C", str(root), "commit", "-q", "--allow-empty", "-m", message], check=True,
                   capture_output=True)


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    """A designer's repository: an empty first commit, then Voyage committed."""
    root = tmp_path / "game"
    root.mkdir()
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    _commit(root, "start")
    shutil.copytree(REPO / "cards/voyage", root / "cards/voyage", ignore=shutil.ignore_patterns("__pycache__"))
    _commit(root, "voyage")
    return root


def compared(root: Path, *args: str) -> dict:
    result = run_pnp("simulate", "voyage", "--compare", "HEAD", "--players", "2", "--games", "100", "--format",
                     "json", *args, cwd=root)
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_an_unchanged_game_plays_the_same_games_on_both_sides(repo: Path):
    report = compared(repo)
    assert report["changes"] == []
    [row] = report["paired"]
    assert row["games"] == 100 and row["only_side"] == row["only_base"] == 0 and not row["decided"]
    assert row["both"] + row["neither"] == 100 and row["both"] > 50  # the same deals and dice: the same games
    assert "seats" not in report  # a cooperative game: no seat's rows


def test_a_harder_meter_shows_as_a_change_and_a_paired_fall_in_wins(repo: Path):
    edit(repo / "cards/voyage/tracks.yaml", "unit: \"%\", start: 50, per_round: -10,",
         "unit: \"%\", start: 50, per_round: -15,")
    report = compared(repo)
    assert any(line.endswith("per_round: -10 -> -15") for line in report["changes"]), report["changes"]
    [row] = report["paired"]
    assert row["difference"] < 0 and row["high"] < 0 and row["decided"], row  # fewer wins, beyond the interval
    assert row["only_base"] > row["only_side"]
    md = run_pnp("simulate", "voyage", "--compare", "HEAD", "--players", "2", "--games", "100", "--format",
                 "markdown", cwd=repo)
    assert md.code == 0, md.err
    assert "This change moves 2-player wins from" in md.out and "| 2 |" in md.out and "per_round: -10 -> -15" in md.out
    from pnp.play.policies import SAID

    assert f"policy baseline ({SAID['baseline']})" in md.out  # what the policy is, in the summary
    text = run_pnp("simulate", "voyage", "--compare", "HEAD", "--players", "2", "--games", "100", cwd=repo)
    assert "what changed in the cards:" in text.out and "wins move from" in text.out and ": decided" in text.out


@pytest.mark.parametrize(("args", "said"), [
    (["--compare", "no-such-branch"], "--compare no-such-branch: no such revision in this repository"),
    (["--compare", "HEAD~1"], "--compare HEAD~1: HEAD~1 does not hold cards/voyage"),
    (["--compare", "--upload-pack=x"], "a git revision"),
    (["--compare", "HEAD", "--vary", "event/hull-breach.damage=1,2"], "leave out --vary"),
    (["--compare", "HEAD", "--policy", "baseline,random"], "one side on both versions, not the policies "
                                                           "baseline,random: name one policy, or a policy per seat"),
    (["--format", "markdown"], "--format markdown is the summary of a comparison: add --compare REV"),
])
def test_a_comparison_that_cannot_be_made_says_so_in_one_line(repo: Path, args: list[str], said: str):
    result = run_pnp("simulate", "voyage", "--games", "10", *args, cwd=repo)
    assert result.code == 2 and "Traceback" not in result.err, (result.code, result.err)
    assert said in result.err and len(result.err.strip().splitlines()) == 1, result.err


def test_a_folder_outside_git_cannot_be_compared(tmp_path: Path):
    root = tmp_path / "loose"
    shutil.copytree(REPO / "cards/voyage", root / "cards/voyage", ignore=shutil.ignore_patterns("__pycache__"))
    result = run_pnp("simulate", "voyage", "--compare", "HEAD", cwd=root)
    assert result.code == 2 and "is not in a git repository" in result.err, result.err


def test_a_seating_is_one_side_played_on_both_versions(repo: Path):
    report = compared(repo, "--games", "20", "--policy", "1=random")
    [row] = report["paired"]
    assert report["policy"] == "1=random" and row["games"] == 20 and row["only_side"] == row["only_base"] == 0
    assert report["policy_is"].startswith("seat 1: random (any legal move")


def test_a_competitive_games_change_is_told_seat_by_seat(tmp_path: Path):
    """Race (tests/data/seats) committed with its players moving in turn, then made to move at once (a shared win
    for all who arrive in the round): on the same deals seat 1's wins cannot move (it arrived first, it still
    arrives), the later seats' rise, decided; the rows are in JSON, text and Markdown."""
    root = tmp_path / "race"
    shutil.copytree(DATA / "seats", root, ignore=shutil.ignore_patterns("__pycache__"))
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    _commit(root, "race")
    edit(root / "cards/race/track.yaml", "together: false", "together: true")
    args = ("simulate", "race", "--compare", "HEAD", "--players", "2-3", "--games", "150", "--jobs", "1")
    result = run_pnp(*args, "--format", "json", cwd=root)
    assert result.code == 0, result.err
    rows = {(r["players"], r["seat"]): r for r in json.loads(result.out)["seats"]}
    assert sorted(rows) == [(2, 1), (2, 2), (3, 1), (3, 2), (3, 3)]
    assert all(r["games"] == 150 for r in rows.values())
    for n in (2, 3):
        first = rows[n, 1]
        assert first["only_side"] == first["only_base"] == 0 and first["both"] > 0, first
        assert all(rows[n, s]["decided"] and rows[n, s]["difference"] > 0 and rows[n, s]["only_base"] == 0
                   for s in range(2, n + 1)), rows
    text = run_pnp(*args, cwd=root).out
    assert "by seat (the deals as dealt, seat 1 the first player" in text and "3 players, seat 3: its wins" in text
    md = run_pnp(*args, "--format", "markdown", cwd=root).out
    assert "| players | seat | before | after |" in md and "2-player seat 2's wins move from" in md
