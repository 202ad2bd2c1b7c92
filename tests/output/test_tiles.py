"""Boards that assemble flat: tiles that abut along their seams, narrow glue tabs, two sheets at most
anywhere, seams in the gutters a board declares, marks that show on any art, and an assembly map."""

from __future__ import annotations

import itertools
import json

import pytest
from pypdf import PdfReader

from pnp.layout.scene import Face, Label, Line, Rect
from pnp.model.schema.fields import PAPERS
from pnp.output.tiling.seams import layers, plan_seams
from pnp.output.tiling.tiles import BAND, area, impose_board

from conftest import REPO, copy_of, edit, run_pnp
from pdfcheck import MM

PAPER_NAMES = ["A4", "letter", "A3", "tabloid"]
BOARDS = [(250, 300), (380, 250), (528, 444), (1100, 700)]
TAB, BLEED, MARGIN = 7 * MM, 3 * MM, 5 * MM


def probes(cuts: list[float], length: float) -> list[float]:
    """Points along an axis where layers change: either side of each seam and of each tab's edge."""
    out = {length / 3, length / 2}
    for c in cuts:
        for d in (-1.0, 0.5, 3.0, 6.5, 7.5, 12.0):
            if 0 < c + d * MM < length:
                out.add(c + d * MM)
    return sorted(out)


@pytest.mark.parametrize("paper", PAPER_NAMES)
@pytest.mark.parametrize("size", BOARDS)
def test_tiles_abut_fit_the_paper_and_never_stack_more_than_two_sheets(paper, size):
    w, h = size[0] * MM, size[1] * MM
    room = area(PAPERS[paper], MARGIN, BLEED)
    plan = plan_seams((w, h), BLEED, room, TAB, [])
    assert plan.xs[0] == 0 and plan.xs[-1] == pytest.approx(w) and plan.ys[-1] == pytest.approx(h)
    assert plan.xs == sorted(plan.xs) and plan.ys == sorted(plan.ys)
    assert len(plan.tiles) == plan.rows * plan.cols
    # the pieces tile the board exactly: they abut, no overlap, no gap
    assert sum(t.piece[2] * t.piece[3] for t in plan.tiles) == pytest.approx(w * h)
    for t in plan.tiles:
        bx, by, bw, bh = t.box
        assert bw + 2 * BLEED <= room[0] + 1e-6 and bh + 2 * BLEED <= room[1] + 1e-6  # art and bleed fit
        assert (t.right_tab is None) == (t.col == plan.cols - 1) and (t.bottom_tab is None) == (t.row == plan.rows - 1)
        for tab in (t.right_tab, t.bottom_tab):
            assert tab is None or min(tab[2], tab[3]) == pytest.approx(TAB)  # narrow: the tab's width
    for x, y in itertools.product(probes(plan.xs, w), probes(plan.ys, h)):
        assert 1 <= layers(plan, x, y) <= 2, (x / MM, y / MM)
    if plan.rows > 1 and plan.cols > 1:  # where four tiles meet the corners are notched, or it would be four
        assert max(len(t.notches) for t in plan.tiles) >= 1


def test_seams_run_in_the_gutters_between_the_boxes_a_board_keeps_whole():
    squares = [((12 + 78 * c) * MM, (26 + 78 * r) * MM, 70 * MM, 70 * MM) for r in range(3) for c in range(3)]
    plan = plan_seams((250 * MM, 300 * MM), BLEED, area(PAPERS["A4"], MARGIN, BLEED), TAB, squares)
    assert plan.crossed == []
    gutters = [(82, 90), (160, 168)]
    for s in plan.xs[1:-1]:
        assert any(lo < s / MM < hi for lo, hi in gutters)
        assert any(s / MM == pytest.approx((lo + hi) / 2, abs=0.01) for lo, hi in gutters)  # in the middle
    for s in plan.ys[1:-1]:
        assert any(lo < s / MM < hi for lo, hi in [(96, 104), (174, 182)])
    # without the boxes, the same board is cut in equal halves, through the squares
    free = plan_seams((250 * MM, 300 * MM), BLEED, area(PAPERS["A4"], MARGIN, BLEED), TAB, [])
    assert any(12 < s / MM < 82 or 90 < s / MM < 160 or 168 < s / MM < 238 for s in free.xs[1:-1])


def test_a_box_no_seam_can_avoid_is_reported_not_hidden():
    wide = [(0.0, 50 * MM, 600 * MM, 20 * MM), (10 * MM, 0.0, 580 * MM, 40 * MM)]  # spans every vertical seam
    plan = plan_seams((600 * MM, 100 * MM), BLEED, area(PAPERS["A4"], MARGIN, BLEED), TAB, wide)
    assert plan.cols > 1 and plan.crossed == [0, 1]


def board_face() -> Face:
    return Face(250 * MM, 300 * MM, BLEED, [Rect(-BLEED, -BLEED, 256 * MM, 306 * MM, (0.05, 0.08, 0.16), None, 0)])


@pytest.mark.parametrize("paper", ["A4", "letter"])
def test_marks_show_on_dark_art_and_stay_out_of_the_label_band(paper):
    pages, plan = impose_board(board_face(), None, {"component": "b", "id": "b", "copy": 1}, "Board", PAPERS[paper],
                               MARGIN, True, "long", [], TAB)
    pw, ph = PAPERS[paper]
    tiles = [p for p in pages if p.side == "front"]
    assert len(tiles) == len(plan.tiles) >= 2 and pages[-1].side == "map"
    for page in tiles:
        lines = [i for i in page.extras if isinstance(i, Line)]
        dark = [ln for ln in lines if sum(ln.stroke) < 1.5]
        assert dark, "corner marks and notch hatching"
        for ln in dark:  # every dark line has white under it: a wider white twin, or a white notch
            twin = any(o.stroke == (1, 1, 1) and o.width > ln.width and (o.x1, o.y1, o.x2, o.y2) ==
                       (ln.x1, ln.y1, ln.x2, ln.y2) for o in lines)
            notch = any(isinstance(r, Rect) and r.fill == (1, 1, 1) and r.x <= min(ln.x1, ln.x2) + 0.01
                        and max(ln.x1, ln.x2) <= r.x + r.w + 0.01 and r.y <= min(ln.y1, ln.y2) + 0.01
                        and max(ln.y1, ln.y2) <= r.y + r.h + 0.01 for r in page.extras)
            assert twin or notch
        band = ph - MARGIN - BAND
        assert max(max(ln.y1, ln.y2) for ln in lines) <= band + 0.01
        assert page.placements[0].clip[1] + page.placements[0].clip[3] <= band
        labels = [i for i in page.extras if isinstance(i, Label)]
        cx, cy, cw, ch = page.placements[0].clip
        on_tabs = [lb for lb in labels if cx < lb.x < cx + cw and cy < lb.y < cy + ch]  # names the next tile
        assert {lb.text for lb in on_tabs} <= {t.label for t in plan.tiles}
        assert all(band < lb.y <= ph - MARGIN for lb in labels if lb not in on_tabs)
        assert all(lb.size >= 6 for lb in labels)
        trim, bleed = page.boxes
        assert trim[0] - bleed[0] == pytest.approx(BLEED) and bleed[2] - trim[2] == pytest.approx(2 * BLEED)


@pytest.mark.slow
def test_voyage_board_tiles_abut_in_the_gutters_and_carry_their_page_boxes(shared_build):
    out, manifest = shared_build("voyage")  # on A4, Voyage's own paper (the build other tests share)
    tiles = {f["tile"]: f for f in manifest["faces"] if f["component"] == "ship-board"}
    assert sorted(tiles) == ["A1", "A2"]  # 250 x 300 mm: two A4 tiles turned a quarter (four as drawn)
    assert {f["turned"] for f in tiles.values()} == {90}
    pieces = sorted((f["region_mm"] for f in tiles.values()), key=lambda r: r[1])  # as drawn: top, then bottom
    assert sum(w * h for _, _, w, h in pieces) == pytest.approx(250 * 300)
    top, bottom = pieces
    assert top[:3] == [0, 0, 250] and bottom[0] == 0 and bottom[2] == 250
    seam = top[3]
    assert bottom[1] == pytest.approx(seam)  # they abut
    assert 175 < seam < 178.5  # between the room squares and their corner badges
    reader = PdfReader(out / "ship-board.pdf")
    for tile in tiles.values():
        page = reader.pages[tile["page"] - 1]
        x, y, w, h = tile["trim_mm"]
        height = float(page.mediabox.height)
        assert [round(float(v) / MM, 2) for v in page.trimbox] == pytest.approx(
            [x, (height / MM) - y - h, x + w, height / MM - y], abs=0.01)
        assert float(page.bleedbox.width) == pytest.approx(float(page.trimbox.width) + 6 * MM, abs=0.01)
    assert "/TrimBox" not in reader.pages[-1]  # the map holds no face to trim
    rows = {(p["file"], p["page"]): p for p in manifest["pages"]}
    for tile in tiles.values():  # the corner marks are in the manifest: two at each corner of the trim, outside it
        x, y, w, h = tile["trim_mm"]
        marks = rows[("ship-board.pdf", tile["page"])]["cut_marks_mm"]
        assert len(marks) == 8
        for x1, y1, x2, y2 in marks:
            assert (x1 == x2 and x1 in (pytest.approx(x, abs=0.01), pytest.approx(x + w, abs=0.01))) or \
                (y1 == y2 and y1 in (pytest.approx(y, abs=0.01), pytest.approx(y + h, abs=0.01)))
            assert not (x < (x1 + x2) / 2 < x + w and y < (y1 + y2) / 2 < y + h)  # never over the trimmed board


@pytest.mark.slow
def test_a_seam_that_must_cross_a_kept_box_is_said(tmp_path):
    root = copy_of(tmp_path, "voyage")  # its cards, templates and the fonts: not the whole repository
    edit(root / "cards/voyage/ship-board.yaml", "tasks-title, task]}", "tasks-title, task, [100mm, 0mm, 10mm, 300mm]]}")
    result = run_pnp("--root", str(root), "build", "voyage", "--out", str(tmp_path / "out"))
    assert result.code == 0
    assert "ship-board: a seam crosses the box at 100, 0 mm (10 x 300 mm)" in result.out


def test_an_unknown_element_to_avoid_is_a_located_error(project):
    board = project / "cards/mini/board.yaml"
    board.write_text("id: board\nname: Board\nkind: board\ntemplate: mini/board\nseams: {avoid: [roomz]}\n"
                     "cards:\n  - {id: board}\n")
    (project / "templates/mini/board.yaml").write_text(
        "size: {width: 400mm, height: 250mm}\nelements:\n  - {name: room, type: rect, x: 10mm, y: 10mm, "
        "w: 100mm, h: 100mm, fill: '#223344'}\n")
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, board.yaml]")
    result = run_pnp("--root", str(project), "build", "mini", "--out", str(project / "out"))
    assert result.code == 2, result.out + result.err
    assert "cards/mini/board.yaml:5:" in result.err and "no element named 'roomz'" in result.err
    assert "named elements: room" in result.err


def test_the_documented_board_prints_both_sides_with_its_seams_between_the_rooms(project):
    from docs_run import blocks

    doc = (REPO / "docs/format.md").read_text()
    written = []
    for block in blocks(doc):
        first, _, body = block.body.partition("\n")
        if first.strip() in ("# cards/mini/board.yaml", "# templates/mini/board.yaml",
                             "# templates/mini/board-back.yaml"):
            (project / first.strip()[2:]).write_text(body)
            written.append(first)
    assert len(written) == 3
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, board.yaml]")
    result = run_pnp("--root", str(project), "build", "mini", "--out", str(project / "out"))
    assert result.code == 0, result.err
    faces = [f for f in json.loads((project / "out/manifest.json").read_text())["faces"] if f["component"] == "board"]
    fronts = [f for f in faces if f["side"] == "front"]
    assert len(fronts) > 1 and len(faces) == 2 * len(fronts)  # a back behind every tile
    rooms = [(10 + i * 81, 86 + i * 81) for i in range(5)]
    seams = {f["region_mm"][0] for f in fronts} - {0.0}
    assert seams and all(not lo < s < hi for s in seams for lo, hi in rooms)
    assert all(any(hi < s < hi + 5 for _, hi in rooms) for s in seams)  # in a gutter
