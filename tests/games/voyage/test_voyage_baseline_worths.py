"""Voyage's baseline made cheaper without changing what it plays (cards/voyage/play/baseline.py): an
Ability Card valued beyond its gains only where ability_move says how (`DOES_MORE`), an Event's harm
worked out once a game from its fields. Each is checked against the plain rule in real games, 1-4
players, so that a card given a new rule, or a harm kept across games, is caught."""

from __future__ import annotations

import sys

from conftest import REPO


def _session(seed: int, variants=None):
    from pnp.model.game import load_game
    from pnp.play.run import Plan, Variant, session
    from pnp.rules.check import load_rules

    game = load_game(REPO, "voyage")
    spec, _ = load_rules(game)
    return session(Plan(game, spec.setup, seed, "baseline", variants or [Variant()]))


def _baseline(state):
    return sys.modules[type(state).__module__.rsplit(".", 1)[0] + ".baseline"]


def test_a_card_outside_does_more_is_worth_its_gains_alone():
    """At every decision of 160 games, each Ability Card that ability_move returns early for (not in
    DOES_MORE) is worth what the whole rule gives it: a rule added for a card without adding the card to
    DOES_MORE would be skipped, and this fails."""
    from pnp.play.run import play_one

    s = _session(7)
    seen = {"checked": 0, "cards": set(), "more": set()}

    def policy(state, legal, rng):
        baseline = _baseline(state)
        plain = set(state.ability)  # every card through the whole rule
        for card in state.ability:
            if card in baseline.DOES_MORE:
                seen["more"].add(card)
                continue
            short = baseline.ability_move(state, 0, card, None, {})
            real, baseline.DOES_MORE = baseline.DOES_MORE, frozenset(plain)
            try:
                whole = baseline.ability_move(state, 0, card, None, {})
            finally:
                baseline.DOES_MORE = real
            assert short == whole, (card, short, whole)
            seen["checked"] += 1
            seen["cards"].add(card)
        return state.baseline_move(rng)

    s.policy = policy
    for i in range(40):
        for players in (1, 2, 3, 4):
            play_one(s, (0, players, i))
    assert seen["checked"] > 10_000 and len(seen["cards"]) >= 5 and len(seen["more"]) >= 10, seen


def test_an_events_harm_is_kept_for_one_game_only():
    """The harm kept in a game is the one its fields give (baseline.fields_harm); a sweep that changes the
    field between games gets the new harm in the next game, not the kept one."""
    from pnp.play.run import Variant, play_one

    s = _session(3, [Variant(), Variant("event", "meteor-shower", "damage", 9)])
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
