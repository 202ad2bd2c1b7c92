"""Rules: the rulebook resolved against the laid-out game, for `pnp check` and `pnp build` alike: its names
(decks, cards, icons, data tables, fields) and its hand-written counts checked, its setup worked out here."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import InputError, Problem, Problems
from pnp.layout.rulebook.flow import Faces, Flow
from pnp.layout.template_engine import LayoutEnv
from pnp.model.game import Game
from pnp.rules.played_view import Replay, played_for


def faces_of(decks: list[Any]) -> Faces:
    """(deck, card) -> the first copy's front and back, from the laid-out decks."""
    out: Faces = {}
    for deck, entries, _ in decks:
        for front, back, meta in entries:
            out.setdefault((deck.id, meta["id"]), (front, back))
    return out


def rulebook_flow(game: Game, decks: list[Any], env: LayoutEnv, replay: Replay | None = None
                  ) -> tuple[list[Flow], list[Problem]] | None:
    """The rulebook's flow and what is wrong in it (bad names: errors; stale counts: rule errors); None when the
    game has no rulebook.md. `replay`: plays a game for an ```pnp example``` block (a command hands it in; without
    it the example is left out, with a warning)."""
    from pnp.layout.rulebook.blocks import lay_out_rulebook
    from pnp.model.rulebook.source import read_rulebook
    from pnp.model.rulebook.source_kept import kept_blocks
    from pnp.rules.setup_view import setup_view

    book = read_rulebook(game.root, game.dir, kept_blocks)
    if book is None:
        return None
    problems = Problems()
    try:
        setup = setup_view(game)
    except InputError as exc:  # the setup itself is bad: `pnp check` says so where it is
        setup = None
        problems.extend(exc.problems)
    played = played_for(game, book, replay, problems)
    meanings = {name: icon.description for name, icon in env.icons.items()}
    flow = lay_out_rulebook(book, game, faces_of(decks), problems, meanings, setup, played)
    return flow, problems.items
