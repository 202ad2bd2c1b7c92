"""`pnp simulate`'s arguments bound its work before the first game is dealt: a sweep's values are the
field's own (its schema's bounds), a sweep, a list of policies and of player counts are bounded and said at
once, and the product of policies x values x player counts x games is held to pnp.core.bounds.SIM_GAMES,
the message naming each factor. A property test feeds the parsers what a command line can hold."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pnp.core.errors import InputError

from conftest import DATA, run_pnp

SIM = DATA / "simulate"


def simulate(root: Path, *args: str) -> tuple[int, str, str, float]:
    started = time.monotonic()
    result = run_pnp("--root", str(root), "simulate", "coins", *args)
    assert "Traceback" not in result.err
    return result.code, result.out, result.err, time.monotonic() - started


def test_a_sweep_outside_the_fields_bounds_is_refused_at_the_field(tmp_path):
    root = Path(shutil.copytree(SIM, tmp_path / "sim"))
    deck = root / "cards" / "coins" / "coins.yaml"
    deck.write_text(deck.read_text().replace('value: {type: integer,', 'value: {type: integer, min: -2, max: 5,'))
    code, out, err, took = simulate(root, "--vary", "coin/gold.value=-99999999,999999999999")
    assert code == 2 and not out and took < 5
    said = "cards/coins/coins.yaml:6:3: --vary coin/gold.value='-99999999': the field takes -2 to 5"
    assert err.startswith(said), err
    code, _, err, _ = simulate(root, "--vary", "coin/gold.value=1,5", "--games", "5", "--players", "1")
    assert code == 0, err


@pytest.mark.parametrize(("args", "said"), [
    (["--vary", "coin/gold.value=" + ",".join(map(str, range(20_000)))], "--vary: at most 100 values in one sweep"),
    (["--vary", "coin/gold.value=1,2,1"], "--vary: '1' is given twice"),
    (["--policy", ",".join(["random"] * 500)], "at most 3 policies side by side, each once"),
    (["--policy", "random,baseline,random"], "random is named twice"),
    (["--players", "1-1000000000"], "--players 1-1000000000: this game takes 1 to 3 players"),
    (["--players", ",".join(["1"] * 100_000)], "at most 100 player counts in one run"),
    (["--games", "1000000", "--vary", "coin/gold.value=1,2,3", "--policy", "random,baseline"],
     "18,000,000 games in all (2 policies x 3 values of --vary x 3 player counts x 1,000,000 games): at most "
     "2,000,000 in one run"),
])
def test_work_too_big_is_said_at_once(args, said):
    code, out, err, took = simulate(SIM, *args)
    assert code == 2 and not out and said in err and len(err) < 600, err
    assert took < 5, took  # before any game is played


def test_a_setup_for_a_billion_players_is_bounded_before_any_deal(tmp_path):
    root = Path(shutil.copytree(SIM, tmp_path / "sim"))
    rules = root / "cards" / "coins" / "rules.yaml"
    rules.write_text(rules.read_text().replace("players: {min: 1, max: 3}", "players: {min: 1, max: 1000000000}"))
    code, out, err, took = simulate(root, "--games", "5")
    assert code == 2 and not out and took < 5
    line = rules.read_text().split("\n").index("  players: {min: 1, max: 1000000000}") + 1
    said = rf"cards/coins/rules.yaml:{line}:\d+: setup: players: max 1,000,000,000: pnp simulates tables of at most"
    assert re.match(said, err), err  # at its line, as every bound of a file is


ARGUMENT = st.text(st.sampled_from("0123456789-,. abcdnanifx\x1b"), max_size=40)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=ARGUMENT, policy=ARGUMENT, values=ARGUMENT)
def test_any_argument_is_a_sweep_or_a_plain_refusal(players, policy, values):
    """Whatever the command line holds, the parsers give bounded lists or an InputError, never anything else."""
    from pnp.core.bounds import SIM_PLAYER_COUNTS, SIM_POLICIES, SIM_VALUES
    from pnp.play.lab_arguments import player_counts, policies, variants

    game = _coins()
    for parse, most in ((lambda: player_counts(players, 1, 3), SIM_PLAYER_COUNTS),
                        (lambda: policies(policy), SIM_POLICIES),
                        (lambda: variants(game, f"coin/gold.value={values}"), SIM_VALUES)):
        try:
            got = parse()
        except InputError as exc:
            assert all("\x1b" not in str(p) for p in exc.problems)
            continue
        assert 0 < len(got) <= most and len(set(map(str, got))) == len(got)


_GAME: list = []


def _coins():
    from pnp.model.game import load_game

    if not _GAME:
        _GAME.append(load_game(SIM, "coins"))
    return _GAME[0]


def test_the_setups_options_are_chosen_as_pnp_setup_takes_them():
    out = run_pnp("simulate", "moon", "--option", "adventure=1", "--players", "2", "--games", "4", "--jobs", "1")
    assert out.code == 0, out.err
    assert out.out.startswith("Welcome to the Moon, adventure 1: 4 games per player count")
    other = run_pnp("simulate", "moon", "--option", "adventure=2", "--players", "2", "--games", "4", "--jobs", "1")
    # the adventure dealt is the one asked: Moon plays adventure 1 alone, and says so at its line
    assert other.code == 2 and "cards/moon/play/__init__.py:" in other.err and "adventure 2 is not played" in other.err


def test_adventure_is_the_setup_option_of_that_name():
    short = run_pnp("simulate", "moon", "--adventure", "1", "--players", "2", "--games", "4", "--jobs", "1",
                    "--format", "json")
    long = run_pnp("simulate", "moon", "--option", "adventure=1", "--players", "2", "--games", "4", "--jobs", "1",
                   "--format", "json")
    assert short.code == 0 and short.out == long.out, short.err
    other = run_pnp("simulate", "moon", "--adventure", "2", "--players", "2", "--games", "4", "--jobs", "1")
    assert other.code == 2 and "adventure 2 is not played" in other.err  # the adventure asked, not the default


@pytest.mark.parametrize(("option", "said"), [
    ("adventure=9", "option adventure=9: choose one of 1, 2, 3, 4, 5, 6"),
    ("colour=2", "unknown option 'colour' (this game's options: adventure)"),
    ("adventure", "--option 'adventure': NAME=VALUE, as pnp setup takes it"),
])
def test_an_option_the_setup_has_not_got_is_one_line(option, said):
    result = run_pnp("simulate", "moon", "--option", option, "--players", "2", "--games", "4")
    assert result.code == 2 and "Traceback" not in result.err, result.err
    assert said in result.err and len(result.err.strip().splitlines()) == 2, result.err  # the line, "1 error"
