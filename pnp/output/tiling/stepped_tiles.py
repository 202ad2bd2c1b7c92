"""The tiles of a board cut along stepped seams (pnp.output.tiling.stepped): each tile's piece, its glue tabs and its
cut outline as polygons (points, board coordinates).

A piece lies between its two vertical seams and its two horizontal ones. Its right tab is the band between
its right seam and that seam moved right by the tab's width, from its top seam moved down by the tab (below
the first row: the tile above-right's lower tab covers that corner) to its bottom seam; its lower tab is the
band under its bottom seam, between its side seams. So no spot of the board lies under more than two sheets,
as with straight seams; the corners where four tiles meet are left out of the outline rather than hatched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.output.tiling.seams import Box, TilePlan

Point = tuple[float, float]
Ring = tuple[Point, ...]


@dataclass(frozen=True)
class Outline:
    piece: Ring  # what shows once assembled
    right_tab: Ring | None
    bottom_tab: Ring | None
    cut: Ring  # the line to cut along: piece and tabs together
    right_seam: tuple[Point, ...]  # the stretch of seam the right tab runs along (its arrows' tips)
    bottom_seam: tuple[Point, ...]

    @property
    def box(self) -> Box:
        xs, ys = [p[0] for p in self.cut], [p[1] for p in self.cut]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)

    def clip(self, bleed: float) -> Ring:
        """The cut outline grown by the bleed (square corners): the art a tile prints."""
        from shapely.geometry import Polygon

        grown = Polygon(self.cut).buffer(bleed, join_style="mitre") if bleed > 0 else Polygon(self.cut)
        return tuple(grown.exterior.coords)[:-1]


def _ring(shape: Any) -> Ring:
    if shape.geom_type != "Polygon":  # a sliver where two seams touch: keep the largest part
        shape = max(shape.geoms, key=lambda g: g.area)
    return tuple((round(x, 4), round(y, 4)) for x, y in shape.exterior.coords)[:-1]


def _moved(line: tuple[Point, ...], dx: float, dy: float) -> tuple[Point, ...]:
    return tuple((x + dx, y + dy) for x, y in line)


def _between(a: tuple[Point, ...], b: tuple[Point, ...]) -> Any:
    from shapely.geometry import Polygon

    return Polygon([*a, *reversed(b)]).buffer(0)


def _along(seam: tuple[Point, ...], region: Any) -> tuple[Point, ...]:
    """The part of a seam that borders a region (its tab): its points, in order."""
    from shapely.geometry import LineString

    part = LineString(seam).intersection(region.buffer(0.01))
    if part.is_empty:
        return ()
    lines = getattr(part, "geoms", [part])
    return tuple(p for line in lines if line.geom_type == "LineString" for p in line.coords)


def stepped_tiles(vs: list[tuple[Point, ...]], hs: list[tuple[Point, ...]], tab: float) -> list[TilePlan]:
    """Tiles between seams `vs` (top to foot, the board's sides first and last) and `hs` (left to right)."""
    from shapely.ops import unary_union

    out = []
    rows, cols = len(hs) - 1, len(vs) - 1
    for r in range(rows):
        for c in range(cols):
            column = _between(vs[c], vs[c + 1])
            piece = column.intersection(_between(hs[r], hs[r + 1]))
            right = bottom = None
            if c < cols - 1:
                top = _moved(hs[r], 0, tab) if r > 0 else hs[r]
                right = _between(vs[c + 1], _moved(vs[c + 1], tab, 0)).intersection(_between(top, hs[r + 1]))
            if r < rows - 1:
                bottom = column.intersection(_between(hs[r + 1], _moved(hs[r + 1], 0, tab)))
            cut = unary_union([g for g in (piece, right, bottom) if g is not None])
            cut = cut.buffer(0.01, join_style="mitre").buffer(-0.01, join_style="mitre")  # (seal hairline gaps)
            outline = Outline(_ring(piece), _ring(right) if right else None, _ring(bottom) if bottom else None,
                              _ring(cut), _along(vs[c + 1], right) if right else (),
                              _along(hs[r + 1], bottom) if bottom else ())
            x0, y0, x1, y1 = piece.bounds
            out.append(TilePlan(r, c, (x0, y0, x1 - x0, y1 - y0), _bounds(right), _bounds(bottom), (), outline))
    return out


def _bounds(shape: Any) -> Box | None:
    if shape is None:
        return None
    x0, y0, x1, y1 = shape.bounds
    return x0, y0, x1 - x0, y1 - y0
