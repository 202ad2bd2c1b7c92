"""The text writer writes the very bytes reportlab's `textOut` and `drawString` write: new characters, a no-break
space, more than one subset's worth of characters, two fonts, an empty run."""

import io
import re

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from pnp.output.render.pdftext import TextWriter

from conftest import REPO

FONTS = REPO / "fonts"
MANY = "".join(chr(c) for c in range(0x100, 0x17F)) + "".join(chr(c) for c in range(0x391, 0x3CA)) + \
       "".join(chr(c) for c in range(0x410, 0x450))  # Latin Extended-A, Greek, Cyrillic: past 256 codes


def _pdf(runs: list[tuple[str, str]], ours: bool) -> bytes:
    for name, file in (("PdfTextA", "DejaVuSans.ttf"), ("PdfTextB", "Lato-Regular.ttf")):
        pdfmetrics.registerFont(TTFont(name, str(FONTS / file)))  # fresh fonts: no codes from another test
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1, initialFontName="Helvetica")
    writer = TextWriter(c)
    for page in range(2):
        obj = c.beginText()
        for i, (font, text) in enumerate(runs):
            obj.setFont(font, 9 + page)
            obj.setTextOrigin(10, 20 + i)
            if ours:
                writer.out(obj, text)
            else:
                obj.textOut(text)
        c.drawText(obj)
        for i, (font, text) in enumerate(runs):  # drawString and drawCentredString: a text object each
            c.setFont(font, 6)
            if ours:
                writer.draw(100 - 0.5 * c.stringWidth(text, font, 6), 200 + i, text)
            else:
                c.drawCentredString(100, 200 + i, text)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_writes_what_reportlab_writes():
    runs = [("PdfTextA", "Plain words (with) back\\slash"), ("PdfTextA", "café déjà vu"), ("PdfTextA", ""),
            ("PdfTextA", "no\u00a0break"), ("PdfTextB", "Another font, same words"), ("PdfTextA", MANY),
            ("PdfTextA", "café again"), ("PdfTextA", MANY[::-1]), ("PdfTextB", "é – — “quoted”"),
            ("PdfTextA", "Plain words again")]
    reportlab = _pdf(runs, ours=False)
    assert _pdf(runs, ours=True) == reportlab
    assert re.search(rb"/F\d+\+1 ", reportlab)  # the test reaches a second subset


def test_texts_of_a_known_font_skip_reportlab(monkeypatch):
    calls = []
    real = TTFont.splitString
    monkeypatch.setattr(TTFont, "splitString", lambda self, *a, **k: calls.append(1) or real(self, *a, **k))
    _pdf([("PdfTextA", f"line {i} of plain words") for i in range(50)], ours=True)
    assert len(calls) == 1  # the font's first run only: then its codes are known


def test_pages_alike_share_their_marks_operators_and_write_what_drawing_each_writes(monkeypatch):
    from pnp.layout.scene import Line, Rect
    from pnp.output.impose.cards import Page
    from pnp.output.render import renderer as render

    def pages() -> list[Page]:
        marks = [Line(10, 10, 10, 40, (1, 1, 1), 1.5), Line(10, 10, 10, 40, (0, 0, 0), 0.5),
                 Rect(5, 5, 9, 9, (1, 0, 0))]
        other = [Line(20, 10, 20, 40, (0, 0, 0), 0.5)]
        return [Page(595, 842, [], [], 0.5, "front", [*marks]) for _ in range(3)] + [
            Page(595, 842, [], [], 0.5, "back", other), Page(842, 595, [], [], 0.5, "front", [*marks])]

    pdfmetrics.registerFont(TTFont("PdfTextA", str(FONTS / "DejaVuSans.ttf")))
    cached = render.Renderer({}, "t", "PdfTextA")
    shared = cached.render(pages())
    assert len(cached.extras_code) == 3  # the three pages alike drawn once
    monkeypatch.setattr(render, "VECTOR", ())  # no page's marks reused
    assert render.Renderer({}, "t", "PdfTextA").render(pages()) == shared
