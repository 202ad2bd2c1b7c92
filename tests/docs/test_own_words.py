"""Our own words: no sentence of a bundled game's rulebook, player aid or card text is a near copy of the source
documents it was made from (../shared/seeds, kept in the project only as hashes of their runs of three words,
tests/data/source-shingles/, written by tools/source_shingles.py). The measure (tests/own_words.py): the share of a
sentence's runs of three words that are runs of a source document.

- The rulebook's own prose (rulebook.md, its blocks and expressions left out): a sentence of 8 words or more is a
  near copy when 4 or more of its runs, and half of them, are the sources'.
- Everything printed (each component's PDF and the built rulebook, faces, tables and setup included): terse text
  made of the game's terms ("Remove 1 Damage Token from your current Room"), so a sentence of 10 words or more is
  a near copy when three quarters of its runs are the sources'."""

from __future__ import annotations

import re

import pytest
from own_words import FOLDER, near_copies, sources

from conftest import REPO
from pdfcheck import text_of

GAMES = ["voyage", "arkship", "moon", "sleeping-gods", "intrepid"]
SOURCE = sources()


def prose(markdown: str) -> str:
    """rulebook.md as sentences: its ```pnp``` blocks and {{ expressions }} out, each line or paragraph apart."""
    text = re.sub(r"```.*?```", "\n", markdown, flags=re.S)
    text = re.sub(r"\{\{.*?\}\}|\{%.*?%\}", " n ", text, flags=re.S)
    return "\n".join(f"{line.strip(' #-*0123456789.').strip()}." for line in re.split(r"\n\s*\n|\n(?=[#\-\d])", text)
                     if line.strip())


def test_the_fingerprints_of_the_five_sources_are_kept():
    assert len(list(FOLDER.glob("*.txt"))) == 5 and len(SOURCE) > 15_000


def test_a_copied_sentence_is_caught_and_ours_is_not():
    copied = "At the start of every round, except the first round, reduce Happiness by 10% and Sanitation by 20%."
    assert near_copies(copied, SOURCE)
    ours = "From the second Round on, Happiness falls by 10% and Sanitation by 20% before the Event Card strikes."
    assert near_copies(ours, SOURCE) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_rulebooks_prose_is_in_our_words(game):
    book = REPO / "cards" / game / "rulebook.md"
    assert near_copies(prose(book.read_text()), SOURCE, 8, 4, 0.5) == []


@pytest.mark.parametrize("game", GAMES)
def test_nothing_printed_is_a_near_copy(game, shared_build):
    out, manifest = shared_build(game)
    found = []
    for f in manifest["files"]:
        if f["path"].endswith(".pdf") and not f["path"].endswith("-pnp.pdf"):  # the document repeats the components
            text = text_of(out / f["path"])
            found += [(f["path"], *copy) for copy in near_copies(text, SOURCE, 10, 6, 0.75)]
    assert found == []
