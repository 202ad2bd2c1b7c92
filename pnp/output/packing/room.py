"""Room on a card sheet printed anyway, for pieces: the empty slots of a deck's last sheet, the strips beside a grid.

A card sheet is cut along its grid's lines, each right across the sheet; a piece put beside the cards must lie
between two lines, or a cut would go through it. The room is each box between neighbouring cut lines (and the
printable area's edges) that holds no card, less the bleed a card keeps towards it and a hair either side of a
cut line for its mark; what is too small for a piece is left out.
"""

from __future__ import annotations

from pnp.model.units import MM
from pnp.output.impose.cards import IN_GAP, Grid, Page
from pnp.output.packing.maxrects import Box

EPS = 0.01  # pt: cut lines this close are one
SMALLEST = 20 * MM  # room narrower than this is left out: a piece or two, scattered over the card sheets


def grid_room(page: Page, grid: Grid, area: Box) -> list[Box]:
    """The boxes on a card sheet's fronts page that no cut line crosses and no card or its bleed covers."""
    cols, rows = grid.cols, grid.rows
    xs = _lines(cols.start, cols.count, grid.card_w, cols.gap, area[0], area[0] + area[2])
    ys = _lines(rows.start, rows.count, grid.card_h, rows.gap, area[1], area[1] + area[3])
    cards = [p.box for p in page.placements]
    clips = [p.clip for p in page.placements]
    out: list[Box] = []
    for x0, x1 in zip(xs, xs[1:], strict=False):
        for y0, y1 in zip(ys, ys[1:], strict=False):
            if any(_overlap(c, (x0, y0, x1 - x0, y1 - y0)) for c in cards):
                continue
            box = _clear(_inset(x0, y0, x1, y1, area), clips)
            if box is not None and min(box[2], box[3]) >= SMALLEST:
                out.append(box)
    return out


def _lines(start: float, count: int, size: float, gap: float, lo: float, hi: float) -> list[float]:
    """The cut lines across one axis (each card's two trim edges) and the printable area's two edges, in order."""
    at = {round(start + i * (size + gap) + d, 4) for i in range(count) for d in (0.0, size)}
    return sorted({lo, hi} | {v for v in at if lo + EPS < v < hi - EPS})


def _inset(x0: float, y0: float, x1: float, y1: float, area: Box) -> tuple[float, float, float, float]:
    """A hair inside each cut line (not the printable area's edges): clear of the line's mark."""
    def edge(v: float, limit: float, sign: float) -> float:
        return v if abs(v - limit) < 1e-6 else v + sign * IN_GAP
    return (edge(x0, area[0], 1), edge(y0, area[1], 1), edge(x1, area[0] + area[2], -1),
            edge(y1, area[1] + area[3], -1))


def _clear(edges: tuple[float, float, float, float], clips: list[Box]) -> Box | None:
    """The box less the bleed of the cards around it (each reaches in across one side)."""
    x0, y0, x1, y1 = edges
    for cx, cy, cw, ch in clips:
        if cx >= x1 - EPS or cx + cw <= x0 + EPS or cy >= y1 - EPS or cy + ch <= y0 + EPS:
            continue
        if cx + cw < x1 and cx <= x0:
            x0 = max(x0, cx + cw)
        elif cx > x0 and cx + cw >= x1:
            x1 = min(x1, cx)
        elif cy + ch < y1 and cy <= y0:
            y0 = max(y0, cy + ch)
        elif cy > y0 and cy + ch >= y1:
            y1 = min(y1, cy)
        else:
            return None
    return (x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] - EPS and b[0] < a[0] + a[2] - EPS and a[1] < b[1] + b[3] - EPS \
        and b[1] < a[1] + a[3] - EPS
