"""How the rulebook's flow falls onto pages (issue 42 item 5), on small flows made here and drawn with the bundled
fonts: a split table repeats its header and leaves no row alone, a heading never ends a page, a picture keeps with
the heading and paragraph that lead into it and shrinks rather than leave a third of its page blank; and the
anatomy's leaders and numbers: level runs that cross no word, numbers kept apart."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from book_pages_seen import pages_seen

from pnp.core.errors import Problems
from pnp.layout.rulebook import flow as rb
from pnp.layout.rulebook.callouts import anchor, crossings, words
from pnp.layout.scene import ElementSource, Face, Rect, Text, TextRun
from pnp.model.units import MM
from pnp.output.document.book_look import Look, spread

from conftest import REPO
from pdfcheck import placed_text

A4 = (210 * MM, 297 * MM)


@cache
def look() -> Look:
    from pnp.layout.fonts.families import load_families
    from pnp.layout.values import LayoutEnv

    families = load_families(REPO, {"body": {"regular": "Lato-Regular.ttf", "bold": "Lato-Bold.ttf",
                                             "italic": "Lato-Italic.ttf"},
                                    "title": {"regular": "RobotoCondensed-Bold.ttf"}}, lambda *a: None, Problems())
    env = LayoutEnv(REPO, REPO, families, {}, {}, None, "bold", None)
    return Look(env, "test")


def drawn(tmp_path: Path, flow: list[rb.Flow], name: str = "book") -> Path:
    from pnp.output.document.book_pages import render_rulebook

    pdf = tmp_path / f"{name}.pdf"
    pdf.write_bytes(render_rulebook(flow, look(), "Test", "1", A4))
    return pdf


def filler(lines: int) -> list[rb.Flow]:
    """A chapter of `lines` one-line paragraphs."""
    return [rb.Heading(1, "Filler"), *(rb.Para(f"Line {i} of the filler.") for i in range(lines))]


def page_texts(pdf: Path) -> dict[int, list[str]]:
    return {page: [t for t, _, _, y in sorted(found, key=lambda f: f[3]) if 22 < y < 279]
            for page, found in placed_text(pdf).items()}


@pytest.mark.parametrize("lines", [20, 29, 37, 49])  # (37 and 49: one row either side, but for NOSPLIT)
def test_a_split_table_repeats_its_header_and_leaves_no_row_alone(tmp_path: Path, lines: int):
    rows: list[list[str | rb.Figure]] = [["**Head**", "**What**"], *([f"row {i}", f"cell {i}"] for i in range(30))]
    pdf = drawn(tmp_path, [*filler(lines), rb.RulebookTable(rows)], f"t{lines}")
    on_pages = []
    for page, texts in page_texts(pdf).items():
        found = [t for t in texts if re.fullmatch(r"row \d+", t)]
        if found:
            assert "Head" in texts, (page, texts[:3])  # the header, again on each page the table is on
            on_pages.append(len(found))
    assert sum(on_pages) == 30 and len(on_pages) <= 2, on_pages
    assert min(on_pages) >= 2, on_pages  # no single row before the split, none carried over alone


@pytest.mark.parametrize("lines", range(36, 52, 3))
def test_a_heading_never_ends_its_page(tmp_path: Path, lines: int):
    flow: list[rb.Flow] = [*filler(lines)]
    for k in range(4):
        flow += [rb.Heading(2, f"Section {k}"), rb.Para("One line under it."), rb.Para("And a second one.")]
    pdf = drawn(tmp_path, flow, f"h{lines}")
    for page, texts in page_texts(pdf).items():
        body = [t for t in texts if t not in ("Test", "Filler") and not t.isdigit()]
        if body and page > 2:  # (after the cover and the contents)
            assert not body[-1].startswith("Section"), (page, body[-3:])
            for i, t in enumerate(body):
                if t.startswith("Section"):
                    assert len(body) - i > 2, (page, body[i:])  # at least two lines under it on its page


def tall_face(h_mm: float) -> Face:
    return Face(60 * MM, h_mm * MM, 0.0, [Rect(0, 0, 60 * MM, h_mm * MM, (0.2, 0.3, 0.5), None, 0)])


def test_a_picture_shrinks_rather_than_leave_a_third_of_its_page_blank(tmp_path: Path):
    flow = [*filler(18), rb.Heading(2, "The picture"), rb.Para("It leads into the picture."),
            rb.Figure([tall_face(150)], 60 * MM, "The picture's caption.")]
    pdf = drawn(tmp_path, flow)
    seen = pages_seen(pdf)
    texts = page_texts(pdf)
    page = next(p for p, t in texts.items() if "The picture" in t and p > 2)
    assert "The picture's caption." in texts[page] and "It leads into the picture." in texts[page]
    assert seen[page - 1].blank < 1 / 3, seen[page - 1].blank  # drawn smaller here, not moved on
    whole = drawn(tmp_path, [*filler(4), *flow[-3:]], "whole")  # where it fits, at the size asked

    def tallest(seen: list) -> float:
        return max(b - t for p in seen for t, b in p.ink)

    assert tallest(pages_seen(whole)) > 148 > tallest(seen) + 20 > 0.6 * 150 + 20


def sheet() -> tuple[Face, list]:
    """A face with a label left of a row of boxes and a text right of it (a leader to the boxes cannot run level at
    their height from either side)."""
    label = Text(10, 40, 60, 12, [TextRun(10, 50, "Lato-Regular", 10, (0, 0, 0), "Sickness"),
                                  TextRun(125, 50, "Lato-Regular", 10, (0, 0, 0), "Traits and more")], 10, 1)
    boxes = Rect(80, 40, 30, 12, None, (0, 0, 0), 1)
    title = Text(10, 5, 100, 12, [TextRun(40, 15, "Lato-Regular", 10, (0, 0, 0), "Title")], 10, 1)
    face = Face(200, 100, 0.0, [label, boxes, title])
    face.sources = {id(label): ElementSource(None, ("label",)), id(boxes): ElementSource(None, ("boxes",)),
                    id(title): ElementSource(None, ("title",))}
    return face, [("boxes", (80, 40, 30, 12)), ("title", (10, 5, 100, 12)), ("label", (10, 40, 60, 12))]


def test_a_leader_runs_where_it_crosses_no_word_and_ends_at_its_elements_words():
    face, named = sheet()
    printed = words(face)
    ends = {}
    for name, box in named:
        leader = anchor(face, name, box, printed)
        assert crossings(face, leader, printed) == 0, (name, leader)
        ends[name] = leader
    right, x, y, run = ends["boxes"]
    assert run != y and 40 <= y <= 52  # turned: level above or below the label, then to the boxes
    right, x, y, run = ends["title"]
    assert not right and 35 < x < 40 and run == y  # just short of the word, not at the box's empty left end


def test_callout_numbers_keep_apart_within_the_picture():
    ys = spread([100, 99, 98, 10, 9], 7, 5, 100)
    assert all(a - b >= 7 - 1e-9 for a, b in zip(ys, ys[1:], strict=False)), ys
    assert min(ys) >= 5 and max(ys) <= 100
    assert spread([50, 20], 7, 5, 100) == [50, 20]  # apart already: each where it is wanted
