"""Read back what a PDF really draws: where faces sit, cut marks, fonts. For the end-to-end tests."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

MM = 72 / 25.4


@dataclass
class Placed:
    clip: tuple[float, float, float, float]  # x, y (from the top), w, h in points: the face's cell
    origin: tuple[float, float]  # where the face's top-left trim corner was translated to (from the top)


@dataclass
class PageDrawing:
    width: float
    height: float
    faces: list[Placed]
    marks: list[tuple[float, float, float, float]]  # page-level line segments, y from the top


def page_drawings(path: Path) -> list[PageDrawing]:
    reader = PdfReader(path)
    out = []
    for page in reader.pages:
        w, h = float(page.mediabox.width), float(page.mediabox.height)
        ops = ContentStream(page.get_contents(), reader).operations
        faces: list[Placed] = []
        marks: list[tuple[float, float, float, float]] = []
        depth, pending_rect, clip, start = 0, None, None, None
        seen_cm = False
        for operands, op in ops:
            op = op.decode() if isinstance(op, bytes) else op
            if op == "q":
                depth += 1
                if depth == 1:
                    clip, seen_cm = None, False
            elif op == "Q":
                depth -= 1
            elif op == "re" and depth == 1 and clip is None:
                pending_rect = [float(v) for v in operands]
            elif op in ("W", "W*") and pending_rect is not None and depth == 1:
                x, y, rw, rh = pending_rect
                clip = (x, h - y - rh, rw, rh)
                pending_rect = None
            elif op == "cm" and depth == 1 and not seen_cm and clip is not None:
                seen_cm = True
                tx, ty = float(operands[4]), float(operands[5])
                faces.append(Placed(clip, (tx, h - ty)))
            elif depth == 0 and op == "m":
                start = (float(operands[0]), float(operands[1]))
            elif depth == 0 and op == "l" and start is not None:
                x2, y2 = float(operands[0]), float(operands[1])
                marks.append((start[0], h - start[1], x2, h - y2))
        out.append(PageDrawing(w, h, faces, marks))
    return out


def fonts(path: Path) -> list[tuple[str, bool]]:
    """(base font name, embedded?) of every font the PDF uses, in pages and in forms."""
    reader = PdfReader(path)
    found: dict[str, bool] = {}

    def walk(resources) -> None:
        if resources is None:
            return
        resources = resources.get_object()
        for font in (resources.get("/Font") or {}).values():
            font = font.get_object()
            desc = font.get("/FontDescriptor")
            if desc is None and "/DescendantFonts" in font:
                desc = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            desc = desc.get_object() if desc is not None else {}
            found[str(font["/BaseFont"])] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
        for xobj in (resources.get("/XObject") or {}).values():
            walk(xobj.get_object().get("/Resources"))

    for page in reader.pages:
        walk(page.get("/Resources"))
    return sorted(found.items())


def text_of(path: Path) -> str:
    """Every page's text, in reading order (pdfium, as previews use it; read once per file version). The tests read
    PDFs' text with this, never with a tool the project does not install (poppler's pdftotext)."""
    return "\n".join(page_texts(path))


def page_texts(path: Path) -> tuple[str, ...]:
    """Each page's text, in reading order: `page_texts(pdf)[0]` is page 1's."""
    st = path.stat()
    return _text(str(path), st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=64)
def _text(path: str, mtime: int, size: int) -> tuple[str, ...]:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(path)
    try:
        return tuple(page.get_textpage().get_text_range().replace("\r\n", "\n") for page in pdf)
    finally:
        pdf.close()


def placed_text(path: Path) -> dict[int, list[tuple[str, float, float, float]]]:
    """Per page (1-based): every text drawn on the page itself, as (text, size pt, x mm, y mm from the top).
    Read once per file version; do not change what it returns."""
    st = path.stat()
    return _placed_text(str(path), st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=16)
def _placed_text(path: str, mtime: int, size: int) -> dict[int, list[tuple[str, float, float, float]]]:
    out: dict[int, list[tuple[str, float, float, float]]] = {}
    for number, page in enumerate(PdfReader(path).pages, 1):
        height = float(page.mediabox.height)
        found: list[tuple[str, float, float, float]] = []

        def visit(text, cm, tm, font, size, found=found, height=height):
            if text.strip():
                a, b, c, d, e, f = cm
                x, y = tm[4] * a + tm[5] * c + e, tm[4] * b + tm[5] * d + f
                scale = abs(tm[0] * a + tm[1] * c) or 1
                found.append((text.strip(), round(size * scale, 1), x / MM, (height - y) / MM))

        page.extract_text(visitor_text=visit)
        out[number] = found
    return out
