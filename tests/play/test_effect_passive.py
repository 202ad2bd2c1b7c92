"""Passive steps played by pnp's engine: `modify` makes a cost less or more (playing a card, resolving a step) and
`prevent` keeps a place from gaining (or losing) tokens, from when their card is played, `while:` their condition
holds; each read as the card's sentence and completed by `pnp schema`; what cannot be played refused at its line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp.model.effects.verbs import effect_json_schema

from conftest import edit, run_pnp
from engine_game import engine_state, make, said

CARDS = "cards/shop/cards.yaml"
LUCKY = "effect: [{gain: {resource: coins, amount: 2}}]"
BOARD = "places: {camp: [river], river: [camp]}\npieces: {explorer: camp}\ntokens: {river: 2}\n"


@pytest.fixture
def shop(scaffold: Path) -> Path:
    """The scaffold's shop, each player with 10 coins at the start, every card's text its effect's own words."""
    game = scaffold / "cards/shop"
    edit(game / "play.yaml", "resources: {coins: 2}", "resources: {coins: 10}\ntracks: {morale: 50}")
    (game / "cards.yaml").write_text(re.sub(r'text: ".*"', 'text: "{{ card.effect }}"',
                                            (game / "cards.yaml").read_text()))
    return scaffold


def lucky(root: Path, *steps: str) -> None:
    """Lucky Find's effect: its 2 coins, and `steps`."""
    edit(root / CARDS, LUCKY, LUCKY.removesuffix("]") + "".join(f", {s}" for s in steps) + "]")


def costs(state) -> dict[str, int]:
    return {m.arg: m.cost for m in state.moves() if m.name == "play"}


PILE = ["lucky-find"] * 8
HAND = ["lucky-find", "trade-route", "grand-market"]


@pytest.mark.parametrize("who, mine, theirs", [("self", -1, 0), ("others", 0, -1), ("all", -1, -1)])
def test_a_card_played_makes_playing_a_card_cost_less_for_whom_it_says(shop, who, mine, theirs):
    lucky(shop, f"{{modify: {{cost: play, by: -1, who: {who}}}}}")
    state = engine_state(shop, [HAND, HAND], PILE)
    assert costs(state) == {"lucky-find": 1, "trade-route": 3, "grand-market": 5}
    make(state, "play", "lucky-find")  # player 1: 10 - 1 + 2, and the turn's 1
    assert state.actor == 1 and costs(state) == {"lucky-find": 1 + theirs, "trade-route": 3 + theirs,
                                                 "grand-market": 5 + theirs}
    make(state, "pass")
    assert state.actor == 0 and costs(state) == {"lucky-find": 1 + mine, "trade-route": 3 + mine,
                                                 "grand-market": 5 + mine}
    make(state, "play", "trade-route")
    assert state.purse[0]["coins"] == 12 - (3 + mine) + 3 + 1  # what the move said it costs is what is paid


def test_a_modifier_holds_while_its_condition_does_and_a_cost_is_never_below_0(shop):
    lucky(shop, '{modify: {cost: play, by: -4}, while: "coins >= 12"}')
    state = engine_state(shop, [HAND], PILE)
    make(state, "play", "lucky-find")
    assert state.purse[0]["coins"] == 12 and costs(state) == {"lucky-find": 0, "trade-route": 0, "grand-market": 1}
    state.purse[0]["coins"] = 11
    assert costs(state) == {"lucky-find": 1, "trade-route": 3, "grand-market": 5}


def test_every_copy_played_adds_its_modifier(shop):
    lucky(shop, "{modify: {cost: play, by: 1}}")
    state = engine_state(shop, [["lucky-find", "lucky-find", "grand-market"]], PILE)
    make(state, "play", "lucky-find")
    make(state, "play", "lucky-find")
    assert costs(state)["grand-market"] == 7


def test_a_modifier_makes_resolving_cheaper(shop):
    lucky(shop, "{modify: {cost: resolve, by: -2}}")
    edit(shop / CARDS, "{gain: {resource: coins, amount: 3}}]", "{gain: {resource: coins, amount: 3}}, "
         "{change: {track: morale, by: -20}, until: resolved, resolve: {spend: {resource: coins, amount: 3}}}]")
    state = engine_state(shop, [["lucky-find", "trade-route"]], PILE)
    make(state, "play", "lucky-find")  # 12 coins
    make(state, "play", "trade-route")  # 12 - 3 + 3 + 1
    resolve = state.moves()[0]
    assert state.say(resolve) == "player 1 resolves Trade Route, paying 1 Coins"
    state.apply(resolve)
    assert state.purse[0]["coins"] == 12 and state.tracks["morale"] == 50


@pytest.fixture
def board(shop: Path) -> Path:
    """The shop on two places: Grand Market moves the explorer to the river and adds a token where it stands;
    Trade Route adds 2 tokens at the camp and takes 1 from the river."""
    edit(shop / "cards/shop/play.yaml", "tracks:", BOARD + "tracks:")
    edit(shop / CARDS, "effect: [{gain: {resource: coins, amount: 7}}, {gain: {resource: coins, amount: 1, who: "
         "others}}]", "effect: [{move: {piece: explorer, to: river}}, {tokens: {place: here, add: 1}}]")
    edit(shop / CARDS, "{gain: {resource: coins, amount: 3}}]", "{tokens: {place: camp, add: 2}}, "
         "{tokens: {place: river, add: -1}}]")
    return shop


def played(root: Path, *cards: str) -> dict[str, int]:
    """The tokens on the board after one player plays `cards`, one a round."""
    state = engine_state(root, [list(cards)], PILE)
    for card in cards:
        make(state, "play", card)
    return state.board.tokens


@pytest.mark.parametrize("prevent, camp, river", [
    ("{prevent: here}", 0, 3 - 1),  # the camp, where the explorer stood when it was played; the river loses
    ("{prevent: {place: river, tokens: lose}}", 2, 3),
    ('{prevent: here, while: "round > 2"}', 0, 2),
    ('{prevent: here, while: "round > 3"}', 2, 2),
])
def test_a_place_prevented_gains_or_loses_no_tokens(board, prevent, camp, river):
    lucky(board, prevent)
    assert played(board, "lucky-find", "grand-market", "trade-route") == {"camp": camp, "river": river}


def test_the_trace_and_the_cards_say_the_passive_steps(board):
    lucky(board, '{modify: {cost: play, by: -1}, while: "coins < 5"}', "{prevent: here}")
    state = engine_state(board, [["lucky-find", "trade-route"]], PILE)
    said(state)
    make(state, "play", "lucky-find")
    assert said(state) == ["from now on, playing a card costs player 1 1 less while coins < 5",
                           "from now on, no token can be added to camp"]
    make(state, "play", "trade-route")
    assert said(state)[0] == "tokens at camp: 0, as a step prevents it"
    card = next(c for c in state.table.cards("card").values() if c["name"] == "Lucky Find")
    assert card["effect"] == "Gain 2 Coins. Playing a card costs you 1 less while coins < 5. No token can be " \
        "added to your place."


def test_pnp_schema_completes_the_passive_verbs_and_the_resolve_cost():
    step = effect_json_schema()["oneOf"][1]["items"]["properties"]
    assert {"modify", "prevent", "resolve", "while"} <= set(step)
    assert "{modify: {cost: play, by: -1}" in step["modify"]["description"]


@pytest.mark.parametrize("step, said", [
    ("{modify: {cost: play, by: -1}, at: round-end}", "`at:` on `modify`: a passive step holds from when its card"),
    ("{modify: {cost: play, by: -1}, until: round-end}", "`until:` on `modify`: a passive step holds"),
    ('{modify: {cost: play, by: -1}, if: "coins < 3"}', "`if:` on `modify`: a passive step holds"),
    ('{gain: {resource: coins, amount: 1}, while: "coins < 3"}', "`while:` goes on a passive step (modify, prevent)"),
    ('{modify: {cost: play, by: -1}, while: "gold < 3"}', "`while:` reads 'gold', which the game does not have"),
    ("{modify: {cost: resolve, by: -1}}", "`cost: resolve` modifies nothing: no step lasts `until: resolved`"),
    ("{modify: {cost: buy, by: -1}}", "`cost` of `modify` is one of play, resolve, got 'buy'"),
    ("{prevent: here}", "`prevent` needs a board: give play.yaml `places:`"),
])
@pytest.mark.parametrize("command", ["check", "simulate"])
def test_a_passive_step_that_cannot_be_played_is_refused_at_its_line(shop, step, said, command):
    lucky(shop, step)
    result = run_pnp("--root", str(shop), command, "shop", *(["--games", "5"] if command == "simulate" else []))
    assert result.code in (1, 2) and "Traceback" not in result.err, (result.code, result.out, result.err)
    assert f"{CARDS}:16:" in result.out + result.err and said in result.out + result.err, result.out + result.err


def test_a_passive_step_in_the_turn_is_refused_at_its_line(shop):
    edit(shop / "cards/shop/play.yaml", "  - {draw: 1}", "  - {draw: 1}\n  - {modify: {cost: play, by: -1}}")
    result = run_pnp("--root", str(shop), "check", "shop")
    assert result.code == 1 and "cards/shop/play.yaml:8:5: turn:" in result.out, result.out
    assert "`modify` holds from when its card is played: put it on a card's `effect:`" in result.out, result.out
