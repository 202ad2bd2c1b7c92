"""Placing blocks of like pieces on sheets: the free rectangles of each sheet (maximal free rectangles, as in Jukka
Jylänki's "MaxRects"), a block's shape (its columns and rows) and which rectangle it goes in.

Two ways are tried, the packer keeps whichever takes fewer sheets: the first free rectangle that takes a block
(first sheet, highest, leftmost), a block split only where no rectangle takes it whole; and the best short side
fit (of every free rectangle and every shape of the block that takes it whole, the one that leaves the least
across its shorter side), in which tokens also split over the room on pages printed anyway.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pnp.layout.scene import Entry
from pnp.model.game import Deck

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
    shared: bool = False  # like round pieces apart share their bleed: one's reaches just to its neighbours' cut lines

    def step(self) -> tuple[float, float]:
        """From one piece to the next, across and down."""
        if not self.apart:
            return self.w, self.h
        apart = self.pad if self.shared else 2 * self.pad
        return self.w + apart, self.h + apart

    def size(self, cols: int, rows: int) -> tuple[float, float]:
        (sx, sy), edge = self.step(), self._edge()
        return cols * sx + edge, rows * sy + edge

    def fit(self, w: float, h: float) -> tuple[int, int]:
        """How many columns and rows of this block fit in w x h."""
        (sx, sy), edge = self.step(), self._edge()
        return int((w - edge + 1e-6) // sx), int((h - edge + 1e-6) // sy)

    def _edge(self) -> float:
        """Beyond the pieces' steps: the band around a grid, or a shared bleed's last half."""
        return self.pad if self.shared else 0.0 if self.apart else 2 * self.pad


@dataclass(repr=False, eq=False)
class Sheet:
    free: list[Box]
    placed: list[tuple[Block, list[Entry], float, float, int, int]] = field(default_factory=list)
    page: Any = None  # room on a page printed anyway (beside a tile; its back is empty there)


# The orders in which blocks are tried, the first that takes the fewest sheets wins: largest block first (the
# usual MaxRects order), then largest piece first (small tokens fill the gaps last), longest side, tallest and
# widest block first. A greedy packer's result depends on its order; trying a few costs little.
ORDERS = (lambda b: -block_area(b), lambda b: -b.w * b.h, lambda b: -max(_extent(b)), lambda b: -_extent(b)[1],
          lambda b: -_extent(b)[0])


def place(blocks: list[Block], order: list[int], area: Box, whole: bool = True, room: Sequence[tuple[Any, Box]] = (),
          best: bool = False) -> list[Sheet]:
    """The blocks in this order, each in the first free rectangle that takes it (`best`: the best short side fit);
    `whole`: a block that an empty sheet takes whole is never split (a deck kept together), else only a block under
    half of which a rectangle takes. `room`: free boxes on pages printed anyway, tried first; beside a tile only a
    whole block, but for `best` tokens too, which then split over them."""
    beside = [Sheet([box], page=page) for page, box in room]
    sheets: list[Sheet] = []
    for i in order:
        block = blocks[i]
        todo = list(block.entries)
        while todo:
            fit = _best(beside + sheets, block, len(todo)) if best else None
            if fit is not None:
                sheet, (fx, fy, fw, fh), cols = fit
            else:
                if best:  # tokens split over the rectangles that take most of them, beside tiles too
                    spot = _spot(beside + sheets if block.apart else sheets, block, len(todo),
                                 None if block.apart else area, whole)
                else:
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
                cols = _shape(len(todo), *block.fit(fw, fh))[0]
            rows = block.fit(fw, fh)[1]
            take, todo = todo[:cols * rows], todo[cols * rows:]
            sheet.placed.append((block, take, fx, fy, cols, math.ceil(len(take) / cols)))
            for used in _used(block, len(take), cols, fx, fy):
                _occupy(sheet, used)
    return beside + sheets


def _best(sheets: list[Sheet], block: Block, n: int) -> tuple[Sheet, Box, int] | None:
    """The free rectangle and number of columns that take all n pieces leaving least across the shorter side (then
    the longer), of every shape of the block that fits one; a whole block only beside a tile, unless tokens."""
    best: tuple | None = None
    for sheet in sheets:
        if sheet.page is not None and not block.apart and n < len(block.entries):
            continue
        for f in sheet.free:
            most, rows = block.fit(f[2], f[3])
            for cols in range(1, min(most, n) + 1):
                if math.ceil(n / cols) > rows:
                    continue
                w, h = block.size(cols, math.ceil(n / cols))
                key = (min(f[2] - w, f[3] - h), max(f[2] - w, f[3] - h))
                if best is None or key < best[0]:
                    best = (key, sheet, f, cols)
    return None if best is None else best[1:]


def _used(block: Block, n: int, cols: int, fx: float, fy: float) -> list[Box]:
    """What a block of n pieces in this many columns covers: its full rows, and the cells of a partial last row."""
    full, last = divmod(n, cols)
    out = []
    if full:
        out.append((fx, fy, *block.size(cols, full)))
    if last:
        w, h = block.size(last, 1)
        out.append((fx, fy + full * block.step()[1], w, h))
    return out


def _extent(block: Block) -> tuple[float, float]:
    """The size of a whole block, laid out as square as it goes."""
    n = len(block.entries)
    cols = max(1, round(math.sqrt(n * block.h / block.w)))
    return block.size(cols, math.ceil(n / cols))


def block_area(block: Block) -> float:
    """What a whole block covers, laid out as square as it goes."""
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
