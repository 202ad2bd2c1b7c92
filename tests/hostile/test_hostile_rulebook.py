"""Hostile rulebooks: work that multiplies (a table's rows and columns, page breaks,
headings, the length of a heading) is counted before the first page and refused at its line, naming what it
counted; a problem said thousands of times is one line with its count; a table of narrow and wide columns
builds; a text taller than a page, and reading, laying out or drawing that runs too long, are said at
their block. Each refusal asserts the line a user reads, exit 2, no traceback, bounded time and memory,
and the last good build unchanged."""

from __future__ import annotations

import hashlib
import resource
import time
from pathlib import Path

import pytest

from conftest import edit, run_pnp

BOOK = "cards/mini/rulebook.md"


def outputs(root: Path) -> dict[str, str]:
    out = root / "output" / "mini"
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(out.iterdir())}


def planted(project: Path, text: str, first: str, seconds: float = 10.0) -> str:
    """rulebook.md written as `text` after a good build, then `pnp build mini`: exit 2, `first` as the first line,
    within `seconds` of processor time and 300 MB, no traceback, less than 1 MB said, the last good build
    unchanged. The whole report."""
    assert run_pnp("build", "mini", cwd=project).code == 0
    before = outputs(project)
    (project / BOOK).write_text(text)
    started, memory = time.process_time(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    result = run_pnp("build", "mini", cwd=project)
    assert time.process_time() - started < seconds, "answered at once"
    assert resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - memory < 300 * 1024, "within 300 MB"
    assert result.code == 2, result.err
    assert result.err.splitlines()[0] == first, result.err
    assert "Traceback" not in result.err + result.out and "internal error" not in result.err
    assert len(result.err + result.out) < 1_000_000
    assert outputs(project) == before
    return result.err


LINES = ("rulebook: {n} lines, {k} of them {what}; a rulebook may have at most 20,000 lines (a table at most 1,000 "
         "rows, at most 500 pages): shorten it")
TABLE = "| a | b | c | d |\n|---|---|---|---|\n"
ROW = "| 1 | 2 | 3 | 4 |\n"

MULTIPLIED = {  # what the hostile corpus tried, and its neighbours just past each bound: (text, first line)
    "rows-100000": ("# T\n\n| a |\n|---|\n" + "| x |\n" * 100_000,
                    f"{BOOK}:20001:1: " + LINES.format(n="100,004", k="100,002", what="table rows")),
    "rows-1001": ("# T\n\n" + TABLE + ROW * 1000,
                  f"{BOOK}:3:1: rulebook: a table of 1,001 rows; a table may have at most 1,000: split it, or show a "
                  "part of the data (`pnp table NAME/KEY`)"),
    "cells": ("# T\n\n" + TABLE + ROW * 999 + "\n" + TABLE + ROW * 299,
              f"{BOOK}:1005:1: rulebook: this table's 300 rows x 4 columns = 1,200 cells, and the tables before it "
              "4,000, make 5,200 in all; a rulebook's tables may hold at most 5,000 cells: show less in tables"),
    "columns": ("# T\n\n" + "|a" * 13 + "|\n" + "|-" * 13 + "|\n" + "|x" * 13 + "|\n",
                f"{BOOK}:3:1: rulebook: a table of 13 columns; at most 12 fit across a page (`columns=a,b` chooses a "
                "data table's): split it"),
    "heading-1MB": ("# " + "x" * 1_000_000 + "\n",
                    f"{BOOK}:1:1: rulebook: a heading of 1,000,000 characters; a heading may have at most 200: shorten "
                    "it (the text under it can say more)"),
    "paragraph-1MB": ("# T\n\n" + "word " * 200_000 + "\n",
                      f"{BOOK}:3:1: rulebook: a paragraph of 999,999 characters; a paragraph, list item or table cell "
                      "may have at most 10,000 (a page holds about 5,000): split it"),
    "page-breaks-100000": ("# T\n\n" + "---\n" * 100_000,
                           f"{BOOK}:20001:1: " + LINES.format(n="100,002", k="100,000", what="page breaks (`---`)")),
    "page-breaks-499": ("# T\n\n" + "a\n\n```pnp pagebreak\n```\n" * 499,
                        f"{BOOK}:1997:1: rulebook: page break 499: the rulebook would have more than 500 pages (its "
                        "cover, its contents and 499 page breaks, each starting a page); a rulebook may have at most "
                        "500: remove page breaks (`---` or ```pnp pagebreak```)"),
    "blank-pages": ("# T\n\na\n\n" + "---\n" * 11,
                    f"{BOOK}:15:1: rulebook: 11 page breaks in a row with nothing between them (blank pages): at most "
                    "10 may follow one another; remove the extra breaks"),
    "headings-501": ("".join(f"## Part {i}\n" for i in range(501)),
                     f"{BOOK}:501:1: rulebook: heading 501: a rulebook may have at most 500 headings (each is a line "
                     "of its table of contents); make some of them bold text (**...**) instead"),
    "faces-1001": ("# T\n\n```pnp face " + "spell/fireball " * 1001 + "width=1mm\n```\n",
                   f"{BOOK}:3:8: rulebook: these 1,001 faces bring the faces the rulebook draws to 1,001; it may draw "
                   "at most 1,000: show fewer cards"),
    "blocks-5001": ("# T\n\n" + "- a\n" * 5000,
                    f"{BOOK}:5002:1: rulebook: block 5,001: a rulebook may have at most 5,000 headings, paragraphs, "
                    "list items, tables and pictures; shorten it"),
}


@pytest.mark.parametrize("case", MULTIPLIED)
def test_work_that_multiplies_is_refused_at_its_line_before_the_first_page(project, case):
    text, first = MULTIPLIED[case]
    assert len(text.encode()) < 2 * 1024 * 1024  # under the file's own cap: the bound is the work's
    err = planted(project, text, first)
    assert err.count("\n") == 2  # one problem, then the count


def test_a_table_from_the_games_data_is_held_to_the_same_bounds(project):
    """`pnp table` draws a data table that the rulebook's source does not show: counted as it is laid out."""
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {shops: shops.yaml}")
    (project / "cards/mini/shops.yaml").write_text("shops:\n" + "".join(f"  - {{name: s{i}, cost: {i}}}\n"
                                                                       for i in range(3000)))
    planted(project, "# Shops\n\n```pnp table shops\n```\n",
            f"{BOOK}:3:8: rulebook: a table of 3,001 rows; a table may have at most 1,000: split it, or show a part of "
            "the data (`pnp table NAME/KEY`)")


def test_an_unknown_icon_used_10000_times_is_one_message_with_its_count(project):
    err = planted(project, "# T\n\n" + ("A :nope: here. " * 100 + "\n\n") * 100,
                  f"{BOOK}:3:3: rulebook: no icon :nope: in the game's icon set (10,000 times in the rulebook; the "
                  "first here)")
    assert err.count("\n") == 2 and len(err) < 300


def test_problems_past_a_hundred_are_counted_not_said(project):
    err = planted(project, "# T\n\n" + "".join(f"An :icon-{i}: here.\n\n" for i in range(4000)),
                  f"{BOOK}:3:4: rulebook: no icon :icon-0: in the game's icon set")
    lines = err.splitlines()
    assert len(lines) == 102 and lines[-2] == f"{BOOK}: rulebook: and 3,900 more problems: mend those above first"
    assert len(err) < 20_000


def test_a_table_of_one_narrow_column_among_wide_ones_builds(project):
    """Each column was as wide as its text asks: a column of one letter beside eleven long ones was narrower than
    its padding, and platypus stopped with an internal error (exit 3)."""
    wide = "a long heading of words"
    (project / BOOK).write_text("# T\n\n" + f"| x |{f' {wide} |' * 11}\n" + "|---" * 12 + "|\n"
                                + f"| 1 |{' some words in a cell |' * 11}\n")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 0, result.err
    assert (project / "output/mini/mini-rulebook.pdf").is_file()


def test_stars_the_markdown_leaves_as_stars_print_as_stars(project):
    """A run of stars markdown-it does not read as emphasis reached the cards' renderer as card markup, which
    read it as unclosed bold: an internal error (found by the fuzzer)."""
    from pdfcheck import text_of

    (project / BOOK).write_text("# T\n\nSpell " + "*" * 50 + " and 5 * 3, `:dot:` in code.\n")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 0, result.err
    text = text_of(project / "output/mini/mini-rulebook.pdf")
    assert "*" * 50 in text and "5 * 3" in text and ":dot:" in text


def test_a_caption_the_cards_renderer_cannot_read_is_said_at_its_block(project):
    planted(project, "# T\n\n```pnp face spell/fireball\nA *caption\n```\n",
            f"{BOOK}:3:8: rulebook: unclosed ** or * in text: close it or write \\* for a literal star: 'A *caption'")


def test_a_text_taller_than_a_page_is_said_at_its_line(project):
    planted(project, "# T\n\nShort.\n\n" + "word " * 1900 + "\n",
            f"{BOOK}:5:1: rulebook: this text is taller than a page: split it into paragraphs")


def test_markdown_that_reads_too_slowly_is_stopped_at_its_line(project, monkeypatch):
    """markdown-it reads some runs of marks (`![` that never close) at 40 µs a character: past its time, the
    reading stops at the text it was in."""
    from pnp.core import bounds

    monkeypatch.setattr(bounds, "RULEBOOK_SECONDS", 0.3)
    assert run_pnp("build", "mini", cwd=project).code == 0
    before = outputs(project)
    (project / BOOK).write_text("# T\n\nFine.\n\n" + ("![" * 4000 + "\n\n") * 30)
    started = time.process_time()
    result = run_pnp("build", "mini", cwd=project)
    assert time.process_time() - started < 10
    assert result.code == 2, result.err
    first = result.err.splitlines()[0]
    at, said = first.split(": ", 1)
    assert at.startswith(f"{BOOK}:") and int(at.split(":")[1]) >= 5, first  # in one of the runs of marks
    assert said == ("rulebook: reading the rulebook's Markdown ran past 0.3 s, here: a text of many marks (`*`, `_`, "
                    "`[`, `` ` ``, `<`) that open and never close? Write them as words, or in `code`"), first
    assert "Traceback" not in result.err and outputs(project) == before


def _spin(*_: object) -> None:
    while True:
        pass


@pytest.mark.parametrize("stage", ["read", "lay out", "draw"])
def test_a_rulebook_that_runs_past_its_time_is_stopped_at_its_block(project, monkeypatch, stage):
    """Each stage under `bounds.RULEBOOK_SECONDS` (a backstop behind the counts): planted here as work that never
    ends, at the second block."""
    from pnp.core import bounds

    monkeypatch.setattr(bounds, "RULEBOOK_SECONDS", 0.5)
    assert run_pnp("build", "mini", cwd=project).code == 0
    before = outputs(project)
    # (a text of each stage's own: rulebook.md's blocks are kept in the disk cache, and a text another stage read
    # would not be read again)
    (project / BOOK).write_text(f"# T ({stage})\n\nFirst.\n\nSecond, :damage: here.\n")
    if stage == "read":
        import pnp.model.rulebook.source as model

        monkeypatch.setattr(model, "_icon_rule", _spin)
        said = f"{BOOK}:5:1: rulebook: reading the rulebook's Markdown ran past 0.5 s, here"
    elif stage == "lay out":
        from pnp.layout.rulebook.flow import Resolver

        monkeypatch.setattr(Resolver, "no_icon", _spin)
        monkeypatch.setattr(Resolver, "markup", lambda self, inline, check=None: _spin() if any(
            not isinstance(p, str) for p in inline) else "".join(map(str, inline)))
        said = f"{BOOK}:5:1: rulebook: laying out the rulebook ran past 0.5 s, at this block"
    else:
        from pnp.output.document.book_look import Markup

        real = Markup.wrap
        monkeypatch.setattr(Markup, "wrap", lambda self, aw, ah: _spin() if ":damage:" in self.markup else
                            real(self, aw, ah))
        said = f"{BOOK}:5:1: rulebook: drawing the rulebook ran past 0.5 s, at this block"
    started = time.monotonic()
    result = run_pnp("build", "mini", cwd=project)
    assert time.monotonic() - started < 20
    assert result.code == 2, result.err
    assert result.err.splitlines()[0].startswith(said), result.err
    assert "Traceback" not in result.err and outputs(project) == before
