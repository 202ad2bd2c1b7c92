"""Write-in grids with headers: labels over the columns and before the rows come from data and follow the
grid when its box size or gap changes."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.core.errors import Problems
from pnp.layout.scene import Rect, Static, Text
from pnp.layout.templates import TemplateStore
from pnp.layout.whole_game import lay_out_deck, layout_env
from pnp.model.game import load_game
from pnp.model.units import MM

from conftest import edit

GRID = '''
  - {name: grid, type: boxes, x: 14mm, y: 30mm, count: 25, cols: 5, size: SIZE, gap: GAP,
     col_headers: "{{ data.week.days }}", row_headers: numbers}'''


def headed_grid(root: Path, size: str, gap: str) -> tuple[list, list[Text], list[Text], Problems]:
    """The mini card with a headed 5 x 5 grid: (boxes, column headers, row headers, problems)."""
    template = root / "templates/mini/front.yaml"
    if "name: grid" not in template.read_text():
        edit(template, '"{{ card.cost > 1 }}"}', '"{{ card.cost > 1 }}"}' + GRID)
        (root / "cards/mini/week.yaml").write_text("days: [Mo, Tu, We, Th, Fr]\n")
        edit(root / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {week: week.yaml}")
    text = template.read_text()
    start = text.index("name: grid")
    head, tail = text[:start], text[start:]
    tail = tail.split("size: ", 1)[0] + f"size: {size}, gap: {gap}," + tail.split("gap: ", 1)[1].split(",", 1)[1]
    template.write_text(head + tail)
    game = load_game(root, "mini")
    problems = Problems()
    entries = lay_out_deck(game.decks[0], game, TemplateStore(root), layout_env(game, problems), 3 * MM, problems)
    items = [i for item in entries[0][0].items for i in (item.items if isinstance(item, Static) else [item])]
    boxes = [i for i in items if isinstance(i, Rect) and i.w == pytest.approx(float(size[:-2]) * MM)]
    texts = [i for i in items if isinstance(i, Text) and i.runs and i.y > 20 * MM and i.runs[0].text in
             {"Mo", "Tu", "We", "Th", "Fr", "1", "2", "3", "4", "5"}]
    return boxes, [t for t in texts if t.runs[0].text.isalpha()], [t for t in texts if t.runs[0].text.isdigit()], \
        problems


def centre(item) -> tuple[float, float]:
    return item.x + item.w / 2, item.y + item.h / 2


@pytest.mark.parametrize(("size", "gap"), [("6mm", "1mm"), ("8mm", "0.5mm"), ("5mm", "2mm")])
def test_a_headed_five_by_five_grid_keeps_its_headers_on_its_columns_and_rows(project, size, gap):
    boxes, columns, rows, problems = headed_grid(project, size, gap)
    assert not problems.items, [str(p) for p in problems.items]
    assert len(boxes) == 25
    assert [t.runs[0].text for t in columns] == ["Mo", "Tu", "We", "Th", "Fr"]  # from the data table
    assert [t.runs[0].text for t in rows] == ["1", "2", "3", "4", "5"]
    top, left = min(b.y for b in boxes), min(b.x for b in boxes)
    for k, header in enumerate(columns):  # each centred over its column, just above the grid
        column = sorted((b for b in boxes if b.x == pytest.approx(left + k * (b.w + float(gap[:-2]) * MM))),
                        key=lambda b: b.y)
        assert len(column) == 5
        assert centre(header)[0] == pytest.approx(centre(column[0])[0], abs=0.01)
        run = header.runs[0]
        words = run.x + run.size * 0.3  # the printed text's middle, about: inside its column's span
        assert column[0].x - 1 < words < column[0].x + column[0].w + 1
        assert run.y < top  # the baseline above the grid
        assert top - run.y < 3 * MM
    for r, header in enumerate(rows):  # each ending just left of the grid, centred on its row
        row = [b for b in boxes if b.y == pytest.approx(top + r * (b.h + float(gap[:-2]) * MM))]
        assert len(row) == 5
        assert centre(header)[1] == pytest.approx(centre(row[0])[1], abs=0.01)
        assert header.x + header.w <= left - 1 * MM + 0.01


def test_headers_that_do_not_fit_are_located(project):
    headed_grid(project, "6mm", "1mm")
    (project / "cards/mini/week.yaml").write_text("days: [Monday-morning, Tu, We, Th, Fr]\n")
    _, _, _, problems = headed_grid(project, "6mm", "1mm")
    assert len(problems.items) == 1
    assert "col_headers[0]: 'Monday-morning' is wider than its 7.0 mm column even at 5 pt" in problems.items[0].message
    (project / "cards/mini/week.yaml").write_text("days: [Mo, Tu, We, Th, Fr, Sa]\n")
    _, _, _, problems = headed_grid(project, "6mm", "1mm")
    assert "col_headers: 6 headers for 5 columns" in problems.items[0].message
    lines = (project / "templates/mini/front.yaml").read_text().splitlines()
    assert problems.items[0].where.line == next(i for i, t in enumerate(lines, 1) if "name: grid" in t)


def test_rectangular_cells_and_headers_in_their_own_colours(project):
    """`box_height` makes boxes wider than tall; rows follow it; columns and rows take their own colours."""
    template = project / "templates/mini/front.yaml"
    headed_grid(project, "8mm", "1mm")
    edit(template, "size: 8mm, gap: 1mm,", "size: 8mm, box_height: 5mm, gap: 1mm, col_header_color: red, "
         "row_header_color: accent,")
    edit(project / "cards/mini/game.yaml", "palette: {", "palette: {red: \"#cc2222\", ")
    game = load_game(project, "mini")
    problems = Problems()
    entries = lay_out_deck(game.decks[0], game, TemplateStore(project), layout_env(game, problems), 3 * MM, problems)
    assert not problems.items, [str(p) for p in problems.items]
    items = [i for item in entries[0][0].items for i in (item.items if isinstance(item, Static) else [item])]
    boxes = [i for i in items if isinstance(i, Rect) and i.w == pytest.approx(8 * MM)]
    assert len(boxes) == 25 and all(b.h == pytest.approx(5 * MM) for b in boxes)
    assert sorted({round(b.y / MM, 3) for b in boxes}) == [30.0, 36.0, 42.0, 48.0, 54.0]  # 5 mm high, 1 mm apart
    texts = {i.runs[0].text: i for i in items if isinstance(i, Text) and i.runs and i.y > 20 * MM}
    assert texts["Mo"].runs[0].color == pytest.approx((0xcc / 255, 0x22 / 255, 0x22 / 255))
    assert texts["3"].runs[0].color == pytest.approx((0x2f / 255, 0x4f / 255, 0x9c / 255))
    assert centre(texts["3"])[1] == pytest.approx(42 * MM + 2.5 * MM, abs=0.5)  # centred on its 5 mm row
