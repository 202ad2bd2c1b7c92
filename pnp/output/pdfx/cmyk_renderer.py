"""The renderer of a PDF/X build: pnp's own (pnp/output/render/renderer.py) on a PDF/X canvas, with two differences.

* A large filled area (2 cm² and 3 mm wide both ways) is filled through the profile even in a neutral colour:
  a rich black under a dark background; every other colour is set as text and fine work are (inks.py).
* PDF/X-1a has no transparency. A see-through colour (`#ffffff33`, Sleeping Gods' compass roses) is blended
  with the solid colour the face painted under it (the face's items tell: the last filled rectangle, ellipse or
  polygon under the item's centre, else the paper), and then painted solid; so are an SVG shape's opacity
  (on the icon's paper colour) and a picture's alpha (on white, pictures.py).
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from pnp.layout.scene import Ellipse, Face, Item, Polygon, Rect, Static, Text, TextRun, Transform
from pnp.model.units import RGB, alpha_of, hex_of
from pnp.output.pdfx.inks import is_area
from pnp.output.preflight.contrast import Painted, paint_item
from pnp.output.render.icon_paths import icon_colour
from pnp.output.render.renderer import PAPER, Renderer

if TYPE_CHECKING:
    from pnp.layout.art.icons import IconDef
    from pnp.output.impose.cards import Placement
    from pnp.output.pdfx import Pdfx


def blend(colour: RGB, under: RGB) -> RGB:
    """A see-through colour painted over a solid one, as the eye sees it (in sRGB, the page's own space)."""
    a = alpha_of(colour)
    return (a * colour[0] + (1 - a) * under[0], a * colour[1] + (1 - a) * under[1], a * colour[2] + (1 - a) * under[2])


def _known_under(painted: list[Painted], x: float, y: float, base: RGB) -> RGB:
    """The last solid colour painted at (x, y): what is not known (a picture, an icon) is looked through."""
    from pnp.output.preflight.contrast import colour_at

    for n in range(len(painted), 0, -1):
        colour = colour_at(painted[:n], x, y, None)
        if colour is not None:
            return colour
    return base


def unders(items: list, base: RGB = PAPER, out: dict[int, RGB] | None = None) -> dict[int, RGB]:
    """id(item) -> the solid colour under the middle of each see-through item of a face (shared groups walked into,
    a transformed frame measured in its own coordinates on the colour under its centre)."""
    out = {} if out is None else out
    painted: list[Painted] = []

    def walk(items: list) -> None:
        for item in items:
            if isinstance(item, Static):
                walk(item.items)
                continue
            if isinstance(item, Transform):
                unders(item.items, _known_under(painted, item.x, item.y, base), out)
            elif _see_through(item):
                x, y = _middle(item)
                out[id(item)] = _known_under(painted, x, y, base)
            paint_item(item, painted)

    walk(items)
    return out


def _see_through(item: Any) -> bool:
    if isinstance(item, Text):
        return any(alpha_of(r.color) < 1 for r in item.runs)
    return any(alpha_of(getattr(item, name, None)) < 1 for name in ("color", "fill", "stroke"))


def _middle(item: Any) -> tuple[float, float]:
    if isinstance(item, Polygon):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    if hasattr(item, "w"):
        return item.x + item.w / 2, item.y + item.h / 2
    return getattr(item, "x1", 0.0), getattr(item, "y1", 0.0)


def solid(item: Item, under: RGB) -> Item:
    """The item with each see-through colour of it blended over `under`."""
    if isinstance(item, Text):
        runs = [dataclasses.replace(r, color=blend(r.color, under)) if isinstance(r, TextRun)
                and alpha_of(r.color) < 1 else r for r in item.runs]
        return dataclasses.replace(item, runs=runs)
    changes = {name: blend(v, under) for name in ("color", "fill", "stroke")
               if (v := getattr(item, name, None)) is not None and alpha_of(v) < 1}
    return dataclasses.replace(item, **changes)  # type: ignore[arg-type]


class PdfxRenderer(Renderer):
    def __init__(self, icons: dict[str, IconDef], title: str, font: str, pdfx: Pdfx):
        super().__init__(icons, title, font)
        self.pdfx = pdfx
        self.opaque = pdfx.version.startswith("x1a")
        self._shape: tuple[float, float] | None = None  # the size of the shape being filled
        self._unders: dict[int, RGB] = {}
        self._faces: dict[int, dict[int, RGB]] = {}

    def _canvas(self, size: tuple[float, float]) -> Any:
        from pnp.output.pdfx.canvas import PdfxCanvas

        return PdfxCanvas(self.buf, pagesize=size, invariant=1, initialFontName=self.font, initialFontSize=10,
                          pdfx=self.pdfx)

    # -- rich black for large areas ------------------------------------------------------------
    def _paint(self, fill: RGB | None, stroke: RGB | None, width: float) -> tuple[int, int]:
        shape, self._shape = self._shape, None
        if fill is not None and shape is not None and is_area(*shape):
            self.c.area_fill(fill)  # type: ignore[union-attr]
            return super()._paint(None, stroke, width)[0], 1
        return super()._paint(fill, stroke, width)

    def _rect(self, r: Rect, face: Face) -> None:
        self._shape = (r.w, r.h)
        super()._rect(r, face)

    def _ellipse(self, e: Ellipse, face: Face) -> None:
        self._shape = (e.w, e.h)
        super()._ellipse(e, face)

    def _polygon(self, pg: Polygon, face: Face) -> None:
        xs, ys = [p[0] for p in pg.points], [p[1] for p in pg.points]
        self._shape = (max(xs) - min(xs), max(ys) - min(ys)) if pg.points else None
        super()._polygon(pg, face)

    # -- X-1a: no transparency -------------------------------------------------------------------
    def _place(self, p: Placement, page_h: float, marker: str) -> None:
        if self.opaque:
            face = p.face
            found = self._faces.get(id(face))
            if found is None:
                found = self._faces[id(face)] = unders(face.items)
            self._unders = found
        super()._place(p, page_h, marker)
        self._unders = {}

    def _items(self, items: list[Item], face: Face) -> None:
        if self.opaque and items is face.items:  # a face drawn whole (on a sheet, or as a rulebook figure)
            self._unders = self._faces.get(id(face)) or self._faces.setdefault(id(face), unders(face.items))
        if self.opaque:
            items = [solid(i, self._unders.get(id(i), PAPER)) if _see_through(i) else i for i in items]
        super()._items(items, face)

    def _icon_shapes(self, icon: IconDef, colour: RGB, paper: RGB) -> None:
        if not self.opaque:
            return super()._icon_shapes(icon, colour, paper)
        shapes = icon.shapes
        if icon.svg is not None:  # traced here, so that its opacities can be blended (centred as the renderer does)
            from pnp.output.render.svg import outlines

            w, h, shapes = outlines(icon.svg)
            self.c.translate((1 - w) / 2, -(1 - h) / 2)  # type: ignore[union-attr]
        if any(s.alpha < 1 for s in shapes):
            shapes = tuple(dataclasses.replace(s, alpha=1.0, fill=_blended(s.fill, s.alpha, colour, paper),
                                               stroke=_blended(s.stroke, s.alpha, colour, paper))
                           if s.alpha < 1 else s for s in shapes)
        super()._icon_shapes(dataclasses.replace(icon, shapes=shapes, svg=None), colour, paper)


def _blended(value: str | None, alpha: float, colour: RGB, paper: RGB) -> str | None:
    rgb = icon_colour(value, colour, paper)
    if rgb is None:
        return None
    from pnp.model.units import RGBA

    return hex_of(blend(RGBA(rgb, alpha), paper))

