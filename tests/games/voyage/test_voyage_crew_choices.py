"""The choices Voyage's cards leave to the crew, each offered as a pending decision (cards/voyage/play/choices.py):
the Gift Shop's draw, which a Captain "may" take (no Captain is an option); the Chapel's reroll "after any roll"
(not only a roll that hit a Room); the gamble's result when the crew chooses it (the Rabbit's Foot). A policy's
answer is what is played."""

from __future__ import annotations

import random
from collections import Counter

from voyage_session import play_module, voyage_session


def _hands(state) -> int:
    return sum(len(hand) for _, _, hand in state.crew)


def test_the_gift_shop_offers_every_captain_and_none_and_a_decline_draws_nothing():
    from pnp.play.policies import random_policy
    from pnp.play.run import play_one

    s = voyage_session(7)
    seen: Counter = Counter()

    def policy(state, legal, rng):
        if state.pending is None or state.pending[0] != "gift draw":
            return state.baseline_move(rng) if state.pending is None else random_policy(state, legal, rng)
        options = state.pending[2]
        assert options == (*range(len(state.crew)), None), options
        for move in legal:  # each answer played on a copy: the Captain named draws, a decline draws nothing
            look = state.clone(random.Random(1))
            before = [len(hand) for _, _, hand in look.crew]
            look.apply(move)
            who = move.arg[1]
            drew = [len(hand) - b for (_, _, hand), b in zip(look.crew, before, strict=True)]
            assert drew[who if who is not None else 0] == (0 if who is None else 1) and sum(drew) <= 1, (who, drew)
            seen["declined" if who is None else "drew"] += 1
        return random_policy(state, legal, rng)

    s.policy = policy
    for i in range(40):
        for players in (1, 3):
            play_one(s, (0, players, i))
    assert seen["declined"] > 0 and seen["drew"] > 0, seen


def test_the_chapel_offers_a_reroll_of_any_roll_and_a_reroll_is_played():
    from pnp.play.policies import random_policy
    from pnp.play.run import play_one

    s = voyage_session(5)
    seen: Counter = Counter()

    def policy(state, legal, rng):
        if state.pending is None:
            return state.baseline_move(rng)
        if state.pending[0] == "reroll":
            shown = state.pending[3]
            assert state.pending[2] == (False, True) and [m.arg[1] for m in legal] == [False, True]
            kind = shown[0] if type(shown) is tuple else "wild" if shown == "wild" else "room"
            seen[kind] += 1
            look = state.clone(random.Random(1))
            spent = look.rerolls
            look.apply(legal[1])  # rerolled: one of the Round's rerolls spent
            assert look.rerolls == spent + 1 or look.round != state.round, (look.rerolls, spent)
        return random_policy(state, legal, rng)

    s.policy = policy
    for i in range(60):
        for players in (1, 2, 3, 4):
            play_one(s, (0, players, i))
    assert seen["room"] > 0 and seen["wild"] + seen["roll"] + seen["gamble"] > 0, seen


def test_a_gamble_the_crew_chooses_offers_every_face_and_plays_the_face_chosen():
    from pnp.play.run import play_one

    s = voyage_session(3)
    found: dict = {}

    def policy(state, legal, rng):
        if not found:
            verbs, choices = play_module(state, "verbs"), play_module(state, "choices")
            numbers = sorted({f["number"] for f in state.peril.faces if f.get("number") is not None})
            args = {"track": "happiness", "up_to": 6, "win": 20, "lose": -10}
            for face, by in ((numbers[-1], -10), (numbers[0], 20), (None, 20)):
                look = state.clone(random.Random(1))
                look.pending, look.agenda, look.rabbit = None, [], True  # the Rabbit's Foot: the crew chooses
                look.meter["happiness"] = 50
                verbs.DOES["gamble"](look, 0, args, {}, None)
                kind, who, options, shown, _ = look.pending
                found.setdefault("offered", (kind, options, shown, (*numbers, None)))
                choices.resolve(look, face)
                found[face] = look.meter["happiness"] - 50
                assert found[face] == by, (face, found[face])
        return state.baseline_move(rng)

    s.policy = policy
    play_one(s, (0, 2, 0))
    kind, options, shown, faces = found["offered"]
    assert (kind, shown) == ("gamble face", "chosen") and options == faces and len(faces) > 2, found
