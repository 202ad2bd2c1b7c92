"""Rules: the rulebook resolved against the laid-out game, for `pnp check` and `pnp build` alike: its names
(decks, cards, icons, data tables, fields) and its hand-written counts checked, its setup worked out here."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import InputError, Problem, Problems, Where
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
    from pnp.model.translation.translated import TranslatedGame
    from pnp.rules.setup_view import setup_view

    problems = Problems()
    lang = game.lang if isinstance(game, TranslatedGame) else ""
    book = read_rulebook(game.root, game.dir, lang, kept_blocks) if lang else None
    if lang and book is not None:  # its live blocks and expressions as the source's
        from pnp.model.translation.rulebook_words import rulebook_problems

        source = read_rulebook(game.root, game.dir, parse=kept_blocks)
        problems.extend(rulebook_problems(source, book, lang) if source is not None else [])
    elif lang and (game.dir / "rulebook.md").is_file():
        problems.add(Where(f"{game.dir.relative_to(game.root).as_posix()}/rulebook.md"), f"{lang}: no "
                     f"rulebook.{lang}.md: the rulebook is printed in the source's language; translate it into "
                     f"rulebook.{lang}.md", "rulebook", severity="warning", rule="translation")
    book = book or read_rulebook(game.root, game.dir, parse=kept_blocks)
    if book is None:
        return None
    try:
        setup = setup_view(game)
    except InputError as exc:  # the setup itself is bad: `pnp check` says so where it is
        setup = None
        problems.extend(exc.problems)
    played = played_for(game, book, replay, problems)
    meanings = {name: icon.description for name, icon in env.icons.items()}
    flow = lay_out_rulebook(book, game, faces_of(decks), problems, meanings, setup, played)
    return flow, problems.items
