"""Where a board larger than the paper is cut into tiles: the seams, each tile's piece, tabs and notches.

Geometry only (points, board coordinates: the trim's top-left is the origin). The board is cut
along straight seams into a grid of pieces that abut. Each piece but those of the last column
carries a glue tab beyond its right seam, each but those of the last row one beyond its bottom
seam; the neighbour is laid over the tab, its cut edge on the seam. Where four tiles meet, the
tab corners are notched (cut away) so that no spot of the board is more than two sheets thick:

    A1 (notch bottom-right) | A2 (its bottom tab runs under the corner)
    B1 (notch top-right)    | B2

Seams avoid the boxes a board declares (`seams: avoid:`) and prefer the middle of the gutters
between them; with no box declared, tiles are as equal as they can be.
"""

from __future__ import annotations

import math
import string
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Any

from pnp.model.units import MM
from pnp.output.preflight.extent import Box

MIN_PIECE = 20 * MM  # a piece narrower than this is a sliver to glue: never planned
GRID = 2 * MM  # candidate seams on a grid this fine, besides the gutters' middles


@dataclass(frozen=True)
class TilePlan:
    row: int
    col: int
    piece: Box  # the part of the board this tile shows once assembled
    right_tab: Box | None  # glue tabs: under the right and the lower neighbour
    bottom_tab: Box | None
    notches: tuple[Box, ...]  # corners inside the tile's box that are cut away
    outline: Any = None  # a tile cut along stepped seams: its polygons (pnp.output.tiling.stepped_tiles.Outline)

    @property
    def label(self) -> str:
        return f"{string.ascii_uppercase[self.row % 26]}{self.col + 1}"

    @property
    def box(self) -> Box:
        """The tile's cut outline's bounding box: piece and tabs."""
        if self.outline is not None:
            return self.outline.box
        x, y, w, h = self.piece
        right = self.right_tab[2] if self.right_tab else 0.0
        bottom = self.bottom_tab[3] if self.bottom_tab else 0.0
        return x, y, w + right, h + bottom


@dataclass(frozen=True)
class SeamPlan:
    xs: list[float]  # the cuts along x: 0, seams..., width
    ys: list[float]
    tab: float
    tiles: list[TilePlan]
    crossed: list[int]  # indexes of avoided boxes a seam had to cross (none when the board allows)
    said: tuple[str, ...] = ()  # why the tiles are as many, or the seams where they are (for the build's notes)
    stepped: bool = False  # some seams follow a grid's cells' edges (its tiles have outlines)

    @property
    def cols(self) -> int:
        return len(self.xs) - 1

    @property
    def rows(self) -> int:
        return len(self.ys) - 1


def _forbidden(boxes: list[Box], axis: int) -> list[tuple[float, float]]:
    """Open intervals along one axis where a seam would cut through a box."""
    return sorted((b[axis], b[axis] + b[axis + 2]) for b in boxes if b[axis + 2] > 0)


def _allowed(p: float, forbidden: list[tuple[float, float]]) -> bool:
    return all(not (lo + 0.01 < p < hi - 0.01) for lo, hi in forbidden)


def _candidates(length: float, forbidden: list[tuple[float, float]]) -> tuple[list[float], set[float]]:
    """Seam positions to consider, and those that sit in the middle of a gutter between boxes."""
    middles: set[float] = set()
    ends = sorted({0.0, length, *(v for iv in forbidden for v in iv if 0 < v < length)})
    for lo, hi in zip(ends, ends[1:], strict=False):  # gaps between box edges that no box covers
        mid = (lo + hi) / 2
        if lo > 0 and hi < length and _allowed(mid, forbidden) and hi - lo > 0.01:
            middles.add(round(mid, 3))
    grid = [i * GRID for i in range(1, math.ceil(length / GRID))]
    points = sorted({*middles, *(round(p, 3) for p in grid if _allowed(p, forbidden))})
    return [p for p in points if MIN_PIECE <= p <= length - MIN_PIECE], middles


def split_length(length: float, reach: float, tab: float, forbidden: list[tuple[float, float]],
           most: int) -> list[float] | None:
    """Cuts 0 < s1 < ... < length: the fewest tiles (up to `most`) whose art (piece, tab, bleed) fits
    `reach`, balanced, preferring gutters' middles; None if no such split avoids `forbidden`."""
    if length <= reach:
        return [0.0, length]
    if not forbidden:  # equal tiles: n tiles of (length + (n - 1) tabs) / n each
        n = max(2, math.ceil((length - tab) / (reach - tab) - 1e-9))
        if n > most or reach <= tab:
            return None
        step = (length + (n - 1) * tab) / n - tab
        return [0.0, *(round(k * step, 4) for k in range(1, n)), length]
    points, middles = _candidates(length, forbidden)
    for n in range(2, most + 1):
        ideal = (length + (n - 1) * tab) / n
        best = _best(points, middles, length, reach, tab, n, ideal)
        if best is not None:
            return [0.0, *best, length]
    return None


def _best(points: list[float], middles: set[float], length: float, reach: float, tab: float, n: int,
          ideal: float) -> list[float] | None:
    """Dynamic programme over candidate cuts: n - 1 cuts, every tile within reach, least cost."""
    inf = float("inf")

    def cost(width: float, cut: float | None) -> float:
        off = 0.0 if cut is None or cut in middles else 0.5  # a cut off a gutter's middle costs a little
        return ((width - ideal) / ideal) ** 2 + off

    # layer k: best (cost, cuts) ending with cut at points[i] as the k-th cut
    layer: list[tuple[float, list[float]]] = []
    for p in points:
        w = p + tab
        layer.append((cost(w, p), [p]) if w <= reach else (inf, []))
    for _ in range(n - 2):
        nxt: list[tuple[float, list[float]]] = []
        for q in points:
            found: tuple[float, list[float]] = (inf, [])
            lo, hi = bisect_left(points, q - reach + tab), bisect_right(points, q - MIN_PIECE)
            for i in range(lo, hi):
                (c, cuts), p = layer[i], points[i]
                w = q - p + tab
                if c < inf and w <= reach:
                    total = c + cost(w, q)
                    if total < found[0]:
                        found = (total, [*cuts, q])
            nxt.append(found)
        layer = nxt
    best: tuple[float, list[float]] = (inf, [])
    for (c, cuts), p in zip(layer, points, strict=False):
        w = length - p
        if c < inf and MIN_PIECE <= w <= reach:
            total = c + cost(w, None)
            if total < best[0]:
                best = (total, cuts)
    return best[1] if best[0] < inf else None


def plan_seams(size: tuple[float, float], bleed: float, area: tuple[float, float], tab: float,
               avoid: list[Box]) -> SeamPlan:
    """Tiles whose art (piece, tabs and bleed all round) fits `area`, seams clear of `avoid` when the
    board allows it with at most one more tile along an axis than the fewest possible. (A board holding a
    grid: pnp.output.tiling.stepped.plan_on_grid.)"""
    w, h = size
    crossed: list[int] = []
    cuts = []
    said: list[str] = []
    for axis, (length, reach) in enumerate(((w, area[0] - 2 * bleed), (h, area[1] - 2 * bleed))):
        free = split_length(length, reach, tab, [], 64)
        if free is None:  # cannot happen for a board within the size limits and a sheet of paper
            raise ValueError(f"a {length / MM:.0f} mm board does not tile on this paper")
        forbidden = _forbidden(avoid, axis)
        wanted = split_length(length, reach, tab, forbidden, len(free)) if forbidden else free  # one tile more at most
        chosen = wanted or free
        if wanted and forbidden and wanted != free:
            said.append(_why(axis, free, wanted))
        for i, b in enumerate(avoid):
            if any(b[axis] + 0.01 < s < b[axis] + b[axis + 2] - 0.01 for s in chosen[1:-1]) and i not in crossed:
                crossed.append(i)
        cuts.append(chosen)
    xs, ys = cuts
    return SeamPlan(xs, ys, tab, tile_plans(xs, ys, tab), sorted(crossed), tuple(said))


def _why(axis: int, free: list[float], wanted: list[float]) -> str:
    """What `seams: avoid:` changed along an axis, and why."""
    way = "across" if axis == 0 else "down"
    at = ", ".join(f"{v / MM:.0f}" for v in wanted[1:-1])
    equal = ", ".join(f"{v / MM:.0f}" for v in free[1:-1])
    if len(wanted) > len(free):
        return (f"{len(wanted) - 1} tiles {way}, one more than the board's size needs ({len(free) - 1}): with "
                f"{len(free) - 1}, every seam would cut what `seams: avoid:` names; the seams run at {at} mm, "
                "in its gutters")
    return f"the seams {way} moved from {equal} mm (equal tiles) into the gutters of what `seams: avoid:` names"


def tile_plans(xs: list[float], ys: list[float], tab: float) -> list[TilePlan]:
    rows, cols = len(ys) - 1, len(xs) - 1
    out = []
    for r in range(rows):
        for c in range(cols):
            x0, x1, y0, y1 = xs[c], xs[c + 1], ys[r], ys[r + 1]
            right = bottom = None
            notches = []
            if c < cols - 1:  # the right tab stops short of the corner the tile above-right's bottom tab covers
                top = y0 + tab if r > 0 else y0
                right = (x1, top, tab, y1 - top)
                if r > 0:
                    notches.append((x1, y0, tab, tab))
            if r < rows - 1:
                bottom = (x0, y1, x1 - x0, tab)
                if c < cols - 1:
                    notches.append((x1, y1, tab, tab))
            out.append(TilePlan(r, c, (x0, y0, x1 - x0, y1 - y0), right, bottom, tuple(notches)))
    return out


def layers(plan: SeamPlan, x: float, y: float) -> int:
    """How many sheets lie at a point of the assembled board (for tests: never more than two)."""
    def inside(b: Box | None) -> bool:
        return b is not None and b[0] <= x < b[0] + b[2] and b[1] <= y < b[1] + b[3]

    return sum(1 for t in plan.tiles if inside(t.piece) or inside(t.right_tab) or inside(t.bottom_tab))
