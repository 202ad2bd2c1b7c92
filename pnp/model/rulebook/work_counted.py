"""Model: the rulebook's work counted before it is done, against `bounds.RULEBOOK_*`.

Drawing a rulebook costs by what multiplies: a table's rows times its columns (platypus measures what is left
of a long table again at each page), the pages its breaks make, its headings (each a line of the contents,
laid out again at each pass). A `Tally` adds them up as they are found, the source's blocks while
rulebook.md is read (before its inline text is parsed) and the flow's as the blocks are laid out (a table
from the game's data, the contents list), and refuses the first that goes past a bound, at its place,
naming what it counted and each factor of it.
"""

from __future__ import annotations

from collections import Counter

from pnp.core import bounds
from pnp.core.errors import InputError, Problem, Where

SUBJECT = "rulebook"


def refuse(where: Where | None, message: str) -> InputError:
    return InputError([Problem(where, message, SUBJECT)])


class Tally:
    """What a rulebook asks to draw so far; each method raises InputError at `where` past a bound."""

    def __init__(self) -> None:
        self.pages = self.cells = self.blocks = self.headings = self.faces = 0
        self.blank = 1  # page breaks in a row: the contents end with one

    def page_break(self, where: Where) -> None:
        self.pages += 1
        self.blank += 1
        if self.blank > bounds.RULEBOOK_BLANK:
            raise refuse(where, f"{self.blank} page breaks in a row with nothing between them (blank pages): at most "
                                f"{bounds.RULEBOOK_BLANK} may follow one another; remove the extra breaks")
        if self.pages + 2 > bounds.RULEBOOK_PAGES:
            raise refuse(where, f"page break {self.pages:,}: the rulebook would have more than "
                                f"{bounds.RULEBOOK_PAGES:,} pages (its cover, its contents and {self.pages:,} page "
                                "breaks, each starting a page); a rulebook may have at most "
                                f"{bounds.RULEBOOK_PAGES:,}: remove page breaks (`---` or ```pnp pagebreak```)")

    def block(self, where: Where, what: str = "block") -> None:
        self.blank = 0
        self.blocks += 1
        if self.blocks > bounds.RULEBOOK_BLOCKS:
            raise refuse(where, f"{what} {self.blocks:,}: a rulebook may have at most {bounds.RULEBOOK_BLOCKS:,} "
                                "headings, paragraphs, list items, tables and pictures; shorten it")

    def heading(self, where: Where) -> None:
        self.block(where, "heading")
        self.headings += 1
        if self.headings > bounds.RULEBOOK_HEADINGS:
            raise refuse(where, f"heading {self.headings:,}: a rulebook may have at most "
                                f"{bounds.RULEBOOK_HEADINGS:,} headings (each is a line of its table of contents); "
                                "make some of them bold text (**...**) instead")

    def table(self, rows: int, cols: int, where: Where) -> None:
        """A table of `rows` rows (its header row among them) by `cols` columns."""
        self.block(where, "table")
        if rows > bounds.RULEBOOK_ROWS:
            raise refuse(where, f"a table of {rows:,} rows; a table may have at most {bounds.RULEBOOK_ROWS:,}: "
                                "split it, or show a part of the data (`pnp table NAME/KEY`)")
        if cols > bounds.RULEBOOK_COLUMNS:
            raise refuse(where, f"a table of {cols:,} columns; at most {bounds.RULEBOOK_COLUMNS} fit across a page "
                                "(`columns=a,b` chooses a data table's): split it")
        cells = rows * cols
        self.cells += cells
        if self.cells > bounds.RULEBOOK_CELLS:
            before = self.cells - cells
            more = f", and the tables before it {before:,}, make {self.cells:,} in all" if before else ""
            raise refuse(where, f"this table's {rows:,} rows x {cols:,} columns = {cells:,} cells{more}; a rulebook's "
                                f"tables may hold at most {bounds.RULEBOOK_CELLS:,} cells: show less in tables")

    def drawn(self, faces: int, where: Where) -> None:
        """`faces` card faces drawn (a picture's, a table's)."""
        self.faces += faces
        if self.faces > bounds.RULEBOOK_FACES:
            raise refuse(where, f"these {faces:,} faces bring the faces the rulebook draws to {self.faces:,}; it may "
                                f"draw at most {bounds.RULEBOOK_FACES:,}: show fewer cards")


def lines_bound(text: str, rel: str) -> None:
    """At most `bounds.RULEBOOK_LINES` lines, counted before the text is parsed; the refusal says what most of them
    are (table rows, page breaks, list items, ...)."""
    if text.count("\n", 0, len(text) - 1) < bounds.RULEBOOK_LINES:
        return
    lines = text.splitlines()
    kinds = Counter(_kind(line) for line in lines)
    kind, count = max(kinds.items(), key=lambda kc: (kc[0] != "blank", kc[1], kc[0]))  # blank lines said last
    raise refuse(Where(rel, bounds.RULEBOOK_LINES + 1, 1),
                 f"{len(lines):,} lines, {count:,} of them {kind}; a rulebook may have at most "
                 f"{bounds.RULEBOOK_LINES:,} lines (a table at most {bounds.RULEBOOK_ROWS:,} rows, at most "
                 f"{bounds.RULEBOOK_PAGES} pages): shorten it")


def _kind(line: str) -> str:
    """What a line of Markdown most likely is, by its first characters."""
    text = line.strip()
    if not text:
        return "blank"
    first = text[0]
    if first == "|":
        return "table rows"
    if first in "-*_" and len(text) >= 3 and text.replace(" ", "") == first * len(text.replace(" ", "")):
        return "page breaks (`---`)"
    if first == "#":
        return "headings"
    if first in "-*+" or (first.isdigit() and text.lstrip("0123456789")[:1] in (".", ")")):
        return "list items"
    return "lines of text"


def text_bound(length: int, heading: bool, where: Where) -> None:
    """A heading, or a paragraph, list item or cell, of `length` characters: InputError past its bound."""
    if heading and length > bounds.RULEBOOK_HEADING:
        raise refuse(where, f"a heading of {length:,} characters; a heading may have at most "
                            f"{bounds.RULEBOOK_HEADING}: shorten it (the text under it can say more)")
    if length > bounds.RULEBOOK_TEXT:
        raise refuse(where, f"a paragraph of {length:,} characters; a paragraph, list item or table cell may have "
                            f"at most {bounds.RULEBOOK_TEXT:,} (a page holds about 5,000): split it")
