"""The rulebook, as `pnp build` and `pnp check` see it: cards/<game>/rulebook.md read (model), its blocks
resolved from the laid-out game (layout; the setup worked out by rules), then drawn (output)."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import InputError, Problem, RuleError
from pnp.layout.template_engine import LayoutEnv
from pnp.model.game import Game
from pnp.rules.rulebook_flow import rulebook_flow


def rulebook_pdf(game: Game, decks: list[Any], env: LayoutEnv, paper: tuple[float, float],
                 booklet: bool = False, pdfx: Any = None, forced: list[Problem] | None = None) -> bytes | None:
    """The rulebook's PDF; an InputError (bad names, a bound, a block taller than a page) or a RuleError (a stale
    count) when it cannot be printed. `forced` (`pnp build --force`): the stale counts are put in it and the book
    is drawn all the same."""
    made = rulebook_flow(game, decks, env)
    if made is None:
        return None
    flow, problems = made
    stale = [p for p in problems if p.rule == "rulebook-count"]
    bad = [p for p in problems if p not in stale and p.severity == "error"]  # (a warning: `pnp check` says it)
    if bad:
        raise InputError(bad)
    if stale and forced is None:
        raise RuleError(stale)
    if forced is not None:
        forced += stale
    from pnp.output.document.book_look import Look
    from pnp.output.document.book_pages import render_rulebook

    look = Look(env, f"{game.manifest.name}: rules", pdfx)
    return render_rulebook(flow, look, game.manifest.name, game.manifest.version, paper, booklet, pdfx)
