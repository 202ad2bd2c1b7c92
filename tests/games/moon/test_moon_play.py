"""Welcome to the Moon, adventure 1, played (cards/moon/play): each rule of the turn, the missions and the end,
checked on a dealt table."""

from __future__ import annotations

import json

import pytest
from moon_play_table import moon_state, play_out

from conftest import run_pnp


def _floor(state, action: str) -> int:
    return state.zone_actions.index(action)


def test_a_floor_takes_numbers_ascending_left_to_right_only():
    state = moon_state(2)
    sheet, z = state.sheets[0], _floor(state, "robot")
    sheet.floors[z][2] = 7
    assert sheet.fits(z, 3, 9) and sheet.fits(z, 0, 2)
    assert not sheet.fits(z, 3, 5), "a smaller number right of 7"
    assert not sheet.fits(z, 1, 8), "a larger number left of 7"
    assert not sheet.fits(z, 2, 8), "a filled space"


def test_a_floor_never_takes_a_number_twice():
    state = moon_state(2)
    sheet, z = state.sheets[0], _floor(state, "water")
    sheet.floors[z][0] = 6
    assert not sheet.fits(z, 3, 6)
    assert sheet.fits(z, 3, 7)


def test_an_x_fills_a_space_and_orders_nothing():
    state = moon_state(2)
    sheet, z = state.sheets[0], _floor(state, "plant")
    sheet.floors[z][1] = "X"
    assert sheet.fits(z, 0, 15) and sheet.fits(z, 2, 0) and not sheet.fits(z, 1, 4)


def test_a_pair_is_written_on_its_actions_floors_or_the_wild_floor():
    state = moon_state(3, seed=4)
    for move in state.writes():
        k, z, s, n = move.arg
        number, action, _ = state.pairs[k]
        assert state.zone_actions[z] in (action, state.wild) and n == number
    offered = {(m.arg[0], m.arg[1]) for m in state.writes()}
    for k, (_, action, _) in enumerate(state.pairs):  # every floor of the action, and the Wild floor
        floors = {z for z, a in enumerate(state.zone_actions) if a in (action, state.wild)}
        assert {z for kk, z in offered if kk == k} == floors


def test_every_floor_ascends_and_never_repeats_through_a_whole_game():
    state = moon_state(4, seed=2)
    play_out(state)
    for sheet in state.sheets:
        for floor in sheet.floors:
            numbers = [v for v in floor if isinstance(v, int)]
            assert numbers == sorted(set(numbers)), floor


def test_the_astronaut_moves_a_number_by_up_to_two_within_0_to_17_only_where_actions_act():
    state = moon_state(2)
    assert state.numbers(8, "astronaut") == [8], "adventure 1: the actions have no effect"
    state.shifting = {"astronaut"}  # an adventure whose actions act
    assert state.numbers(8, "astronaut") == [6, 7, 8, 9, 10]
    assert state.numbers(1, "astronaut") == [0, 1, 2, 3]
    assert state.numbers(15, "astronaut") == [13, 14, 15, 16, 17]
    assert state.numbers(8, "robot") == [8]


def test_a_player_who_can_write_nothing_circles_a_system_error_and_the_next_seat_plays():
    state = moon_state(2)
    for floor in state.sheets[0].floors:  # every space filled but one, which fits nothing: no write
        floor[:] = ["X"] * len(floor)
    state.sheets[0].floors[0][0] = None
    state.sheets[0].floors[0][1:] = [-1] + ["X"] * (len(state.sheets[0].floors[0]) - 2)
    assert state.moves() == [state.moves()[0]] and state.moves()[0].name == "error"
    state.apply(state.moves()[0])
    assert state.sheets[0].circled == 1 and state.seat() == 1


def test_a_full_quarter_plays_its_rockets_once():
    state = moon_state(2)
    sheet = state.sheets[0]
    q = next(q for q in sheet.quarters if q.effects.get("rockets") and len(q.effects) == 1)
    for s in q.spaces:
        assert sheet.crossed == 0
        state._fill(q.zone, s, "X")
    assert sheet.crossed == q.effects["rockets"] and q.done


def test_an_idle_rocket_pays_only_when_lit_before_its_quarter_is_full():
    for lit in (False, True):
        state = moon_state(2)
        sheet = state.sheets[0]
        q = next(q for q in sheet.quarters if "idle" in q.effects and "build" not in q.effects)
        q.lit = lit
        for s in q.spaces:
            state._fill(q.zone, s, "X")
        assert sheet.crossed == (q.effects["idle"] if lit else 0)


def test_a_build_is_the_players_next_decision_and_counts_for_the_missions():
    state = moon_state(2)
    sheet = state.sheets[0]
    q = next(q for q in sheet.quarters if q.effects.get("build") == 1)
    for s in list(q.spaces)[:-1]:
        state._fill(q.zone, s, "X")
    last = list(q.spaces)[-1]
    number = next(n for n in range(18) if sheet.fits(q.zone, last, n))
    state.pairs = [(number, state.zone_actions[q.zone], "s01")] * 3
    state.apply(next(m for m in state.writes() if m.arg[1:3] == (q.zone, last)))
    assert state.seat() == 0 and {m.name for m in state.moves()} == {"build"}
    state.apply(state.moves()[0])
    assert sheet.built == 1 and state.seat() == 1


def test_a_sabotage_circles_an_error_for_every_other_player_once_and_is_crossed_off_for_all():
    state = moon_state(3)
    q = next(q for q in state.sheets[0].quarters if q.effects.get("sabotage"))
    for seat in (0, 1):  # two players fill it in the same turn: only the third is hit, once
        for s in q.spaces:
            state.now = seat
            state._fill(q.zone, s, "X")
    state._end_turn()
    assert [s.circled for s in state.sheets] == [0, 0, 1]
    state.now = 2
    for s in q.spaces:
        state._fill(q.zone, s, "X")
    state._end_turn()
    assert [s.circled for s in state.sheets] == [0, 0, 1], "a sabotage played is gone for everyone"


def _mission(state, goal: str):
    for mid, card in state.table.cards("mission").items():
        if card["adventure"] == 1 and card["goal"] == goal:
            return mid, card
    raise AssertionError(goal)


def test_the_first_players_to_meet_a_mission_take_more_than_later_ones():
    state = moon_state(3)
    mid, card = _mission(state, "build")
    state.missions = {card["letter"]: mid}
    assert card["first"] > card["later"]
    state.sheets[0].built = state.sheets[1].built = card["count"]  # two players in the same turn
    state._end_turn()
    assert state.sheets[0].missions == state.sheets[1].missions == {card["letter"]: card["first"]}
    assert state.sheets[0].crossed == card["first"] and state.sheets[2].missions == {}
    state.sheets[2].built = card["count"]  # a later turn
    state._end_turn()
    assert state.sheets[2].missions == {card["letter"]: card["later"]} and state.sheets[2].crossed == card["later"]
    assert state.sheets[0].crossed == card["first"], "a mission is met once"


def test_a_fill_mission_needs_every_floor_of_its_actions():
    state = moon_state(2)
    mid, card = next((m, c) for m, c in state.table.cards("mission").items()
                     if c["goal"] == "fill" and len(c["floors"]) == 2)
    state.missions = {card["letter"]: mid}
    floors = [z for z, a in enumerate(state.zone_actions) if a in card["floors"]]
    assert len(floors) >= 2
    sheet = state.sheets[0]
    for z in floors[:-1]:
        sheet.floors[z][:] = ["X"] * len(sheet.floors[z])
    state._end_turn()
    assert sheet.missions == {}, "one floor still open"
    sheet.floors[floors[-1]][:] = ["X"] * len(sheet.floors[floors[-1]])
    state._end_turn()
    assert sheet.missions == {card["letter"]: card["first"]}


def _turn_ends(state):
    state._end_turn()
    return state.over(), state.ended


def test_the_game_ends_when_a_player_circles_every_system_error():
    state = moon_state(2)
    state.sheets[1].circled = state.sheets[1].errors_max - 1
    assert _turn_ends(state) == (False, None)
    state.sheets[1].circle_error()
    assert _turn_ends(state) == (True, "every System Error circled")


def test_the_game_ends_when_a_player_fills_every_space():
    state = moon_state(2)
    sheet = state.sheets[0]
    for floor in sheet.floors:
        floor[:] = [-1] * len(floor)  # filled, and meeting no mission's build or errors goal
    state.missions = {}
    assert _turn_ends(state) == (True, "every space filled")


def test_the_game_ends_when_a_player_meets_the_three_missions():
    state = moon_state(2)
    state.sheets[0].missions = {letter: 1 for letter in list(state.missions)[:-1]}
    assert _turn_ends(state) == (False, None)
    state.sheets[0].missions[list(state.missions)[-1]] = 1
    assert _turn_ends(state) == (True, "every mission met")


def test_a_launch_ends_the_game_and_wins_it_only_with_every_error_crossed_off():
    state = moon_state(3)
    sheet = state.sheets[2]
    sheet.circled = 1
    sheet.cross_rockets(sum(sheet.rows))
    assert sheet.tower_full() and not sheet.launched()
    assert _turn_ends(state) == (False, None)
    sheet.cross_rockets(1)  # a rocket past the tower crosses off the error
    assert sheet.launched() and _turn_ends(state) == (True, "a rocket launched")
    out = state.outcome()
    assert out.winners == (2,) and out.scores[2] == state.layout["launch_score"] and len(out.scores) == 3


def test_between_launchers_the_most_tie_break_rockets_win():
    state = moon_state(2)
    for sheet, extra in zip(state.sheets, (2, 3), strict=True):
        sheet.cross_rockets(sum(sheet.rows) + extra)
    state._end_turn()
    assert state.outcome().winners == (1,)


def test_the_score_is_the_lowest_row_showing_less_five_an_open_error_and_a_tie_goes_to_fewer_errors():
    state = moon_state(2)
    rows = state.layout["tower"]
    a, b = state.sheets
    a.cross_rockets(rows[0]["rockets"])  # the first row full: its score crossed off, the second's shows
    b.cross_rockets(rows[0]["rockets"] + rows[1]["rockets"])
    b.circled = 2
    expected_b = rows[2]["score"] - 2 * state.layout["error_penalty"]
    assert state.score(0) == rows[1]["score"] and state.score(1) == expected_b
    b.circled, a.circled = 0, 1
    b.crossed = a.crossed  # the same rockets: tied on points unless the errors differ
    a.circled, a.cleared = 1, 1
    assert state.outcome().winners == (1,), "the tie goes to the fewer System Errors circled"


@pytest.mark.parametrize("players", [1, 2, 6])
def test_a_whole_game_ends_with_a_score_per_seat_and_winners_and_the_seats_take_turns(players):
    state = moon_state(players, seed=3)
    seats = play_out(state, seed=3)
    out = state.outcome()
    assert len(out.scores) == players and set(out.winners) <= set(range(players))
    assert out.winners or players == 1, "a game of several players always has a winner"
    assert out.reason in ("a rocket launched", "every mission met", "every System Error circled",
                          "every space filled")
    assert set(seats) == set(range(players)), "every seat decides"
    turns = [s for i, s in enumerate(seats) if i == 0 or s < seats[i - 1]]  # seat order restarts each turn
    assert turns and all(s == 0 for s in turns)


@pytest.mark.parametrize("players", ["2", "6"])
def test_simulate_plays_every_game_to_its_end(players):
    result = run_pnp("simulate", "moon", "--players", players, "--games", "6", "--policy", "baseline",
                     "--format", "json", "--jobs", "1")
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report, report


def test_the_baseline_players_sheets_differ_though_they_see_the_same_pairs():
    shared = 0
    for seed in range(1, 9):
        state = moon_state(2, seed=seed)
        play_out(state, seed=seed)
        assert state.sheets[0].floors != state.sheets[1].floors
        shared += len(state.outcome().winners) > 1
    assert shared < 8, "not every game a shared win"


def test_values_tell_the_sheet_of_the_player_who_just_moved():
    state = moon_state(2)
    state.apply(state.writes()[0])
    assert state.seat() == 1 and state.values()["filled"] == 1
    assert state.value() == state.table.value_of(state.values())


def test_each_move_is_said_in_words_for_the_trace():
    from pnp.play import Move

    state = moon_state(2)
    write = state.writes()[0]
    k, z, s, n = write.arg
    idle = next(q for q in state.sheets[0].quarters if "idle" in q.effects)
    said = {m.name: state.say(m) for m in (write, Move("error"), Move("build", (z, s)), Move("ignite", idle.index))}
    assert said["write"] == (f"player 1 takes {state.pairs[k][0]} {state.pairs[k][1]} and writes {n} on floor "
                             f"{z + 1}, space {s + 1}")
    assert "System Error" in said["error"] and "X on floor" in said["build"] and "idle rocket" in said["ignite"]
    assert all(len(text) <= 200 for text in said.values())


def test_alone_only_a_launch_wins():
    state = moon_state(1)
    state.sheets[0].circled = state.sheets[0].errors_max
    state._end_turn()
    assert state.over() and state.outcome().winners == () and not state.outcome().won
    state = moon_state(1)
    state.sheets[0].cross_rockets(sum(state.sheets[0].rows))
    state._end_turn()
    assert state.outcome().winners == (0,) and state.outcome().won


def test_a_look_ahead_copy_knows_the_stacks_tops_but_not_the_order_beneath():
    import random

    state = moon_state(2)
    copy = state.clone(random.Random(5))
    assert [s[0] for s in copy.stacks] == [s[0] for s in state.stacks]
    assert [len(s) for s in copy.stacks] == [len(s) for s in state.stacks]
    assert sorted(c for s in copy.stacks for c in s) == sorted(c for s in state.stacks for c in s)
    assert [s[1:] for s in copy.stacks] != [s[1:] for s in state.stacks]
