"""Near copies of the source documents: a sentence of ours shares most of its runs of three words with them.

A sentence's word runs: its words (lower case, letters and digits only) taken three at a time, each hashed (the
documents themselves are never kept: tools/source_shingles.py writes their hashes to tests/data/source-shingles/).
A sentence of at least MIN_WORDS words is a near copy when at least SHARED of its runs, and at least SHARE of
them, are runs of a source document (the defaults, for prose; terse printed text is held with other bounds, see
tests/docs/test_own_words.py): "Draw 3 Ability Cards" is a fixed term; a whole sentence of the rulebook in the
rulebook's own order of words is not ours."""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

MIN_WORDS = 8  # shorter sentences are names, terms and fixed phrases ("Each player draws 3 Ability Cards")
SHARED = 4  # runs of three words in common, at least
SHARE = 0.5  # of the sentence's runs
FOLDER = Path(__file__).resolve().parent / "data" / "source-shingles"


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower().replace("\u2019", "'").replace("'", ""))


def runs(ws: list[str]) -> list[str]:
    return [hashlib.blake2b(" ".join(ws[i:i + 3]).encode(), digest_size=4).hexdigest() for i in range(len(ws) - 2)]


def shingles(text: str) -> set[str]:
    return set(runs(words(text)))


def sources() -> set[str]:
    return {line for path in sorted(FOLDER.glob("*.txt")) for line in path.read_text().split()}


def sentences(text: str) -> list[str]:
    """The text's sentences; a line in capitals (a card's label, "DISCARD AFTER USE") is one of its own."""
    text = "\n".join(f"{line}." if line.strip() and line.upper() == line and any(c.isalpha() for c in line) else line
                     for line in text.splitlines())
    flat = " ".join(text.split())
    return [s for s in re.split(r"(?<=[.!?:;])\s+|\s+[•·]\s+", flat) if s]


def near_copies(text: str, source: set[str], least_words: int = MIN_WORDS, least_shared: int = SHARED,
                share: float = SHARE) -> list[tuple[float, str]]:
    """(share, sentence) of each sentence of `text` that is a near copy of the sources."""
    out = []
    for sentence in sentences(text):
        ws = words(sentence)
        if len(ws) < least_words:
            continue
        mine = runs(ws)
        shared = sum(1 for r in mine if r in source)
        if shared >= least_shared and shared / len(mine) >= share:
            out.append((round(shared / len(mine), 2), sentence))
    return out
