"""Write-in elements for sheets: boxes (rows, grids, tracks with marked boxes) and lined fields.

A box smaller than 4 mm is refused: a pencil needs room (rule `box-size`).
"""

from __future__ import annotations

from typing import Any

from pnp.layout.fonts.families import Family
from pnp.layout.scene import Ellipse, Icon, Item, Line, Rect, Text, TextRun
from pnp.model.units import MM, RGB

MIN_BOX = 4 * MM


def boxes(x: float, y: float, count: int, cols: int | None, size: float, gap: float, shape: str,
          stroke: RGB | None, width: float, fill: RGB | None, labels: list[Any] | None, family: Family | None,
          marks: dict[int, str], mark_colour: RGB, crossed: int = 0, height: float | None = None) -> list[Item]:
    """The boxes, numbered 1..count left to right, top to bottom; the first `crossed` printed crossed off.
    Each is `size` wide and `height` high (default: square); a circle in a box that is not square is an ellipse."""
    cols = cols or count
    bw, bh = size, height or size
    small = min(bw, bh)
    items: list[Item] = []
    label_size = 6.0  # the smallest print a player reads (preflight: no text under 6 pt), even in small boxes
    shared = gap <= 0 and shape != "circle"  # abutting squares: one line between two cells, square corners
    for i in range(count):
        bx = x + (i % cols) * (bw + gap)
        by = y + (i // cols) * (bh + gap)
        radius = 0.0 if shared else small / 2 if shape == "circle" else min(small * 0.12, 1.2 * MM)
        if shape == "circle":
            items.append(Ellipse(bx, by, bw, bh, fill, stroke, width))
        elif not shared:
            items.append(Rect(bx, by, bw, bh, fill, stroke, width, radius))
        elif fill is not None:
            items.append(Rect(bx, by, bw, bh, fill, None, 0.0, 0.0))
        icon = marks.get(i + 1)
        if icon:
            inset = small * 0.18
            items.append(Icon(icon, bx + (bw - small) / 2 + inset, by + (bh - small) / 2 + inset, small - 2 * inset,
                              small - 2 * inset, mark_colour))
        if i < crossed:
            inset, ink = small * 0.2, stroke or (0.0, 0.0, 0.0)
            items.append(Line(bx + inset, by + inset, bx + bw - inset, by + bh - inset, ink, max(width, 1.0) * 1.6))
            items.append(Line(bx + bw - inset, by + inset, bx + inset, by + bh - inset, ink, max(width, 1.0) * 1.6))
        if labels is not None and i < len(labels) and family is not None and labels[i] not in (None, ""):
            # clear of the stroke and of the rounded corner's curve (0.3 of the radius in from each side)
            inset = max(small * 0.08, 0.3 * radius + width + 0.8)
            run = TextRun(bx + inset, by + inset + 0.72 * label_size, family.face("regular").name, label_size,
                          (0.35, 0.35, 0.35), str(labels[i]))
            items.append(Text(bx, by, bw, bh, [run], label_size, 1))
    if shared and stroke is not None and width > 0:
        items.extend(edges(x, y, count, cols, bw, bh, stroke, width))
    return items


def edges(x: float, y: float, count: int, cols: int, bw: float, bh: float, stroke: RGB, width: float) -> list[Item]:
    """The lines of a grid of abutting cells (`gap: 0`): each edge once, a run of edges along one row or column
    one line (drawn half the stroke past its ends, so that corners close)."""
    rows = -(-count // cols)

    def cell(r: int, c: int) -> bool:
        return r >= 0 and 0 <= c < cols and r * cols + c < count

    out: list[Item] = []
    half = width / 2
    for r in range(rows + 1):  # the line above row r: where a cell is above it or below it
        out += [Line(x + a * bw - half, y + r * bh, x + b * bw + half, y + r * bh, stroke, width)
                for a, b in _runs([cell(r - 1, c) or cell(r, c) for c in range(cols)])]
    for c in range(cols + 1):  # the line left of column c
        out += [Line(x + c * bw, y + a * bh - half, x + c * bw, y + b * bh + half, stroke, width)
                for a, b in _runs([cell(r, c - 1) or cell(r, c) for r in range(rows)])]
    return out


def _runs(flags: list[bool]) -> list[tuple[int, int]]:
    """The (start, end) of each run of True in `flags`."""
    out: list[tuple[int, int]] = []
    start = None
    for i, f in enumerate([*flags, False]):
        if f and start is None:
            start = i
        elif not f and start is not None:
            out.append((start, i))
            start = None
    return out


def span(count: int, cols: int | None, size: float, gap: float, height: float | None = None) -> tuple[float, float]:
    """Width and height the boxes take (each `size` wide, `height` high: default square)."""
    cols = min(cols or count, count)
    rows = -(-count // cols)
    return cols * size + (cols - 1) * gap, rows * (height or size) + (rows - 1) * gap


def lines(x: float, y: float, w: float, h: float, spacing: float, stroke: RGB, width: float) -> list[Item]:
    out: list[Item] = []
    ly = y + spacing
    while ly <= y + h + 0.01:
        out.append(Line(x, ly, x + w, ly, stroke, width))
        ly += spacing
    return out
