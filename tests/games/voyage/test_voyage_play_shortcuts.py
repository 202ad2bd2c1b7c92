"""Voyage's shortcuts for speed (cards/voyage/play): each gives what the plain rule gives, at every
decision of real games (1-4 players), so the games played stay the same."""

from __future__ import annotations

import sys

from conftest import REPO


def test_options_repair_cost_is_the_task_cost_and_useful_squares_the_plain_rule():
    """moves.options works out the Repair cost once a decision and useful_squares reads craftable inline:
    checked against task_cost and effects.craftable at every decision (the state as the policy sees it)."""
    checked = {"repair": 0, "useful": 0}

    from pnp.model.game import load_game
    from pnp.play.run import Plan, play_one, session
    from pnp.rules.check import load_rules

    game = load_game(REPO, "voyage")
    spec, _ = load_rules(game)
    s = session(Plan(game, spec.setup, 3, "baseline"))

    def policy(state, legal, rng):
        pkg = type(state).__module__.rsplit(".", 1)[0]
        moves, effects = sys.modules[pkg + ".moves"], sys.modules[pkg + ".effects"]
        for name, who, _key, cost, _targets in moves.options(state):
            if name == "repair":
                assert cost == moves.task_cost(state, "Repair", who)
                checked["repair"] += 1
        for who in (None, *range(len(state.crew))):
            here = state.crew[who][1] if who is not None else None
            blocked = moves.quarantine(state) if state.ongoing else ()
            plain = [sq for sq in state.squares if sq != here and sq not in blocked and
                     (state.damage[sq] or effects.craftable(state, sq)
                      or state.room.get(state.slot[sq], {}).get("kind") == "activated")]
            assert moves.useful_squares(state, who) == plain
            checked["useful"] += 1
        return state.baseline_move(rng)

    s.policy = policy
    for i in range(12):
        for players in (1, 2, 3, 4):
            play_one(s, (0, players, i))
    assert checked["repair"] > 20 and checked["useful"] > 1000, checked
