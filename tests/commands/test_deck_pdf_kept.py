"""A deck's PDF kept between runs of `pnp build` (pnp/commands/deck_pdf_kept.py): a run with nothing of the deck
changed takes it from the cache, the same bytes; a card, a template, an icon file or another paper draws it again."""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from conftest import edit, run_pnp


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_an_unchanged_deck_comes_from_the_cache_byte_for_byte_and_a_changed_one_is_drawn(project: Path, tmp_path,
                                                                                          monkeypatch):
    import pnp.commands.build as build

    draws: list[str] = []
    real = build._draw
    monkeypatch.setattr(build, "_draw", lambda *a: draws.append(a[2]) or real(*a))
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    deck = project / "output/mini/spell.pdf"
    assert run_pnp("build", "mini", cwd=project).code == 0
    first = _sha(deck)
    assert run_pnp("build", "mini", "--out", str(tmp_path / "again"), cwd=project).code == 0
    assert run_pnp("build", "mini", "--out", str(tmp_path / "again"), cwd=project).code == 0
    assert len(draws) == 2 and _sha(tmp_path / "again/spell.pdf") == first  # drawn once for each output folder
    for path, old, new in (("cards/mini/spells.yaml", "Move.", "Move on."),
                           ("templates/mini/front.yaml", "x: 4mm", "x: 4.5mm"),
                           ("cards/mini/icons.yaml", "r: 40", "r: 41")):
        edit(project / path, old, new)
        assert run_pnp("build", "mini", cwd=project).code == 0
    art = project / "cards/mini/art/sun.png"
    os.utime(art, ns=(art.stat().st_atime_ns, art.stat().st_mtime_ns + 10**9))  # a picture saved again
    assert run_pnp("build", "mini", cwd=project).code == 0
    assert len(draws) == 6
    assert run_pnp("build", "mini", "--paper", "letter", cwd=project).code == 0
    assert len(draws) == 7  # another paper: another PDF


def test_a_kept_decks_manifest_rows_come_with_its_pdf_and_the_manifest_is_the_same(project: Path, tmp_path,
                                                                                  monkeypatch):
    import pnp.output.write.manifest as manifest

    made: list[str] = []
    real = manifest.face_rows
    monkeypatch.setattr(manifest, "face_rows", lambda file, pages: made.append(file) or real(file, pages))
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    assert run_pnp("build", "mini", cwd=project).code == 0
    cold = (project / "output/mini/manifest.json").read_bytes()
    assert "spell.pdf" in made
    made.clear()
    assert run_pnp("build", "mini", cwd=project).code == 0
    assert "spell.pdf" not in made  # the deck's rows read back with its PDF, not made again
    assert (project / "output/mini/manifest.json").read_bytes() == cold
    edit(project / "cards/mini/spells.yaml", "Move.", "Move on.")
    assert run_pnp("build", "mini", cwd=project).code == 0
    assert "spell.pdf" in made  # a changed deck: its rows made again with its PDF
