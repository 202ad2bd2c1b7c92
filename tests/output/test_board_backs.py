"""Two-sided boards: each tile's back page holds the other side's matching region, behind the tile."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.output.export.raster import pdf_to_images

from conftest import edit, run_pnp
from pdfcheck import MM, page_drawings

# a board larger than the paper: the front red on its left half, blue on its right; the back green on its left
# half, yellow on its right. Turned over left to right, the front's red half has the back's yellow half behind
# it. 400 x 250 mm tiles as drawn; 250 x 300 mm tiles turned a quarter (two tiles instead of four on A4).
FRONT = """size: {{width: {w}mm, height: {h}mm}}
elements:
  - {{name: left, type: rect, x: 0mm, y: 0mm, w: {half}mm, h: {h}mm, fill: '#ff0000', bleed: true}}
  - {{name: right, type: rect, x: {half}mm, y: 0mm, w: {half}mm, h: {h}mm, fill: '#0000ff', bleed: true}}
"""
DECK = "id: board\nname: Board\nkind: board\ntemplate: mini/board\nback: {back}\ncards:\n  - {{id: board}}\n"


def two_sided(project: Path, back: str = "mini/board-back", size: tuple[int, int] = (400, 250)) -> Path:
    front = FRONT.format(w=size[0], h=size[1], half=size[0] / 2)
    (project / "templates/mini/board.yaml").write_text(front)
    (project / "templates/mini/board-back.yaml").write_text(front.replace("#ff0000", "#00ff00")
                                                            .replace("#0000ff", "#ffff00"))
    (project / "cards/mini/board.yaml").write_text(DECK.format(back=back))
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, board.yaml]")
    return project


def colour(rgb: tuple[int, int, int]) -> str:
    names = {"red": (255, 0, 0), "blue": (0, 0, 255), "green": (0, 255, 0), "yellow": (255, 255, 0)}
    return next((n for n, c in names.items() if sum(abs(a - b) for a, b in zip(rgb, c, strict=True)) < 60), "other")


@pytest.mark.parametrize(("paper", "duplex", "size"), [("A4", "long", (400, 250)), ("letter", "long", (400, 250)),
                                                     ("A4", "short", (400, 250)), ("A4", "long", (250, 300)),
                                                     ("letter", "short", (250, 300))])
def test_each_tile_has_the_other_side_behind_it(project, paper, duplex, size):
    root = two_sided(project, size=size)
    out = root / "out"
    result = run_pnp("--root", str(root), "build", "mini", "--paper", paper, "--duplex", duplex, "--out", str(out))
    assert result.code == 0, result.err
    faces = [f for f in json.loads((out / "manifest.json").read_text())["faces"] if f["component"] == "board"]
    fronts = [f for f in faces if f["side"] == "front"]
    backs = {f["tile"]: f for f in faces if f["side"] == "back"}
    assert len(fronts) > 1 and sorted(backs) == sorted(f["tile"] for f in fronts)
    assert all(("turned" in f) == (size == (250, 300)) for f in faces)  # 2 tiles turned, 4 as drawn
    pdf = out / "board.pdf"
    reader = PdfReader(pdf)
    pw, ph = float(reader.pages[0].mediabox.width) / MM, float(reader.pages[0].mediabox.height) / MM
    drawn = page_drawings(pdf)
    images = pdf_to_images(pdf, 20)
    for front in fronts:
        back = backs[front["tile"]]
        assert back["page"] == front["page"] + 1  # the back page follows its front
        x, y, w, h = front["trim_mm"]
        bx, by, _, _ = back["trim_mm"]
        mirrored = (pw - x - w, y) if duplex == "long" else (x, ph - y - h)
        assert (bx, by) == pytest.approx(mirrored, abs=0.01)
        fx, fy, fw, fh = front["region_mm"]
        assert back["region_mm"] == pytest.approx([size[0] - fx - fw, fy, fw, fh])  # the board turned over
        # the PDF: the back page's face cell is the front's, mirrored
        f_clip, b_clip = drawn[front["page"] - 1].faces[0].clip, drawn[back["page"] - 1].faces[0].clip
        expect = (pw * MM - f_clip[0] - f_clip[2], f_clip[1]) if duplex == "long" else \
            (f_clip[0], ph * MM - f_clip[1] - f_clip[3])
        assert b_clip[:2] == pytest.approx(expect, abs=0.05) and b_clip[2:] == pytest.approx(f_clip[2:], abs=0.05)
        # and what prints there: behind the front's red, the back's yellow; behind its blue, green
        f_img, b_img = images[front["page"] - 1], images[back["page"] - 1]
        seen = 0
        for i in range(1, 8):
            for j in range(1, 8):
                px, py = int((x + w * i / 8) * 20 / 25.4), int((y + h * j / 8) * 20 / 25.4)
                qx, qy = (b_img.width - 1 - px, py) if duplex == "long" else (px, b_img.height - 1 - py)
                here, behind = colour(f_img.getpixel((px, py))), colour(b_img.getpixel((qx, qy)))
                edge = {colour(f_img.getpixel((px + d, py))) for d in (-2, 2)} != {here}  # on a colour boundary
                if here in ("red", "blue") and not edge:
                    assert behind == {"red": "yellow", "blue": "green"}[here], (front["tile"], i, j)
                    seen += 1
        assert seen > 20


def test_a_board_side_naming_no_template_is_a_located_error(project):
    root = two_sided(project, back="mini/board-bak")
    result = run_pnp("--root", str(root), "build", "mini", "--out", str(root / "out"))
    assert result.code == 2
    assert "cards/mini/board.yaml:5:1: back: template 'mini/board-bak' not found (expected " \
        "templates/mini/board-bak.yaml)" in result.err
    assert not (root / "out").exists()


@pytest.mark.slow
def test_the_ship_boards_two_sides_print_front_and_back(shared_build):
    out, manifest = shared_build("sleeping-gods")
    tiles = [f for f in manifest["faces"] if f["component"] == "ship-board"]
    fronts = [f for f in tiles if f["side"] == "front"]
    assert len(fronts) >= 2 and len(tiles) == 2 * len(fronts)
    reader = PdfReader(out / "ship-board.pdf")
    backs = {f["tile"]: f for f in tiles if f["side"] == "back"}
    assert all(backs[f["tile"]]["page"] == f["page"] + 1 for f in fronts)
    side_text = {side: " ".join(reader.pages[f["page"] - 1].extract_text() for f in tiles if f["side"] == side)
                 for side in ("front", "back")}
    assert "1-2 players" in side_text["front"] and "3-4 players" not in side_text["front"]
    assert "3-4 players" in side_text["back"] and "1-2 players" not in side_text["back"]
    last = reader.pages[-1].extract_text()
    assert "assembly map" in last and "Back, the board turned over" in last
