"""How few passes the rulebook is laid out in (issue 42 item 7), on small flows drawn with the bundled fonts: its
first pass (thrown away: it finds the contents' pages) draws nothing and is never the last, and a book given the
pages its contents found last time is laid out once when they still hold; the bytes are the same every way."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_rulebook_page_flow import A4, filler, look

from pnp.layout.rulebook import flow as rb
from pnp.output.document import book_pages
from pnp.output.document.book_pages import render_rulebook

from pdfcheck import placed_text


def chapters() -> list[rb.Flow]:
    flow: list[rb.Flow] = []
    for k in range(3):
        flow += [*filler(30), rb.Heading(2, f"Section {k}"), rb.Para(f"Under section {k}.")]
    return flow


def passes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the passes of each book drawn after it is called (one entry a pass)."""
    count: list[int] = []
    plain = book_pages._Doc.build

    def build(self, *args, **kwargs):
        count.append(1)
        return plain(self, *args, **kwargs)

    monkeypatch.setattr(book_pages._Doc, "build", build)
    return count


def test_a_book_given_its_own_pages_is_laid_out_once_and_the_same(monkeypatch: pytest.MonkeyPatch):
    count = passes(monkeypatch)
    pages: list = []
    first = render_rulebook(chapters(), look(), "Test", "1", A4, pages=pages)
    assert len(count) == 2 and pages and any(pages), (count, pages)  # no pages kept: found, then drawn
    again = render_rulebook(chapters(), look(), "Test", "1", A4, pages=list(pages))
    assert len(count) == 3  # one pass more: the pages held
    assert again == first == render_rulebook(chapters(), look(), "Test", "1", A4)


def test_a_book_given_pages_that_no_longer_hold_comes_out_the_same(monkeypatch: pytest.MonkeyPatch):
    pages: list = []
    render_rulebook(chapters(), look(), "Test", "1", A4, pages=pages)
    toc = [(level, text, page + 1, *rest) for level, text, page, *rest in pages[0]]  # each a page later
    count = passes(monkeypatch)
    stale = render_rulebook(chapters(), look(), "Test", "1", A4, pages=[toc, *pages[1:]])
    assert len(count) >= 2  # the pages did not hold: laid out again
    assert stale == render_rulebook(chapters(), look(), "Test", "1", A4)


def test_a_book_with_no_contents_is_still_drawn(tmp_path: Path):
    """Its first pass finds no entries and would be the last: it draws nothing, so a second draws the book."""
    pdf = tmp_path / "plain.pdf"
    pdf.write_bytes(render_rulebook([rb.Para("Only a paragraph, and no heading.")], look(), "Test", "1", A4))
    assert "Only a paragraph, and no heading." in " ".join(t for found in placed_text(pdf).values()
                                                           for t, *_ in found)
