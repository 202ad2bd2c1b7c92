"""The contents checklist and the how-to page point at the page where each component was actually placed, as the
manifest records it, after packing moved pieces onto other components' sheets (Voyage's Captains share a pieces
sheet with the Tracks: the checklist said page 7, the Ability cards' first page)."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

GAMES = ["voyage", "arkship", "moon", "sleeping-gods", "intrepid"]


def _said(out, manifest) -> tuple[dict[str, int], str]:
    """(component id -> the page its checklist row names, the how-to page's text), read from the built document."""
    document = f"{manifest['game']}-pnp.pdf"
    reader = PdfReader(out / document)
    front = [r["page"] for r in manifest["pages"] if r["file"] == document and
             r["what"] in ("contents", "how to print and build")]
    text = "\n".join(reader.pages[n - 1].extract_text() for n in front)
    rows = dict(re.findall(r"^([\w-]+)\.pdf\n(\d+)$", text, re.M))
    return {deck: int(page) for deck, page in rows.items()}, text


@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_every_checklist_row_names_the_page_its_component_is_on(game, paper, shared_build):
    out, manifest = shared_build(game, *(("--paper", paper) if paper != "A4" else ()))  # A4: every game's own
    document = f"{game}-pnp.pdf"
    first: dict[str, int] = {}
    for face in manifest["document_faces"]:
        first[face["component"]] = min(first.get(face["component"], face["page"]), face["page"])
    said, text = _said(out, manifest)
    printed = {f["path"].removesuffix(".pdf") for f in manifest["files"]} - {document.removesuffix(".pdf"),
                                                                           f"{game}-rulebook"}
    assert set(said) == printed, (set(said) ^ printed)
    wrong = {deck: (page, first.get(deck)) for deck, page in said.items() if first.get(deck) != page}
    assert not wrong, f"checklist page, placed page: {wrong}"
    for page in re.findall(r"printed in tiles \(from page (\d+)\)", text):  # the how-to page's boards
        assert int(page) in first.values(), page
