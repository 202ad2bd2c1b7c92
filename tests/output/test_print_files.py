"""What a print shop's tools read in the files: font subsets tagged apart in every file, a TrimBox only where a page
is one face, die nets with their bleed, assembly maps with no text too small to print."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from pypdf import PdfReader

from pnp.model.units import MM
from pnp.output.write.subsets import unique_tags

from conftest import REPO

TAG = re.compile(rb"/(BaseFont|FontName) /([A-Z]{6})\+([^\s/\[\]<>()]+)")


def test_a_tag_keeps_its_length_and_follows_the_file_name():
    pdf = b"1 0 obj << /BaseFont /AAAAAA+Lato-Regular >> endobj 2 0 obj << /FontName /AAAAAA+Lato-Regular >> endobj"
    one, two = unique_tags(pdf, "voyage/A4/ability.pdf"), unique_tags(pdf, "voyage/A4/event.pdf")
    assert len(one) == len(pdf) == len(two)
    tags = {m[2] for m in TAG.finditer(one)}
    assert len(tags) == 1 and tags != {b"AAAAAA"}  # the font's name and its descriptor agree
    assert tags != {m[2] for m in TAG.finditer(two)}
    assert unique_tags(pdf, "voyage/A4/ability.pdf") == one  # reproducible


@pytest.mark.parametrize("game", ["voyage", "sleeping-gods"])
def test_no_two_files_of_a_build_share_a_subset_tag(shared_build, game):
    out, manifest = shared_build(game)
    seen: dict[bytes, str] = {}
    for f in manifest["files"]:
        if not f["path"].endswith(".pdf"):
            continue
        data = (out / f["path"]).read_bytes()
        found = {(m[2], m[3]) for m in TAG.finditer(data)}
        assert found and all(tag != b"AAAAAA" for tag, _ in found), f["path"]
        for tag, font in found:
            assert seen.get(tag + font, f["path"]) == f["path"], (tag, font, f["path"], seen[tag + font])
            seen[tag + font] = f["path"]
        if shutil.which("qpdf"):
            check = subprocess.run(["qpdf", "--check", str(out / f["path"])], capture_output=True, text=True)
            assert check.returncode == 0, (f["path"], check.stdout[-500:])


def test_a_trimbox_only_on_a_page_of_one_face(shared_build):
    """Sleeping Gods' board tiles share their pages with tokens in the document: those pages are sheets to cut, with
    no TrimBox round the tile alone; a tile alone on its page (its own file) keeps its own."""
    out, manifest = shared_build("sleeping-gods")
    document = "sleeping-gods-pnp.pdf"
    faces: dict[tuple[str, int], int] = {}
    for f in manifest["faces"] + manifest["document_faces"]:
        faces[f["file"], f["page"]] = faces.get((f["file"], f["page"]), 0) + 1
    shared = [n for (file, n), count in faces.items() if file == document and count > 1 and any(
        f["file"] == document and f["page"] == n and "tile" in f for f in manifest["document_faces"])]
    assert shared, "no tile shares its page"
    reader = PdfReader(out / document)
    for n in shared:
        assert "/TrimBox" not in reader.pages[n - 1], n
    tiles = PdfReader(out / "ship-board.pdf")
    alone = [i for i, page in enumerate(tiles.pages, 1) if faces.get(("ship-board.pdf", i)) == 1]
    assert alone and all("/TrimBox" in tiles.pages[i - 1] for i in alone)


def _laid(game: str):
    from pnp.commands.build import BuildOptions, prepare

    return prepare(REPO, game, BuildOptions(check_rules=False))


def _die_sheet() -> tuple[bytes, list]:
    from pnp.output.impose.by_kind import impose_deck
    from pnp.output.render.renderer import Renderer

    prep = _laid("voyage")
    deck, entries, size = next(d for d in prep.decks if d[0].spec.kind == "die")
    assert entries[0][0].bleed == pytest.approx(3 * MM)
    pages, _ = impose_deck(deck, entries, size, prep.settings, prep.paper, [])
    return Renderer(prep.env.icons, "die", prep.font).render(pages), pages


def test_a_die_net_has_its_bleed_past_every_cut_edge(monkeypatch):
    """The net's faces and tabs run on 3 mm past its cut line (the cut may be a little off), measured in the
    rendered pixels of its sheet as every face's bleed is; without those bands the same check finds the net short."""
    from pnp.layout import decks_kept
    from pnp.layout.pieces import dice
    from pnp.output.preflight.painted import short_edges

    assert short_edges(*_die_sheet()) == []
    monkeypatch.setattr(dice, "bleeds", lambda cut, bleed: [])
    # laid out anew, as pnp's changed code would be, and not kept for the tests after this one
    monkeypatch.setattr(decks_kept, "kept", lambda *a: None)
    monkeypatch.setattr(decks_kept, "keep", lambda *a: None)
    assert short_edges(*_die_sheet())



@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_a_die_nets_manifest_entry_says_its_bleed_not_that_it_has_none(shared_build, paper):
    """Die nets bleed 3 mm past their cut line, but each entry still said "a die net prints without bleed" (the
    note from before they had any), beside `bleed_mm` of 3 mm a side: the manifest told a shop two things."""
    _, manifest = shared_build("voyage", *(("--paper", paper) if paper != "A4" else ()))
    nets = [f for key in ("faces", "document_faces") for f in manifest[key] if f["component"] == "peril-die"]
    assert nets
    for f in nets:
        assert "without bleed" not in f.get("bleed_note", ""), f
        assert min(f["bleed_mm"]) >= 3.0, f

def test_the_assembly_map_keeps_no_text_too_small_to_print():
    """The board's own words, drawn at the map's scale, were 1.1-1.7 pt: the map leaves out what would print under
    5 pt and keeps the rest."""
    from pnp.layout.scene import Text, TextRun
    from pnp.output.impose.by_kind import impose_deck
    from pnp.output.preflight.extent import walk_scaled
    from pnp.output.tiling.assembly import MIN_TEXT

    prep = _laid("voyage")
    deck, entries, size = next(d for d in prep.decks if d[0].id == "ship-board")
    pages, _ = impose_deck(deck, entries, size, prep.settings, prep.paper, [])
    maps = [p for page in pages for p in page.placements if p.meta.get("side") == "map"]
    assert maps
    for p in maps:
        sizes = [r.size * scale * p.scale for item, scale in walk_scaled(p.face.items) if isinstance(item, Text)
                 for r in item.runs if isinstance(r, TextRun)]
        assert sizes and min(sizes) >= MIN_TEXT - 1e-6, min(sizes)
