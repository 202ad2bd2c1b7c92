"""A board tiled across a hex (or square) grid is cut along the cells' edges: no cell is split between two
tiles, every glue tab follows its seam, no spot lies under more than two sheets, and each tile still fits its
page; where that cannot be done, or where `seams: avoid:` changed the tiles, the plan says why."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader
from shapely.geometry import Point, Polygon

from pnp.layout.elements.grid import geometry
from pnp.layout.scene import GridCells
from pnp.model.units import MM
from pnp.output.tiling.seams import plan_seams
from pnp.output.tiling.stepped import plan_on_grid

from conftest import run_pnp
from grid_map import add_map

A4_ROOM = (191 * MM + 6 * MM, 270 * MM + 6 * MM)  # a tile's art on A4 (trim and 3 mm bleed)
BLEED, TAB = 3 * MM, 7 * MM


def grid(shape, orient, rows, cols, size, at=(5 * MM, 5 * MM), offset="odd") -> GridCells:
    laid = geometry(shape, orient, rows, cols, size, offset)
    return GridCells(shape, tuple((r, c, tuple((x + at[0], y + at[1]) for x, y in corners))
                                  for r, c, _, _, corners in laid))


CASES = [("hex", "flat", 17, 26, 20 * MM, (420 * MM, 330 * MM)),
         ("hex", "pointy", 20, 23, 20 * MM, (420 * MM, 330 * MM)),
         ("hex", "flat", 30, 20, 15 * MM, (240 * MM, 420 * MM)),
         ("square", "flat", 15, 20, 20 * MM, (410 * MM, 310 * MM))]


@pytest.mark.parametrize("shape, orient, rows, cols, size, board", CASES)
def test_no_cell_is_split_and_no_spot_is_under_more_than_two_sheets(shape, orient, rows, cols, size, board):
    field = grid(shape, orient, rows, cols, size)
    plan = plan_on_grid(board, BLEED, A4_ROOM, TAB, [], (field,))
    assert plan.stepped and len(plan.tiles) > 1 and plan.said == ()
    pieces = [Polygon(t.outline.piece) for t in plan.tiles]
    for r, c, corners in field.cells:
        cell = Polygon(corners)
        shares = sorted(p.intersection(cell).area / cell.area for p in pieces)
        assert shares[-1] == pytest.approx(1.0, abs=1e-3) and shares[-2] < 1e-3, (r, c)  # in one piece, whole
    assert sum(p.area for p in pieces) == pytest.approx(board[0] * board[1], rel=1e-4)  # the pieces cover the board
    sheets = [Polygon(ring) for t in plan.tiles for ring in (t.outline.piece, t.outline.right_tab,
                                                              t.outline.bottom_tab) if ring]
    for i in range(1, 60):
        for j in range(1, 60):
            spot = Point(board[0] * i / 60 + 0.3, board[1] * j / 60 + 0.3)
            assert 1 <= sum(s.covers(spot) for s in sheets) <= 2, (spot.x / MM, spot.y / MM)
    for t in plan.tiles:
        x, y, w, h = t.box
        assert w + 2 * BLEED <= A4_ROOM[0] + 0.01 and h + 2 * BLEED <= A4_ROOM[1] + 0.01  # each tile fits its page
        if t.outline.right_tab:  # the tab runs along the seam, as wide as the tab
            tab = Polygon(t.outline.right_tab)
            assert tab.area == pytest.approx(TAB * (tab.bounds[3] - tab.bounds[1]), rel=0.15)


def test_a_seam_that_must_split_hexes_says_why():
    field = grid("hex", "flat", 2, 3, 190 * MM)  # hexes wider than a tile's room
    plan = plan_on_grid((560 * MM, 340 * MM), BLEED, A4_ROOM, TAB, [], (field,))
    assert plan.said[0].startswith("the seams across the board split cells of its grid: a cell is 190 mm across")
    assert any("split cells of its grid" in why and "more than a tile holds" in why for why in plan.said)


def test_a_grid_beside_the_seams_needs_no_step():
    field = grid("hex", "flat", 3, 3, 20 * MM)  # a small grid in a corner: straight seams pass it by
    plan = plan_on_grid((420 * MM, 250 * MM), BLEED, A4_ROOM, TAB, [], (field,))
    assert not plan.stepped and plan.said == () and plan.cols == 3
    hexes_end = max(x for *_, corners in field.cells for x, _ in corners)
    assert plan.xs[1] >= hexes_end


def test_what_avoid_changed_is_said_with_the_reason():
    board = (360 * MM, 100 * MM)
    free = plan_seams(board, BLEED, A4_ROOM, TAB, [])
    assert free.cols == 2 and free.said == ()
    plan = plan_seams(board, BLEED, A4_ROOM, TAB, [(150 * MM, 0.0, 60 * MM, 100 * MM)])
    assert plan.cols == 3 and plan.crossed == []
    assert plan.said == (f"3 tiles across, one more than the board's size needs (2): with 2, every seam would cut "
                         f"what `seams: avoid:` names; the seams run at {plan.xs[1] / MM:.0f}, {plan.xs[2] / MM:.0f} "
                         "mm, in its gutters",)
    moved = plan_seams(board, BLEED, A4_ROOM, TAB, [(170 * MM, 0.0, 20 * MM, 100 * MM)])
    assert moved.cols == 2 and moved.xs[1] != free.xs[1] and moved.crossed == []
    assert moved.said == (f"the seams across moved from {free.xs[1] / MM:.0f} mm (equal tiles) into the gutters of "
                          "what `seams: avoid:` names",)


def test_a_hex_map_larger_than_the_paper_builds_in_tiles_cut_along_the_hexes(project):
    add_map(project, rows=17, cols=26)
    template = project / "templates/mini/map.yaml"
    template.write_text(template.read_text().replace("width: 180mm, height: 150mm", "width: 420mm, height: 330mm")
                        .replace("x: 10mm", "x: 5mm").replace("y: 12mm", "y: 5mm"))
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 0, result.err
    assert "through its grid they follow the cells' edges" in result.out
    assert "lies over the face's trimmed area" not in result.out + result.err  # the cut line is meant to be there
    manifest = json.loads((project / "output/mini/manifest.json").read_text())
    tiles = [f["tile"] for f in manifest["faces"] if "tile" in f]
    assert tiles == ["A1", "A2", "B1", "B2"]
    reader = PdfReader(project / "output/mini/map.pdf")
    assert len(reader.pages) == 5 and "Cut out each tile along its outline" in reader.pages[4].extract_text()


def test_avoiding_the_hexes_themselves_keeps_the_stepped_seams_and_says_no_crossing():
    field = grid("hex", "pointy", 20, 23, 20 * MM)
    boxes = []
    for *_, corners in field.cells:
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        boxes.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)))
    plan = plan_on_grid((420 * MM, 330 * MM), BLEED, A4_ROOM, TAB, boxes, (field,))
    assert plan.stepped and plan.crossed == []
    legend = (300 * MM, 0.0, 30 * MM, 330 * MM)  # a box outside the grid that every seam across would have to cut
    beside = plan_on_grid((460 * MM, 330 * MM), BLEED, A4_ROOM, TAB, [legend],
                          (grid("hex", "flat", 17, 19, 20 * MM),))
    assert all(not (300 * MM < x < 330 * MM) for x in beside.xs)
