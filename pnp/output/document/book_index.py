"""Output: the rulebook's glossary and index, whose page numbers are those the document's last pass drew each term
on (reportlab's multiBuild draws the book again until they stand still, as it does for the table of contents)."""

from __future__ import annotations

import re
from typing import Any

from reportlab.platypus import Flowable, TableStyle
from reportlab.platypus import Table as RLTable
from reportlab.platypus.tableofcontents import IndexingFlowable

from pnp.layout.rulebook import flow as rb
from pnp.output.document.book_look import BODY, Look, Markup

SEEN = "TermSeen"  # what the document notifies for each term a flowable says: (term, page, whether it explains it)
_MARKS = re.compile(r"\\(.)|\*|:[a-z][a-z0-9_-]*:")


class Watch:
    """The terms of every glossary and index in the book, and what each drawn flowable says of them."""

    def __init__(self, flow: list[rb.Flow]):
        forms = {term: spellings for item in flow if isinstance(item, rb.PageIndex) for term, spellings in item.terms}
        self.found = {term: re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(spellings, key=len, reverse=True)))
                                       + r")\b") for term, spellings in forms.items()}
        self.bold = {term: [f"**{s}**" for s in spellings] for term, spellings in forms.items()}

    def said(self, flowable: Flowable) -> list[tuple[str, bool | None]]:
        """Each term a flowable says, and whether it explains it there: a heading that names it, or a text that
        sets it in bold itself (`A **Passive** ability is ...`); None in a table's cell (a mention, not prose)."""
        if not self.found or getattr(flowable, "listing", False):  # (a glossary's or index's own rows: not a use)
            return []
        texts: list[tuple[str, bool | None]] = []  # (text, a heading? None: a table's cell, which explains nothing)
        if isinstance(flowable, Markup):
            texts.append((flowable.markup, False))
        elif getattr(flowable, "toc_level", None) is not None or getattr(flowable, "heading", False):
            texts.append((flowable.getPlainText(), True))
        elif isinstance(flowable, RLTable):  # each cell: a flowable, or a list of them (a tuple, once split)
            texts += [(part.markup, None) for row in getattr(flowable, "_cellvalues", ()) for cell in row
                      for part in (cell if isinstance(cell, list | tuple) else [cell]) if isinstance(part, Markup)]
        out = []
        for text, heading in texts:
            plain = _MARKS.sub(lambda m: m.group(1) or "", text)
            for term, pattern in self.found.items():
                if pattern.search(plain):
                    explains = bool(heading) or (heading is False and any(b in text for b in self.bold[term]))
                    out.append((term, explains if heading is not None else None))
        return out


class PageList(IndexingFlowable):
    """A glossary (each term and the page that explains it: the first that does, else the first whose prose says
    it, else the first it is on) or an index (each term and every page it is on), drawn as a two-column table."""

    def __init__(self, look: Look, item: rb.PageIndex):
        super().__init__()
        self.look, self.item = look, item
        self._entries: dict[str, tuple[list[int], int, int]] = {}  # term -> its pages, the first that explains it
        self._last: dict[str, tuple[list[int], int, int]] = {}  # and the first whose prose says it (0: none)
        self._table: RLTable | None = None

    def beforeBuild(self) -> None:
        self._last, self._entries = self._entries, {}

    def isSatisfied(self) -> bool:
        return self._entries == self._last

    def notify(self, kind: str, stuff: Any) -> None:
        if kind != SEEN:
            return
        term, page, explains = stuff
        if term not in dict(self.item.terms):
            return
        pages, first, prose = self._entries.get(term, ([], 0, 0))
        self._entries[term] = (pages if page in pages else [*pages, page], first or (page if explains else 0),
                               prose or (page if explains is not None else 0))

    def rows(self) -> list[tuple[str, str]]:
        """(term, pages) for each term found on the last pass, in the list's order."""
        out = []
        for term, _ in self.item.terms:
            if term not in self._last:
                continue
            pages, first, prose = self._last[term]
            out.append((term, ", ".join(map(str, pages)) if self.item.every else str(first or prose or pages[0])))
        return out

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        rows = self.rows() or [("", "")]
        means = self.item.means if not self.item.every else {}
        cells = [[Markup(self.look, f"**{term}**" if term else "", BODY - 1),
                  *([Markup(self.look, means.get(term, ""), BODY - 1)] if means else []),
                  Markup(self.look, pages, BODY - 1)] for term, pages in rows]
        widths = [0.42, 0.58] if self.item.every else [0.24, 0.66, 0.1] if means else [0.7, 0.3]
        self._table = RLTable(cells, colWidths=[aw * w for w in widths])
        self._table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                         ("FONT", (0, 0), (-1, -1), self.look.body_font),
                                         ("LINEBELOW", (0, 0), (-1, -1), 0.3, (0.85, 0.85, 0.85)),
                                         ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        self.width, self.height = self._table.wrapOn(self.canv, aw, ah)
        return self.width, self.height

    def split(self, aw: float, ah: float) -> list[Flowable]:
        self.wrap(aw, ah)
        assert self._table is not None
        parts = self._table.splitOn(self.canv, aw, ah)
        for part in parts:
            part.listing = True
        return parts

    def drawOn(self, canvas: Any, x: float, y: float, _sW: float = 0) -> None:
        if self._table is not None:
            self._table.drawOn(canvas, x, y, _sW)
