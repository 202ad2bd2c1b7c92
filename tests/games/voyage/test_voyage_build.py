"""End to end: build the real Voyage pack as a user does and check the PDFs it prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO, run_pnp
from pdfcheck import MM, fonts, page_drawings, text_of

pytestmark = pytest.mark.slow  # builds of the whole Voyage pack

COUNTS = {"room": 16, "empty-room": 9, "ability": 44, "event": 20, "captain": 6}
CARD_DECKS = set(COUNTS) | {"peril-deck", "reference", "location-marker", "track"}
PAPER_MM = {"A4": (210.0, 297.0), "letter": (215.9, 279.4)}


def overlap(a, b) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def build(out: Path, *args: str) -> dict:
    result = run_pnp("build", "voyage", "--out", str(out), *args)
    assert result.code == 0, result.err
    assert "Traceback" not in result.err
    return json.loads((out / "manifest.json").read_text())


@pytest.fixture
def a4(shared_build) -> tuple[Path, dict]:
    return shared_build("voyage")  # (its own paper: A4)


def test_summary_names_files_pages_and_faces(tmp_path):
    result = run_pnp("build", "voyage", "--out", str(tmp_path))
    assert result.code == 0
    assert re.search(r"ability\.pdf\s+10 pages\s+44 printed\s+\(3x3 per sheet\)", result.out)
    assert re.search(r"ship-board\.pdf\s+3 pages\s+1 printed\s+\(2 tiles\)", result.out)  # turned a quarter
    assert re.search(r"\d+ files, \d+ pages, \d+ pieces in \d+\.\d\d s", result.out)


def test_every_card_front_is_printed_once_per_copy(a4):
    _, manifest = a4
    fronts = [f for f in manifest["faces"] if f["side"] == "front" and f["component"] in COUNTS]
    assert len(fronts) == 95
    for component, count in COUNTS.items():
        assert sum(f["component"] == component for f in fronts) == count
    abilities = {f["id"] for f in fronts if f["component"] == "ability"}
    assert len(abilities) == 22
    for ability in abilities:
        assert sorted(f["copy"] for f in fronts if f["id"] == ability) == [1, 2]


def test_each_ability_name_is_printed_exactly_twice(a4):
    out, _ = a4
    names = [c["name"] for c in yaml.safe_load((REPO / "cards/voyage/abilities.yaml").read_text())["cards"]]
    assert len(names) == 22
    text = text_of(out / "ability.pdf")
    for name in names:
        assert len(re.findall(rf"(?<!\w){re.escape(name)}(?!\w)", text)) == 2, name


def test_pdf_pages_match_the_manifest(a4):
    out, manifest = a4
    assert manifest["game"] == "voyage" and manifest["paper"] == "A4" and manifest["duplex"] == "long"
    for f in manifest["files"]:
        reader = PdfReader(out / f["path"])
        assert len(reader.pages) == f["pages"]
        for page in reader.pages:
            assert float(page.mediabox.width) == pytest.approx(210 * MM, abs=0.01)
            assert float(page.mediabox.height) == pytest.approx(297 * MM, abs=0.01)


def test_faces_sit_where_the_manifest_says(a4):
    out, manifest = a4
    for f in manifest["files"]:
        pages = page_drawings(out / f["path"])
        listed = [m for m in manifest["faces"] if m["file"] == f["path"]]
        listed_pages = {m["page"] for m in listed}  # an assembly map's preview is drawn but not listed
        drawn = [(n, p.origin) for n, page in enumerate(pages, 1) for p in page.faces if n in listed_pages]
        assert len(drawn) == len(listed)
        for (page_no, (x, y)), m in zip(drawn, listed, strict=True):
            assert page_no == m["page"]
            assert (x / MM, y / MM) == pytest.approx((m["x_mm"], m["y_mm"]), abs=0.01)


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_backs_line_up_with_their_fronts(shared_build, paper):
    _, manifest = shared_build("voyage", "--paper", paper)
    width, _ = PAPER_MM[paper]
    backs = {(f["component"], f["id"], f["copy"]): f for f in manifest["faces"] if f["side"] == "back"}
    fronts = [f for f in manifest["faces"] if f["side"] == "front" and (f["component"], f["id"], f["copy"]) in backs]
    assert len(backs) == len(fronts) == 105  # the 95 cards and the 10 peril cards have backs
    for front in fronts:
        back = backs[front["component"], front["id"], front["copy"]]
        assert back["page"] == front["page"] + 1  # each fronts page is followed by its backs page
        # long-edge flip: a back lands at the mirror image of its front across the page's vertical axis
        assert back["x_mm"] == pytest.approx(width - front["x_mm"] - front["w_mm"], abs=0.1)
        assert back["y_mm"] == pytest.approx(front["y_mm"], abs=0.1)


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_cut_marks_are_outside_every_card_and_everything_is_printable(shared_build, paper):
    """Marks lie in the margin, or over the outer bleed band where the margin has no room (Letter poker): never
    over a trimmed face, never outside the printable area."""
    out, manifest = shared_build("voyage", "--paper", paper)
    margin = 5 * MM
    for f in manifest["files"]:
        if not any(m["file"] == f["path"] and m["component"] in CARD_DECKS for m in manifest["faces"]):
            continue  # boards and tokens: see test_voyage_whole_box.py
        for number, page in enumerate(page_drawings(out / f["path"]), 1):
            assert page.faces and page.marks
            trims = [(m["x_mm"] * MM, m["y_mm"] * MM, m["w_mm"] * MM, m["h_mm"] * MM) for m in manifest["faces"]
                     if m["file"] == f["path"] and m["page"] == number]
            assert len(trims) == len(page.faces)
            for cx, cy, cw, ch in (p.clip for p in page.faces):
                assert cx >= margin - 0.01 and cy >= margin - 0.01
                assert cx + cw <= page.width - margin + 0.01 and cy + ch <= page.height - margin + 0.01
            for x1, y1, x2, y2 in page.marks:
                for x, y in ((x1, y1), (x2, y2)):
                    assert margin - 0.01 <= x <= page.width - margin + 0.01
                    assert margin - 0.01 <= y <= page.height - margin + 0.01
                half = 0.85  # the mark's half width and the white line under it
                mark = (min(x1, x2) - half, min(y1, y2) - half, abs(x2 - x1) + 2 * half, abs(y2 - y1) + 2 * half)
                for trim in trims:
                    assert not overlap(mark, trim), (mark, trim)


def test_fonts_are_all_embedded(a4):
    out, manifest = a4
    seen = set()
    for f in manifest["files"]:
        used = fonts(out / f["path"])
        assert all(embedded for _, embedded in used), used
        assert not any("Helvetica" in name for name, _ in used)
        seen |= {name.split("+")[-1] for name, _ in used}
    assert {"Lato-Regular", "Lato-Bold", "RobotoCondensed-Bold"} <= seen


def test_same_input_gives_byte_identical_pdfs(tmp_path, a4):
    out, manifest = a4
    again = build(tmp_path)
    assert [f["sha256"] for f in again["files"]] == [f["sha256"] for f in manifest["files"]]
    for f in manifest["files"]:
        assert (tmp_path / f["path"]).read_bytes() == (out / f["path"]).read_bytes()


def test_short_edge_duplex_mirrors_vertically(tmp_path):
    manifest = build(tmp_path, "--duplex", "short")
    backs = {(f["id"], f["copy"]): f for f in manifest["faces"] if f["side"] == "back"}
    for front in (f for f in manifest["faces"] if f["side"] == "front" and (f["id"], f["copy"]) in backs):
        back = backs[front["id"], front["copy"]]
        assert back["x_mm"] == pytest.approx(front["x_mm"], abs=0.1)
        assert back["y_mm"] == pytest.approx(297 - front["y_mm"] - front["h_mm"], abs=0.1)


def test_duplex_none_prints_fronts_only(tmp_path, a4):
    manifest = build(tmp_path, "--duplex", "none")
    assert {f["side"] for f in manifest["faces"]} == {"front"}
    backs_pages = len({(f["file"], f["page"]) for f in a4[1]["faces"] if f["side"] == "back"})
    assert sum(f["pages"] for f in manifest["files"][1:]) == sum(f["pages"] for f in a4[1]["files"][1:]) - backs_pages
    # the document, one-sided: no backs, and no blank page after each sheet
    doc = [p for p in manifest["pages"] if p["file"] == "voyage-pnp.pdf"]
    assert doc and {p["side"] for p in doc} <= {"front", "map"}
    assert {f["side"] for f in manifest["document_faces"]} == {"front"}


def test_no_bleed_cells_are_the_trim(tmp_path):
    manifest = build(tmp_path, "--no-bleed")
    assert manifest["bleed_mm"] == 0
    for f in manifest["files"]:
        if not any(m["file"] == f["path"] and m["component"] in CARD_DECKS for m in manifest["faces"]):
            continue
        for page in page_drawings(tmp_path / f["path"]):
            for placed in page.faces:
                cx, cy, cw, ch = placed.clip
                assert (cx, cy) == pytest.approx(placed.origin, abs=0.01)


def test_a_marker_fits_the_meter_box_it_sits_on():
    """The happiness, sanitation and round markers sit in the boxes of the strips: smaller than a box,
    and the boxes (spread over the strip) never overlap."""
    marker = yaml.safe_load((REPO / "templates/voyage/marker.yaml").read_text())["size"]
    track = yaml.safe_load((REPO / "templates/voyage/track.yaml").read_text())
    box = next(e for e in track["elements"] if e.get("name") == "meter-box")
    mm = lambda v: float(str(v).removesuffix("mm"))  # noqa: E731
    assert mm(marker["width"]) < mm(box["w"]) and mm(marker["height"]) < mm(box["h"])
    for strip in yaml.safe_load((REPO / "cards/voyage/tracks.yaml").read_text())["cards"]:
        pitch = (188 - mm(box["w"])) / (strip["boxes"] - 1)  # the x expression of meter-box
        assert f"index * (188 - {box['w'].removesuffix('mm')}) / (card.boxes - 1)" in box["x"]
        assert pitch > mm(box["w"]), strip["id"]
    assert mm(track["size"]["width"]) >= 1 + 188  # the last box ends inside the strip
