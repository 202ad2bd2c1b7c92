"""A dealt table of Welcome to the Moon and its adventure-1 state, for the play tests (the deal `pnp simulate`
gives game `seed`)."""

from __future__ import annotations

import random

from conftest import REPO


def moon_state(players: int, seed: int = 1):
    from pnp.model.game import load_game
    from pnp.play.run import Plan, _load, session
    from pnp.play.table import Table
    from pnp.rules.check import load_rules

    game = load_game(REPO, "moon")
    spec, _ = load_rules(game)
    s = session(Plan(game, spec.setup, seed, "baseline"))
    rng = random.Random(seed)
    dealt = {"players": players, "seed": seed, **s.dealer.deal(players, s.options, rng)}
    rest = {deck: [p.id for p in pile] for deck, pile in s.dealer.piles.items()}
    return _load(game).start(Table(s.cards, s.data, dealt, rest, rng, None, s.known, None, s.effects, s.value))


def play_out(state, seed: int = 1):
    """The game played to its end by the baseline at every seat; the seats in the order they moved."""
    rng = random.Random(seed)
    seats = []
    while not state.over():
        moves = state.moves()
        assert moves, "a game not over offers a move"
        seats.append(state.seat())
        state.apply(state.baseline(moves, rng))
        assert len(seats) < 5000, "the game never ends"
    return seats
