"""Voyage's repairs (cards/voyage/play/effects.py): a repair removes the Damage Tokens the Room has, no more, and
the record's "damage repaired" counts only the tokens removed."""

from __future__ import annotations

import sys

from conftest import REPO


def _checked_at_first_decision(check) -> dict:
    """`check(state, effects)` run once, on the state a policy sees at a game's first decision."""
    from pnp.model.game import load_game
    from pnp.play.run import Plan, play_one, session
    from pnp.rules.check import load_rules

    game = load_game(REPO, "voyage")
    spec, _ = load_rules(game)
    s = session(Plan(game, spec.setup, 3, "baseline"))
    seen: dict = {}

    def policy(state, legal, rng):
        if not seen:
            seen.update(check(state, sys.modules[type(state).__module__.rsplit(".", 1)[0] + ".effects"]) or {})
            seen["checked"] = True
        return state.baseline_move(rng)

    s.policy = policy
    play_one(s, (0, 2, 0))
    return seen


def _repaired(state) -> int:
    return state.table.record.counts.get("damage repaired", 0)


def test_a_repair_on_an_undamaged_room_repairs_nothing():
    def check(state, effects):
        sq = next(sq for sq in state.squares if not state.damage[sq] and sq not in state.destroyed)
        before = _repaired(state)
        effects.repair(state, sq, 2)
        return {"added": _repaired(state) - before, "damage": state.damage[sq]}

    seen = _checked_at_first_decision(check)
    assert seen["checked"] and seen["added"] == 0 and seen["damage"] == 0, seen


def test_a_repair_counts_the_tokens_the_room_had_not_its_number():
    def check(state, effects):
        sq = next(sq for sq in state.squares if sq not in state.destroyed)
        state.damage[sq] = 1
        before = _repaired(state)
        effects.repair(state, sq, 3)
        after = _repaired(state)
        state.damage[sq] = 2
        effects.repair(state, sq, 1)
        return {"one of 3": after - before, "one of 1": _repaired(state) - after, "left": state.damage[sq]}

    seen = _checked_at_first_decision(check)
    assert (seen["one of 3"], seen["one of 1"], seen["left"]) == (1, 1, 1), seen
