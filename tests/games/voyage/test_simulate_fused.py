"""Voyage's fused baseline (cards/voyage/play/fused.py: legality and worth in one walk over the crew)
chooses exactly the move `baseline.choose` chooses from `moves.options`' groups, at every decision of
real games: 1-4 players, a `--vary` sweep's fields, ongoing Events, the random policy's odd states."""

from __future__ import annotations

import sys

from conftest import REPO


def _session(seed: int, variants=None, policy: str = "baseline"):
    from pnp.model.game import load_game
    from pnp.play.run import Plan, Variant, session
    from pnp.rules.check import load_rules

    game = load_game(REPO, "voyage")
    spec, _ = load_rules(game)
    return session(Plan(game, spec.setup, seed, policy, variants or [Variant()]))


def _modules(state):
    package = type(state).__module__.rsplit(".", 1)[0]
    return sys.modules[package + ".baseline"], sys.modules[package + ".fused"]


def _compared(seen: dict, play=None):
    """A policy that asks both choosers at every decision, asserts they agree, and plays `play` (the
    baseline's move when None)."""

    def policy(state, legal, rng):
        baseline, fused = _modules(state)
        grouped = baseline.choose(state)
        fast = fused.choose(state)
        assert fast == grouped, (fast, grouped)
        seen["decisions"] += 1
        seen["kinds"].add(fast.name)
        seen["ongoing"] += bool(state.ongoing)
        return grouped if play is None else play(state, legal, rng)

    return policy


def _seen() -> dict:
    return {"decisions": 0, "kinds": set(), "ongoing": 0}


def test_the_fused_chooser_chooses_the_grouped_baselines_move_at_every_decision():
    from pnp.play.run import play_one

    s = _session(11)
    seen = _seen()
    s.policy = _compared(seen)
    for i in range(40):
        for players in (1, 2, 3, 4):
            play_one(s, (0, players, i))
    assert seen["decisions"] > 6000 and seen["ongoing"] > 500, seen
    assert {"move", "ability", "captain", "room", "search", "clean", "entertain", "repair", "craft", "resolve",
            "end round"} <= seen["kinds"], seen["kinds"]


def test_the_fused_chooser_agrees_in_a_sweeps_games():
    """A `--vary` sweep changes the cards' fields the worths and costs read (read again each game)."""
    from pnp.play.run import Variant, play_one

    variants = [Variant("ability", "double-espresso", "cost", 0), Variant("room", "machine-shop", "cost", 1),
                Variant("event", "hull-breach", "damage", 3), Variant("captain", "quill", "cost", 1)]
    s = _session(4, variants)
    seen = _seen()
    s.policy = _compared(seen)
    for v in range(len(variants)):
        for i in range(12):
            for players in (1, 2, 3, 4):
                play_one(s, (v, players, i))
    assert seen["decisions"] > 3000, seen


def test_the_fused_chooser_agrees_in_the_odd_states_random_play_reaches():
    """The random policy plays moves the baseline would not (Gremlins' discards, Hall Passes, Events left
    standing): both choosers are asked at each of its decisions."""
    from pnp.play.run import play_one

    s = _session(9)
    seen = _seen()
    s.policy = _compared(seen, lambda state, legal, rng: rng.choice(legal))
    for i in range(60):
        for players in (1, 2, 3, 4):
            play_one(s, (0, players, i))
    assert seen["decisions"] > 3000 and seen["ongoing"] > 1000, seen


def test_every_worth_kept_by_the_meters_and_the_round_is_the_rules_worth_at_every_decision():
    """fused.choose keeps, in Table.kept (between the games of a run), the weights and the worths that read
    only the meters and the round (every Ability Card but baseline.READS_MORE, the Captains of
    baseline.BY_METERS, an activated Room's worth to a Captain in it: baseline.room_site, a Clean's and an
    Entertain's). At every decision of
    real games each kept worth for the decision's meters and round is worked out again from the rule, on
    the board as it is now: a card or Captain whose worth reads more (the Event deck, a target, the
    board) would be kept stale and caught here."""
    from pnp.play.run import play_one

    s = _session(5)
    seen = {"checked": 0, "cards": set(), "decisions": 0}

    def policy(state, legal, rng):
        baseline, fused = _modules(state)
        move = fused.choose(state)
        key = ("meters", state.meter["happiness"], state.meter["sanitation"], state.round)
        weights, kept = state.card_values[key]
        assert weights == {m: baseline.weight(state, m) for m in ("happiness", "sanitation")}
        state.weights = None  # worked out afresh from the meters
        for name, value in kept.items():
            if isinstance(name, tuple):  # the worth of a Room to a Captain in it, of a Clean, of an Entertain
                if name[0] == "site":
                    again = baseline.room_site(state, state.room[name[1]])
                elif name[0] == "clean":  # by Grimsby (his bonus) or by another Captain
                    grimsby = [who for who, member in enumerate(state.crew) if (member[0] == "grimsby") == name[1]]
                    if not grimsby:
                        continue
                    again = baseline.clean_worth(state, grimsby[0])
                else:
                    assert name == ("entertain",), name
                    again = baseline.entertain_worth(state)
            elif name in state.captain:
                again = baseline.captain_move(state, 0, name, None)
            else:
                again = baseline.ability_move(state, 0, name, None, {})
            assert value == again, (name, value, again)
            seen["checked"] += 1
            seen["cards"].add(name)
        seen["decisions"] += 1
        return move

    s.policy = policy
    for i in range(30):
        for players in (1, 2, 3, 4):
            play_one(s, (0, players, i))
    assert seen["checked"] > 20_000 and len(seen["cards"]) >= 12, seen
    assert {name[0] for name in seen["cards"] if isinstance(name, tuple)} == {"site", "clean", "entertain"}, seen
