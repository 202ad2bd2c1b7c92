"""`pnp build`'s rulebook: what it is made from (the key `pnp watch` compares), and its PDF from the disk cache
where nothing it is made from changed, or read, resolved and drawn (pnp/commands/rulebook_pdf.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.core.errors import Problem
from pnp.model.game import Game

if TYPE_CHECKING:
    from pnp.layout.template_engine import LayoutEnv
    from pnp.layout.whole_game import Prepared


def book_key(game: Game, decks: tuple[str, ...], paper: tuple[float, float], opts: Any) -> tuple:
    """What the rulebook is made from, as `pnp watch` compares it: the decks' keys, the paper, pages or booklet,
    rulebook.md and rules.yaml, and in a language other than the source its own rulebook.<lang>.md (`opts`: the
    build's BuildOptions, pnp/commands/build.py)"""
    from pnp.model.translation.translated import TranslatedGame

    lang = game.lang if isinstance(game, TranslatedGame) else ""
    own = (lang, f"rulebook.{lang}.md") if lang else ()  # a language's rulebook is its own
    return (decks, paper, opts.rulebook, *own[:1], *((game.dir / f).read_bytes() if (game.dir / f).is_file() else b""
                                                     for f in ("rulebook.md", "rules.yaml", *own[1:])))


def rulebook_said(game: Game, prep: Prepared, env: LayoutEnv, paper: tuple[float, float], opts: Any,
                  pdfx: Any, key: tuple) -> tuple[bytes | None, list[str]]:
    """The rulebook's PDF and the notes said while making it (made aside: pnp/commands/rulebook_aside.py)."""
    said: list[str] = []
    return rulebook_of(game, prep, env, paper, opts, pdfx, key, said), said


def rulebook_of(game: Game, prep: Prepared, env: LayoutEnv, paper: tuple[float, float], opts: Any, pdfx: Any,
                key: tuple, notes: list[str]) -> bytes | None:
    """The rulebook's PDF, from the cache where nothing it is made from changed; with --force, drawn past its stale
    counts, each said in `notes` (and not kept)."""
    from pnp.commands.rulebook_kept import kept_rulebook
    from pnp.commands.rulebook_pdf import rulebook_pdf

    booklet = opts.rulebook == "booklet"
    if opts.force:
        stale: list[Problem] = []
        made = rulebook_pdf(game, prep.decks, env, paper, booklet, pdfx, stale, opts.rules.custom)
        notes += [f"--force: the rulebook printed despite {p.where}: {p.message}" for p in stale]
        return made
    colour = None if pdfx is None else (pdfx.version, pdfx.limit, sorted(pdfx.palette.items()))
    return kept_rulebook(game, (key, colour, opts.rules.custom),
                         lambda: rulebook_pdf(game, prep.decks, env, paper, booklet, pdfx, custom=opts.rules.custom))
