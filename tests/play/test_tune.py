"""`pnp tune`: the fewest changes of the given fields that bring the win rates into the target, raced on the same
deals with sequential looks, proposed as a diff of the YAML and never written; its bad input in one line."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import REPO, edit, run_pnp

BROKEN = ("unit: \"%\", start: 50, per_round: -10,", "unit: \"%\", start: 50, per_round: -20,")
FIELD = "track/happiness-meter.per_round"


@pytest.fixture
def voyage(tmp_path: Path) -> Path:
    root = tmp_path / "v"
    shutil.copytree(REPO / "cards/voyage", root / "cards/voyage", ignore=shutil.ignore_patterns("__pycache__"))
    return root


@pytest.mark.slow
def test_a_broken_value_is_tuned_back_into_the_band_with_far_fewer_games_than_every_value(voyage: Path):
    tracks = voyage / "cards/voyage/tracks.yaml"
    edit(tracks, *BROKEN)  # Happiness falls twice as fast: the 2-player crew wins far less often
    before = tracks.read_text()
    values = (-20, -16, -12, -8)  # a step of 4: the first value in the band is not at its edge: soon decided
    result = run_pnp("tune", "voyage", "--target", "2 players: win 80-95 %", "--vary",
                     f"{FIELD}={','.join(map(str, values))}", cwd=voyage)
    assert result.code == 0, result.err
    head = result.out.splitlines()[0]
    assert head.startswith(f"pnp tune voyage: reached with {FIELD}="), head
    value = int(head.split("=")[1].split()[0])
    assert value in values[1:]
    games = int(head.split("(")[1].split()[0].replace(",", ""))
    assert games < len(values) * 3200 / 2  # far below every one of the values played to the end
    assert tracks.read_text() == before  # proposed, not written
    diff = result.out.split("nothing was written):\n", 1)[1]
    assert f"+     unit: \"%\", start: 50, per_round: {value}," in diff
    applied = subprocess.run(["git", "apply", "--check", "-"], input=diff + "\n", text=True, cwd=voyage,
                             capture_output=True)
    assert applied.returncode == 0, applied.stdout + applied.stderr  # a diff that applies to the deck file
    written = run_pnp("simulate", "voyage", "--players", "2", "--games", "100", "--vary", f"{FIELD}={value}",
                      cwd=voyage)
    assert written.code == 0, written.err


def test_the_game_as_written_inside_the_target_needs_no_change(voyage: Path):
    result = run_pnp("tune", "voyage", "--target", "2 players: win 1-100 %", "--vary", f"{FIELD}=-12..-8",
                     cwd=voyage)
    assert result.code == 0, result.err
    assert "reached with as written" in result.out and "already inside the target" in result.out
    assert "(200 games played)" in result.out  # one look at the written game decided it
    from pnp.play.policies import SAID

    assert f"  played by policy baseline: {SAID['baseline']}" in result.out.splitlines()  # who played, what it is


def test_a_target_out_of_reach_is_said_with_the_closest_and_exit_1(voyage: Path):
    result = run_pnp("tune", "voyage", "--target", "2 players: win 0-2 %", "--vary", f"{FIELD}=-11..-9",
                     "--budget", "1200", cwd=voyage)
    assert result.code == 1, (result.code, result.err)
    assert "not reached within the budget of 1,200 games; the closest was" in result.out.splitlines()[0]


@pytest.mark.parametrize(("args", "said"), [
    (["--target", "most players win", "--vary", f"{FIELD}=1..2"], "write it as \"4 players: win 45-55 %\""),
    (["--target", "9 players: win 40-60 %", "--vary", f"{FIELD}=1..2"], "this game takes 1 to 4 players"),
    (["--target", "2 players: win 60-40 %", "--vary", f"{FIELD}=1..2"], "a band of win rates from low to high"),
    (["--target", "2 players: win 40-60 %", "--vary", "track/happiness-meter.per_rnd=1..2"],
     "did you mean 'per_round'"),
    (["--target", "2 players: win 40-60 %", "--vary", f"{FIELD}=1..200"], "a range low..high of at most 20"),
    (["--target", "2 players: win 40-60 %", "--vary", f"{FIELD}=1..2", "--policy", "clever"], "--policy clever"),
    (["--target", "2 players: win 40-60 %", "--vary", f"{FIELD}=1..2", "--vary", f"{FIELD}=3..4"],
     "names the same field twice"),
])
def test_a_search_that_cannot_be_asked_is_said_in_one_line(voyage: Path, args: list[str], said: str):
    result = run_pnp("tune", "voyage", *args, cwd=voyage)
    assert result.code == 2 and "Traceback" not in result.err, (result.code, result.err)
    assert said in result.err, result.err


def test_a_budget_below_the_first_look_is_refused_with_the_smallest_that_works(voyage: Path):
    """The search looks first after a batch of the written game at each target's player count: a budget smaller
    than that is one line naming the least budget (it was an internal AssertionError), before any game is played."""
    from pnp.play.tune import BATCH

    two = ["--target", "2 players: win 40-60 %", "--target", "3 players: win 40-60 %", "--vary", f"{FIELD}=1..2"]
    result = run_pnp("tune", "voyage", *two, "--budget", "10", cwd=voyage)
    assert result.code == 2 and result.err.count("\n") == 1 and not result.out, (result.code, result.err)
    assert result.err.startswith("--budget 10: too few") and f"give --budget {2 * BATCH} or more" in result.err
    one = run_pnp("tune", "voyage", *two[2:], "--budget", str(BATCH - 1), cwd=voyage)
    assert one.code == 2 and f"give --budget {BATCH} or more" in one.err, one.err


def test_the_setups_options_are_chosen_as_pnp_simulate_takes_them():
    search = ("tune", "moon", "--target", "2 players: win 0-100 %", "--vary", "mission/m1a-crew-deck.first=4..5",
              "--jobs", "1")
    played = run_pnp(*search, "--option", "adventure=1", "--format", "json")
    assert played.code == 0, played.err
    assert json.loads(played.out)["options"] == {"adventure": 1}
    # the adventure dealt is the one asked: Moon plays adventure 1 alone, and says so at its line
    other = run_pnp(*search, "--option", "adventure=2")
    assert other.code == 2 and "cards/moon/play/__init__.py:" in other.err and "adventure 2 is not played" in other.err
    bad = run_pnp(*search, "--option", "adventure")
    assert bad.code == 2 and "--option 'adventure': NAME=VALUE, as pnp setup takes it" in bad.err, bad.err
