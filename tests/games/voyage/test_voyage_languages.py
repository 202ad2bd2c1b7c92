"""Voyage in French and German, built whole: every PDF's text is in its language. English function words and
pnp's English phrases are looked for in each page's text (a card's id in its footer, `ability/vent-the-bilge`, is
an id, not words), so a string left untranslated anywhere in the build is caught with its file and page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import run_pnp

ENGLISH = re.compile(r"(?<![\w-])(the|and|with|your|each|player|players|round|sheet|cut|fold|print)(?![\w-])",
                     re.IGNORECASE)
ID = re.compile(r"voyage \d+(\.\d+)* · [a-z0-9/-]+")  # a face's footer: its game, version and card id
KEPT = ("Game Icons", "License", "Lato", "Roboto")  # the credits name works by their own titles


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("voyage-languages")
    result = run_pnp("build", "voyage", "--lang", "all", "--out", str(out))
    assert result.code == 0, result.err
    return out


@pytest.mark.parametrize("lang", ["fr", "de"])
def test_every_page_of_voyage_reads_in_its_language(built: Path, lang: str):
    found = []
    files = sorted((built / lang).glob("*.pdf"))
    assert len(files) >= 15, files
    for pdf in files:
        for n, page in enumerate(PdfReader(pdf).pages, 1):
            for line in (page.extract_text() or "").splitlines():
                line = ID.sub("", line)
                if any(k in line for k in KEPT):
                    continue
                hit = ENGLISH.search(line)
                if hit:
                    found.append(f"{pdf.name} p{n}: {hit.group(0)!r} in {line.strip()!r}")
    assert not found, "\n".join(found[:20])
