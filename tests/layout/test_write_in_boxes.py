"""Write-in boxes (`type: boxes`): boxes with a gap are each outlined, and abutting boxes share one line per edge."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.core.errors import Problems
from pnp.layout.scene import Line, Rect, Static
from pnp.layout.templates import TemplateStore
from pnp.layout.whole_game import lay_out_deck, layout_env
from pnp.model.game import load_game
from pnp.model.units import MM

from conftest import edit

FRONT = "templates/mini/front.yaml"
GEM = '"{{ card.cost > 1 }}"}'


def front_items(root: Path) -> tuple[list, Problems]:
    """The first mini card's front, flattened, and the layout's problems."""
    game = load_game(root, "mini")
    problems = Problems()
    entries = lay_out_deck(game.decks[0], game, TemplateStore(root), layout_env(game, problems), 3 * MM, problems)
    return [i for item in entries[0][0].items for i in (item.items if isinstance(item, Static) else [item])], problems


def grid(root: Path, gap: str, count: int = 5, cols: int = 3) -> tuple[list[Rect], list[Line]]:
    edit(root / FRONT, GEM, GEM + f"\n  - {{type: boxes, x: 10mm, y: 30mm, count: {count}, cols: {cols}, size: 6mm, "
                                  f"gap: {gap}, stroke: ink, stroke_width: 0.8pt, fill: paper}}")
    items, problems = front_items(root)
    assert not problems.items, [str(p) for p in problems.items]
    cells = [i for i in items if isinstance(i, Rect) and i.w == pytest.approx(6 * MM)]
    lines = [i for i in items if isinstance(i, Line) and min(i.y1, i.y2) > 29 * MM and max(i.x1, i.x2) < 29 * MM]
    return cells, lines


def test_boxes_with_a_gap_are_each_outlined(project):
    cells, lines = grid(project, "1mm")
    assert len(cells) == 5 and all(c.stroke is not None and c.radius > 0 for c in cells) and lines == []


def test_abutting_boxes_share_one_line_per_edge(project):
    """Five cells in rows of three (a short last row): three lines across, four down, each edge drawn once."""
    cells, lines = grid(project, "0mm")
    assert len(cells) == 5 and all(c.stroke is None and c.radius == 0 for c in cells)  # their fill only
    across = sorted((round(ln.y1 / MM, 2), round(ln.x1 / MM, 2), round(ln.x2 / MM, 2)) for ln in lines
                    if ln.y1 == ln.y2)
    down = sorted((round(ln.x1 / MM, 2), round(ln.y1 / MM, 2), round(ln.y2 / MM, 2)) for ln in lines if ln.x1 == ln.x2)
    half = round(0.8 / 72 * 25.4 / 2, 2)  # each line runs half the stroke past its ends: closed corners
    assert across == [(30, 10 - half, 28 + half), (36, 10 - half, 28 + half), (42, 10 - half, 22 + half)]
    assert down == [(10, 30 - half, 42 + half), (16, 30 - half, 42 + half), (22, 30 - half, 42 + half),
                    (28, 30 - half, 36 + half)]
    segments = [(a, b) for _, a, b in across]
    assert len(set(across)) == len(across) and all(b > a for a, b in segments)
