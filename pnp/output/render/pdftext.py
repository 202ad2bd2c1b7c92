"""Text's PDF operators: a face's text runs, the playtest stamp, the running footer.

A line of text's operators are written as reportlab's `textOut` writes them, without its per-character work.

For a TrueType font reportlab subsets as it goes: `splitString` walks the text a character at a time in Python,
giving each new character a code in one of the font's 256-code subsets, then writes `(codes) Tj` (and the
subset's font operator when the subset changes). Once every character of a text has its code in the first
subset, that is one `str.translate`. `TextWriter.out` takes that path for such texts and hands every other one
(a new character, a code past the first subset, a built-in font, a no-break space) to reportlab, whose codes it
then learns: the operators, and so the PDF, are byte for byte the ones reportlab writes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics

from pnp.layout.scene import Face, Icon, Text, TextRun
from pnp.model.units import RGB, alpha_of
from pnp.output.render.stamp import STAMP_SIZE, stamp_base, stamp_x, stamped

if TYPE_CHECKING:
    from pnp.output.impose.cards import Page

class _Codes:
    """One TrueType font's codes in the first subset of one document, as reportlab assigned them."""

    __slots__ = ("font", "state", "known", "table", "name")
    known: frozenset[str]  # the characters with a code in the first subset
    table: dict[int, str]  # character -> its code
    name: str  # the first subset's PDF font name

    def __init__(self, font: Any, doc: Any):
        self.font, self.state = font, font.state[doc]
        self.learn()

    def learn(self) -> None:
        if self.state.internalName is None:  # not yet in the document: reportlab puts it there
            self.known, self.table, self.name = frozenset(), {}, ""
            return
        codes = {c: n for c, n in self.state.assignments.items() if n < 256 and c != 0xA0}
        self.known = frozenset(map(chr, codes))  # 0xA0 reportlab draws as a space: left to it
        self.table = {c: chr(n) for c, n in codes.items()}
        self.name = f"/{self.state.internalName}+0"  # as `getSubsetInternalName(0, doc)` names it


class TextWriter:
    """Writes runs of text into reportlab text objects of one canvas."""

    def __init__(self, canvas: Any):
        self.canvas = canvas
        self.doc = canvas._doc
        self.escape = canvas._escape
        self.fonts: dict[str, _Codes | None] = {}  # font name -> its codes; None: reportlab's way only

    def texts(self, texts: list[Text]) -> list[Icon]:
        """Neighbouring texts of a face in one PDF text object, one run after another (a font or colour set only when
        it changes); their inline icons are returned, to be drawn after it."""
        c = self.canvas
        obj: Any = c.beginText()
        font: tuple[str, float] | None = None
        colour: RGB | None = None
        alpha = 1.0
        icons: list[Icon] = []
        for t in texts:
            for run in t.runs:
                if not isinstance(run, TextRun):
                    icons.append(run)
                    continue
                if font != (run.font, run.size):
                    font = (run.font, run.size)
                    obj.setFont(run.font, run.size)
                if colour != run.color or type(run.color) is not tuple or alpha != 1.0:
                    if alpha_of(run.color) != alpha:
                        alpha = alpha_of(run.color)
                        obj.setFillAlpha(alpha)
                    if colour != run.color:
                        colour = run.color
                        obj.setFillColorRGB(*run.color)
                obj.setTextOrigin(run.x, -run.y)
                self.out(obj, run.text)
        if alpha != 1.0:
            obj.setFillAlpha(1.0)
        c.drawText(obj)
        return icons

    def stamp(self, face: Face, text: str, font: str) -> None:
        """A small line just inside the foot of the trim (or its head, `stamp: top`): which version of which card
        this is, in an ink that stands out from the colour under it. A face too small to carry it legibly (under
        30 mm, or narrower than the line) has it in the page's footer."""
        from pnp.output.render.stamp import PLATE, ink, plate_box, under_stamp

        c = self.canvas
        width = c.stringWidth(text, font, STAMP_SIZE)
        if not stamped(face, width):
            return
        colour, plated = ink(under_stamp(face, width))
        if plated:
            x, y, w, h = plate_box(face, width)
            c.setFillColorRGB(*PLATE)
            c.roundRect(x, -y - h, w, h, h / 3, stroke=0, fill=1)
        c.setFillColorRGB(*colour)
        c.setFont(font, STAMP_SIZE)
        self.draw(stamp_x(face, width), -stamp_base(face), text)

    def footer(self, page: Page, font: str, margin: float) -> None:
        """The page's running footer, where `footer.place` finds room for it (6 pt, grey)."""
        from pnp.output.render.footer import SIZE, place

        c = self.canvas
        for x, y, angle, text in place(page, lambda t: c.stringWidth(t, font, SIZE), margin):
            c.saveState()
            c.translate(x, page.h - y)
            if angle:
                c.rotate(angle)
            if page.placements:  # a white line under it: it may run over a bleed band (cut away), as the marks do
                c.setFillColorRGB(1, 1, 1)
                c.rect(-0.5, -0.3 * SIZE, c.stringWidth(text, font, SIZE) + 1, 1.15 * SIZE, stroke=0, fill=1)
            c.setFillColorRGB(0.35, 0.35, 0.35)
            c.setFont(font, SIZE)
            self.draw(0, 0, text)
            c.restoreState()

    def out(self, obj: Any, text: str) -> None:
        """`obj.textOut(text)`, as its bytes: `obj` is a `PDFTextObject` of this canvas, its font set."""
        ops = self._ops(obj, text)
        if ops is None:
            obj.textOut(text)
            self._learn(obj._fontname)
        else:
            obj._code.append(ops)

    def draw(self, x: float, y: float, text: str) -> None:
        """`canvas.drawString(x, y, text)`, as its bytes, in the canvas's font (`x - width / 2`: centred)."""
        obj = self.canvas.beginText(x, y)
        ops = self._ops(obj, text)
        if ops is None:
            obj.textLine(text)
            self._learn(obj._fontname)
        else:
            obj._code.append(f"{ops} T*")
        self.canvas.drawText(obj)

    def _ops(self, obj: Any, text: str) -> str | None:
        """The operators `_formatText` writes for `text`, or None when reportlab must write them."""
        codes = self.fonts.get(obj._fontname)
        if codes is None or not text or not codes.known.issuperset(text):
            return None
        ops = f"({self.escape(text.translate(codes.table).encode('latin-1'))}) Tj"
        if obj._curSubset != 0:  # the subset's font operator first, as `_formatText` writes it
            obj._curSubset = 0
            ops = f"{codes.name} {fp_str(obj._fontsize)} Tf {fp_str(obj._leading)} TL {ops}"
        return ops

    def _learn(self, name: str) -> None:
        codes = self.fonts.get(name)
        if codes is not None:
            codes.learn()
            return
        if name in self.fonts:
            return
        font = pdfmetrics.getFont(name)
        dynamic = getattr(font, "_dynamicFont", False) and self.doc in getattr(font, "state", {})
        if dynamic:
            self.fonts[name] = _Codes(font, self.doc)
        elif not getattr(font, "_dynamicFont", False):
            self.fonts[name] = None  # a built-in font: reportlab's way, always
