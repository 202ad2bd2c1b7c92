"""Output: the rulebook's flow drawn as a PDF with reportlab's platypus (flowing pages): a cover, a table of
contents, running headers and page numbers; text, icons and card faces drawn by the cards' own renderer."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import (
    Flowable,
)

from pnp.layout.rulebook import flow as rb
from pnp.layout.scene import Face, Rect, Text
from pnp.layout.text import Style, fit, height, measurable, parse
from pnp.layout.values import LayoutEnv
from pnp.model.units import MM, RGB, parse_colour
from pnp.output.render.pdftext import TextWriter
from pnp.output.render.renderer import Renderer

BODY = 10.0  # pt
GUTTER = 12 * MM  # left of a face with callouts
LIFT = 5.5  # points: a callout's number stands this far above its leader's level run


class Look:
    """The game's fonts and palette as the rulebook uses them, and one renderer per canvas."""

    def __init__(self, env: LayoutEnv, title: str, pdfx: Any = None):
        fam = env.families
        self.env = env
        self.body = fam.get("body") or next(iter(fam.values()))
        self.title_font = (fam.get("title") or self.body).face("regular").name
        self.body_font = self.body.face("regular").name
        pal = env.palette
        self.ink: RGB = parse_colour(pal.get("ink", "#1d2230"), pal) or (0.1, 0.1, 0.1)
        self.accent: RGB = parse_colour(pal.get("hull", pal.get("ink", "#16213a")), pal) or self.ink
        self.gold: RGB = parse_colour(pal.get("gold", "#e8b23a"), pal) or self.ink
        self.term: RGB = parse_colour(env.term_color, pal) or self.ink if env.term_color else self.ink
        self.pdfx = pdfx  # a PDF/X build's settings (pnp/output/pdfx/): its renderer paints in CMYK
        if pdfx is None:
            self.renderer = Renderer(env.icons, title, self.body.face("regular").name)
        else:
            from pnp.output.pdfx.cmyk_renderer import PdfxRenderer

            self.renderer = PdfxRenderer(env.icons, title, self.body.face("regular").name, pdfx)
        self.max_h = 1e9  # the tallest a figure may be: the page's frame, less room for a caption
        self.frame_h = 1e9  # the page's frame: its height
        self.dry = False  # a pass whose pages are thrown away (the contents' first): text and faces not drawn

    def drawer(self, canv: Any) -> Renderer:
        r = self.renderer
        if r.c is not canv:  # a new pass of the document (the table of contents takes two)
            r.c, r.text, r.forms = canv, TextWriter(canv), set()
        return r


class Markup(Flowable):
    """Card markup (**bold**, *italic*, :icons:, glossary terms) wrapped to the frame, drawn as on cards."""

    def __init__(self, look: Look, markup: str, size: float = BODY, indent: float = 0.0):
        super().__init__()
        self.look, self.size, self.indent = look, size, indent
        self.paras = parse(markup, look.env.glossary, look.env.term_style, look.env.icons)
        self.markup = markup
        self.text: Text | None = None
        self.bands: list[Rect] = []  # behind each placeholder ([NAME PENDING]) of the text
        self.wrapped_at: float | None = None  # the width last wrapped to: platypus asks again (each pass, each try)
        self.width: float = 0.0
        self.height: float = 0.0

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        if aw == self.wrapped_at:  # the same width lays the same text out the same: keep it (a faster book)
            return self.size_at

        w = max(aw - self.indent, 20)
        h = height(measurable(self.paras, self.look.body), self.look.body, w, self.size, 1.3, 0.5) or self.size
        style = Style(self.look.body, self.look.ink, self.look.term, None)
        got = fit(self.paras, style, (self.indent, 0, w, h + 1), self.size, self.size * 0.7, 1.3, 0.5, "left", "top")
        self.text = Text(self.indent, 0, w, h + 1, got[0], got[1], got[2]) if got else None
        pending = self.look.env.placeholders
        if self.text is not None and pending is not None and pending.search(self.markup):
            from pnp.layout.highlight import highlight  # unfinished text, as loud as on the cards

            self.bands, self.text.runs = highlight(self.text.runs, pending, self.look.body)
        self.width, self.height, self.wrapped_at = aw, h + 2, aw
        self.size_at: tuple[float, float] = (self.width, self.height)
        return self.size_at

    def draw(self) -> None:
        if self.text is None or self.look.dry:
            return
        r = self.look.drawer(self.canv)
        self.canv.saveState()
        self.canv.translate(0, self.height)
        r._items([*self.bands, self.text], Face(self.width, self.height, 0.0))
        self.canv.restoreState()


class FaceFlowable(Flowable):
    """Laid-out faces side by side at a width each, as vectors, with numbered callouts on the first."""

    def __init__(self, look: Look, fig: rb.Figure, width: float | None = None):
        super().__init__()
        self.look, self.fig = look, fig
        self.asked = self.each = width or fig.width
        self.scale = 1.0  # less where the picture shrinks to keep its page full (book_keep.Together)

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        n = max(len(self.fig.faces), 1)
        self.left = GUTTER if self.fig.callouts else 0.0  # the callouts stand in a margin left of the face
        self.each = min(self.asked, (aw - self.left - (n - 1) * 4 * MM) / n)
        tall = max(f.h / f.w for f in self.fig.faces)
        self.each = min(self.each, self.look.max_h / tall) * self.scale  # a tall face (a die net, a board) fits
        self.height = tall * self.each
        self.width = 2 * self.left + n * self.each + (n - 1) * 4 * MM
        return self.width, self.height

    def draw(self) -> None:
        if self.look.dry:
            return
        r, c = self.look.drawer(self.canv), self.canv
        x = self.left
        for i, face in enumerate(self.fig.faces):
            s = self.each / face.w
            c.saveState()
            c.translate(x, self.height)
            c.scale(s, s)
            path = c.beginPath()
            path.rect(0, -face.h, face.w, face.h)
            c.clipPath(path, stroke=0, fill=0)
            r._items(face.items, face)
            if i == 0:
                self._pieces(s)
            c.restoreState()
            c.setStrokeColorRGB(0.7, 0.7, 0.7)
            c.setLineWidth(0.4)
            c.rect(x, self.height - face.h * s, face.w * s, face.h * s)
            if i == 0:
                self._callouts(s)
            x += self.each + 4 * MM

    def _pieces(self, s: float) -> None:
        """The pieces lying on the first face (a setup diagram: cards on the board's spots), then their numbered
        discs; drawn in the face's own units (the canvas is scaled by `s`)."""
        r, c, look = self.look.drawer(self.canv), self.canv, self.look
        for piece, x, y, w in self.fig.pieces:
            k = w / piece.w
            c.saveState()
            c.translate(x, -y)
            c.scale(k, k)
            path = c.beginPath()
            path.rect(0, -piece.h, piece.w, piece.h)
            c.clipPath(path, stroke=0, fill=0)
            r._items(piece.items, piece)
            c.restoreState()
            c.setStrokeColorRGB(0.2, 0.2, 0.2)
            c.setLineWidth(0.4 / s)
            c.rect(x, -y - piece.h * k, w, piece.h * k)
        radius = 2.6 * MM / s
        for n, x, y in self.fig.badges:
            c.setStrokeColorRGB(*look.ink)
            c.setLineWidth(0.6 / s)
            c.setFillColorRGB(*look.gold)
            c.circle(x, -y, radius, stroke=1, fill=1)
            c.setFillColorRGB(*look.ink)
            c.setFont(look.title_font, 9 / s)
            c._code.append("/Span <</ActualText ()>> BDC")  # (as a callout's number: a mark, not text to copy)
            c.drawCentredString(x, -y - 3.1 / s, str(n))
            c._code.append("EMC")

    def _callouts(self, s: float) -> None:
        """Each number in the margin on its leader's side, level with where the leader ends (numbers kept apart and
        within the picture's height); the leader runs level across the face to its element (layout chose where it
        crosses no word: pnp/layout/rulebook/callouts.py) and, in the margin, to its number."""
        c, look = self.canv, self.look
        radius = 2.3 * MM
        face_w = self.fig.faces[0].w * s
        for right in (False, True):
            leaders = sorted((t for t in self.fig.leaders if t[1] == right), key=lambda t: t[4])
            # each number a little above its leader's level run, so that it never reads as part of a line of the face
            ys = spread([self.height - run * s + LIFT for *_, run in leaders], 2 * radius + 1, radius,
                        self.height - radius)
            mx = self.left + face_w + self.left - radius - 0.5 if right else radius + 0.5
            edge = self.left + (face_w if right else 0.0)
            for (n, _, ax, ay, run), y in zip(leaders, ys, strict=True):
                py, px, ry = self.height - ay * s, self.left + ax * s, self.height - run * s
                c.setStrokeColorRGB(*look.ink)
                c.setFillColorRGB(*look.ink)
                c.setLineWidth(0.6)
                c.line(mx + (-radius if right else radius), y, edge, ry)
                c.line(edge, ry, px, ry)
                c.line(px, ry, px, py)
                c.circle(px, py, 0.9, stroke=0, fill=1)
                c.setFillColorRGB(*look.gold)
                c.circle(mx, y, radius, stroke=1, fill=1)
                c.setFillColorRGB(*look.ink)
                c.setFont(look.title_font, 8)
                c._code.append("/Span <</ActualText ()>> BDC")  # a mark on the picture: copied text leaves it out
                c.drawCentredString(mx, y - 2.8, str(n))
                c._code.append("EMC")


def spread(wanted: list[float], apart: float, low: float, high: float) -> list[float]:
    """Heights (PDF points, up) for discs wanted at `wanted` (top first), each `apart` from the next and all between
    `low` and `high`, as near their wish as that allows (pushed down from the top, then up from the bottom)."""
    out: list[float] = []
    for y in wanted:
        y = min(y, high)
        out.append(y if not out else min(y, out[-1] - apart))
    for i in range(len(out) - 1, -1, -1):
        floor = low if i == len(out) - 1 else out[i + 1] + apart
        out[i] = max(out[i], floor)
    return out
