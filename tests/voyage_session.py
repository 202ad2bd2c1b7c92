"""Voyage's play module in this process, for tests that play its games move by move: a session of the lab's
runner (pnp.play.run) with the baseline, and a module of the play package a state comes from."""

from __future__ import annotations

import sys

from conftest import REPO


def voyage_session(seed: int, variants=None):
    from pnp.model.game import load_game
    from pnp.play.run import Plan, session
    from pnp.play.variant import Variant
    from pnp.rules.check import load_rules

    game = load_game(REPO, "voyage")
    spec, _ = load_rules(game)
    return session(Plan(game, spec.setup, seed, "baseline", variants or [Variant()]))


def play_module(state, name: str):
    """The module `name` of the play package that `state`'s class comes from (cards/voyage/play/NAME.py)."""
    return sys.modules[type(state).__module__.rsplit(".", 1)[0] + "." + name]
