"""Voyage's baseline made cheaper without changing what it plays (cards/voyage/play/worths.py): an Event's
harm worked out once a game from its fields, checked against the plain rule in real games, so that a harm kept
across games is caught."""

from __future__ import annotations

import sys

from voyage_session import voyage_session


def _baseline(state):
    return sys.modules[type(state).__module__.rsplit(".", 1)[0] + ".worths"]


def test_an_events_harm_is_kept_for_one_game_only():
    """The harm kept in a game is the one its fields give (baseline.fields_harm); a sweep that changes the
    field between games gets the new harm in the next game, not the kept one."""
    from pnp.play.run import play_one
    from pnp.play.variant import Variant

    s = voyage_session(3, [Variant(), Variant("event", "meteor-shower", "damage", 9)])
    kept: dict[int, list] = {0: [], 1: []}

    def policy(state, legal, rng):
        baseline = _baseline(state)
        harm = baseline.event_harm(state, "meteor-shower")
        assert harm == baseline.fields_harm(state, "meteor-shower")
        kept[variant[0]].append(harm)
        return state.baseline_move(rng)

    s.policy = policy
    variant = [0]
    for v in (0, 1, 0):
        variant[0] = v
        for i in range(3):
            play_one(s, (v, 2, i))
    assert kept[0] and kept[1]
    assert len(set(kept[0])) == 1 and len(set(kept[1])) == 1 and kept[0][0] < kept[1][0], (set(kept[0]), set(kept[1]))
