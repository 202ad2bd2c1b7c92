"""Where a board holding a hex (or square) grid is cut: seams that follow the cells' edges, so that no cell
is split between two tiles, each with its glue tab following it.

Geometry only (points, board coordinates). A seam across the board's width (a "vertical" seam, axis 0)
runs from the board's top to its foot: straight above the grid, along the sides between one line of cells
and the next inside it (a zig-zag between flat hexes' columns, steps between pointy hexes' rows), straight
below. Such a seam is a polyline monotone along the other axis, so the board between two seams is one
region; a tile's piece is the part between its two vertical and its two horizontal seams. Its glue tab is
the band between its seam and the same seam moved on by the tab's width. Shapely does the polygons' sums.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

from pnp.model.units import MM

if TYPE_CHECKING:
    from pnp.layout.scene import GridCells
    from pnp.output.tiling.seams import SeamPlan

Point = tuple[float, float]
Line = tuple[Point, ...]  # a seam, from one side of the board to the other
MIN_PIECE = 20 * MM


@dataclass(frozen=True)
class Seam:
    lo: float  # the least and most it reaches along its axis (equal for a straight seam)
    hi: float
    points: Line
    stepped: bool


def straight(axis: int, at: float, length: float) -> Seam:
    """A straight seam at `at` along `axis`, across a board `length` long the other way."""
    pts = ((at, 0.0), (at, length)) if axis == 0 else ((0.0, at), (length, at))
    return Seam(at, at, pts, False)


def grid_seams(grid: GridCells, axis: int, across: float) -> tuple[list[Seam], tuple[float, float]]:
    """The seams that run between one line of the grid's cells and the next, along `axis` (0: seams that
    cut the board's width), each carried straight to the board's sides; and the span the grid covers along
    `axis` (where no straight seam may run)."""
    other = 1 - axis
    cells: list[Any] = [(r, c, corners, (sum(p[0] for p in corners) / len(corners),
                                         sum(p[1] for p in corners) / len(corners))) for r, c, corners in grid.cells]
    span = (min(p[axis] for *_, cs, _ in cells for p in cs), max(p[axis] for *_, cs, _ in cells for p in cs))
    lines = None
    for index in (0, 1):  # the grid's rows or its columns: whichever lines of cells follow one another along axis
        groups: dict[int, list[Any]] = {}
        for cell in cells:
            groups.setdefault(cell[index], []).append(cell)
        ordered = sorted(groups.values(), key=lambda g: sum(c[3][axis] for c in g) / len(g))
        if len(ordered) > 1 and all(max(c[3][axis] for c in a) < min(c[3][axis] for c in b) - 0.01
                                    for a, b in zip(ordered, ordered[1:], strict=False)):
            lines = ordered
            break
    if lines is None:
        return [], span
    out = []
    for line in lines[:-1]:
        far = sorted({(round(p[0], 6), round(p[1], 6)) for *_, corners, centre in line for p in corners
                      if p[axis] > centre[axis] + 0.01}, key=lambda p: (p[other], p[axis]))
        start, end = list(far[0]), list(far[-1])
        start[other], end[other] = 0.0, across
        pts: Line = ((start[0], start[1]), *far, (end[0], end[1]))
        out.append(Seam(min(p[axis] for p in far), max(p[axis] for p in far), pts, True))
    return out, span


def crosses_box(seam: Seam, box: tuple[float, float, float, float]) -> bool:
    """Does the seam run through the inside of a box?"""
    from shapely.geometry import LineString
    from shapely.geometry import box as shape_box

    x, y, w, h = box
    inner = shape_box(x + 0.01, y + 0.01, x + w - 0.01, y + h - 0.01)
    return w > 0.02 and h > 0.02 and LineString(seam.points).intersects(inner)


def choose(length: float, reach: float, tab: float, seams: list[Seam], most: int) -> list[Seam] | None:
    """The fewest tiles (up to `most`) whose art fits `reach` along the axis, cut at some of `seams`, balanced;
    a stepped seam costs a little more than a straight one. None if no such choice exists."""
    seams = sorted(seams, key=lambda s: (s.lo, s.hi))
    inf = float("inf")
    for n in range(1, most + 1):
        if n == 1:
            if length <= reach:
                return []
            continue
        ideal = (length + (n - 1) * tab) / n
        cost = partial(_cost, ideal)

        layer = [(cost(s.hi + tab, s), [s]) if s.hi + tab <= reach and s.lo >= MIN_PIECE else (inf, [])
                 for s in seams]
        for _ in range(n - 2):
            nxt = []
            for q in seams:
                found: tuple[float, list[Seam]] = (inf, [])
                for (c, cuts), p in zip(layer, seams, strict=False):
                    width = q.hi - p.lo + tab
                    if c < inf and p.hi + MIN_PIECE <= q.lo and width <= reach and c + cost(width, q) < found[0]:
                        found = (c + cost(width, q), [*cuts, q])
                nxt.append(found)
            layer = nxt
        best: tuple[float, list[Seam]] = (inf, [])
        for (c, cuts), p in zip(layer, seams, strict=False):
            width = length - p.lo
            if c < inf and length - p.hi >= MIN_PIECE and width <= reach and c + cost(width, None) < best[0]:
                best = (c + cost(width, None), cuts)
        if best[0] < inf:
            return best[1]
    return None


def _cost(ideal: float, width: float, seam: Seam | None) -> float:
    """How far a tile is from the ideal width, and a little more for a stepped seam (harder to cut)."""
    return ((width - ideal) / ideal) ** 2 + (0.05 if seam is not None and seam.stepped else 0.0)


def candidates(axis: int, length: float, across: float, grids: tuple[GridCells, ...],
               forbidden: list[tuple[float, float]], step: float) -> list[Seam]:
    """Every seam to consider along an axis: along the cells' edges of each grid, and straight on a fine grid
    wherever no grid lies and no avoided box is cut."""
    found: list[Seam] = []
    spans = []
    for grid in grids:
        seams, span = grid_seams(grid, axis, across)
        spans.append(span)
        found.extend(seams)
    blocked = [*forbidden, *spans]
    for i in range(1, math.ceil(length / step)):
        at = round(i * step, 3)
        if all(not (lo + 0.01 < at < hi - 0.01) for lo, hi in blocked):
            found.append(straight(axis, at, across))
    return found


def split_axis(axis: int, length: float, across: float, reach: float, tab: float, grids: tuple[GridCells, ...],
               avoid: list[tuple[float, float, float, float]], most: int) -> tuple[list[Seam] | None, str]:
    """The seams along one axis that keep every cell whole (and avoided boxes whole, where they can), or None
    and why not."""
    forbidden = sorted((b[axis], b[axis] + b[axis + 2]) for b in avoid if b[axis + 2] > 0)
    found = candidates(axis, length, across, grids, forbidden, 2 * MM)
    spans = [grid_seams(g, axis, across)[1] for g in grids]
    inside = [b for b in avoid if any(lo - 0.01 <= b[axis] and b[axis] + b[axis + 2] <= hi + 0.01 for lo, hi in spans)]
    found = [s for s in found if not s.stepped or not any(crosses_box(s, b) for b in avoid if b not in inside)]
    chosen = choose(length, reach, tab, found, most)
    if chosen is not None:
        return chosen, ""
    widest = max((max(max(p[axis] for p in c) - min(p[axis] for p in c) for *_, c in g.cells) for g in grids),
                 default=0.0)
    if widest + tab > reach:
        return None, (f"a cell is {widest / MM:.0f} mm across, more than a tile holds with its "
                      f"{tab / MM:g} mm tab ({reach / MM:.0f} mm)")
    return None, (f"no seams along the cells' edges leave every tile within the {reach / MM:.0f} mm a page holds "
                  f"(at most {most} tiles along the board's {'width' if axis == 0 else 'height'})")


def plan_on_grid(size: tuple[float, float], bleed: float, area: tuple[float, float], tab: float,
                 avoid: list[tuple[float, float, float, float]], grids: tuple[GridCells, ...]) -> SeamPlan:
    """Tiles of a board holding grids: seams along the cells' edges where the grid lies, straight elsewhere;
    along an axis where no such seams fit the paper, straight seams that split cells, and the plan says why."""
    from pnp.output.tiling.seams import SeamPlan, split_length, tile_plans

    w, h = size
    chosen: list[list[Seam]] = []
    said: list[str] = []
    for axis, (length, across, reach) in enumerate(((w, h, area[0] - 2 * bleed), (h, w, area[1] - 2 * bleed))):
        free = split_length(length, reach, tab, [], 64)
        if free is None:
            raise ValueError(f"a {length / MM:.0f} mm board does not tile on this paper")
        seams, why = split_axis(axis, length, across, reach, tab, grids, avoid, len(free))
        if seams is None:
            said.append(f"the seams {'across' if axis == 0 else 'down'} the board split cells of its grid: {why}")
            seams = [straight(axis, at, across) for at in free[1:-1]]
        elif len(seams) + 1 > len(free) - 1:
            said.append(f"{len(seams) + 1} tiles {'across' if axis == 0 else 'down'}, one more than the board's "
                        f"size needs ({len(free) - 1}), so that no seam splits a cell of its grid")
        chosen.append(seams)
    xs = [0.0, *(s.lo for s in chosen[0]), w]
    ys = [0.0, *(s.lo for s in chosen[1]), h]
    extents = []
    for g in grids:
        xs_, ys_ = [p[0] for *_, cs in g.cells for p in cs], [p[1] for *_, cs in g.cells for p in cs]
        extents.append((min(xs_), min(ys_), max(xs_), max(ys_)))

    def in_grid(b: tuple[float, float, float, float]) -> bool:  # a cell, or what a cell holds: a stepped seam skirts it
        return any(x0 - 0.01 <= b[0] and b[0] + b[2] <= x1 + 0.01 and y0 - 0.01 <= b[1] and b[1] + b[3] <= y1 + 0.01
                   for x0, y0, x1, y1 in extents)

    crossed = [i for i, b in enumerate(avoid)
               if any(crosses_box(s, b) and not (s.stepped and in_grid(b)) for axis in chosen for s in axis)]
    if not any(s.stepped for axis in chosen for s in axis):
        return SeamPlan(xs, ys, tab, tile_plans(xs, ys, tab), crossed, said=tuple(said))
    from pnp.output.tiling.stepped_tiles import stepped_tiles

    vs = [straight(0, 0.0, h).points, *(s.points for s in chosen[0]), straight(0, w, h).points]
    hs = [straight(1, 0.0, w).points, *(s.points for s in chosen[1]), straight(1, h, w).points]
    return SeamPlan(xs, ys, tab, stepped_tiles(vs, hs, tab), crossed, said=tuple(said), stepped=True)
