"""Output: the rulebook's pages. A cover, the table of contents, then the flow; each page after the cover has
the game's name and the section it is in at its head and its number at its foot. Paper is the build's."""

from __future__ import annotations

import io
from typing import Any

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)
from reportlab.platypus import Table as RLTable
from reportlab.platypus.doctemplate import LayoutError
from reportlab.platypus.tableofcontents import TableOfContents

from pnp.core import bounds, watchdog
from pnp.core.errors import InputError, Problem, Where
from pnp.layout.rulebook import flow as rb
from pnp.model.translation.catalog import said
from pnp.model.units import MM
from pnp.output.document.book_index import SEEN, PageList, Watch
from pnp.output.document.book_keep import Together
from pnp.output.document.book_look import BODY, FaceFlowable, Look, Markup

MARGIN = 18 * MM
COVER_WIDTH = 58 * MM  # each face on the cover, at most
COVER_ROW = 3  # faces side by side on the cover
HEADED = 28 * MM  # a section's heading starts a new page unless this much is left: room for it and 3 lines


class _Doc(BaseDocTemplate):
    def __init__(self, buf: io.BytesIO, look: Look, name: str, version: str, paper: tuple[float, float],
                 facts: str = "", watch: Watch | None = None):
        super().__init__(buf, pagesize=paper, leftMargin=MARGIN, rightMargin=MARGIN, topMargin=MARGIN + 4 * MM,
                         bottomMargin=MARGIN, title=f"{name}: rules", author="", creator="pnp", invariant=1,
                         initialFontName=look.body_font)  # from the first operator on: no Helvetica in the file
        self.look, self.name, self.version, self.facts = look, name, version, facts
        self.watch = watch  # the terms a glossary or index lists: each flowable's are told to them
        self.section = ""  # the last section begun
        self.where: Where | None = None  # the block of rulebook.md being placed (a part of a split table: its table's)
        self.head = ""  # the running head of this page: its first section, or the one it goes on with
        self.headed = False
        self.seeded = False  # the contents' entries given (the last build's): the first pass may be the last
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([PageTemplate("cover", [frame], onPage=self._cover),
                               PageTemplate("page", [frame], onPage=self._start, onPageEnd=self._furniture)])

    def _cover(self, canv: Any, doc: Any) -> None:
        w, h = self.pagesize
        look = self.look
        canv.saveState()
        canv.setFillColorRGB(*look.accent)
        canv.rect(0, h - 95 * MM, w, 95 * MM, stroke=0, fill=1)
        canv.setFillColorRGB(*look.gold)
        canv.setFont(look.title_font, 34)
        canv.drawCentredString(w / 2, h - 50 * MM, self.name)
        canv.setFillColorRGB(1, 1, 1)
        canv.setFont(look.body.face("regular").name, 13)
        canv.drawCentredString(w / 2, h - 64 * MM, said("Rules · version {version}", self.look.env.lang,
                                                        version=self.version))
        if self.facts:
            canv.setFont(look.body.face("regular").name, 15)
            canv.drawCentredString(w / 2, h - 80 * MM, self.facts)
        canv.restoreState()

    def beforeDocument(self) -> None:  # each pass of multiBuild starts again at the cover
        self.section = ""
        self.passes = getattr(self, "passes", 0) + 1
        # the first pass only finds the pages of the contents, and draws nothing, unless it starts from them
        self.look.dry = self.passes == 1 and not self.seeded

    def _allSatisfied(self) -> bool:  # a dry pass is never the last (a book with no contents: drawn on a second)
        return not self.look.dry and bool(super()._allSatisfied())

    def handle_flowable(self, flowables: list[Flowable]) -> None:
        if flowables:
            self.where = getattr(flowables[0], "where", self.where)
        super().handle_flowable(flowables)

    def _start(self, canv: Any, doc: Any) -> None:
        self.head, self.headed = self.section, False

    def _furniture(self, canv: Any, doc: Any) -> None:
        w, h = self.pagesize
        look = self.look
        canv.saveState()
        canv.setFillColorRGB(*look.ink)
        canv.setFont(look.body.face("regular").name, 8)
        canv.drawString(MARGIN, h - MARGIN + 2 * MM, self.name)
        canv.drawRightString(w - MARGIN, h - MARGIN + 2 * MM, self.head)
        canv.setStrokeColorRGB(*look.accent)
        canv.setLineWidth(0.5)
        canv.line(MARGIN, h - MARGIN + 0.5 * MM, w - MARGIN, h - MARGIN + 0.5 * MM)
        canv.drawCentredString(w / 2, MARGIN - 8 * MM, str(canv.getPageNumber()))
        canv.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:
        for term, explains in self.watch.said(flowable) if self.watch else ():
            self.notify(SEEN, (term, self.page, explains))
        level = getattr(flowable, "toc_level", None)
        if level is not None:
            text = flowable.getPlainText()
            if level == 0:
                self.section = text
                if not self.headed:
                    self.head, self.headed = text, True
            self.notify("TOCEntry", (level, text, self.page))


def _styles(look: Look) -> dict[str, ParagraphStyle]:
    def head(size: float, before: float) -> ParagraphStyle:
        return ParagraphStyle(f"h{size}", fontName=look.title_font, fontSize=size, leading=size * 1.2,
                              textColor=look.accent, spaceBefore=before, spaceAfter=size * 0.4, keepWithNext=1)

    return {"1": head(20, 6), "2": head(14, 8), "3": head(12, 6),
            "toc0": ParagraphStyle("toc0", fontName=look.body.face("bold").name, fontSize=11, leading=16),
            "toc1": ParagraphStyle("toc1", fontName=look.body.face("regular").name, fontSize=10, leading=13,
                                   leftIndent=8 * MM)}


def _heading(text: str, style: ParagraphStyle, level: int | None) -> Paragraph:
    from html import escape  # (not xml.sax.saxutils': it imports urllib.request, http and email, 18 ms)

    p = Paragraph(escape(text, quote=False), style)
    p.toc_level = level
    p.heading = True
    return p


def _table(look: Look, t: rb.RulebookTable, width: float) -> RLTable:
    cols = len(t.rows[0]) if t.rows else 1
    if t.widths:
        widths = [f * width for f in t.widths]
    else:  # each column as wide as its longest text asks, within reason
        asks = [min(max(len(str(row[i])) if not isinstance(row[i], rb.Figure) else 12 for row in t.rows), 60) + 4
                for i in range(cols)]
        widths = _at_least(COLUMN, [width * a / sum(asks) for a in asks])
    if t.gallery:  # pictures with their captions under them, in rows
        return _gallery(look, t, width)
    cells = [[FaceFlowable(look, c) if isinstance(c, rb.Figure) else Markup(look, c, BODY - 1) for c in row]
             for row in t.rows]
    table = RLTable(cells, colWidths=widths, repeatRows=1)
    rows = len(cells)  # a split leaves no row alone: at least two under the header, two carried over
    keep = [("NOSPLIT", (0, 0), (-1, 2)), ("NOSPLIT", (0, rows - 2), (-1, rows - 1))] if rows > 4 else []
    table.setStyle(TableStyle([*keep, ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                               ("FONT", (0, 0), (-1, -1), look.body_font),
                               ("LINEBELOW", (0, 0), (-1, 0), 0.8, look.accent),
                               ("LINEBELOW", (0, 1), (-1, -1), 0.3, (0.8, 0.8, 0.8)),
                               ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    return table


def _gallery(look: Look, t: rb.RulebookTable, width: float) -> RLTable:
    """The pictures in rows, as many to a row as this paper's text width takes at the width each asks (A5: fewer)."""
    figures = [c for row in t.rows for c in row if isinstance(c, rb.Figure)]
    across = max(1, int((width + 4 * MM) // (max(f.width for f in figures) + 2 * MM + 12))) if figures else 1
    cells: list[list[Any]] = [[[FaceFlowable(look, f), Spacer(1, 2), Markup(look, f.caption, BODY - 1)]
                               for f in figures[i:i + across]] for i in range(0, len(figures), across)]
    cells[-1] += [""] * (across - len(cells[-1]))
    table = RLTable(cells, colWidths=[width / across] * across)
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "BOTTOM"), ("ALIGN", (0, 0), (-1, -1), "LEFT"),
                               ("FONT", (0, 0), (-1, -1), look.body_font),  # (an empty cell: no Helvetica)
                               ("TOPPADDING", (0, 0), (-1, -1), 6), ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
    return table


COLUMN = 24.0  # points: the narrowest column of a table (its padding, 12 pt, and room for a short word)


def _at_least(least: float, widths: list[float]) -> list[float]:
    """`widths` with none narrower than `least` (while they can all be), the wider ones narrowed to make room; the
    same total. (A column of one letter beside eleven long ones was narrower than its padding.)"""
    total = sum(widths)
    if min(widths, default=least) >= least or least * len(widths) > total:
        return widths
    narrow = [w < least for w in widths]
    while True:
        wide = sum(w for w, n in zip(widths, narrow, strict=True) if not n)
        scale = (total - least * sum(narrow)) / wide
        now = [n or w * scale < least for w, n in zip(widths, narrow, strict=True)]
        if now == narrow:
            return [least if n else w * scale for w, n in zip(widths, narrow, strict=True)]
        narrow = now


def _cover_faces(look: Look, faces: list[Any], doc: _Doc) -> list[Flowable]:
    """The cover's picture: the game's own faces in rows of COVER_ROW, as large as the text width and the page below
    the title band take, in the middle of that space."""
    if not faces:
        return []
    band = 95 * MM - doc.topMargin  # the title band is the top 95 mm of the page (_Doc._cover)
    rows = [faces[i:i + COVER_ROW] for i in range(0, len(faces), COVER_ROW)]
    room = doc.height - band - 12 * MM - (len(rows) - 1) * 5 * MM  # the pictures' height, all rows
    tall = max(f.h / f.w for f in faces)
    each = min(COVER_WIDTH, (doc.width - (COVER_ROW - 1) * 4 * MM) / COVER_ROW, room / len(rows) / tall)
    out: list[Flowable] = [Spacer(1, band + max(6 * MM, (room - len(rows) * each * tall) / 2))]
    for row in rows:
        art = FaceFlowable(look, rb.Figure(row, each))
        art.hAlign = "CENTER"
        out += [art, Spacer(1, 5 * MM)]
    return out[:-1]


def render_rulebook(flow: list[rb.Flow], look: Look, name: str, version: str, paper: tuple[float, float],
                    booklet: bool = False, pdfx: Any = None, cover: tuple[str, list[Any]] = ("", []),
                    pages: list[Any] | None = None) -> bytes:
    """The rulebook's PDF on `paper`; a `booklet`: pages of half the sheet, imposed two to a landscape sheet; `pdfx`:
    a PDF/X build's settings (CMYK, its keys and boxes: pnp/output/pdfx/canvas.py); `cover`: the line of facts
    (players, time, age) said under the name, and the faces shown below the title band; `pages`: the entries of
    the contents and the index where the last build found them (a list, filled with this build's): when they are
    still right the book is laid out once instead of twice.
    InputError at the block of rulebook.md that cannot be drawn (taller than a page), or being drawn when drawing
    ran past `bounds.RULEBOOK_SECONDS`."""
    buf = io.BytesIO()
    if booklet:
        paper = (max(paper) / 2, min(paper))
    doc = _Doc(buf, look, name, version, paper, cover[0], Watch(flow))
    look.max_h, look.frame_h = doc.height - 30 * MM, doc.height
    st = _styles(look)
    toc = TableOfContents(levelStyles=[st["toc0"], st["toc1"]], dotsMinLevel=0,
                          tableStyle=TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                                 ("FONT", (0, 0), (-1, -1), look.body_font),
                                                 # rows close together: forty entries on one page, none carried on
                                                 ("TOPPADDING", (0, 0), (-1, -1), 1),
                                                 ("BOTTOMPADDING", (0, 0), (-1, -1), 1)]))
    story: list[Flowable] = [*_cover_faces(look, cover[1], doc), NextPageTemplate("page"), PageBreak(),
                             Paragraph(said("In this book", look.env.lang), st["1"]), toc,
                             PageBreak()]  # the cover, then the contents
    for item in flow:
        mark = max(len(story) - 3, 0)  # what this item adds, or wraps of what came before it
        _story(story, item, look, st, doc.width)
        for flowable in story[mark:]:
            for part in [flowable, *getattr(flowable, "_content", ())]:  # a KeepTogether's too
                if not hasattr(part, "where"):
                    part.where = item.where  # said when it cannot be placed

    from pnp.output.document.booklet import BookletCanvas

    if pdfx is not None:
        from pnp.output.pdfx.canvas import canvasmaker

        maker: dict[str, Any] = {"canvasmaker": canvasmaker(pdfx, booklet)}
    else:
        maker = {"canvasmaker": BookletCanvas} if booklet else {}
    indexing = [f for f in story if f.isIndexing()]  # (as multiBuild finds them)
    seeded = pages is not None and [type(e) for e in pages] == [type(f._entries) for f in indexing] != []
    for f, entries in zip(indexing, pages or [], strict=False) if seeded else ():
        f._entries = entries  # the first pass draws the contents as the last build found them
    doc.seeded = seeded
    try:
        with watchdog.time_limit(bounds.RULEBOOK_SECONDS):
            doc.multiBuild(story, maxPasses=4, **maker)
        if pages is not None:
            pages[:] = [f._entries for f in indexing]
    except watchdog.Overtime:
        raise InputError([Problem(doc.where, f"drawing the rulebook ran past {bounds.RULEBOOK_SECONDS:g} s, at this "
                                  "block: show less (fewer or smaller tables and pictures)", "rulebook")]) from None
    except LayoutError as exc:  # a flowable taller than a page
        raise InputError([Problem(doc.where, _too_tall(str(exc)), "rulebook")]) from None
    return buf.getvalue()


def _story(story: list[Flowable], item: rb.Flow, look: Look, st: dict[str, ParagraphStyle], width: float) -> None:
    """The flowables of one item of the flow added to the story (a heading kept with what follows it)."""
    if isinstance(item, rb.Heading):
        level = min(item.level, 3)
        if len(story) > 5 and isinstance(story[-1], Spacer) and isinstance(story[-2], Markup) and \
                getattr(story[-3], "heading", False) and isinstance(story[-4], CondPageBreak):
            # a section of one paragraph keeps with the heading after it: the break before it asks room for both, so
            # that its heading never stands at a page's foot over a line or two
            story[-4] = CondPageBreak(story[-4].height + HEADED)
        if len(story) > 5 and not isinstance(story[-1], PageBreak | Paragraph):  # room for it and lines under it
            story.append(CondPageBreak(60 * MM if level == 1 else HEADED))
        story.append(_heading(item.text, st[str(level)], min(level - 1, 1) if level <= 2 else None))
    elif isinstance(item, rb.Para):
        indent = item.depth * 5 * MM + (0.0 if item.bullet or not item.depth else 4 * MM)
        story.append(Markup(look, f"{item.bullet} {item.markup}" if item.bullet else item.markup, BODY, indent))
        story.append(Spacer(1, 2.5))
    elif isinstance(item, rb.RulebookTable):
        table = _table(look, item, width)
        if len(item.rows) <= 12 and not item.gallery:  # a small table stays whole, with what leads into it
            lead = _lead(story)
            del story[len(story) - len(lead):]
            story += [KeepTogether([*lead, table]), Spacer(1, 8)]
        else:  # a long table (a gallery) flows on at once, its heading with room for a row or two
            if isinstance(story[-1], Paragraph):
                story[-1:] = [CondPageBreak(50 * MM), story[-1], Spacer(1, 0)]
            story += [table, Spacer(1, 8)]
    elif isinstance(item, rb.Figure):  # with the paragraph and the headings that lead into it
        parts: list[Flowable] = [FaceFlowable(look, item)]
        if item.caption:
            parts.append(Markup(look, f"*{item.caption}*", BODY - 1))
        parts += [Markup(look, line, BODY - 1) for line in item.legend]
        lead = _lead(story)
        del story[len(story) - len(lead):]
        story += [Together(look, [*lead, *([] if lead and isinstance(lead[-1], Paragraph) else [Spacer(1, 4)]),
                                   *parts]), Spacer(1, 8)]
    elif isinstance(item, rb.PageBreak):
        story.append(PageBreak())
    elif isinstance(item, rb.PageIndex):
        story.append(PageList(look, item))


def _lead(story: list[Flowable]) -> list[Flowable]:
    """The end of the story that leads into a picture or a table: the paragraph just before it (with its spacer),
    and the headings above that."""
    lead = story[-2:] if len(story) > 1 and isinstance(story[-2], Markup) else []
    while len(story) > len(lead) and isinstance(story[-len(lead) - 1], Paragraph):
        lead = story[-len(lead) - 1:]
    return lead


def _too_tall(said: str) -> str:
    """What to do about a block that platypus cannot place on a page (its words say what the block was)."""
    if "Table" in said or "table" in said:
        return "a row of this table is taller than a page: shorten its cells, or give its pictures a smaller width="
    if "Markup" in said:
        return "this text is taller than a page: split it into paragraphs"
    return "this does not fit on a page: give it a smaller width= (a picture), or split it"
