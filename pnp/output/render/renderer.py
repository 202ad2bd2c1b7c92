"""Stage 4, render: scenes -> reportlab drawing. The only module that draws.

Faces are drawn with their origin at the top-left of the trim and y negated (scene y points
down, PDF y points up). Anything drawn more than once (static parts of a template, whole backs,
icons in one colour) becomes a PDF form drawn once and placed by reference.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas

from pnp.layout.scene import (
    Ellipse,
    Face,
    Icon,
    Image,
    Item,
    Label,
    Line,
    Polygon,
    Rect,
    Static,
    Text,
    drawn_as,
)
from pnp.model.units import RGB
from pnp.output.impose.cards import Page, Placement
from pnp.output.impose.turned import upright
from pnp.output.render import kept_streams  # noqa: F401 - reportlab's streams and font subsets, each made once
from pnp.output.render.icon_paths import icon_colour, shape_path
from pnp.output.render.pdftext import TextWriter
from pnp.output.render.see_through import any_see_through, item_alphas

if TYPE_CHECKING:
    from pnp.layout.art.icons import IconDef
    from pnp.layout.scene import Transform

PAPER: RGB = (1.0, 1.0, 1.0)


class Renderer:
    def __init__(self, icons: dict[str, IconDef], title: str, font: str):
        self.icons = dict(icons)  # the game's, and SVG images traced as icons
        self.buf = io.BytesIO()
        self.c: Canvas | None = None
        self.text: TextWriter | None = None
        self.title = title
        self.font = font
        self.forms: set[str] = set()
        self.stamp = ""
        self.margin = 5 * 72 / 25.4
        self.static_names: dict[tuple, str] = {}
        self.see_through: dict[str, bool] = {}  # static parts holding a see-through colour: drawn in place
        self.extras_code: dict[tuple, list[str]] = {}  # a page's size and marks -> their PDF operators

    # -- document ----------------------------------------------------------------------------
    def render(self, pages: list[Page], marker: str = "", stamp: str = "", margin: float = 5 * 72 / 25.4) -> bytes:
        """`marker`: said on every face (not rule-checked). `stamp`: a version line on every card front large
        enough to carry it, formatted with the face's component and id (`voyage 0.3 · {component}/{id}`).
        `margin`: the printable margin, inside which each page's running footer goes."""
        self.stamp = stamp
        self.margin = margin
        if not pages:
            pages = []
        first = pages[0] if pages else None
        size = (first.w, first.h) if first else (595.0, 842.0)
        c = self.c = self._canvas(size)
        self.text = TextWriter(c)
        c.setTitle(self.title)
        c.setCreator("pnp")
        for page in pages:
            c.setPageSize((page.w, page.h))
            for placement in page.placements:
                self._place(placement, page.h, marker)
            if page.extras:
                self._extras(page)
            if page.marks:
                c.setStrokeColorRGB(0, 0, 0)
                c.setLineWidth(page.mark_width)
                c.setDash()
                c.lines([(x1, page.h - y1, x2, page.h - y2) for x1, y1, x2, y2 in page.marks])
            trim, bleed = page.boxes if page.boxes and _one_face(page) else (None, None)
            c.setTrimBox(_pdf_box(trim, page.h))  # a page of one face says where it is cut (print shops)
            c.setBleedBox(_pdf_box(bleed, page.h))
            if page.footer:
                self.text.footer(page, self.font, self.margin)
            c.showPage()
        c.save()
        return self.buf.getvalue()

    def _canvas(self, size: tuple[float, float]) -> Canvas:
        """The canvas the pages are drawn on (a PDF/X build's paints in CMYK: pnp/output/pdfx/cmyk_renderer.py)."""
        return Canvas(self.buf, pagesize=size, invariant=1, initialFontName=self.font, initialFontSize=10)

    def _extras(self, page: Page) -> None:
        """The page's own marks and labels. Lines and shapes write the same operators whatever was drawn before
        them: drawn once for each page size and set of them, the operators are copied onto the pages alike."""
        c = self.c
        assert c is not None
        key = None
        if all(type(item) in VECTOR for item in page.extras):
            key = (page.w, page.h, *map(drawn_as, page.extras))
            code = self.extras_code.get(key)
            if code is not None:
                c._code.extend(code)
                return
        start = len(c._code)
        c.saveState()
        c.translate(0, page.h)
        self._items(page.extras, Face(page.w, page.h, 0.0))
        c.restoreState()
        if key is not None:
            self.extras_code[key] = c._code[start:]

    def _place(self, p: Placement, page_h: float, marker: str) -> None:
        c = self.c
        assert c is not None
        face = p.face
        c.saveState()
        cx, cy, cw, ch = p.clip
        path = c.beginPath()
        if p.clip_path:  # a tile cut along stepped seams
            path.moveTo(p.clip_path[0][0], page_h - p.clip_path[0][1])
            for x, y in p.clip_path[1:]:
                path.lineTo(x, page_h - y)
            path.close()
        else:
            path.rect(cx, page_h - cy - ch, cw, ch)
        c.clipPath(path, stroke=0, fill=0)
        c.translate(p.x, page_h - p.y)
        if p.scale != 1.0:
            c.scale(p.scale, p.scale)
        if p.rotate:
            c.translate(face.w, -face.h)
            c.rotate(180)
        if len(face.items) == 1 and isinstance(face.items[0], Static):
            self._static(face.items[0], face)
        else:
            self._items(face.items, face)
        if marker:
            self._marker(face, marker)
        if self.stamp and p.stamp and p.meta.get("side") == "front" and "copy" in p.meta and "tile" not in p.meta:
            assert self.text is not None
            inner = upright(face)
            if inner is not face:  # a card turned on its sheet: stamped at the foot of its own frame
                c.translate(face.w / 2, -face.h / 2)
                c.rotate(-getattr(face, "angle", 0.0))
                c.translate(-inner.w / 2, inner.h / 2)
            self.text.stamp(inner, self.stamp.format(**p.meta), self.font)
        c.restoreState()

    def _marker(self, face: Face, text: str) -> None:
        c = self.c
        assert c is not None
        width = c.stringWidth(text, self.font, 6.5) + 6
        bottom = -face.h + 3 * 72 / 25.4
        c.setFillColorRGB(1, 1, 1)
        c.setStrokeColorRGB(0.85, 0.0, 0.0)
        c.setLineWidth(0.6)
        c.roundRect((face.w - width) / 2, bottom, width, 10, 2, stroke=1, fill=1)
        c.setFillColorRGB(0.85, 0.0, 0.0)
        c.setFont(self.font, 6.5)
        c.drawCentredString(face.w / 2, bottom + 3, text)

    # -- items -------------------------------------------------------------------------------
    def _items(self, items: list[Item], face: Face) -> None:
        i, n = 0, len(items)
        while i < n:
            item = items[i]
            if isinstance(item, Text) and not item.rotate:  # neighbouring texts share one PDF text object
                j = i + 1
                while j < n and isinstance(items[j], Text) and not items[j].rotate:  # type: ignore[union-attr]
                    j += 1
                self._texts(items[i:j], face)  # type: ignore[arg-type]
                i = j
                continue
            see_through = item_alphas(item)
            if see_through:  # `#rrggbbaa` colours: this item only
                self.c.saveState()  # type: ignore[union-attr]
                self.c.setFillAlpha(see_through[0])  # type: ignore[union-attr]
                self.c.setStrokeAlpha(see_through[1])  # type: ignore[union-attr]
            if isinstance(item, Text | Icon) and item.rotate:
                self._rotated(item, face)
            else:
                getattr(self, "_" + type(item).__name__.lower())(item, face)
            if see_through:
                self.c.restoreState()  # type: ignore[union-attr]
            i += 1

    def _rotated(self, item: Text | Icon, face: Face) -> None:
        c = self.c
        assert c is not None
        cx, cy = item.x + item.w / 2, -(item.y + item.h / 2)
        c.saveState()
        c.translate(cx, cy)
        c.rotate(-item.rotate)  # scene angles turn clockwise, like the page's y axis
        c.translate(-cx, -cy)
        if isinstance(item, Text):
            self._texts([item], face)
        else:
            self._icon(item, face)
        c.restoreState()

    def _transform(self, t: Transform, face: Face) -> None:
        c = self.c
        assert c is not None
        c.saveState()
        c.translate(t.x, -t.y)
        c.rotate(-t.rotate)  # clockwise, as the scene turns
        c.scale(t.scale, t.scale)
        c.translate(-t.w / 2, t.h / 2)
        self._items(t.items, Face(t.w, t.h, t.bleed))
        c.restoreState()

    def _static(self, item: Static, face: Face) -> None:
        c = self.c
        assert c is not None
        key = (item.key, face.bleed, face.w, face.h)
        see_through = self.see_through.get(item.key)
        if see_through is None:
            see_through = self.see_through[item.key] = any_see_through(item.items)
        if see_through:  # reportlab's forms drop their alpha states: drawn in place
            self._items(item.items, face)
            return
        name = self.static_names.setdefault(key, f"S{len(self.static_names)}")
        if name not in self.forms:
            self.forms.add(name)
            b = face.bleed + 1
            c.beginForm(name, lowerx=-b, lowery=-face.h - b, upperx=face.w + b, uppery=b)
            self._items(item.items, face)
            c.endForm()
        c.doForm(name)

    def _paint(self, fill: RGB | None, stroke: RGB | None, width: float) -> tuple[int, int]:
        c = self.c
        assert c is not None
        if fill is not None:
            c.setFillColorRGB(*fill)
        if stroke is not None:
            c.setStrokeColorRGB(*stroke)
            c.setLineWidth(width)
        return (1 if stroke is not None else 0), (1 if fill is not None else 0)

    def _rect(self, r: Rect, face: Face) -> None:
        stroke, fill = self._paint(r.fill, r.stroke, r.width)
        if not (stroke or fill):
            return
        assert self.c is not None
        if r.dash and stroke:
            self.c.setDash(list(r.dash))
        if r.radius > 0:
            self.c.roundRect(r.x, -r.y - r.h, r.w, r.h, r.radius, stroke=stroke, fill=fill)
        else:
            self.c.rect(r.x, -r.y - r.h, r.w, r.h, stroke=stroke, fill=fill)
        if r.dash and stroke:
            self.c.setDash([])

    def _ellipse(self, e: Ellipse, face: Face) -> None:
        stroke, fill = self._paint(e.fill, e.stroke, e.width)
        if stroke or fill:
            assert self.c is not None
            if e.dash and stroke:
                self.c.setDash(list(e.dash))
            self.c.ellipse(e.x, -e.y - e.h, e.x + e.w, -e.y, stroke=stroke, fill=fill)
            if e.dash and stroke:
                self.c.setDash([])

    def _line(self, ln: Line, face: Face) -> None:
        c = self.c
        assert c is not None
        c.setStrokeColorRGB(*ln.stroke)
        c.setLineWidth(ln.width)
        c.setDash(list(ln.dash) if ln.dash else [])
        c.line(ln.x1, -ln.y1, ln.x2, -ln.y2)
        if ln.dash:
            c.setDash([])

    def _polygon(self, pg: Polygon, face: Face) -> None:
        stroke, fill = self._paint(pg.fill, pg.stroke, pg.width)
        if not (stroke or fill):
            return
        c = self.c
        assert c is not None
        path = c.beginPath()
        path.moveTo(pg.points[0][0], -pg.points[0][1])
        for x, y in pg.points[1:]:
            path.lineTo(x, -y)
        path.close()
        if pg.dash and stroke:
            c.setDash(list(pg.dash))
        c.drawPath(path, stroke=stroke, fill=fill)
        if pg.dash and stroke:
            c.setDash([])

    def _texts(self, texts: list[Text], face: Face) -> None:
        assert self.text is not None
        for icon in self.text.texts(texts):
            self._icon(icon, face)

    def _icon(self, icon: Icon, face: Face) -> None:
        c = self.c
        assert c is not None
        paper = icon.paper or PAPER
        name = "I" + "-".join([icon.name, *(f"{v:.3f}" for v in (*icon.color, *paper))])
        if name not in self.forms:
            self.forms.add(name)
            c.beginForm(name, lowerx=-0.1, lowery=-0.1, upperx=1.1, uppery=1.1)
            self._icon_shapes(self.icons[icon.name], icon.color, paper)
            c.endForm()
        c.saveState()
        c.translate(icon.x, -icon.y - icon.h)
        c.scale(icon.w, icon.h)
        c.doForm(name)
        c.restoreState()

    def _icon_shapes(self, icon: IconDef, colour: RGB, paper: RGB) -> None:
        c = self.c
        assert c is not None
        c.setLineCap(1)
        c.setLineJoin(1)
        shapes = icon.shapes
        if icon.svg is not None:  # traced from its SVG, centred in the icon's square
            from pnp.output.render.svg import outlines

            w, h, shapes = outlines(icon.svg)
            c.translate((1 - w) / 2, -(1 - h) / 2)
        for shape in shapes:
            path = shape_path(c, shape)
            fill = icon_colour(shape.fill, colour, paper)
            stroke = icon_colour(shape.stroke, colour, paper)
            s, f = self._paint(fill, stroke, shape.width)
            if shape.alpha < 1:
                c.setFillAlpha(shape.alpha)
                c.setStrokeAlpha(shape.alpha)
            c.drawPath(path, stroke=s, fill=f, fillMode=1 if shape.rule == "nonzero" else 0)
            if shape.alpha < 1:
                c.setFillAlpha(1)
                c.setStrokeAlpha(1)

    def _label(self, label: Label, face: Face) -> None:
        c = self.c
        assert c is not None
        c.setFillColorRGB(*label.color)
        c.setFont(self.font, label.size)
        draw = {"center": c.drawCentredString, "right": c.drawRightString}.get(label.align, c.drawString)
        draw(label.x, -label.y, label.text)

    def _image(self, im: Image, face: Face) -> None:
        assert self.c is not None
        if im.path.lower().endswith(".svg"):  # vectors, drawn as an icon of the image's colour
            from pnp.output.render.svg import svg_icon

            icon = svg_icon(im, self.icons)
            self._icon(icon, face)
            return
        self.c.drawImage(im.path, im.x, -im.y - im.h, im.w, im.h, preserveAspectRatio=True, anchor="c",
                         mask="auto")


def _one_face(page: Page) -> bool:
    """The page holds one printed face (a tile beside its assembly map still does): its TrimBox is that face's. A
    page that packing gave other pieces too is a sheet to cut, trimmed nowhere in particular."""
    return sum(1 for p in page.placements if p.meta.get("side") != "map") == 1


def _pdf_box(box: tuple[float, float, float, float] | None, page_h: float) -> list[float] | None:
    """(x, y from the top, w, h) -> a PDF rectangle [x0 y0 x1 y1], y from the bottom."""
    if box is None:
        return None
    x, y, w, h = box
    return [round(x, 3), round(page_h - y - h, 3), round(x + w, 3), round(page_h - y, 3)]


VECTOR = (Line, Rect, Ellipse, Polygon)  # items whose operators do not depend on what was drawn before
