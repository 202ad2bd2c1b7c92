"""A reportlab canvas that paints in CMYK only: every colour set on it, or on a text object it makes, goes through
`Inks` (pnp/output/pdfx/inks.py), and every picture it draws is converted to CMYK first. The renderer and the
rulebook draw on it as on any canvas; what reaches the PDF is `k`/`K` operators and DeviceCMYK images, and a
colour that slipped past the conversion is an error at once (reportlab's colour-space hook), never an RGB
operator in a print shop's file.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.textobject import PDFTextObject

from pnp.output.pdfx.inks import Inks


def _cmyk_only(colour: Any) -> Any:
    """reportlab's `_enforceColorSpace` hook, the last gate: only four inks pass."""
    if isinstance(colour, tuple | list) and len(colour) == 4 or isinstance(colour, CMYKColor):
        return colour
    raise ValueError(f"an RGB colour {colour!r} reached a PDF/X page: pnp converts every colour to CMYK first")


def _rgb(colour: Any) -> tuple[float, float, float] | None:
    """The RGB of a colour as reportlab takes it (a tuple, a Color, a name), or None if it is CMYK already."""
    if isinstance(colour, CMYKColor) or isinstance(colour, tuple | list) and len(colour) == 4:
        return None
    if isinstance(colour, tuple | list):
        return float(colour[0]), float(colour[1]), float(colour[2])
    if isinstance(colour, str):
        from reportlab.lib.colors import toColor

        colour = toColor(colour)
    if isinstance(colour, Color):
        return colour.red, colour.green, colour.blue
    raise ValueError(f"unknown colour {colour!r}")


class _Converting:
    """The colour setters of a canvas or a text object, converting to CMYK (mixed in before reportlab's)."""

    inks: Inks
    opaque: bool  # PDF/X-1a: no transparency at all

    def setFillColor(self, aColor: Any, alpha: Any = None) -> None:
        rgb = _rgb(aColor)
        super().setFillColor(aColor if rgb is None else self.inks.fine(rgb), alpha)  # type: ignore[misc]

    def setStrokeColor(self, aColor: Any, alpha: Any = None) -> None:
        rgb = _rgb(aColor)
        super().setStrokeColor(aColor if rgb is None else self.inks.fine(rgb), alpha)  # type: ignore[misc]

    def setFillGray(self, gray: float, alpha: Any = None) -> None:
        self.setFillColor((gray, gray, gray), alpha)

    def setStrokeGray(self, gray: float, alpha: Any = None) -> None:
        self.setStrokeColor((gray, gray, gray), alpha)

    def setFillAlpha(self, a: float) -> None:
        if self.opaque and a < 1:
            raise ValueError(f"a see-through fill ({a:g}) on a PDF/X-1a page: X-1a has no transparency")
        if not (self.opaque and a == 1):  # X-1a: an opaque state is the default, not written
            super().setFillAlpha(a)  # type: ignore[misc]

    def setStrokeAlpha(self, a: float) -> None:
        if self.opaque and a < 1:
            raise ValueError(f"a see-through stroke ({a:g}) on a PDF/X-1a page: X-1a has no transparency")
        if not (self.opaque and a == 1):
            super().setStrokeAlpha(a)  # type: ignore[misc]


class CMYKText(_Converting, PDFTextObject):
    def __init__(self, canvas: CMYKCanvas, x: float = 0, y: float = 0, direction: Any = None):
        self.inks, self.opaque = canvas.inks, canvas.opaque
        super().__init__(canvas, x, y, direction=direction)


class CMYKCanvas(_Converting, Canvas):
    """`Canvas(...)` with `inks` (how RGB becomes CMYK) and `opaque` (X-1a). `area_fill(rgb)`: the fill of a large
    area, whose neutral colour takes a rich black from the profile (`setFillColor` is for text and fine work)."""

    def __init__(self, *args: Any, inks: Inks, opaque: bool = False, **kwargs: Any):
        self.inks, self.opaque = inks, opaque
        super().__init__(*args, enforceColorSpace=_cmyk_only, **kwargs)

    def area_fill(self, rgb: tuple[float, float, float]) -> None:
        super().setFillColor(self.inks.area(rgb))

    def beginText(self, x: float = 0, y: float = 0, direction: Any = None) -> CMYKText:
        return CMYKText(self, x, y, direction)

    def drawImage(self, image: Any, x: float, y: float, width: Any = None, height: Any = None, mask: Any = None,
                  **kwargs: Any) -> Any:
        from pnp.output.pdfx.pictures import cmyk_picture

        picture, mask = cmyk_picture(image, self.inks, self.opaque, mask)
        return super().drawImage(picture, x, y, width, height, mask, **kwargs)


class PdfxCanvas(CMYKCanvas):
    """A CMYK canvas whose document is a PDF/X file (pnp/output/pdfx/keys.py): `pdfx` says which, with its inks.
    A page given no TrimBox or BleedBox (an imposed sheet, a rulebook page) has its paper as both."""

    def __init__(self, *args: Any, pdfx: Any, **kwargs: Any):
        from pnp.output.pdfx.keys import mark, pdf_version

        kwargs.pop("enforceColorSpace", None)  # (platypus passes its own)
        kwargs["pdfVersion"] = pdf_version(pdfx.version)
        self._trim: Any = None
        self._bleed: Any = None
        super().__init__(*args, inks=pdfx.inks, opaque=pdfx.version.startswith("x1a"), **kwargs)
        self.pdfx_version = pdfx.version
        mark(self, pdfx.version)

    def _paper(self) -> list[float]:
        return [0, 0, round(self._pagesize[0], 3), round(self._pagesize[1], 3)]

    @property
    def _trimBox(self) -> Any:
        return self._trim or self._paper()

    @_trimBox.setter
    def _trimBox(self, value: Any) -> None:
        self._trim = value

    @property
    def _bleedBox(self) -> Any:
        return self._bleed or self._paper()

    @_bleedBox.setter
    def _bleedBox(self, value: Any) -> None:
        self._bleed = value

    def save(self) -> None:
        from pnp.output.pdfx.keys import add_metadata

        add_metadata(self, self.pdfx_version)
        super().save()


def canvasmaker(pdfx: Any, booklet: bool = False) -> Any:
    """What platypus makes its canvas with (the rulebook): a PDF/X canvas, imposed as a booklet if asked."""
    from functools import partial

    if not booklet:
        return partial(PdfxCanvas, pdfx=pdfx)
    from pnp.output.document.booklet import BookletCanvas

    return partial(type("PdfxBooklet", (BookletCanvas, PdfxCanvas), {}), pdfx=pdfx)
