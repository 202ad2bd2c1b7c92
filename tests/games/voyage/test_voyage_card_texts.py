"""Voyage's cards play as their text says, each tried on a real game's state: Reinforced Bulkhead stops the
Damage Tokens a roll would add to its Room (the die is not rolled again onto another Room), and Damage Control
spares a Room the sparing saves (a Room at 3 tokens is destroyed whatever is chosen)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from conftest import REPO, cards


class Seen(Exception):
    pass


def on_a_real_state(scenario: Callable[[Any], None]) -> None:
    """`scenario(state)` at the first decision of a 2-player game of Voyage (then the game stops)."""
    from pnp.model.game import load_game
    from pnp.play.run import Plan, play_one, session
    from pnp.rules.check import load_rules

    game = load_game(REPO, "voyage")
    spec, _ = load_rules(game)
    s = session(Plan(game, spec.setup, 1, "baseline"))

    def policy(state: Any, legal: list, rng: Any) -> Any:
        scenario(state)
        raise Seen

    s.policy = policy
    with pytest.raises(Seen):
        play_one(s, (0, 2, 0))


def card_text(deck: str, card: str) -> str:
    return next(c for c in cards("voyage", f"{deck}.yaml") if c["id"] == card)["text"]


def test_reinforced_bulkhead_stops_the_tokens_a_roll_would_add():
    assert "cannot gain Damage Tokens" in card_text("abilities", "reinforced-bulkhead")

    def scenario(ship: Any) -> None:
        shielded = next(sq for sq in ship.squares if sq not in ship.destroyed and not ship.damage[sq])
        ship.bulkhead[shielded] = ship.round + 1  # played on it this round
        before = dict(ship.damage)
        ship.roll = lambda: {"id": shielded}  # the Peril Die lands on the shielded Room
        ship.roll_room(True, True, ("hurt", 2, True))  # an Event's 2 tokens, on the Room rolled
        assert ship.damage == before  # no token on it, and none rolled onto another Room

    on_a_real_state(scenario)


def test_damage_control_spares_a_room_the_sparing_saves():
    assert "do not gain a Damage Token" in card_text("rooms", "damage-control") or \
        "not gain a Damage Token" in card_text("rooms", "damage-control")

    def scenario(ship: Any) -> None:
        full, hurt, control = [sq for sq in ship.squares if sq not in ship.destroyed][:3]
        for sq in ship.squares:
            ship.damage[sq] = 0
        ship.damage[full], ship.damage[hurt] = ship.max_damage, ship.max_damage - 1
        ship.at["damage-control"] = control  # Damage Control in play, working
        ship.ongoing.clear()
        ship.spared.clear()
        ship.end_round()
        assert full in ship.destroyed  # at 3 tokens: destroyed whatever is spared
        assert hurt not in ship.destroyed and ship.damage[hurt] == ship.max_damage - 1  # spared: no token gained

    on_a_real_state(scenario)
