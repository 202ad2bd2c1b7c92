"""pnp.play, the public face of play modules, and `pnp simulate` on the small Coins game (tests/data/simulate):
the same seed plays the same games whatever the number of workers, a play module that raises, loops or ends
its process is a located error, and the report's numbers are what a hand computation gives."""

from __future__ import annotations

import ast
import json
import math
import random
import re
import shutil
from pathlib import Path

import pytest

import pnp.play

from conftest import DATA, REPO, run_pnp

SIM = DATA / "simulate"


@pytest.fixture
def coins(tmp_path: Path) -> Path:
    """A copy of the Coins project to break on purpose."""
    return Path(shutil.copytree(SIM, tmp_path / "sim"))


def simulate(root: Path, *args: str) -> tuple[int, str, str]:
    result = run_pnp("--root", str(root), "simulate", "coins", *args)
    return result.code, result.out, result.err


def test_the_same_seed_gives_a_byte_identical_report_and_another_seed_does_not():
    first = simulate(SIM, "--games", "300", "--seed", "7", "--jobs", "2")
    again = simulate(SIM, "--games", "300", "--seed", "7", "--jobs", "2")
    other = simulate(SIM, "--games", "300", "--seed", "8", "--jobs", "2")
    assert first[0] == 0, first[2]
    assert first[1] == again[1]
    assert first[1] != other[1]


def test_one_worker_and_two_play_the_same_games():
    one = json.loads(simulate(SIM, "--games", "200", "--format", "json", "--jobs", "1")[1])
    two = json.loads(simulate(SIM, "--games", "200", "--format", "json", "--jobs", "2")[1])
    assert one == two
    assert [g["players"] for g in one["groups"]] == [1, 2, 3]
    assert all(g["win"]["games"] == 200 for g in one["groups"])


def test_the_win_rate_and_its_wilson_interval_match_a_hand_computation():
    from pnp.play.stats import games_for, wilson

    lo, hi = wilson(30, 100)  # p = 0.3, n = 100, z = 1.96: (0.2189, 0.3958) by the textbook formula
    assert (round(lo, 4), round(hi, 4)) == (0.2189, 0.3958)
    assert games_for(0.02) == 2401  # 1.96^2 * 0.25 / 0.02^2
    report = json.loads(simulate(SIM, "--games", "400", "--players", "2", "--format", "json")[1])
    win = report["groups"][0]["win"]
    assert win["games"] == 400 and math.isclose(win["rate"], win["wins"] / 400, abs_tol=1e-4)
    assert (win["low"], win["high"]) == tuple(round(x, 4) for x in wilson(win["wins"], 400))


def test_the_table_is_the_setup_pnp_setup_deals_and_the_piles_hold_the_rest():
    from pnp.model.game import load_game
    from pnp.play.run import Plan, game_seed, play_one, session
    from pnp.rules.check import load_rules

    game = load_game(SIM, "coins")
    spec, _ = load_rules(game)
    seed = game_seed(3, 5)
    dealt = json.loads(run_pnp("--root", str(SIM), "setup", "coins", "--players", "3", "--seed", str(seed),
                               "--format", "json").out)
    got = [play_one(session(Plan(game, spec.setup, 3, "random")), (0, 3, 5))]
    drawn = set(got[0][6])
    assert {f"coin/{h['coin'][0]}" for h in dealt["hands"]} <= drawn  # the dealt coins are recorded as drawn
    from pnp.play.table import Table

    table = Table({"coin": {c.id: c.data for c in game.deck("coin").cards}}, {}, {**dealt, "seed": seed},
                  {"coin": ["gold", "silver"]}, random.Random(1))
    pile = table.pile("coin")
    assert [pile.draw(), pile.draw(), pile.draw()] == ["gold", "silver", None]  # the setup's top card first


def test_a_die_rolls_by_its_faces_and_a_game_is_seeded_by_its_own_random_numbers():
    from pnp.play.table import Table

    faces = [{"id": "a"}, {"id": "b"}, {"id": "c"}]
    rolls = []
    for _ in range(2):
        table = Table({}, {"d": {"faces": faces}}, {"players": 1, "seed": 0, "table": {}, "hands": []}, {},
                      random.Random(42))
        rolls.append([table.die("d").roll()["id"] for _ in range(30)])
    assert rolls[0] == rolls[1] and set(rolls[0]) == {"a", "b", "c"}


PLANTED = {
    "raises": ("        if move == DRAW:\n", "        if move == DRAW:\n            raise ValueError('no coin')\n",
               "the play module failed: ValueError: no coin"),
    "loops": ("        self.turn += 1\n", "        while True:\n            pass\n", "ran longer than"),
    "exits": ("        self.turn += 1\n", "        import os\n        os._exit(4)\n", "os._exit()"),
}


@pytest.mark.parametrize("case", sorted(PLANTED))
def test_a_play_module_that_raises_loops_or_ends_its_process_is_a_located_error(coins, case, monkeypatch):
    import pnp.play.run as run

    monkeypatch.setattr(run, "GAME_SECONDS", 1.0)
    old, new, said = PLANTED[case]
    play = coins / "cards" / "coins" / "play.py"
    text = play.read_text()
    line = text[:text.index(old)].count("\n") + 2  # the planted line
    play.write_text(text.replace(old, new, 1))
    code, out, err = simulate(coins, "--games", "20", "--jobs", "1")
    assert code == 2 and not out
    planted = {f"cards/coins/play.py:{n}:" for n in range(line - 1, line + new.count("\n") - 1)}
    assert any(p in err for p in planted) and said in err, err
    assert "Traceback" not in err and "pnp setup coins --players 1 --seed" in err  # which game, to replay


def test_a_play_module_without_start_and_a_game_without_one_say_what_to_write(coins):
    play = coins / "cards" / "coins" / "play.py"
    play.write_text(play.read_text().replace("def start(", "def begin("))
    code, _, err = simulate(coins, "--games", "5")
    assert code == 2 and "cards/coins/play.py:1" in err and "start(table)" in err
    play.unlink()
    code, _, err = simulate(coins, "--games", "5")
    assert code == 2 and "has no play module" in err and "docs/simulate.md" in err


def test_no_custom_rules_skips_the_play_module(coins):
    code, _, err = simulate(coins, "--no-custom-rules")
    assert code == 2 and "--no-custom-rules" in err


@pytest.mark.parametrize(("vary", "said"), [
    ("coin/gould.value=1,2", "no card 'gould' in coin; did you mean 'gold'?"),
    ("coin/gold.valeu=1,2", "coin cards have no field 'valeu'; did you mean 'value'?"),
    ("coins/gold.value=1", "no deck 'coins' in coins; did you mean 'coin'?"),
    ("coin/gold.value=one", "value is integer; 'one' is not"),
    ("coin/gold=1", "DECK/CARD.FIELD=V1,V2"),
])
def test_a_vary_naming_what_is_not_there_says_the_near_names(vary, said):
    code, _, err = simulate(SIM, "--vary", vary, "--games", "5")
    assert code == 2 and said in err, err


def test_a_sweep_plays_every_value_on_the_same_deals_and_moves_the_win_rate():
    report = json.loads(simulate(SIM, "--vary", "coin/gold.value=1,6", "--players", "1", "--games", "600",
                                 "--policy", "random", "--format", "json")[1])
    rates = {g["variant"]: g["win"]["rate"] for g in report["groups"]}
    assert rates["coin/gold.value=6"] > rates["coin/gold.value=1"] + 0.1


def test_every_policy_plays_and_search_knows_nothing_of_the_game():
    rates = {}
    for policy in ("random", "baseline", "search"):
        code, out, err = simulate(SIM, "--policy", policy, "--games", "60", "--players", "1", "--format", "json")
        assert code == 0, err
        rates[policy] = json.loads(out)["groups"][0]["win"]["rate"]
    source = (REPO / "pnp" / "play" / "policies.py").read_text()
    assert "coin" not in source.lower() and "voyage" not in source.lower()
    assert rates["search"] >= rates["baseline"]  # look-ahead with the baseline as rollout is no worse than it
    code, _, err = simulate(SIM, "--policy", "clever")
    assert code == 2 and "random, baseline, search" in err


def test_play_modules_import_only_the_public_play_api():
    files = sorted((REPO / "cards").glob("*/play.py")) + sorted((REPO / "cards").glob("*/play/*.py"))
    files.append(SIM / "cards" / "coins" / "play.py")
    assert len(files) >= 3
    for path in files:
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and not node.level and (node.module or "").startswith("pnp"):
                assert node.module == "pnp.play" and {a.name for a in node.names} <= set(pnp.play.__all__), path
            if isinstance(node, ast.Import):
                assert not any(a.name.startswith("pnp") for a in node.names), path


def test_a_game_that_waits_is_stopped_by_the_clock_at_its_line(coins, monkeypatch):
    import pnp.play.run as run

    monkeypatch.setattr(run, "GAME_SECONDS", 0.3)  # a game may wait 10 times that, by the clock
    play = coins / "cards" / "coins" / "play.py"
    sleeps = "        import time\n        time.sleep(60)\n"
    play.write_text(play.read_text().replace("        self.turn += 1\n", sleeps, 1))
    code, out, err = simulate(coins, "--games", "5", "--jobs", "2")
    assert code == 2 and not out
    assert re.match(r"cards/coins/play.py:\d+: the play module ran longer than 0.3 s of processor time or 3 s by "
                    r"the clock without finishing a game \(game \d+ at 1 player", err), err  # the game a worker had


def test_policies_side_by_side_play_the_same_deals():
    both = json.loads(simulate(SIM, "--policy", "random,baseline", "--games", "150", "--format", "json")[1])
    alone = json.loads(simulate(SIM, "--policy", "baseline", "--games", "150", "--format", "json")[1])
    assert [(g["policy"], g["players"]) for g in both["groups"]] == [
        ("random", 1), ("random", 2), ("random", 3), ("baseline", 1), ("baseline", 2), ("baseline", 3)]
    assert [g["win"] for g in both["groups"][3:]] == [g["win"] for g in alone["groups"]]
    text = simulate(SIM, "--policy", "random,baseline", "--games", "50")[1]
    assert "  1 player, random " in text and "== 3 players, baseline ==" in text
