"""A build for a print shop: the PDF/X settings asked for (`--pdfx`, `--ink-limit`), the renderer that draws in
the shop's colour, and the manifest's record of it."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import InputError
from pnp.model.game import Game


def print_shop(game: Game, pdfx_asked: str | None, ink_limit: float | None) -> Any:
    """The PDF/X settings of a build that asks for them (`--pdfx`), or None; a palette's inks over the limit are
    bad input."""
    if pdfx_asked is None:
        return None
    from pnp.output.pdfx import DEFAULT_INK, for_game

    pdfx, problems = for_game(game, pdfx_asked, ink_limit or DEFAULT_INK)
    if problems:
        raise InputError(problems)
    return pdfx



def renderer_of(pdfx: Any) -> Any:
    """`Renderer(icons, title, font)`: pnp's own, or a PDF/X build's (CMYK)."""
    from pnp.output.render.renderer import Renderer

    if pdfx is None:
        return Renderer
    from functools import partial

    from pnp.output.pdfx.cmyk_renderer import PdfxRenderer

    return partial(PdfxRenderer, pdfx=pdfx)



def colour_said(pdfx: Any) -> dict[str, Any]:
    """The manifest's record of a PDF/X build's colour: mode, standard, profile, condition and ink limit."""
    from pnp.output.pdfx.inks import CONDITION, PROFILE, PROFILE_NAME

    return {"mode": "CMYK", "pdfx": pdfx.said(), "profile": PROFILE, "profile_name": PROFILE_NAME,
            "condition": CONDITION, "ink_limit": pdfx.limit}
