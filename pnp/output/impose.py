"""Stage 5, impose: faces -> pages. Card sheets with cut marks and duplex backs, as plain data.

The grid is computed from the paper, the printable margin, the card size and the bleed. Faces
either abut (bleed only around the outside of the grid) or sit 2 x bleed apart (full bleed on
every face); `gap: auto` takes the second when it fits as many cards. Cut marks sit outside the
grid and its bleed, inside the printable area, never over a face. Each fronts page is followed by
its backs page, mirrored so that each back lands behind its front when printed duplex.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from pnp.layout.scene import Face

EPS = 1e-6
MIN_MARK = 2 * 72 / 25.4  # a cut mark shorter than 2 mm is hard to find with a ruler


@dataclass(repr=False, eq=False)
class Placement:
    face: Face
    x: float  # top-left corner of the trimmed face, from the page's top-left corner, points
    y: float
    clip: tuple[float, float, float, float]  # x, y, w, h on the page: the face's cell incl. its bleed
    rotate: bool = False  # 180 degrees (short-edge duplex backs)
    meta: dict[str, Any] = field(default_factory=dict)
    scale: float = 1.0  # a preview (the assembly map) draws a face smaller


@dataclass(repr=False, eq=False)
class Page:
    w: float
    h: float
    placements: list[Placement]
    marks: list[tuple[float, float, float, float]]
    mark_width: float
    side: str  # "front", "back" or "map"
    extras: list = field(default_factory=list)  # scene items in page coordinates: labels, cut lines, crosses
    boxes: tuple | None = None  # (trim, bleed) boxes (x, y, w, h) of a page that holds one face: TrimBox, BleedBox


@dataclass(frozen=True)
class Axis:
    count: int
    gap: float  # between neighbouring trims
    outer_bleed: float
    mark: float  # cut mark length (0: none)
    start: float  # page coordinate of the first trim edge
    dropped: bool = False  # no room for cut marks at this axis's ends without losing a row or column


@dataclass(frozen=True)
class Grid:
    cols: Axis
    rows: Axis
    card_w: float
    card_h: float
    bleed: float

    @property
    def per_page(self) -> int:
        return self.cols.count * self.rows.count


def _axis(avail: float, margin: float, size: float, bleed: float, gap: float, marks: bool,
          mark_len: float, mark_off: float, page: float, center: bool) -> Axis:
    """Fit as many trims along one axis as the printable length allows."""
    wanted = marks
    room = (mark_off + MIN_MARK) if marks else 0.0
    if gap > 0:  # full bleed around every face
        n = math.floor((avail - 2 * bleed - 2 * room + gap + EPS) / (size + gap))
        outer = bleed
    else:  # faces abut; the outer bleed gives way to the cut marks if it must
        n = math.floor((avail - 2 * room + EPS) / size)
        if marks and math.floor((avail + EPS) / size) > n:  # marks would cost a whole row or column:
            n, room, marks = math.floor((avail + EPS) / size), 0.0, False  # keep the cards, drop the marks
        spare = (avail - n * size) / 2
        outer = max(0.0, min(bleed, spare - room))
    n = max(n, 0)
    span = n * size + max(n - 1, 0) * gap
    spare = (avail - span) / 2 - outer
    mark = max(0.0, min(mark_len, spare - mark_off)) if marks else 0.0
    start = (page - span) / 2 if center else margin + outer + (mark_off + mark if marks else 0.0)
    return Axis(n, gap, outer, mark, start, dropped=wanted and not marks)


def plan_grid(paper: tuple[float, float], margin: float, card: tuple[float, float], bleed: float,
              gap_mode: str = "auto", marks: bool = True, mark_len: float = 5 * 72 / 25.4,
              mark_off: float = 72 / 25.4, center: bool = True) -> Grid:
    pw, ph = paper
    cw, ch = card

    def grid(gap: float) -> Grid:
        cols = _axis(pw - 2 * margin, margin, cw, bleed, gap, marks, mark_len, mark_off, pw, center)
        rows = _axis(ph - 2 * margin, margin, ch, bleed, gap, marks, mark_len, mark_off, ph, center)
        return Grid(cols, rows, cw, ch, bleed)

    abut = grid(0.0)
    if gap_mode == "none" or bleed <= 0:
        return abut
    apart = grid(2 * bleed)
    if gap_mode == "bleed" or apart.per_page >= abut.per_page:
        return apart
    return abut


def slots(grid: Grid) -> list[tuple[float, float, tuple[float, float, float, float]]]:
    """(x, y, clip) of every slot, row by row, on a fronts page."""
    cols, rows = grid.cols, grid.rows
    out = []
    for r in range(rows.count):
        for c in range(cols.count):
            x = cols.start + c * (grid.card_w + cols.gap)
            y = rows.start + r * (grid.card_h + rows.gap)
            left = grid.bleed if cols.gap else (cols.outer_bleed if c == 0 else 0.0)
            right = grid.bleed if cols.gap else (cols.outer_bleed if c == cols.count - 1 else 0.0)
            top = grid.bleed if rows.gap else (rows.outer_bleed if r == 0 else 0.0)
            bottom = grid.bleed if rows.gap else (rows.outer_bleed if r == rows.count - 1 else 0.0)
            out.append((x, y, (x - left, y - top, grid.card_w + left + right, grid.card_h + top + bottom)))
    return out


def cut_marks(grid: Grid, paper: tuple[float, float], mark_off: float) -> list[tuple[float, float, float, float]]:
    """Short lines in the margin that extend every trim edge, outside the grid and its bleed."""
    cols, rows = grid.cols, grid.rows
    if not cols.count or not rows.count:
        return []
    xs: list[float] = []
    for c in range(cols.count):
        left = cols.start + c * (grid.card_w + cols.gap)
        xs.extend((left, left + grid.card_w))
    ys: list[float] = []
    for r in range(rows.count):
        top = rows.start + r * (grid.card_h + rows.gap)
        ys.extend((top, top + grid.card_h))
    xs, ys = sorted(set(round(v, 4) for v in xs)), sorted(set(round(v, 4) for v in ys))
    top_edge = rows.start - rows.outer_bleed
    bottom_edge = rows.start + rows.count * grid.card_h + (rows.count - 1) * rows.gap + rows.outer_bleed
    left_edge = cols.start - cols.outer_bleed
    right_edge = cols.start + cols.count * grid.card_w + (cols.count - 1) * cols.gap + cols.outer_bleed
    out = []
    if rows.mark > 0:
        for x in xs:
            out.append((x, top_edge - mark_off - rows.mark, x, top_edge - mark_off))
            out.append((x, bottom_edge + mark_off, x, bottom_edge + mark_off + rows.mark))
    if cols.mark > 0:
        for y in ys:
            out.append((left_edge - mark_off - cols.mark, y, left_edge - mark_off, y))
            out.append((right_edge + mark_off, y, right_edge + mark_off + cols.mark, y))
    return out


def mirror(x: float, y: float, w: float, h: float, paper: tuple[float, float], duplex: str,
           ) -> tuple[float, float]:
    """Where a box's back lands so that it prints behind the front."""
    if duplex == "short":
        return x, paper[1] - y - h
    return paper[0] - x - w, y


def impose_cards(entries: list[tuple[Face, Face | None, dict[str, Any]]], grid: Grid,
                 paper: tuple[float, float], duplex: str, mark_off: float, mark_width: float) -> list[Page]:
    """Fronts pages, each followed by its backs page (unless duplex is none or there is no back)."""
    places = slots(grid)
    marks = cut_marks(grid, paper, mark_off)
    back_marks = [(*mirror(x1, y1, 0, 0, paper, duplex), *mirror(x2, y2, 0, 0, paper, duplex))
                  for x1, y1, x2, y2 in marks]
    pages: list[Page] = []
    per = grid.per_page
    for start in range(0, len(entries), per):
        chunk = entries[start:start + per]
        fronts = [Placement(f, x, y, clip, False, {**meta, "side": "front"})
                  for (f, _, meta), (x, y, clip) in zip(chunk, places, strict=False)]
        pages.append(Page(paper[0], paper[1], fronts, marks, mark_width, "front"))
        if duplex == "none" or all(b is None for _, b, _ in chunk):
            continue
        backs = []
        for (_, back, meta), (x, y, clip) in zip(chunk, places, strict=False):
            if back is None:
                continue
            bx, by = mirror(x, y, grid.card_w, grid.card_h, paper, duplex)
            cx, cy = mirror(*clip, paper, duplex)
            backs.append(Placement(back, bx, by, (cx, cy, clip[2], clip[3]), duplex == "short",
                                   {**meta, "side": "back"}))
        pages.append(Page(paper[0], paper[1], backs, back_marks, mark_width, "back"))
    return pages
