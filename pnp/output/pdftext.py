"""A line of text's PDF operators, written as reportlab's `textOut` writes them, without its per-character work.

For a TrueType font reportlab subsets as it goes: `splitString` walks the text a character at a time in Python,
giving each new character a code in one of the font's 256-code subsets, then writes `(codes) Tj` (and the
subset's font operator when the subset changes). Once every character of a text has its code in the first
subset, that is one `str.translate`. `TextWriter.out` takes that path for such texts and hands every other one
(a new character, a code past the first subset, a built-in font, a no-break space) to reportlab, whose codes it
then learns: the operators, and so the PDF, are byte for byte the ones reportlab writes.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics


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
