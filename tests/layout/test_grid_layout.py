"""The `grid` element: a hex or square grid whose elements are drawn once per cell, each reading `cell` (its
row, column, centre, corners, neighbours and its row of a data table); a data row naming a cell outside the grid
is an error at its line."""

from __future__ import annotations

import math

import pytest

from pnp.core.errors import Problems
from pnp.layout.elements.grid import geometry, neighbours
from pnp.layout.scene import Polygon, Static, Text
from pnp.layout.templates import TemplateStore
from pnp.layout.whole_game import lay_out_deck, layout_env
from pnp.model.game import load_game
from pnp.model.units import MM

from conftest import run_pnp
from grid_map import TERRAIN, add_map


def laid_out(root):
    game = load_game(root, "mini")
    problems = Problems()
    deck = next(d for d in game.decks if d.id == "map")
    entries = lay_out_deck(deck, game, TemplateStore(root), layout_env(game, problems), 3 * MM, problems)
    face = entries[0][0]
    items = [i for item in face.items for i in (item.items if isinstance(item, Static) else [item])]
    return face, items, problems


def _shared(a, b) -> int:
    return sum(1 for p in a for q in b if math.dist(p, q) < 1e-6)


@pytest.mark.parametrize("shape, orient, offset", [("hex", "flat", "odd"), ("hex", "flat", "even"),
                                                   ("hex", "pointy", "odd"), ("hex", "pointy", "even"),
                                                   ("square", "flat", "odd")])
def test_neighbours_are_the_cells_that_share_a_side(shape, orient, offset):
    rows, cols = 5, 6
    laid = {(r, c): corners for r, c, _, _, corners in geometry(shape, orient, rows, cols, 20 * MM, offset)}
    for (r, c), corners in laid.items():
        said = sorted(tuple(n) for n in neighbours(shape, orient, r, c, rows, cols, offset))
        sharing = sorted(k for k, other in laid.items() if k != (r, c) and _shared(corners, other) == 2)
        assert said == sharing, (r, c)
    inner = (3, 3)
    assert len(neighbours(shape, orient, *inner, rows, cols, offset)) == (4 if shape == "square" else 6)


def test_a_hex_is_size_across_its_corners_and_offset_says_which_line_sits_half_on():
    flat = geometry("hex", "flat", 2, 2, 20 * MM, "odd")
    xs = [x for x, _ in flat[0][4]]
    assert max(xs) - min(xs) == pytest.approx(20 * MM)
    by = {(r, c): cy for r, c, _, cy, _ in flat}
    assert by[(1, 1)] - by[(1, 2)] == pytest.approx(20 * MM * math.sqrt(3) / 4)  # column 1 (odd) is lower
    even = {(r, c): cy for r, c, _, cy, _ in geometry("hex", "flat", 2, 2, 20 * MM, "even")}
    assert even[(1, 2)] - even[(1, 1)] == pytest.approx(20 * MM * math.sqrt(3) / 4)
    pointy = geometry("hex", "pointy", 2, 2, 20 * MM, "odd")
    ys = [y for _, y in pointy[0][4]]
    assert max(ys) - min(ys) == pytest.approx(20 * MM)
    cx = {(r, c): x for r, c, x, _, _ in pointy}
    assert cx[(1, 1)] - cx[(2, 1)] == pytest.approx(20 * MM * math.sqrt(3) / 4)  # row 1 (odd) sits to the right


def test_each_cell_draws_its_elements_reading_its_row_of_the_data_table(project):
    add_map(project)
    face, items, problems = laid_out(project)
    assert problems.errors == []
    hexes = [i for i in items if isinstance(i, Polygon)]
    assert len(hexes) == 4 * 5
    fills = {tuple(round(v, 3) for v in h.fill) for h in hexes}
    assert len(fills) == 3  # forest, water and the defaults' plain
    labels = {r.text for t in items if isinstance(t, Text) for r in t.runs}
    assert {"0101", "0302", "0504"} <= labels
    water = [h for h in hexes if h.fill == pytest.approx((0x6f / 255, 0xa8 / 255, 0xdc / 255))]
    assert len(water) == 1
    centre = (sum(x for x, _ in water[0].points) / 6, sum(y for _, y in water[0].points) / 6)
    r = 10 * MM  # row 2, column 3 (odd: half a hex down), from the grid's corner at 10 mm, 12 mm
    assert centre == pytest.approx((10 * MM + r + 2 * 1.5 * r, 12 * MM + math.sqrt(3) * r * 2), abs=0.01)
    assert len(face.grids) == 1 and len(face.grids[0].cells) == 20


def test_a_mapping_keyed_row_comma_col_is_a_grid_s_data_too(project):
    add_map(project, shape="square", terrain='"1,1": {terrain: water}\n"4, 5": {terrain: forest}\n')
    _, items, problems = laid_out(project)
    assert problems.errors == []
    fills = [h.fill for h in items if isinstance(h, Polygon)]
    assert fills.count(pytest.approx((0x6f / 255, 0xa8 / 255, 0xdc / 255))) == 1
    assert len(fills) == 20 and all(len(h.points) == 4 for h in items if isinstance(h, Polygon))


def test_a_data_row_outside_the_grid_is_an_error_at_its_line(project):
    add_map(project, terrain=TERRAIN + "- {row: 9, col: 2, terrain: water}\n- {col: 2}\n")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2, result.out
    assert "cards/mini/terrain.yaml:4:3:" in result.err
    assert "row 9, col 2, outside the grid (templates/mini/map.yaml:4)" in result.err
    assert "the grid has 4 rows and 5 columns" in result.err
    assert "cards/mini/terrain.yaml:5:3:" in result.err and "`row` and `col`" in result.err
    assert "Traceback" not in result.err


def test_a_grid_is_bounded_and_its_settings_checked(project):
    add_map(project, rows=100, cols=100)
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2 and "10,000 cells; a grid has at most 5,000 cells" in result.err
    add_map(project, orient="sideways")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2 and "templates/mini/map.yaml:7:5:" in result.err and "'sideways'" in result.err


def test_a_grid_in_a_group_is_placed_from_the_group_and_as_names_the_cell(project):
    add_map(project, shape="square", rows=3, cols=3, size="10mm")
    template = project / "templates/mini/map.yaml"
    text = template.read_text().replace("  - name: hexes\n", "  - type: group\n    x: 20mm\n    y: 30mm\n"
                                        "    elements:\n    - name: hexes\n")
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("    - name: hexes"))
    lines[start + 1:] = ["  " + line for line in lines[start + 1:]]
    text = "\n".join(lines) + "\n"
    text = text.replace("    defaults: {terrain: plain}\n", "    defaults: {terrain: plain}\n      as: square\n"
                        "      let: {edge: \"{{ square.neighbours | length < 4 }}\"}\n")
    text = text.replace("text: \"{{ '%02d%02d' % (cell.col, cell.row) }}\"", "text: \"{{ 'E' if edge else 'I' }}\"")
    template.write_text(text)
    face, items, problems = laid_out(project)
    assert problems.errors == []
    (grid,) = face.grids
    top_left = min(p for *_, corners in grid.cells for p in corners)
    assert top_left == pytest.approx(((20 + 10) * MM, (30 + 12) * MM))  # the group's origin, then the grid's
    marks = [r.text for t in items if isinstance(t, Text) for r in t.runs]
    assert sorted(marks) == ["E"] * 8 + ["I"]  # a 3 x 3 grid: all but the middle square at its edge
