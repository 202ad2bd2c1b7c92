"""Files a print shop accepts: PDF/X (X-4, or X-1a where asked), in CMYK through an ICC output profile.

A form of `write` (docs/print-shops.md): the same pages as any build, drawn on a canvas that converts every
colour to the profile's inks (canvas.py, inks.py, pictures.py), marked as PDF/X (keys.py), see-through colours
flattened for X-1a (render.py), and read back by the preflight (readback.py): what the file paints, not what the
layout meant. Nothing here is imported by an ordinary build.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from pnp.core.errors import Problem

if TYPE_CHECKING:
    from pnp.model.game import Game
    from pnp.output.pdfx.inks import CMYK, Inks

VERSIONS = ("x4", "x1a", "x1a-2003")
INK_MIN, INK_MAX = 150, 400  # percent: the ink limits pnp takes (300 % is the profile's own)
DEFAULT_INK = 300


@dataclass(repr=False, eq=False)
class Pdfx:
    """One PDF/X build: its version, total-ink limit (percent) and the game's own palette inks."""

    version: str = "x4"
    limit: float = DEFAULT_INK
    palette: dict[tuple[int, int, int], CMYK] = field(default_factory=dict)
    _inks: Inks | None = None

    @property
    def inks(self) -> Inks:
        if self._inks is None:
            from pnp.output.pdfx.inks import Inks

            self._inks = Inks(self.limit, self.palette)
        return self._inks

    def said(self) -> str:
        return {"x4": "PDF/X-4", "x1a": "PDF/X-1a:2001", "x1a-2003": "PDF/X-1a:2003"}[self.version]


def for_game(game: Game, version: str = "x4", limit: float = DEFAULT_INK) -> tuple[Pdfx, list[Problem]]:
    """The PDF/X settings of a build of `game`: its palette's own inks (`cmyk:`), each checked against the limit (a
    located error when over)."""
    from pnp.model.units import parse_colour

    palette: dict[tuple[int, int, int], CMYK] = {}
    problems = []
    for name, value in game.manifest.palette.items():
        inks = getattr(value, "cmyk", None)
        if inks is None:
            continue
        total = sum(inks)
        if total > limit + 1e-9:
            problems.append(Problem(game.doc.where(("palette", name, "cmyk")),
                                    f"palette colour {name!r}: its cmyk totals {total:g} % of ink, over the limit of "
                                    f"{limit:g} % (--ink-limit): take some C, M or Y off, or move it to K",
                                    f"palette.{name}.cmyk"))
            continue
        rgb = parse_colour(str(value))
        assert rgb is not None
        palette[(round(rgb[0] * 255), round(rgb[1] * 255), round(rgb[2] * 255))] = tuple(
            v / 100 for v in inks)
    return Pdfx(version, limit, palette), problems
