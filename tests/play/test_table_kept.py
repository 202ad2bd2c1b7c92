"""`Table.kept`: what a play module works out from the cards' fields alone, kept between the games of a
run (one dict per worker and per value of a sweep). A game must play the same whatever the worker kept
from the games before it, a sweep's values must not share what they keep, and what is kept is bounded."""

from __future__ import annotations

import random

from voyage_session import voyage_session


def test_a_game_plays_the_same_whatever_its_worker_kept_from_the_games_before():
    from pnp.play.run import play_one

    games = [(0, players, i) for i in range(6) for players in (1, 4)]
    cold = [play_one(voyage_session(7), task) for task in games]  # each game in a worker of its own
    s = voyage_session(7)
    warm = [play_one(s, task) for task in reversed(games)][::-1]  # one worker, the games the other way round
    assert warm == cold
    assert len(s.kept[0]) > 10  # the worker kept what the games worked out


def test_each_value_of_a_sweep_keeps_its_own():
    """Voyage keeps an Ability Card's worth between games; a sweep that changes the card's field must
    be valued with the new field, not with what the other value's games kept."""
    from pnp.play.run import play_one
    from pnp.play.variant import Variant

    variants = [Variant(), Variant("ability", "vent-the-bilge", "sanitation", 5),
                Variant("captain", "grimsby", "cost", 0)]
    tasks = [(v, 4, i) for i in range(5) for v in range(len(variants))]  # the values taking turns in one worker
    s = voyage_session(3, variants)
    mixed = [play_one(s, task) for task in tasks]
    alone = [play_one(voyage_session(3, variants), task) for task in tasks]
    assert mixed == alone
    assert s.kept[0] is not s.kept[1] and s.kept[1] is not s.kept[2]
    assert mixed[0][3:] != mixed[1][3:] or mixed[0][3:] != mixed[2][3:]  # the sweep changed some game


def test_what_a_worker_keeps_is_bounded(monkeypatch):
    from pnp.play import run

    monkeypatch.setattr(run, "KEPT_LIMIT", 5)
    s = voyage_session(2)
    run.play_one(s, (0, 2, 0))
    assert len(s.kept[0]) > 5  # a game of Voyage keeps more than that
    s.kept[0]["planted"] = True
    run.play_one(s, (0, 2, 1))
    assert "planted" not in s.kept[0]  # let go before the next game, which kept its own again
    assert len(s.kept[0]) > 0


def test_a_look_ahead_shares_what_is_kept_and_copies_the_rest():
    from pnp.play.table import Table

    kept = {"board": object()}
    table = Table({"deck": {"a": {"id": "a"}}}, {"t": {"x": 1}}, {"players": 1, "seed": 1, "table": {}, "hands": []},
                  {}, random.Random(1), kept)
    from pnp.play.state import State

    state = State(table)
    state.mine = {"deck": ["a"]}
    state.kept_here = table.kept
    look = state.clone(random.Random(2))
    assert look.table.kept is kept and look.kept_here is kept
    assert look.mine == state.mine and look.mine is not state.mine
