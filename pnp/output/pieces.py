"""Pieces sheets: blocks of like pieces packed onto as few sheets as they take, for the print-and-play document.

A block is one component's pieces (tokens, dice nets, small boards, narrow cards, a short deck or the last
cards of one), laid out in a grid. Blocks go, one at a time, into the free rectangles of the sheets so far
(the first one a block fits, highest then leftmost: maximal free rectangles, as in Jukka Jylänki's
"MaxRects"), split over several only when no rectangle takes them all. Tokens are cut on their outlines,
each with its whole bleed; cards and other rectangular pieces abut, with their bleed around the block and a
mark at both ends of every cut line, over that bleed band. A general rectangle packer (rectpack) places one
rectangle at a time and would scatter a component's pieces; blocks keep them together.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.layout.scene import Ellipse, Face, Rect
from pnp.model.game import Deck, PrintSettings
from pnp.model.units import MM
from pnp.output.impose import IN_GAP, UNSTAMPED, Mark, Page, Placement, back_page, halos

MARK_ROOM = 3 * MM + IN_GAP  # around a block of rectangular pieces: room for its 3 mm marks, short of the trim
OUTLINE_ROOM = 1.5 * MM  # around each outlined piece (token, die net) when the bleed is less
FOOTER = 4 * MM  # kept free at the foot of a pieces sheet for its footer
CUT = (0.35, 0.35, 0.35)
Entry = tuple[Face, Face | None, dict[str, Any]]
Box = tuple[float, float, float, float]


@dataclass(repr=False, eq=False)
class Block:
    """A component's pieces to pack: one cell per piece, in a grid that abuts or keeps each piece apart."""

    deck: Deck
    entries: list[Entry]
    w: float  # trim size of one piece
    h: float
    pad: float  # around the block (abutting) or around each piece (apart)
    apart: bool  # each piece cut on its own outline (tokens, dice)
    outline: str = ""  # "round" or "rect": the grey cut line drawn around each piece

    def size(self, cols: int, rows: int) -> tuple[float, float]:
        if self.apart:
            return cols * (self.w + 2 * self.pad), rows * (self.h + 2 * self.pad)
        return cols * self.w + 2 * self.pad, rows * self.h + 2 * self.pad

    def fit(self, w: float, h: float) -> tuple[int, int]:
        """How many columns and rows of this block fit in w x h."""
        if self.apart:
            return int((w + 1e-6) // (self.w + 2 * self.pad)), int((h + 1e-6) // (self.h + 2 * self.pad))
        return int((w - 2 * self.pad + 1e-6) // self.w), int((h - 2 * self.pad + 1e-6) // self.h)


@dataclass(repr=False, eq=False)
class Sheet:
    free: list[Box]
    placed: list[tuple[Block, list[Entry], float, float, int, int]] = field(default_factory=list)
    page: Page | None = None  # room on a page printed anyway (beside a tile; its back is empty there)


def block_of(deck: Deck, entries: list[Entry], size: tuple[float, float], s: PrintSettings) -> Block:
    bleed = entries[0][0].bleed
    kind = deck.spec.kind
    if kind == "tokens":
        return Block(deck, entries, size[0], size[1], max(bleed, s.bleed, 1 * MM, OUTLINE_ROOM), True,
                     deck.spec.shape)
    if kind == "die":  # the net draws its own cut line
        return Block(deck, entries, size[0], size[1], max(bleed, OUTLINE_ROOM), True)
    return Block(deck, entries, size[0], size[1], max(bleed, MARK_ROOM if s.cut_marks else bleed), False)


# The orders in which blocks are tried, the first that takes the fewest sheets wins: largest block first (the
# usual MaxRects order), then largest piece first (small tokens fill the gaps last), longest side, tallest and
# widest block first. A greedy packer's result depends on its order; trying a few costs little.
ORDERS = (lambda b: -_area(b), lambda b: -b.w * b.h, lambda b: -max(_extent(b)), lambda b: -_extent(b)[1],
          lambda b: -_extent(b)[0])


def pack(blocks: list[Block], s: PrintSettings, paper: tuple[float, float], first: Sequence[Block] = (),
         room: Sequence[tuple[Page, Box]] = ()) -> list[Page]:
    """Pages of pieces: each block split over the free rectangles it fits, in the order that takes fewest sheets
    (splitting fewest blocks); the `first` blocks (cards that join the pieces) are also tried ahead of the others."""
    area = _area_of(s, paper)
    sheets = plan_sheets(blocks, s, paper, first, room)
    for sheet in sheets:
        if sheet.page is not None and sheet.placed:  # pieces beside a tile: drawn on its page, their backs behind
            front, *backs = _pages(sheet, s, paper, area, centre=False)
            merge(sheet.page, front)
            if backs:
                sheet.page.info["backs"] = backs[0]  # merged into the tile's backs page, or one of its own after it
    return [page for sheet in sheets if sheet.page is None for page in _pages(sheet, s, paper, area)]


def merge(page: Page, more: Page) -> None:
    """`more`'s faces, marks and lines drawn on `page` too."""
    page.placements += more.placements
    page.marks += more.marks
    page.extras += more.extras


def _area_of(s: PrintSettings, paper: tuple[float, float]) -> Box:
    return s.margin, s.margin, paper[0] - 2 * s.margin, paper[1] - 2 * s.margin - FOOTER


def plan_sheets(blocks: list[Block], s: PrintSettings, paper: tuple[float, float], first: Sequence[Block] = (),
                room: Sequence[tuple[Page, Box]] = ()) -> list[Sheet]:
    """The sheets `pack` prints: of the orders tried, each keeping every block that one sheet takes whole on one
    sheet or not, the fewest sheets, then the fewest such blocks split, then the fewest parts. `room`: free boxes on
    pages printed anyway (the room beside a board's tiles), which a block takes first when one takes it whole."""
    area = _area_of(s, paper)
    late = [0 if any(b is f for f in first) else 1 for b in blocks]  # 0: ahead when tried first
    tries = [_place(blocks, sorted(range(len(blocks)), key=lambda i: (ahead * late[i], order(blocks[i]), i)), area,
                    whole, room)
             for ahead in ((0, 1) if first else (0,)) for order in ORDERS for whole in (True, False)]
    return min(tries, key=lambda t: (sheets(t), split(t), sum(len(sheet.placed) for sheet in t)))


def sheets(planned: list[Sheet]) -> int:
    """The sheets of their own the pieces take (not the room beside tiles)."""
    return sum(1 for sheet in planned if sheet.page is None)


def split(sheets: list[Sheet]) -> int:
    """How many blocks that one sheet takes whole are split over two or more."""
    parts: dict[int, int] = {}
    for sheet in sheets:
        for block, *_ in sheet.placed:
            parts[id(block)] = parts.get(id(block), 0) + 1
    return sum(1 for n in parts.values() if n > 1)


def _place(blocks: list[Block], order: list[int], area: Box, whole: bool = True,
           room: Sequence[tuple[Page, Box]] = ()) -> list[Sheet]:
    """The blocks in this order, each in the first free rectangle that takes it; `whole`: a block that an empty sheet
    takes whole is never split (a deck kept together), else only a block under half of which a rectangle takes."""
    beside = [Sheet([box], page=page) for page, box in room]
    sheets: list[Sheet] = []
    for i in order:
        block = blocks[i]
        todo = list(block.entries)
        while todo:
            spot = _spot(beside, block, len(todo), None, whole) if len(todo) == len(block.entries) else None
            if spot is not None and _room(block, spot[1]) < len(todo):
                spot = None  # beside a tile only a whole block
            if spot is None:
                spot = _spot(sheets, block, len(todo), area, whole)
            if spot is None:
                sheets.append(Sheet([area]))
                spot = _spot(sheets, block, len(todo))
                if spot is None:  # cannot happen: _fits checked that one piece fits an empty sheet
                    raise AssertionError(f"{block.deck.id} does not fit an empty sheet")
            sheet, (fx, fy, fw, fh) = spot
            cols, rows = _shape(len(todo), *block.fit(fw, fh))
            take, todo = todo[:cols * rows], todo[cols * rows:]
            bw, bh = block.size(cols, math.ceil(len(take) / cols))
            sheet.placed.append((block, take, fx, fy, cols, rows))
            _occupy(sheet, (fx, fy, bw, bh))
    return beside + sheets


def _extent(block: Block) -> tuple[float, float]:
    """The size of a whole block, laid out as square as it goes."""
    n = len(block.entries)
    cols = max(1, round(math.sqrt(n * block.h / block.w)))
    return block.size(cols, math.ceil(n / cols))


def _area(block: Block) -> float:
    w, h = _extent(block)
    return w * h


def _shape(n: int, cols: int, rows: int) -> tuple[int, int]:
    """Columns and rows for n pieces in at most cols x rows: all of them in the fewest rows, with the
    fewest empty cells, or as many as fit."""
    if cols * rows < n:
        return cols, rows
    best = min((math.ceil(n / c) * c - n, math.ceil(n / c), -c) for c in range(1, cols + 1)
                if math.ceil(n / c) <= rows)
    return -best[2], best[1]


def _spot(sheets: list[Sheet], block: Block, n: int, empty: Box | None = None,
          whole: bool = True) -> tuple[Sheet, Box] | None:
    """Where the next part of a block goes: the first free rectangle (first sheet, highest, leftmost) that takes
    all n pieces left; else the one that takes the most, unless an `empty` sheet takes them all (a deck that fits on
    one sheet is kept together); None: start a new sheet."""
    best: tuple | None = None
    for k, sheet in enumerate(sheets):
        for f in sheet.free:
            cols, rows = block.fit(f[2], f[3])
            room = min(cols * rows, n) if min(cols, rows) >= 1 else 0
            if room:
                key = (-room, k, round(f[1], 3), round(f[0], 3))
                if best is None or key < best[0]:
                    best = (key, sheet, f)
    if best is None:
        return None
    if -best[0][0] < n and (whole or 2 * -best[0][0] < n) and empty is not None and _room(block, empty) >= n:
        return None  # rather than split a block that a sheet of its own takes whole, start one
    return best[1], best[2]


def _room(block: Block, box: Box) -> int:
    cols, rows = block.fit(box[2], box[3])
    return cols * rows if min(cols, rows) >= 1 else 0


def _occupy(sheet: Sheet, used: Box) -> None:
    """Split every free rectangle that overlaps `used` into the maximal rectangles around it."""
    ux, uy, uw, uh = used
    out: list[Box] = []
    for f in sheet.free:
        fx, fy, fw, fh = f
        if ux >= fx + fw - 1e-6 or ux + uw <= fx + 1e-6 or uy >= fy + fh - 1e-6 or uy + uh <= fy + 1e-6:
            out.append(f)
            continue
        if ux > fx + 1e-6:
            out.append((fx, fy, ux - fx, fh))
        if ux + uw < fx + fw - 1e-6:
            out.append((ux + uw, fy, fx + fw - ux - uw, fh))
        if uy > fy + 1e-6:
            out.append((fx, fy, fw, uy - fy))
        if uy + uh < fy + fh - 1e-6:
            out.append((fx, uy + uh, fw, fy + fh - uy - uh))
    sheet.free = [a for i, a in enumerate(out) if not any(j != i and _inside(a, b) and (a != b or j < i)
                                                           for j, b in enumerate(out))]


def _inside(a: Box, b: Box) -> bool:
    return (a[0] >= b[0] - 1e-6 and a[1] >= b[1] - 1e-6 and a[0] + a[2] <= b[0] + b[2] + 1e-6
            and a[1] + a[3] <= b[1] + b[3] + 1e-6)


def _pages(sheet: Sheet, s: PrintSettings, paper: tuple[float, float], area: Box, centre: bool = True) -> list[Page]:
    """The fronts page of a packed sheet (centred across the page) and, when a piece has one, its backs page."""
    right = max(fx + block.size(cols, math.ceil(len(take) / cols))[0] for block, take, fx, _, cols, _ in sheet.placed)
    dx = (area[0] + area[2] - right) / 2 if centre else 0.0
    fronts: list[Placement] = []
    backs: list[Face | None] = []
    marks: list[Mark] = []
    outlines: list[Any] = []
    for block, take, fx, fy, cols, _ in sheet.placed:
        pad, step_x, step_y = block.pad, block.w, block.h
        if block.apart:
            step_x, step_y = block.w + 2 * pad, block.h + 2 * pad
        for k, (front, back, meta) in enumerate(take):
            r, c = divmod(k, cols)
            x, y = fx + dx + pad + c * step_x, fy + pad + r * step_y
            clip = _clip(block, take, k, cols, x, y)
            fronts.append(Placement(front, x, y, clip, False, {**meta, "side": "front"},
                                    stamp=block.deck.spec.kind not in UNSTAMPED))
            backs.append(back)
            if block.outline:
                shape = Ellipse if block.outline == "round" else Rect
                outlines.append((shape(x, y, block.w, block.h, None, CUT, 0.5), back is not None))
        if not block.apart and s.cut_marks:
            marks.extend(_block_marks(block, len(take), cols, fx + dx, fy))
    page = Page(paper[0], paper[1], fronts, marks, s.mark_width, "front",
                halos(marks, s.mark_width) + [o for o, _ in outlines])
    out = [page]
    if s.duplex != "none" and any(b is not None for b in backs):
        backs_page = back_page(page, list(zip(fronts, backs, strict=True)), paper, s.duplex)
        backs_page.extras += [_mirror_outline(o, paper, s.duplex) for o, two_sided in outlines if two_sided]
        out.append(backs_page)
    return out


def _clip(block: Block, take: list[Entry], k: int, cols: int, x: float, y: float) -> Box:
    """A piece's cell with its bleed: all around when apart; in a grid, on the block's outside and next to empty
    cells (neighbours in the grid meet on their cut line)."""
    b = take[k][0].bleed
    if block.apart:
        return (x - b, y - b, block.w + 2 * b, block.h + 2 * b)
    n, rows = len(take), math.ceil(len(take) / cols)
    r, c = divmod(k, cols)

    def used(rr: int, cc: int) -> bool:
        return 0 <= cc < cols and 0 <= rr < rows and rr * cols + cc < n

    left = 0.0 if used(r, c - 1) else b
    right = 0.0 if used(r, c + 1) else b
    top = 0.0 if used(r - 1, c) else b
    bottom = 0.0 if used(r + 1, c) else b
    return (x - left, y - top, block.w + left + right, block.h + top + bottom)


def _block_marks(block: Block, n: int, cols: int, bx: float, by: float) -> list[Mark]:
    """Both ends of every cut line of a grid block, over the band around it (from the block's outer edge to just
    short of the trim), or over the bleed of an empty cell of a partial last row."""
    rows = math.ceil(n / cols)
    last = n - (rows - 1) * cols  # cells in the last row
    pad, w, h = block.pad, block.w, block.h
    left, top = bx + pad, by + pad

    def row_len(r: int) -> int:
        return 0 if r < 0 or r >= rows else (cols if r < rows - 1 else last)

    out: list[Mark] = []
    for c in range(min(n, cols) + 1):
        x = left + c * w
        bottom = top + (rows if c <= last else rows - 1) * h
        out += [(x, top - pad, x, top - IN_GAP), (x, bottom + IN_GAP, x, bottom + pad)]
    for r in range(rows + 1):
        y, right = top + r * h, left + max(row_len(r - 1), row_len(r)) * w
        out += [(left - pad, y, left - IN_GAP, y), (right + IN_GAP, y, right + pad, y)]
    return out


def _mirror_outline(item: Any, paper: tuple[float, float], duplex: str) -> Any:
    x, y = (paper[0] - item.x - item.w, item.y) if duplex != "short" else (item.x, paper[1] - item.y - item.h)
    return type(item)(x, y, item.w, item.h, None, CUT, 0.5)
