"""Stage 5, impose: faces -> pages. Card sheets with cut marks and duplex backs, as plain data.

The grid is computed from the paper, the printable margin, the card size and the bleed. Faces
either abut (bleed only around the outside of the grid) or sit 2 x bleed apart (full bleed on
every face); `gap: auto` takes the second when it fits as many cards. A grid never gives up a row
for its marks or its bleed: the outer bleed is as much of the bleed as the margin has room for,
and every cut line gets a mark at both ends, in the margin outside the bleed when there is room,
else over the outer bleed band, which is cut away (drawn black on a white line, so that it shows on
any art), never over a trimmed face. A face next to an empty slot keeps its bleed on that side.
Each fronts page is followed by its backs page, mirrored so that each back lands behind its front.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from pnp.layout.scene import Entry, Face, Line

EPS = 1e-6
MM = 72 / 25.4
MIN_MARK = 3 * MM  # a cut mark in the margin shorter than 3 mm is hard to find with a ruler: it goes over the bleed
IN_GAP = 0.35 * MM  # a mark over the bleed band stops this far short of the trim line
MIN_IN_BAND = 1 * MM  # a mark over the bleed band is at least this long, or the grid gives up a row for it
HALO = 1.2  # pt: the white line under a mark is this much wider than the mark
WHITE = (1.0, 1.0, 1.0)

Mark = tuple[float, float, float, float]  # x1, y1, x2, y2 on the page, points from the top-left
UNSTAMPED = ("board", "die", "dial")  # kinds whose faces get no playtest stamp: it would print over their art


def halo_line(x1: float, y1: float, x2: float, y2: float, width: float = 0.5) -> list[Line]:
    """A black line over a wider white one: visible on dark art and on white paper alike."""
    return [Line(x1, y1, x2, y2, WHITE, width + HALO), Line(x1, y1, x2, y2, (0.0, 0.0, 0.0), width)]


@dataclass(repr=False, eq=False)
class Placement:
    """A face placed on a page, with the clip of its cell."""
    face: Face
    x: float  # top-left corner of the trimmed face, from the page's top-left corner, points
    y: float
    clip: tuple[float, float, float, float]  # x, y, w, h on the page: the face's cell incl. its bleed
    rotate: bool = False  # 180 degrees (short-edge duplex backs)
    meta: dict[str, Any] = field(default_factory=dict)
    scale: float = 1.0  # a preview (the assembly map) or a write-in sheet fitted to the paper draws a face smaller
    stamp: bool = True  # a front gets the playtest stamp (not one of the UNSTAMPED kinds: the footer says it)
    clip_path: tuple[tuple[float, float], ...] | None = None  # a tile cut along stepped seams: its art's outline

    @property
    def box(self) -> tuple[float, float, float, float]:
        """The trimmed face on the page, at its scale: x, y, w, h in points."""
        return self.x, self.y, self.face.w * self.scale, self.face.h * self.scale


@dataclass(repr=False, eq=False)
class Page:
    """A printed page: its faces, its marks and what it is (fronts, backs, a tile)."""
    w: float
    h: float
    placements: list[Placement]
    marks: list[Mark]
    mark_width: float
    side: str  # "front", "back", "map" or "blank"
    extras: list = field(default_factory=list)  # scene items in page coordinates: labels, cut lines, crosses
    footer: list[str] = field(default_factory=list)  # the running footer's parts, most important first
    info: dict[str, Any] = field(default_factory=dict)  # for the manifest: what the page holds, sheet i of n
    boxes: tuple | None = None  # (trim, bleed) boxes (x, y, w, h) of a page that holds one face: TrimBox, BleedBox


@dataclass(frozen=True)
class Axis:
    """The cards across or down a sheet: how many, the gaps, bleed and marks."""
    count: int
    gap: float  # between neighbouring trims
    outer_bleed: float  # printed beyond the outermost trims
    mark: float  # cut mark length (0: none)
    start: float  # page coordinate of the first trim edge
    mark_from: float = 0.0  # where the marks begin, outward from the outermost trim line
    in_band: bool = False  # the marks lie over the outer bleed band: the margin has no room for them
    dropped: bool = False  # no room for marks at all (the trims sit on the printable edge)


@dataclass(frozen=True)
class Grid:
    """A sheet of cards: its columns and rows."""
    cols: Axis
    rows: Axis
    card_w: float
    card_h: float
    bleed: float
    outer_marks: bool = True  # false for write-in sheets: only the cuts between neighbours are marked

    @property
    def per_page(self) -> int:
        return self.cols.count * self.rows.count


def _axis(avail: float, margin: float, size: float, bleed: float, gap: float, marks: bool,
          mark_len: float, mark_off: float, page: float, center: bool, outer_marks: bool = True) -> Axis:
    """Fit as many trims along one axis as the printable length allows, then bleed, then marks."""
    # full bleed around every face, or faces that abut
    n = math.floor((avail - 2 * bleed + gap + EPS) / (size + gap)) if gap > 0 else math.floor((avail + EPS) / size)
    n = max(n, 0)
    if marks and outer_marks and n > 1 and avail - n * size - (n - 1) * gap < 2 * (IN_GAP + MIN_IN_BAND) - EPS:
        n -= 1  # no room for a mark even over the bleed band: one row fewer
    span = n * size + max(n - 1, 0) * gap
    spare = (avail - span) / 2  # between the printable edge and the outermost trim, each side
    outer = max(0.0, min(bleed, spare))
    mark = frm = 0.0
    in_band = dropped = False
    if marks and n:
        room = spare - outer - mark_off
        if room >= MIN_MARK - EPS:  # in the margin, beyond the bleed
            frm, mark = outer + mark_off, min(mark_len, room)
        elif spare - IN_GAP > EPS:  # over the outer bleed band, from the printable edge to just short of the trim
            frm, mark, in_band = IN_GAP, min(mark_len, spare - IN_GAP), True
        else:
            dropped = True
    start = (page - span) / 2 if center else margin + max(outer, frm + mark)
    return Axis(n, gap, outer, mark, start, frm, in_band, dropped)


def plan_grid(paper: tuple[float, float], margin: float, card: tuple[float, float], bleed: float,
              gap_mode: str = "auto", marks: bool = True, mark_len: float = 5 * MM,
              mark_off: float = MM, center: bool = True, outer_marks: bool = True) -> Grid:
    pw, ph = paper
    cw, ch = card

    def grid(gap: float) -> Grid:
        cols = _axis(pw - 2 * margin, margin, cw, bleed, gap, marks, mark_len, mark_off, pw, center, outer_marks)
        rows = _axis(ph - 2 * margin, margin, ch, bleed, gap, marks, mark_len, mark_off, ph, center, outer_marks)
        return Grid(cols, rows, cw, ch, bleed, outer_marks)

    abut = grid(0.0)
    if gap_mode == "none" or bleed <= 0:
        return abut
    apart = grid(2 * bleed)
    if gap_mode == "bleed" or apart.per_page >= abut.per_page:
        return apart
    return abut


def slots(grid: Grid, filled: int | None = None) -> list[tuple[float, float, tuple[float, float, float, float]]]:
    """(x, y, clip) of every slot, row by row, on a fronts page. Of `filled` slots (default: all), a face
    keeps its bleed towards an empty slot: the art runs on past the trim where nothing is cut against it."""
    cols, rows = grid.cols, grid.rows
    filled = grid.per_page if filled is None else filled

    def used(r: int, c: int) -> bool:
        return r * cols.count + c < filled

    out = []
    for r in range(rows.count):
        for c in range(cols.count):
            x = cols.start + c * (grid.card_w + cols.gap)
            y = rows.start + r * (grid.card_h + rows.gap)
            b = grid.bleed
            left = b if cols.gap else (cols.outer_bleed if c == 0 else (0.0 if used(r, c - 1) else b))
            right = b if cols.gap else (cols.outer_bleed if c == cols.count - 1 else (0.0 if used(r, c + 1) else b))
            top = b if rows.gap else (rows.outer_bleed if r == 0 else (0.0 if used(r - 1, c) else b))
            bottom = b if rows.gap else (rows.outer_bleed if r == rows.count - 1 else (0.0 if used(r + 1, c) else b))
            out.append((x, y, (x - left, y - top, grid.card_w + left + right, grid.card_h + top + bottom)))
    return out


def cut_marks(grid: Grid, paper: tuple[float, float] | None = None, mark_off: float | None = None,
              filled: int | None = None) -> list[Mark]:
    """A mark at both ends of every cut line of the filled slots: in the margin, or over the outer bleed band."""
    cols, rows = grid.cols, grid.rows
    filled = grid.per_page if filled is None else filled
    if not cols.count or not rows.count or not filled:
        return []
    used = [(i // cols.count, i % cols.count) for i in range(min(filled, grid.per_page))]
    xs: set[float] = set()
    ys: set[float] = set()
    for r, c in used:
        left = cols.start + c * (grid.card_w + cols.gap)
        top = rows.start + r * (grid.card_h + rows.gap)
        xs |= {round(left, 4), round(left + grid.card_w, 4)}
        ys |= {round(top, 4), round(top + grid.card_h, 4)}
    top_trim, left_trim = rows.start, cols.start
    bottom_trim = rows.start + rows.count * grid.card_h + (rows.count - 1) * rows.gap
    right_trim = cols.start + cols.count * grid.card_w + (cols.count - 1) * cols.gap
    if not grid.outer_marks:  # write-in sheets: the paper's edge is their edge, only the cuts between them count
        xs -= {round(left_trim, 4), round(right_trim, 4)}
        ys -= {round(top_trim, 4), round(bottom_trim, 4)}
    out: list[Mark] = []
    if rows.mark > 0:
        for x in sorted(xs):
            out.append((x, top_trim - rows.mark_from - rows.mark, x, top_trim - rows.mark_from))
            out.append((x, bottom_trim + rows.mark_from, x, bottom_trim + rows.mark_from + rows.mark))
    if cols.mark > 0:
        for y in sorted(ys):
            out.append((left_trim - cols.mark_from - cols.mark, y, left_trim - cols.mark_from, y))
            out.append((right_trim + cols.mark_from, y, right_trim + cols.mark_from + cols.mark, y))
    return out


def halos(marks: list[Mark], width: float) -> list[Line]:
    """White lines under the marks: a mark over dark art (the bleed band) still shows."""
    return [Line(*m, WHITE, width + HALO) for m in marks]


def mirror(x: float, y: float, w: float, h: float, paper: tuple[float, float], duplex: str,
           ) -> tuple[float, float]:
    """Where a box's back lands so that it prints behind the front."""
    if duplex == "short":
        return x, paper[1] - y - h
    return paper[0] - x - w, y


def mirror_box(box: tuple[float, float, float, float], paper: tuple[float, float], duplex: str,
               ) -> tuple[float, float, float, float]:
    return (*mirror(*box, paper, duplex), box[2], box[3])


def _abuts(box: tuple[float, float, float, float], other: tuple[float, float, float, float], side: int) -> bool:
    """`other` is cut against `box`'s side (0 left, 1 top, 2 right, 3 bottom)."""
    x, y, w, h = box
    ox, oy, ow, oh = other
    if side in (0, 2):
        edge, facing = (x, ox + ow) if side == 0 else (x + w, ox)
        overlap = min(y + h, oy + oh) - max(y, oy)
    else:
        edge, facing = (y, oy + oh) if side == 1 else (y + h, oy)
        overlap = min(x + w, ox + ow) - max(x, ox)
    return abs(edge - facing) < 0.01 and overlap > 0.01


def _open_sides(p: Placement, box: tuple[float, float, float, float], front_cells: list, back_cells: list,
                ) -> tuple[float, float, float, float]:
    """A back's cell with its whole bleed on each side where its front was cut against a neighbour whose slot is
    empty on the back side (a card with no back: Ark Ship's ship cards under its signals)."""
    x, y, w, h = box
    cx, cy, cw, ch = p.clip
    edges = [cx, cy, cx + cw, cy + ch]
    bleed = p.face.bleed * p.scale
    full = (x - bleed, y - bleed, x + w + bleed, y + h + bleed)
    for side in range(4):
        wider = min(edges[side], full[side]) if side < 2 else max(edges[side], full[side])
        if wider != edges[side] and any(f != box and _abuts(box, f, side) for f in front_cells) and not any(
                o is not box and _abuts(box, o, side) for o in back_cells):  # (no wider: nothing to look for)
            edges[side] = wider
    return edges[0], edges[1], edges[2] - edges[0], edges[3] - edges[1]


def mirror_marks(marks: list[Mark], paper: tuple[float, float], duplex: str) -> list[Mark]:
    return [(*mirror(x1, y1, 0, 0, paper, duplex), *mirror(x2, y2, 0, 0, paper, duplex)) for x1, y1, x2, y2 in marks]


def back_page(fronts: Page, pairs: list[tuple[Placement, Face | None]], paper: tuple[float, float],
              duplex: str) -> Page:
    """The backs page of a fronts page: each back at the mirror image of its front, its cell mirrored too."""
    backs = []
    for p, back in pairs:
        if back is None:
            continue
        _, _, w, h = p.box
        bx, by = mirror(p.x, p.y, w, h, paper, duplex)
        cx, cy = mirror(*p.clip, paper, duplex)
        backs.append(Placement(back, bx, by, (cx, cy, p.clip[2], p.clip[3]), duplex == "short",
                               {**p.meta, "side": "back"}, p.scale))
    fronts_boxes = [p.box for p in fronts.placements]
    backs_boxes = [p.box for p in backs]
    for b, box in zip(backs, backs_boxes, strict=True):
        b.clip = _open_sides(b, box, [mirror_box(f, paper, duplex) for f in fronts_boxes], backs_boxes)
    marks = mirror_marks(fronts.marks, paper, duplex)
    return Page(paper[0], paper[1], backs, marks, fronts.mark_width, "back", halos(marks, fronts.mark_width))


def impose_cards(entries: list[Entry], grid: Grid,
                 paper: tuple[float, float], duplex: str, mark_off: float, mark_width: float,
                 scale: float = 1.0) -> list[Page]:
    """Fronts pages, each followed by its backs page (unless duplex is none or there is no back).
    `scale`: the faces are drawn this much smaller (the grid is planned for the smaller size)."""
    pages: list[Page] = []
    per = grid.per_page
    for start in range(0, len(entries), per):
        chunk = entries[start:start + per]
        places = slots(grid, len(chunk))
        marks = cut_marks(grid, paper, mark_off, len(chunk))
        fronts = [Placement(f, x, y, clip, False, {**meta, "side": "front"}, scale)
                  for (f, _, meta), (x, y, clip) in zip(chunk, places, strict=False)]
        page = Page(paper[0], paper[1], fronts, marks, mark_width, "front", halos(marks, mark_width))
        pages.append(page)
        if duplex == "none" or all(b is None for _, b, _ in chunk):
            continue
        pages.append(back_page(page, [(p, b) for p, (_, b, _) in zip(fronts, chunk, strict=True)], paper, duplex))
    return pages
