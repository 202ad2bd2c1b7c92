"""A step that lasts until someone pays to resolve it (`until: resolved`, `resolve:`), played by pnp's engine: the
player whose turn it is may resolve it when they can pay (a move, chosen as any other), and resolving pays the
cost and takes back what the step did, within its bounds; the trace and the card's sentence say so; and a resolve
cost that is not one, or that nothing can pay, is refused at its line before any game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.play.state import Move

from conftest import edit, run_pnp
from engine_game import engine_state, make, said

CARDS = "cards/shop/cards.yaml"
LOWER = "{change: {track: morale, by: -20}, until: resolved, resolve: {spend: {resource: coins, amount: 3}}}"


@pytest.fixture
def shop(scaffold: Path) -> Path:
    """The scaffold's shop with a morale track: Trade Route lowers it by 20 until someone pays 3 coins; every
    card's text is its effect's own words; each player starts with 10 coins."""
    game = scaffold / "cards/shop"
    edit(game / "play.yaml", "resources: {coins: 2}", "resources: {coins: 10}\ntracks: {morale: 50}")
    edit(game / "cards.yaml", "{gain: {resource: coins, amount: 3}}]", "{gain: {resource: coins, amount: 3}}, "
         f"{LOWER}]")
    (game / "cards.yaml").write_text(re.sub(r'text: ".*"', 'text: "{{ card.effect }}"',
                                            (game / "cards.yaml").read_text()))
    return scaffold


PILE = ["lucky-find"] * 8


def test_the_next_player_may_pay_to_resolve_the_step_and_what_it_did_is_taken_back(shop):
    state = engine_state(shop, [["trade-route"], []], PILE)
    make(state, "play", "trade-route")  # 10 - 3 + 3 coins, and the turn's 1; morale 50 - 20
    assert state.tracks["morale"] == 30 and state.purse[0]["coins"] == 11
    assert state.actor == 1 and state.moves() == [Move("resolve", "trade-route"), Move("pass")]  # anyone may pay
    make(state, "resolve", "trade-route")
    assert state.tracks["morale"] == 50 and state.purse[1]["coins"] == 7 and state.purse[0]["coins"] == 11
    assert [m.name for m in state.moves()] == ["play", "pass"]  # nothing left to resolve: the turn goes on


def test_a_step_left_unresolved_lasts_and_is_offered_again_at_every_turns_start(shop):
    state = engine_state(shop, [["trade-route"], []], PILE)
    make(state, "play", "trade-route")
    make(state, "pass")  # player 2 leaves it
    assert state.tracks["morale"] == 30 and [m.name for m in state.moves()] == ["play", "pass"]
    make(state, "pass")  # player 2 plays nothing
    assert state.round == 2 and state.actor == 0 and state.moves()[0] == Move("resolve", "trade-route")


def test_a_player_who_cannot_pay_is_not_offered_it(shop):
    edit(shop / CARDS, "amount: 3}}}]", "amount: 12}}}]")
    state = engine_state(shop, [["trade-route"], []], PILE)
    make(state, "play", "trade-route")
    for actor, coins in ((1, 10), (0, 11), (1, 11)):  # each turn's 1 coin comes after its start
        assert state.actor == actor and state.purse[actor]["coins"] == coins, (actor, state.purse)
        assert "resolve" not in [m.name for m in state.moves()]
        make(state, "pass")
    assert state.actor == 0 and state.purse[0]["coins"] == 12 and state.moves()[0] == Move("resolve", "trade-route")


def test_what_is_taken_back_is_what_the_step_did_within_its_bounds(shop):
    edit(shop / "cards/shop/play.yaml", "morale: 50", "morale: 10")
    state = engine_state(shop, [["trade-route"]], PILE)
    make(state, "play", "trade-route")
    assert state.tracks["morale"] == 0  # 10 - 20, held at 0: the step did -10
    make(state, "resolve")
    assert state.tracks["morale"] == 10


def test_each_step_played_is_resolved_on_its_own_and_the_move_is_offered_once(shop):
    state = engine_state(shop, [["trade-route", "trade-route"]], PILE)
    make(state, "play", "trade-route")
    make(state, "pass")  # round 2: left unresolved
    make(state, "play", "trade-route")  # 30 - 20
    assert state.tracks["morale"] == 10 and state.moves() == [Move("resolve", "trade-route"), Move("pass")]
    make(state, "resolve")
    assert state.tracks["morale"] == 30 and state.moves() == [Move("resolve", "trade-route"), Move("pass")]  # the other
    make(state, "resolve")
    assert state.tracks["morale"] == 50 and not state.open and state.purse[0]["coins"] == 12 - 6
    assert [m.name for m in state.moves()] == ["play", "pass"]


def test_the_trace_and_the_card_say_it_in_words(shop):
    state = engine_state(shop, [["trade-route"], []], PILE)
    said(state)
    make(state, "play", "trade-route")
    assert "morale: -20, until someone pays 3 Coins to resolve Trade Route" in said(state)
    resolve, leave = state.moves()
    assert state.say(resolve) == "player 2 resolves Trade Route, paying 3 Coins"
    assert state.say(leave) == "player 2 resolves nothing"
    state.apply(resolve)
    assert said(state) == ["morale: +20, as player 2 resolves Trade Route"]
    card = next(c for c in state.table.cards("card").values() if c["name"] == "Trade Route")
    assert card["effect"] == "Draw 2 cards. Gain 3 Coins. Lower Morale by 20 until someone pays 3 Coins to resolve it."


def test_a_traced_game_tells_the_resolving(shop):
    told = []
    for index in range(6):
        result = run_pnp("--root", str(shop), "simulate", "shop", "--players", "2", "--policy", "random", "--trace",
                         str(index))
        assert result.code == 0, result.err
        told.append(result.out)
    story = "\n".join(told)
    assert "resolves Trade Route, paying 3 Coins (of 2:" in story and "morale: +20, as player" in story, story[:3000]


@pytest.mark.parametrize("step, said", [
    ("{change: {track: morale, by: -20}, until: resolved}", "`until: resolved` and `resolve:` go together"),
    ("{change: {track: morale, by: -20}, resolve: {spend: {resource: coins, amount: 3}}}",
     "`until: resolved` and `resolve:` go together"),
    (LOWER.replace("resource: coins", "resource: gems"), "no player can pay 'gems': no one starts with it"),
    (LOWER.replace("{spend: {resource: coins, amount: 3}}", "{draw: 1}"),
     "a resolve cost is what a player pays: `spend` steps"),
    (LOWER.replace("amount: 3", "amount: 0"), "a resolve cost of 0 resolves for nothing"),
    (LOWER.replace("until: resolved", "until: resolved, rounds: 2"), "`until:` or `rounds:`, not both"),
    (LOWER.replace("change: {track: morale, by: -20}", "draw: 1"), "`until:` on `draw`: what a draw does cannot"),
])
@pytest.mark.parametrize("command", ["check", "simulate"])
def test_a_resolve_cost_that_cannot_be_played_is_refused_at_its_line(shop, step, said, command):
    edit(shop / CARDS, LOWER, step)
    result = run_pnp("--root", str(shop), command, "shop", *(["--games", "5"] if command == "simulate" else []))
    assert result.code in (1, 2) and "Traceback" not in result.err, (result.code, result.out, result.err)
    assert f"{CARDS}:20:" in result.out + result.err and said in result.out + result.err, result.out + result.err
