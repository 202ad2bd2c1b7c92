"""A game played from its YAML alone: the scaffold of `pnp new --project` simulates with no Python, every card
played from its `effect:`, a card renamed plays as before, a changed effect moves the win rate, and a card
that says nothing of what it does (or a verb pnp's engine does not play) is refused at its line."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import edit, run_pnp


def simulated(root: Path, *args: str) -> dict:
    result = run_pnp("--root", str(root), "simulate", "shop", "--games", "150", "--players", "2", "--format",
                     "json", *args)
    assert result.code == 0, result.err
    return json.loads(result.out)["groups"][0]


def test_the_new_game_plays_with_no_python(scaffold):
    assert not list((scaffold / "cards/shop").rglob("*.py"))
    group = simulated(scaffold)
    assert group["win"]["games"] == 150 and 0 < group["win"]["wins"] < 150  # a game, neither won nor lost always
    played = {c["card"]: c["plays"] for c in group["cards"]}
    assert all(played[f"card/{c}"] > 0 for c in ("lucky-find", "trade-route", "grand-market")), played


def test_a_card_renamed_plays_exactly_as_before(scaffold):
    before = simulated(scaffold)
    edit(scaffold / "cards/shop/cards.yaml", "name: Lucky Find", "name: Happy Find")
    after = simulated(scaffold)
    assert json.loads(json.dumps(after).replace("happy-find", "lucky-find")) == before


def test_a_changed_effect_moves_the_win_rate(scaffold):
    before = simulated(scaffold)["win"]["rate"]
    edit(scaffold / "cards/shop/cards.yaml", "effect: [{gain: {resource: coins, amount: 7}}",
         "effect: [{gain: {resource: coins, amount: 1}}")
    edit(scaffold / "cards/shop/cards.yaml", "Gain 7 :coin: Coins.", "Gain 1 :coin: Coin.")
    assert simulated(scaffold)["win"]["rate"] < before - 0.2


def test_a_card_that_says_nothing_of_what_it_does_is_refused_at_its_line(scaffold):
    edit(scaffold / "cards/shop/cards.yaml", "    effect: [{gain: {resource: coins, amount: 2}}]  # what it does in "
         "play (docs/effects.md): pnp simulate plays it\n", "")
    result = run_pnp("--root", str(scaffold), "simulate", "shop", "--games", "10")
    assert result.code == 2 and not result.out
    assert "cards/shop/cards.yaml:13:5: card/lucky-find: lucky-find says nothing of what it does: give it an " \
           "`effect:` (or `effect: none`)" in result.err, result.err


def test_what_the_engine_does_not_play_is_refused_before_any_game(scaffold):
    """A draw that should last (`until:`), which nothing can take back, is refused at its step, never skipped."""
    edit(scaffold / "cards/shop/cards.yaml", "effect: [{draw: 2}, ", "effect: [{draw: 2, until: round-end}, ")
    result = run_pnp("--root", str(scaffold), "simulate", "shop", "--games", "10")
    assert result.code == 2 and "`until:` on `draw`: what a draw does cannot be taken back" in result.err, result.err
    assert "cards/shop/cards.yaml:20:14: card/trade-route:" in result.err  # the step, at its line and column


def test_greedy_knows_no_game_and_plays_by_its_value(scaffold):
    random_rate = simulated(scaffold, "--policy", "random")["win"]["rate"]
    greedy = simulated(scaffold, "--policy", "greedy")
    assert greedy["win"]["games"] == 150 and greedy["win"]["rate"] > random_rate  # it looks ahead, random does not


def test_a_game_played_from_its_yaml_runs_no_game_code_so_no_custom_rules_still_plays(scaffold):
    assert simulated(scaffold, "--no-custom-rules")["win"]["games"] == 150
