"""Voyage's crew never peeks: Ines's look at the top Event card is valued from the deck's cards (known to
all: every Event drawn is seen), not from their order; a card the crew has seen (Ines, Early Warning)
is known until drawn, and a look-ahead keeps it on top. Before, the baseline valued Ines's look by the
hidden top card, and at a worth that never beat ending the round: she never used it."""

from __future__ import annotations

import random

import pytest
from voyage_session import play_module, voyage_session


def test_ines_look_is_worth_the_same_whatever_the_order_of_the_event_deck():
    from pnp.play.run import play_one

    s = voyage_session(4)
    seen = {"unknown": 0, "known": 0, "worth": 0}

    def policy(state, legal, rng):
        baseline = play_module(state, "worths")
        if len(state.events.cards) >= 2:
            worth = baseline.scouting(state)
            look = state.clone(random.Random(len(seen)))  # its Event deck shuffled again
            look.deck_values = {}
            if state.known:
                assert look.events.top(len(state.known)) == state.known  # what the crew saw stays on top
                seen["known"] += 1
            else:
                assert look.events.cards != state.events.cards or len(set(state.events.cards)) < 2
                seen["unknown"] += 1
            assert baseline.scouting(look) == pytest.approx(worth)
            seen["worth"] += worth > 0
        return state.baseline_move(rng)

    s.policy = policy
    for i in range(6):
        play_one(s, (0, 4, i))
    assert seen["unknown"] > 100 and seen["known"] > 10 and seen["worth"] > 100, seen


def test_a_top_card_ines_keeps_is_known_and_not_looked_at_again():
    from pnp.play.run import play_one

    s = voyage_session(9)
    seen = {"kept": 0, "under": 0}

    def policy(state, legal, rng):
        if len(state.events.cards) >= 2 and not state.known:
            effects, baseline = play_module(state, "effects"), play_module(state, "worths")
            look = state.clone(random.Random(seen["kept"] * 1000 + seen["under"]))  # another order each time
            look.crew[0][0] = "ines-vasquez"
            top = look.events.top(1)[0]
            effects.use_captain(look, 0, None)
            assert look.pending is not None and look.pending[0] == "scout"  # the choice is hers: the baseline's
            look.apply(play_module(state, "baseline").answer(look))
            if look.events.top(1)[0] == top:  # kept: no worse than the rest on average
                assert look.known == [top]
                assert baseline.event_harm(look, top) <= baseline.harm_of_the_rest(look, top)
                assert baseline.scouting(look) == 0.0
                seen["kept"] += 1
            else:  # under the deck: worse than the rest
                assert look.events.cards[0] == top and look.known == []
                assert baseline.event_harm(look, top) > baseline.harm_of_the_rest(look, top)
                seen["under"] += 1
        return state.baseline_move(rng)

    s.policy = policy
    for i in range(3):
        play_one(s, (0, 3, i))
    assert seen["kept"] > 20 and seen["under"] > 20, seen


def test_ines_uses_her_look_in_the_baseline_games():
    """The report's count: Ines's ability is played in most games she is in (it was played in none)."""
    from pnp.play.run import play_one

    s = voyage_session(2)
    drawn = played = 0
    for i in range(60):
        record = play_one(s, (0, 4, i))
        if "captain/ines-vasquez" in record[6]:
            drawn += 1
            played += record[7].get("captain/ines-vasquez", 0) > 0
    assert drawn > 10 and played > drawn // 2, (drawn, played)


def test_early_warning_is_worth_the_harm_the_least_of_its_cards_saves_counted_over_every_set():
    """`forewarning` by order statistics is the mean, over every set of cards the top `look` might be
    (the seen cards fixed, the others any of the deck's other cards), of the top card's harm less the
    least harm of the set; nothing in the last round."""
    from itertools import combinations

    from pnp.play.run import play_one

    s = voyage_session(6)
    seen = {"unknown": 0, "known": 0, "last": 0}

    def policy(state, legal, rng):
        baseline = play_module(state, "worths")
        look = state.ability["early-warning"]["look"]
        pile = state.events.cards
        value = baseline.forewarning(state, look)
        if state.round >= state.rounds:
            assert value == 0.0
            seen["last"] += 1
        elif len(pile) >= 2:
            harm = {c: baseline.event_harm(state, c) for c in pile}
            known = state.known[:look]
            rest = list(pile)
            for card in known:
                rest.remove(card)
            j = min(look, len(pile)) - len(known)
            sets = list(combinations(range(len(rest)), j)) if j > 0 else [()]
            least = sum(min([harm[c] for c in known] + [harm[rest[i]] for i in chosen]) for chosen in sets) / len(sets)
            top = harm[known[0]] if known else sum(harm[c] for c in rest) / len(rest)
            assert value == pytest.approx(max(0.0, top - least))
            seen["known" if known else "unknown"] += 1
        return state.baseline_move(rng)

    s.policy = policy
    for i in range(4):
        play_one(s, (0, 4, i))
    assert seen["unknown"] > 50 and seen["known"] > 10 and seen["last"] > 5, seen
