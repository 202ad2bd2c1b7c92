"""Competitive games in the balance lab (pnp/play/seating.py, seat_report.py): a policy per seat, the outcome per
seat held to its shape, each deal played at every rotation of the seats, and the seat measures (win share by seat,
first-player advantage, by policy, spread, close games). Race (tests/data/seats) is the game: each player in turn
steps 1 or dashes, the first to the goal wins (an advantage for the first to move, planted); `together: true`
moves everyone at once, sharing the win (fair)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from conftest import DATA, run_pnp

SEATS = DATA / "seats"
RACE = "cards/race"


def race(tmp_path: Path, **edits: str) -> Path:
    """A copy of Race, each file named edited by replacing text: {"track.yaml": "false->true"}."""
    root = Path(shutil.copytree(SEATS, tmp_path / "seats"))
    for name, edit in edits.items():
        old, new = edit.split("->")
        path = root / RACE / name.replace("__", ".")
        text = path.read_text()
        assert old in text, (name, old)
        path.write_text(text.replace(old, new))
    return root


def report(root: Path, *args: str) -> dict:
    result = run_pnp("--root", str(root), "simulate", "race", "--jobs", "1", "--format", "json", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)


def seats(rep: dict, players: int, policy: str | None = None) -> dict:
    [g] = [g for g in rep["groups"] if g["players"] == players and (policy is None or g["policy"] == policy)]
    return g["seats"]


def test_moving_first_is_an_advantage_with_an_interval_leaving_out_0_and_moving_together_is_fair(tmp_path):
    first = seats(report(SEATS, "--players", "3", "--games", "400"), 3)["first_player"]
    assert first["low"] > 0, first
    fair_root = race(tmp_path, track__yaml="together: false->together: true ")
    fair = seats(report(fair_root, "--players", "3", "--games", "400"), 3)["first_player"]
    assert fair["low"] < 0 < fair["high"], fair
    assert first["fair"] == pytest.approx(1 / 3, abs=1e-4)


def test_the_win_shares_of_the_seats_sum_to_the_games_won_and_the_interval_counts_deals():
    s = seats(report(SEATS, "--players", "2-4", "--games", "60"), 4)
    assert s["deals"] == 60 and s["games"] == 240 and s["rotations"] == 4
    assert sum(x["rate"] for x in s["by_seat"]) == pytest.approx(1.0, abs=1e-3)  # a race always has a winner
    from pnp.play.stats import wilson

    one = s["by_seat"][0]
    low, high = wilson(one["rate"] * 60, 60)  # n: the 60 deals, not the 240 games
    assert (one["low"], one["high"]) == pytest.approx((low, high), abs=1e-4)


def test_each_seat_plays_its_own_policy():
    """Careful always steps, bold always dashes: a trace of 1=careful,2=bold says which seat did which."""
    result = run_pnp("--root", str(SEATS), "simulate", "race", "--players", "2", "--policy", "1=careful,2=bold",
                     "--trace", "3", "--format", "json")
    assert result.code == 0, result.err
    moves = [e[1] for e in json.loads(result.out)["events"] if e[0] == "move"]
    assert moves and {m for m in moves if m.startswith("player 1")} == {"player 1 steps"}
    assert {m for m in moves if m.startswith("player 2")} == {"player 2 dashes"}


def test_a_policy_per_seat_shows_in_the_wins_by_policy_and_rotation_keeps_it_off_the_seat(tmp_path):
    """Moving together, bold beats careful; the rotation seats bold in every seat in turn, so seat 1 is not favoured
    though bold was named for seat 1 (with no rotation, seat 1 would win what bold wins)."""
    root = race(tmp_path, track__yaml="together: false->together: true ")
    s = seats(report(root, "--players", "2", "--games", "400", "--policy", "1=bold,2=careful"), 2)
    bold, careful = s["by_policy"]
    assert (bold["policy"], bold["seats"], careful["policy"]) == ("bold", [1], "careful")
    assert bold["low"] > 0.5 > careful["high"], s["by_policy"]
    first = s["first_player"]
    assert first["low"] < 0 < first["high"], first
    assert s["policies"] == ["bold", "careful"]


def test_one_policy_for_every_seat_is_not_a_seating(tmp_path):
    root = race(tmp_path, track__yaml="together: false->together: true ")
    rep = report(root, "--players", "2", "--games", "200", "--policy", "1=bold,2=bold")
    s = seats(rep, 2)
    assert s["by_policy"] == [] and s["policies"] == ["bold", "bold"]
    careful = seats(report(root, "--players", "2", "--games", "200", "--policy", "careful"), 2)
    assert careful["close"]["rate"] == 1.0  # careful racers arrive a step apart at most (a shoe's start): close
    assert careful["spread"]["quartiles"][2] <= 1
    assert 0 < careful["shared"] < careful["games"]  # shared where both shoes start alike


@pytest.mark.parametrize(("policy", "said"), [
    ("1=mcts,5=greedy", "--policy 1=mcts,5=greedy: seat 5 is beyond the largest table of this run (4 players)"),
    ("0=mcts", "--policy 0=mcts: '0': seats count from 1"),
    ("1=mtcs", "--policy 1=mtcs: 'mtcs' is not a policy (one of baseline, bold, careful, greedy, mcts, random, "
               "search); did you mean 'mcts'?"),
    ("1=bold,1-2=careful", "--policy 1=bold,1-2=careful: seat 1 is given twice"),
    ("a=bold", "--policy a=bold: a seat or a range of seats, then its policy"),
    ("sprint", "--policy sprint: one of random, baseline, search, greedy, mcts, careful, bold, a list of them "
               "(random,baseline), or one a seat (1=mcts,2-4=greedy)"),
])
def test_a_bad_seating_is_one_line_and_exit_2(policy, said):
    result = run_pnp("--root", str(SEATS), "simulate", "race", "--players", "2-4", "--games", "5", "--policy", policy)
    assert result.code == 2 and not result.out
    assert result.err.startswith(said) and len(result.err.strip().splitlines()) <= 2, result.err
    assert "Traceback" not in result.err


def test_a_seat_beyond_the_asked_players_is_refused_even_within_the_game():
    result = run_pnp("--root", str(SEATS), "simulate", "race", "--players", "2", "--games", "5", "--policy",
                     "1-3=bold")
    assert result.code == 2 and "seat 3 is beyond the largest table of this run (2 players)" in result.err


@pytest.mark.parametrize(("old", "new", "said"), [
    ("tuple(self.place), winners)", "tuple(self.place)[:1], winners)", "scores is a tuple of 2 numbers"),
    ("tuple(self.place), winners)", "list(self.place), winners)", "scores is a tuple of 2 numbers"),
    ("tuple(self.place), winners)", "tuple(self.place), (0, 0))", "winners is a tuple of distinct seats from 0 to 1"),
    ("tuple(self.place), winners)", "tuple(self.place), (2,))", "winners is a tuple of distinct seats from 0 to 1"),
    ("tuple(self.place), winners)", "(float('nan'), 1), winners)", "scores is a tuple of 2 numbers"),
    ("Outcome(True,", "Outcome(False,", "won is True exactly when some seat won"),
    ("return self.player\n", "return self.player + 5\n", "seat() returns a seat from 0 to 1"),
])
def test_a_bad_outcome_or_seat_is_located_at_its_method(tmp_path, old, new, said):
    root = race(tmp_path, play__py=f"{old}->{new}")
    result = run_pnp("--root", str(root), "simulate", "race", "--players", "2", "--games", "3", "--jobs", "1",
                     "--policy", "1=bold,2=careful")
    assert result.code == 2 and said in result.err, result.err
    assert result.err.startswith("cards/race/play.py:") and "Traceback" not in result.err


def test_a_game_policy_named_but_not_played_is_located(tmp_path):
    root = race(tmp_path, play__py="    def policy(self,->    def not_policy(self,")
    result = run_pnp("--root", str(root), "simulate", "race", "--players", "2", "--games", "3", "--jobs", "1",
                     "--policy", "bold")
    assert result.code == 2 and "define State.policy(name, moves, rng)" in result.err, result.err


def test_a_bad_policies_entry_in_play_yaml_is_located(tmp_path):
    root = race(tmp_path, play__yaml='  bold: "always dashes"->  mcts: "always dashes"')
    result = run_pnp("--root", str(root), "simulate", "race", "--players", "2", "--games", "3")
    assert result.code == 2 and result.err.startswith("cards/race/play.yaml:4:")
    assert "mcts is pnp's own policy" in result.err


def test_the_text_report_says_the_seats():
    result = run_pnp("--root", str(SEATS), "simulate", "race", "--players", "2", "--games", "40", "--jobs", "1")
    assert result.code == 0, result.err
    assert "first-player advantage (seat 1 less the fair 50.0 %)" in result.out
    assert "40 deals x 2 rotations" in result.out


def test_the_html_report_has_the_seats_table():
    pytest.importorskip("matplotlib")
    result = run_pnp("--root", str(SEATS), "simulate", "race", "--players", "2", "--games", "40", "--jobs", "1",
                     "--format", "html")
    assert result.code == 0, result.err
    table = result.out.split('<table id="seats">', 1)[1].split("</table>", 1)[0]
    rep = report(SEATS, "--players", "2", "--games", "40")
    first = seats(rep, 2)["first_player"]
    assert f"{100 * first['advantage']:+.1f}" in table and "40 x 2" in table
    # the win-rate plot (the page's first) shows seat 1's share of the wins, not the 100 % of games someone won
    plot = result.out.split("<svg", 2)[1]
    assert f">{100 * seats(rep, 2)['by_seat'][0]['rate']:.1f} %<" in plot and ">100.0 %<" not in plot


def test_the_hands_rotate_with_the_seats(tmp_path):
    """Careful racers moving together: who wins is the shoes dealt alone. Each hand sits once in each seat, so over
    a deal's rotations every seat wins the same: each seat's share is exactly 1/N."""
    root = race(tmp_path, track__yaml="together: false->together: true ")
    s = seats(report(root, "--players", "3", "--games", "50", "--policy", "careful"), 3)
    assert [x["rate"] for x in s["by_seat"]] == [pytest.approx(1 / 3, abs=1e-4)] * 3, s["by_seat"]
    assert s["shared"] < s["games"]  # the shoes differ in some deals: a seat's hand decides them


def test_the_progress_of_a_competitive_run_counts_its_rotations_and_never_passes_the_whole():
    from pnp.play.lab import simulate

    told: list[tuple[int, int]] = []
    simulate(SEATS, "race", "2-3", 20, 1, "baseline", None, 1, progress=lambda done, total, what: told.append(
        (done, total)))
    assert told and all(done <= total for done, total in told), told
    assert told[-1] == (20 * 2 + 20 * (1 + 2), 20 * 2 + 20 * (1 + 2))  # the deals, then each other rotation
