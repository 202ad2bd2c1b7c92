"""Write-in elements for sheets: boxes (rows, grids, tracks with marked boxes) and lined fields.

A box smaller than 4 mm is refused: a pencil needs room (rule `box-size`).
"""

from __future__ import annotations

from typing import Any

from pnp.layout.fonts import Family
from pnp.layout.scene import Ellipse, Icon, Item, Line, Rect, Text, TextRun
from pnp.model.units import MM, RGB

MIN_BOX = 4 * MM


def boxes(x: float, y: float, count: int, cols: int | None, size: float, gap: float, shape: str,
          stroke: RGB | None, width: float, fill: RGB | None, labels: list[Any] | None, family: Family | None,
          marks: dict[int, str], mark_colour: RGB, crossed: int = 0) -> list[Item]:
    """The boxes, numbered 1..count left to right, top to bottom; the first `crossed` printed crossed off."""
    cols = cols or count
    items: list[Item] = []
    label_size = 6.0  # the smallest print a player reads (preflight: no text under 6 pt), even in small boxes
    for i in range(count):
        bx = x + (i % cols) * (size + gap)
        by = y + (i // cols) * (size + gap)
        radius = size / 2 if shape == "circle" else min(size * 0.12, 1.2 * MM)
        if shape == "circle":
            items.append(Ellipse(bx, by, size, size, fill, stroke, width))
        else:
            items.append(Rect(bx, by, size, size, fill, stroke, width, radius))
        icon = marks.get(i + 1)
        if icon:
            inset = size * 0.18
            items.append(Icon(icon, bx + inset, by + inset, size - 2 * inset, size - 2 * inset, mark_colour))
        if i < crossed:
            inset, ink = size * 0.2, stroke or (0.0, 0.0, 0.0)
            items.append(Line(bx + inset, by + inset, bx + size - inset, by + size - inset, ink, max(width, 1.0) * 1.6))
            items.append(Line(bx + size - inset, by + inset, bx + inset, by + size - inset, ink, max(width, 1.0) * 1.6))
        if labels is not None and i < len(labels) and family is not None and labels[i] not in (None, ""):
            # clear of the stroke and of the rounded corner's curve (0.3 of the radius in from each side)
            inset = max(size * 0.08, 0.3 * radius + width + 0.8)
            run = TextRun(bx + inset, by + inset + 0.72 * label_size, family.face("regular").name, label_size,
                          (0.35, 0.35, 0.35), str(labels[i]))
            items.append(Text(bx, by, size, size, [run], label_size, 1))
    return items


def span(count: int, cols: int | None, size: float, gap: float) -> tuple[float, float]:
    """Width and height the boxes take."""
    cols = min(cols or count, count)
    rows = -(-count // cols)
    return cols * size + (cols - 1) * gap, rows * size + (rows - 1) * gap


def lines(x: float, y: float, w: float, h: float, spacing: float, stroke: RGB, width: float) -> list[Item]:
    out: list[Item] = []
    ly = y + spacing
    while ly <= y + h + 0.01:
        out.append(Line(x, ly, x + w, ly, stroke, width))
        ly += spacing
    return out
