"""The game-quality measures of `pnp simulate` (pnp/play/quality.py): length and rounds survived, draws, lead changes
and decisiveness from the scores a play module records, forced moves and each kind of move's share; worked out on
hand-made games, then read from the reports of Race (tests/data/seats), Coins and Voyage."""

from __future__ import annotations

import json
import random

import pytest

from pnp.play import quality
from pnp.play.state import Move, Outcome, State

from conftest import DATA, run_pnp


def game(won: bool, ended: int, winners: tuple | None = None, standings: list | None = None,
         tally: dict | None = None) -> tuple:
    """One game's result as run.play_one gives it (only the parts the measures read)."""
    return (0, 2, 0, won, "" if won else "lost", ended, [], {}, {}, {}, None, winners, 0, tally or quality.tally(),
            standings or [])


def test_lead_changes_count_a_new_seat_leading_alone_and_a_tie_changes_nothing():
    # leaders: 0, 1, tie, 1, 0, 0: 0 -> 1 is one change; the tie and 1 again are none; 1 -> 0 another
    standings = [(1, 0), (1, 2), (2, 2), (2, 3), (5, 3), (6, 3)]
    assert quality.leads(standings) == [0, 1, None, 1, 0, 0]
    assert quality.lead_changes(standings) == 2
    assert quality.lead_changes([(0, 0), (1, 0), (1, 1), (1, 2)]) == 1  # from a tie at the start: none to change from
    assert quality.lead_changes([]) == 0


def test_decisiveness_is_the_share_of_the_rounds_before_the_winner_leads_alone_for_good():
    # seat 0 leads alone from round 3 of 4 on: 2 rounds of 4 were played before, 50 %
    assert quality.decided_at([(1, 2), (3, 3), (4, 3), (5, 3)], 0) == pytest.approx(0.5)
    assert quality.decided_at([(1, 0), (2, 0)], 0) == 0  # led from the first round
    assert quality.decided_at([(1, 0), (1, 2), (3, 2)], 0) == pytest.approx(2 / 3)  # took it back at the end
    assert quality.decided_at([(1, 0), (2, 2)], 0) is None  # tied at the end: a tie-break decided it
    assert quality.decided_at([], 0) is None


def test_a_game_lost_in_round_4_survived_3_and_a_game_won_every_round():
    q = quality.measure([game(False, 4), game(True, 10), game(True, 10), game(False, 7)])
    assert q["length"]["survived"]["mean"] == pytest.approx((3 + 10 + 10 + 6) / 4, abs=0.01)
    assert q["length"]["ended"]["mean"] == pytest.approx((4 + 10 + 10 + 7) / 4, abs=0.01)
    assert q["length"]["histogram"] == {"4": 1, "7": 1, "10": 2}
    assert "draws" not in q and "lead" not in q  # a cooperative game: won or lost, no seat leads


def test_draws_and_games_won_by_nobody_are_counted_in_a_competitive_game():
    q = quality.measure([game(True, 5, (0, 1)), game(True, 5, (1,)), game(False, 5, ()), game(True, 6, (0,))])
    assert q["draws"]["shared"] == 1 and q["draws"]["nobody"] == 1 and q["draws"]["rate"] == 0.25
    assert "survived" not in q["length"]  # nobody is lost in a race: no rounds survived


def test_the_lead_measures_of_a_group_of_games():
    q = quality.measure([game(True, 4, (0,), [(1, 0), (1, 2), (3, 2), (4, 2)]),  # 2 changes, 0 leads from round 3
                         game(True, 2, (1,), [(0, 1), (0, 2)]),  # no change, 1 led from the first round
                         game(True, 2, (0, 1), [(1, 1), (2, 2)]),  # shared: no decisiveness
                         game(True, 2, (0,), [(1, 0), (1, 1)])])  # won by a tie-break: not leading alone at the end
    lead = q["lead"]
    assert lead["games"] == 4 and lead["changed"] == 1 and lead["changes"]["mean"] == 0.5
    assert lead["decided"]["games"] == 2 and lead["decided"]["not_leading"] == 1
    assert sorted([lead["decided"]["quartiles"][0], lead["decided"]["quartiles"][2]]) == [12.5, 37.5]


def test_forced_moves_and_choice_shares_are_counted_per_decision():
    t = quality.tally()
    step, dash, end = Move("step"), Move("dash"), Move("end round")
    quality.count(t, step, [step, dash])
    quality.count(t, end, [end])  # forced: one legal move
    quality.count(t, step, [step, dash, Move("step", 2)])  # two moves of one kind: offered once
    quality.count(t, step, None)  # the baseline's quick move: chosen, unlisted
    assert (t["decisions"], t["listed"], t["forced"]) == (4, 3, 1)
    assert t["chosen"] == {"step": 3, "end round": 1} and t["offered"] == {"step": 2, "dash": 2, "end round": 1}
    q = quality.measure([game(True, 3, tally=t)])
    assert q["forced"]["rate"] == pytest.approx(1 / 3, abs=1e-4)
    dash_row = next(c for c in q["choices"] if c["move"] == "dash")
    assert dash_row == {"move": "dash", "chosen": 0, "share": 0.0, "offered": 2}
    assert "never chosen" in "\n".join(quality.as_text(q))


def test_the_kinds_of_move_a_game_keeps_apart_are_bounded():
    t = quality.tally()
    for k in range(quality.CHOICE_NAMES + 50):
        quality.count(t, Move(f"m{k}"), None)
    assert len(t["chosen"]) == quality.CHOICE_NAMES + 1 and t["chosen"][quality.OTHER] == 50


def test_quick_moves_counted_at_once_give_the_tally_counting_each_decision_gives():
    """quality.count_quick (the baseline's quick moves, kept and counted at once) against count() one by one: the
    same decisions, kinds in the same order, the bound on kinds met at the same move, odd names as OTHER, and the
    moves told forced, not forced or not known."""
    rng = random.Random(3)
    moves = [Move(f"m{rng.randrange(quality.CHOICE_NAMES + 40)}") for _ in range(900)] + [("no name",), Move(7)]
    told = [rng.choice([True, False, None, 1]) for _ in moves]  # 1: told, but not True: not forced
    one_by_one, at_once = quality.tally(), quality.tally()
    for move, forced in zip(moves, told, strict=True):
        quality.count(one_by_one, move, None, forced)
    kept, flags = list(moves), list(told)
    quality.count_quick(at_once, kept, flags)
    assert list(at_once["chosen"].items()) == list(one_by_one["chosen"].items())
    assert at_once == one_by_one and at_once["told"] < len(moves) and at_once["forced"] > 0
    assert not kept and not flags  # emptied for the next stretch of the game


class _Quick(State):
    """A game of 40 turns: the baseline's quick move (`q*`) on two turns of three, told forced, not forced or not
    known; on the third, no quick move: the list (`k*`) is made and the baseline chooses its last move."""

    def __init__(self) -> None:
        self.turn = 0

    def moves(self) -> list[Move]:
        return [Move("k0"), Move(f"k{self.turn % 7}")]

    def apply(self, move: Move) -> None:
        self.turn += 1

    def over(self) -> bool:
        return self.turn >= 40

    def outcome(self) -> Outcome:
        return Outcome(True, "", 1)

    def baseline(self, moves: list[Move], rng: random.Random) -> Move:
        return moves[-1]

    def baseline_move(self, rng: random.Random) -> Move | None:
        return None if self.turn % 3 == 2 else Move(f"q{self.turn % 4}")

    def baseline_forced(self) -> bool | None:
        return [True, False, None][self.turn % 5 % 3]


def test_the_play_loop_counts_quick_and_listed_decisions_in_the_order_they_were_made():
    from pnp.play.policies import baseline_policy, play

    counted = quality.tally()
    play(_Quick(), baseline_policy, random.Random(1), tally=counted)
    expected, state = quality.tally(), _Quick()
    while not state.over():
        quick = state.baseline_move(random.Random(1))
        if quick is None:
            moves = state.moves()
            quality.count(expected, moves[-1], moves)
        else:
            quality.count(expected, quick, None, state.baseline_forced())
        state.apply(moves[-1] if quick is None else quick)
    assert list(counted["chosen"].items()) == list(expected["chosen"].items())
    assert counted == expected and counted["listed"] == 13 and 0 < counted["forced"] < counted["told"] < 27


def test_the_race_report_gives_lead_changes_decisiveness_and_choices_by_player_count():
    result = run_pnp("--root", str(DATA / "seats"), "simulate", "race", "--players", "2-3", "--games", "40",
                     "--jobs", "1", "--policy", "random", "--format", "json")
    assert result.code == 0, result.err
    rep = json.loads(result.out)
    for g in rep["groups"]:
        q = g["quality"]
        assert q["games"] == 40 and sum(q["length"]["histogram"].values()) == 40
        assert q["lead"]["games"] == 40 and q["lead"]["decided"]["games"] == 40  # the first home leads alone
        assert q["forced"]["listed"] == q["forced"]["decisions"] > 0 and q["forced"]["forced"] == 0
        shares = {c["move"]: c["share"] for c in q["choices"]}
        assert set(shares) == {"step", "dash"} and sum(shares.values()) == pytest.approx(1, abs=1e-3)
        assert 0.3 < shares["step"] < 0.7  # random: either, equally likely
    assert rep["policy_is"] == {"random": "any legal move, equally likely: the floor a design should rise well "
                                          "above, not a player"}


def test_the_text_report_says_each_measure_and_what_the_meters_cover():
    result = run_pnp("--root", str(DATA / "simulate"), "simulate", "coins", "--players", "1", "--games", "60",
                     "--jobs", "1", "--policy", "random")
    assert result.code == 0, result.err
    out = result.out
    assert "policy random: any legal move, equally likely" in out
    assert "meters cover the games still going, by round: 60" in out
    assert "rounds survived (a game lost in round r survived r - 1)" in out
    assert "forced moves (one legal move)" in out and "choices (kind of move" in out
