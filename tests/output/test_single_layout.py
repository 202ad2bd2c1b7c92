"""`pnp build GAME --layout single`: one face a page with its bleed, TrimBox and BleedBox, backs in the same
order in a second file, into output/GAME/single/ beside the home-printing build."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from conftest import run_pnp
from pdfcheck import MM, text_of


def box_mm(box) -> list[float]:
    return [round(float(v) / MM, 2) for v in (box.left, box.bottom, box.right, box.top)]


def test_one_face_a_page_with_its_boxes_and_backs_in_the_same_order(project):
    home = run_pnp("--root", str(project), "build", "mini", "--final")
    assert home.code == 0, home.err
    result = run_pnp("--root", str(project), "build", "mini", "--layout", "single", "--final")
    assert result.code == 0, result.err
    out = project / "output/mini/single"
    assert (project / "output/mini/manifest.json").is_file()  # the home build is still there
    faces = json.loads((out / "manifest.json").read_text())["faces"]
    fronts = [f for f in faces if f["file"] == "spell.pdf"]
    backs = [f for f in faces if f["file"] == "spell-backs.pdf"]
    assert len(fronts) == len(backs) > 1 and {f["side"] for f in backs} == {"back"}
    assert [(f["id"], f["copy"], f["page"]) for f in fronts] == [(f["id"], f["copy"], f["page"]) for f in backs]
    assert [f["page"] for f in fronts] == list(range(1, len(fronts) + 1))
    for name in ("spell.pdf", "spell-backs.pdf"):
        reader = PdfReader(out / name)
        assert len(reader.pages) == len(fronts)
        for page in reader.pages:
            assert box_mm(page.mediabox) == pytest.approx([0, 0, 69.5, 94.9], abs=0.01)  # poker card and 3 mm bleed
            assert box_mm(page.bleedbox) == pytest.approx([0, 0, 69.5, 94.9], abs=0.01)
            assert box_mm(page.trimbox) == pytest.approx([3, 3, 66.5, 91.9], abs=0.01)
    text = text_of(out / "spell.pdf")
    assert "Fireball" in text and "Frost Nova" in text
    assert "spell.pdf" in result.out and "spell-backs.pdf" in result.out and "1 per page" in result.out


def test_the_home_build_has_no_trim_box_on_a_sheet_of_cards(project):
    result = run_pnp("--root", str(project), "build", "mini", "--out", str(project / "out"))
    assert result.code == 0
    for page in PdfReader(project / "out/spell.pdf").pages:
        assert "/TrimBox" not in page and "/BleedBox" not in page  # many faces: no one trim


def test_an_unknown_layout_is_refused(project):
    result = run_pnp("--root", str(project), "build", "mini", "--layout", "poster")
    assert result.code == 2 and "--layout poster: use sheets or single" in result.err
