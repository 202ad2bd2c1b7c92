"""The setup a whole-table Tabletop Simulator save lays out: the game's own, as `pnp setup` deals it."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import PnpError
from pnp.model.game import Game

SEED = 1  # the same save from the same game


def players_for_table(counts: range) -> int:
    """The player count a table is set up for: two where the game takes two, else its fewest."""
    return 2 if 2 in counts else counts.start


def dealt_for_table(game: Game) -> dict[str, Any] | None:
    """The game's setup dealt for the table (seed 1); None when it has no setup or it cannot be dealt (then
    the save lays every component out, undealt: `pnp check` says what stops the setup)."""
    from pnp.rules.setup import setup_of

    try:
        setup = setup_of(game)
    except PnpError:
        return None
    return setup.deal(players_for_table(setup.player_counts), SEED) if setup is not None else None
