"""The marks of a tile cut along stepped seams: its cut outline drawn as a line (black over white, a cut
along hex edges has no corners to mark outside the art), and on each glue tab arrows whose tips touch the
seam where the neighbour's edge goes, and the neighbour's label."""

from __future__ import annotations

from typing import Any

from pnp.layout.scene import Label, Polygon, Rect
from pnp.model.units import MM
from pnp.output.impose.cards import halo_line
from pnp.output.tiling.seams import TilePlan

BLACK, WHITE = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)

Point = tuple[float, float]


def outline_marks(tile: TilePlan, tab: float, labels: tuple[str, str], ox: float, oy: float, marks: bool) -> list[Any]:
    """Page items for a stepped tile placed with the board's origin at (ox, oy); `labels`: the neighbours' on its
    right and lower tabs."""
    outline = tile.outline
    out: list[Any] = []
    if marks:
        ring = [(x + ox, y + oy) for x, y in outline.cut]
        for (x1, y1), (x2, y2) in zip(ring, [*ring[1:], ring[0]], strict=True):
            out.extend(halo_line(x1, y1, x2, y2, 0.4))
    for seam, axis, label in ((outline.right_seam, 1, labels[0]), (outline.bottom_seam, 0, labels[1])):
        if len(seam) >= 2:
            out.extend(_arrows([(x + ox, y + oy) for x, y in seam], axis, tab, label))
    return out


def _at(seam: list[Point], axis: int, v: float) -> Point:
    """The seam's point where its coordinate along `axis` (1: y, for a vertical seam) is v."""
    other = 1 - axis
    for a, b in zip(seam, seam[1:], strict=False):
        lo, hi = sorted((a[axis], b[axis]))
        if lo <= v <= hi and hi > lo:
            t = (v - a[axis]) / (b[axis] - a[axis])
            p = [0.0, 0.0]
            p[axis], p[other] = v, a[other] + t * (b[other] - a[other])
            return p[0], p[1]
    return seam[-1]


def _arrows(seam: list[Point], axis: int, tab: float, neighbour: str) -> list[Any]:
    """Arrows pointing back at the seam from inside the tab, and the neighbour's label in the tab's middle."""
    lo, hi = min(p[axis] for p in seam), max(p[axis] for p in seam)
    size = min(3 * MM, tab * 0.45)
    out: list[Any] = []
    for f in (0.15, 0.85) if hi - lo < 60 * MM else (0.1, 0.35, 0.65, 0.9):
        x, y = _at(seam, axis, lo + (hi - lo) * f)
        if axis == 1:  # a vertical seam: the tab lies to its right
            pts = [(x, y), (x + size, y - size / 2), (x + size, y + size / 2)]
        else:
            pts = [(x, y), (x - size / 2, y + size), (x + size / 2, y + size)]
        out.append(Polygon(pts, WHITE, BLACK, 0.5))
    x, y = _at(seam, axis, (lo + hi) / 2)
    cx, cy = (x + tab / 2, y) if axis == 1 else (x, y + tab / 2)
    out.append(Rect(cx - 4 * MM, cy - 2.3 * MM, 8 * MM, 4.6 * MM, WHITE, BLACK, 0.5, 1 * MM))
    out.append(Label(cx, cy + 1 * MM, neighbour, 7, BLACK, "center"))
    return out
