"""Read back how a rulebook's pages are filled, for the layout tests: where the ink on each page ends, which pages
begin a chapter, where the headings stand and what follows them (rasterised by pdfium, text placed by pypdf)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pdfcheck import MM, placed_text

HEAD = 22.0  # mm: the running head above the frame (the book's margin, 18 mm, and 4 mm more)
FOOT = 18.0  # mm: the margin below the frame (the page number stands in it)
SIZES = {20.0: 1, 14.0: 2, 12.0: 3}  # a heading's size, pt -> its level
LEFT = 20.1  # mm: where a heading starts (the book's margin, 18 mm, and its frame's padding, 6 pt)


@dataclass
class PageSeen:
    number: int
    height: float  # mm
    ink: list[tuple[float, float]]  # the frame's rows of ink, top and bottom mm from the page's top, in order
    headings: list[tuple[int, str, float]]  # (level, text, y mm from the top)

    @property
    def frame(self) -> float:
        return self.height - HEAD - FOOT

    @property
    def blank(self) -> float:
        """The share of the frame below the last ink."""
        last = max((b for _, b in self.ink), default=HEAD)
        return (self.height - FOOT - last) / self.frame

    @property
    def opens_chapter(self) -> bool:
        return any(level == 1 and y < HEAD + 15 for level, _, y in self.headings)


def pages_seen(pdf: Path, dpi: int = 40) -> list[PageSeen]:
    import pypdfium2 as pdfium

    placed = placed_text(pdf)
    doc = pdfium.PdfDocument(str(pdf))
    out = []
    try:
        for i, page in enumerate(doc):
            height = page.get_height() / MM
            image = page.render(scale=dpi / 72).to_pil().convert("L")
            w, h = image.size
            px = image.load()
            per_mm = h / height
            rows = []
            for y in range(int(HEAD * per_mm), int((height - FOOT) * per_mm)):
                if any(px[x, y] < 200 for x in range(int(w * 0.05), int(w * 0.95))):
                    rows.append(y / per_mm)
            ink: list[tuple[float, float]] = []
            for y in rows:
                if ink and y - ink[-1][1] < 1.5:
                    ink[-1] = (ink[-1][0], y)
                else:
                    ink.append((y, y))
            heads = [(SIZES[size], text, y) for text, size, x, y in placed.get(i + 1, [])
                     if size in SIZES and abs(x - LEFT) < 0.5]  # (a card's text of that size stands elsewhere)
            out.append(PageSeen(i + 1, height, ink, heads))
    finally:
        doc.close()
    return out


def face_frames(pdf: Path) -> dict[int, list[tuple[float, float]]]:
    """Per page: the width and height (mm) of each card face the book draws, read from the light grey frame drawn
    round each (pnp/output/document/book_look.py), through every transformation the page applies."""
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    reader = PdfReader(pdf)
    out: dict[int, list[tuple[float, float]]] = {}
    for number, page in enumerate(reader.pages, 1):
        ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
        stack: list[list[float]] = []
        stroke: tuple = ()
        rect: tuple[float, float] | None = None
        found: list[tuple[float, float]] = []
        for operands, op in ContentStream(page.get_contents(), reader).operations:
            if op == b"q":
                stack.append(ctm[:])
            elif op == b"Q":
                ctm = stack.pop() if stack else ctm
            elif op == b"cm":
                a, b, c, d, e, f = (float(v) for v in operands)
                A, B, C, D, E, F = ctm
                ctm = [a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F]
            elif op == b"RG":
                stroke = tuple(round(float(v), 2) for v in operands)
            elif op == b"re":
                w, h = float(operands[2]), float(operands[3])
                rect = (abs(w * ctm[0]) / MM, abs(h * ctm[3]) / MM)
            elif op == b"S" and rect is not None and stroke == (0.7, 0.7, 0.7):
                found.append(rect)
                rect = None
            elif op in (b"f", b"n", b"B", b"W"):
                rect = None
        out[number] = found
    return out
