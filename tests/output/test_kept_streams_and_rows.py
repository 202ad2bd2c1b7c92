"""What `pnp watch` keeps for drawing and writing: compressed streams and font subsets made once
(pnp/output/render/kept_streams.py), and each unchanged deck's manifest rows, encoded once. A rebuild after a save
writes the bytes a fresh build writes, PDFs and manifest, and takes most of its streams from what it kept; the
memories stay within their bounds."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from pnp.commands.build import BuildCache, BuildOptions, build
from pnp.output.render import kept_streams
from pnp.output.render.kept_streams import FLATE, keep_streams

from conftest import edit


def shas(folder: Path) -> dict[str, str]:
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob("*.pdf"))}


@pytest.fixture
def keeping():
    keep_streams(True)
    try:
        yield FLATE
    finally:
        keep_streams(False)


def test_a_watched_rebuild_with_streams_kept_writes_the_bytes_a_fresh_build_writes(project, tmp_path, keeping):
    cache = BuildCache()
    build(project, "mini", BuildOptions(cache=cache, out=tmp_path / "watch"))
    edit(project / "cards/mini/spells.yaml", "Move.", "Move twice.")  # one card saved: one page drawn anew
    hits = keeping.hits
    build(project, "mini", BuildOptions(cache=cache, out=tmp_path / "watch"))
    assert keeping.hits > hits  # the deck's unchanged pages and forms: not compressed again
    keep_streams(False)
    build(project, "mini", BuildOptions(out=tmp_path / "fresh"))
    assert shas(tmp_path / "watch") and shas(tmp_path / "watch") == shas(tmp_path / "fresh")


def test_kept_streams_stay_within_their_bound_and_give_back_what_zlib_makes(keeping, monkeypatch):
    import zlib

    monkeypatch.setattr(kept_streams, "STREAM_BYTES", 10_000)
    streams = [bytes([i]) * 3_000 for i in range(10)]
    assert [keeping.encode(s) for s in streams] == [zlib.compress(s) for s in streams]
    assert keeping.size <= 10_000 and streams[-1] in keeping.kept and streams[0] not in keeping.kept
    assert keeping.encode("text, as reportlab may give it") == zlib.compress(b"text, as reportlab may give it")


def test_off_nothing_is_kept():
    keep_streams(False)
    FLATE.encode(b"q 1 0 0 1 0 0 cm Q" * 50)
    assert not FLATE.kept and FLATE.size == 0


def test_a_font_subset_is_cut_once_and_is_the_one_reportlab_cuts(monkeypatch):
    from reportlab.pdfbase.ttfonts import TTFontFile

    face = TTFontFile(str(next((Path(__file__).parents[2] / "fonts").glob("*.ttf"))))
    calls = []
    monkeypatch.setattr(kept_streams, "_make_subset", lambda f, s: calls.append(tuple(s)) or b"cut %d" % len(calls))
    subset = [0, *range(32, 90)]
    assert face.makeSubset(subset) == b"cut 1" and face.makeSubset(list(subset)) == b"cut 1"
    assert face.makeSubset([0, 65]) == b"cut 2" and len(calls) == 2
    monkeypatch.undo()
    plain = kept_streams._make_subset(face, [0, 65, 66])
    assert plain.startswith(b"\x00\x01\x00\x00") and face.makeSubset([0, 65, 66]) == plain


def test_a_watched_rebuild_writes_the_manifest_a_fresh_build_writes_with_the_saved_decks_rows_anew(project, tmp_path):
    """A deck not drawn again keeps its manifest rows, encoded once; a saved one that prints more copies has its own."""
    cache = BuildCache()
    build(project, "mini", BuildOptions(cache=cache, out=tmp_path / "watch"))
    before = (tmp_path / "watch/manifest.json").read_bytes()
    edit(project / "cards/mini/spells.yaml", "    copies: 1\n", "    copies: 3\n")  # two more faces of Blink
    build(project, "mini", BuildOptions(cache=cache, out=tmp_path / "watch"))
    build(project, "mini", BuildOptions(out=tmp_path / "fresh"))
    watched = (tmp_path / "watch/manifest.json").read_bytes()
    assert watched != before and watched == (tmp_path / "fresh/manifest.json").read_bytes()
