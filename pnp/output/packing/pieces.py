"""Pieces sheets: blocks of like pieces packed onto as few sheets as they take, for the print-and-play document.

A block is one component's pieces (tokens, dice nets, small boards, narrow cards, a short deck or the last
cards of one), laid out in a grid. Blocks go, one at a time, into the free rectangles of the sheets so far
(pnp/output/packing/maxrects.py), split over several only when no rectangle takes them all. Tokens are cut on their
outlines, each with its whole bleed (identical round ones share it: see `alike`); cards and other rectangular
pieces abut, with their bleed around the block and a mark at both ends of every cut line, over that bleed band.
A general rectangle packer (rectpack) places one rectangle at a time and would scatter a component's pieces;
blocks keep them together.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from pnp.layout.scene import Ellipse, Face, Rect
from pnp.model.game import Deck, PrintSettings
from pnp.model.units import MM
from pnp.output.impose.cards import IN_GAP, UNSTAMPED, Mark, Page, Placement, back_page, halos
from pnp.output.packing.maxrects import ORDERS, Block, Box, Entry, Sheet, block_area, place

MARK_ROOM = 3 * MM + IN_GAP  # around a block of rectangular pieces: room for its 3 mm marks, short of the trim
SPARSE = 0.3  # a last sheet of pieces covering less than this share is worth trying to do without
OUTLINE_ROOM = 1.5 * MM  # around each outlined piece (token, die net) when the bleed is less
FOOTER = 4 * MM  # kept free at the foot of a pieces sheet for its footer
CUT = (0.35, 0.35, 0.35)


def block_of(deck: Deck, entries: list[Entry], size: tuple[float, float], s: PrintSettings) -> Block:
    bleed = entries[0][0].bleed
    kind = deck.spec.kind
    if kind == "tokens":
        pad = max(bleed, s.bleed, 1 * MM, OUTLINE_ROOM)
        return Block(deck, entries, size[0], size[1], pad, True, deck.spec.shape, alike(entries, deck, bleed, pad))
    if kind == "die":  # the net draws its own cut line
        return Block(deck, entries, size[0], size[1], max(bleed, OUTLINE_ROOM), True)
    return Block(deck, entries, size[0], size[1], max(bleed, MARK_ROOM if s.cut_marks else bleed), False)


def alike(entries: list[Entry], deck: Deck, bleed: float, pad: float) -> bool:
    """Round pieces that share their bleed: all of one front and one back, each bled all the way to the next (the
    bleed is the gap), so that a neighbour's bleed ring, the same colour as this one's, ends on this one's cut line."""
    return (deck.spec.shape == "round" and len(entries) > 1 and bleed >= pad - 1e-6
            and len({(id(front), id(back)) for front, back, _ in entries}) == 1)


def pack(sheets: list[Sheet], s: PrintSettings, paper: tuple[float, float]) -> list[Page]:
    """Pages of pieces, as `plan_sheets` placed them: those in the room on pages printed anyway drawn there."""
    area = pieces_area(s, paper)
    for sheet in sheets:
        if sheet.page is not None and sheet.placed:  # pieces beside a tile: drawn on its page, their backs behind
            front, *backs = _pages(sheet, s, paper, area, centre=False)
            merge(sheet.page, front)
            sheet.page.info["pieces"] = True
            if backs and "backs" in sheet.page.info:  # more room on that page: one backs page for all of it
                merge(sheet.page.info["backs"], backs[0])
            elif backs:
                sheet.page.info["backs"] = backs[0]  # merged into the tile's backs page, or one of its own after it
    return [page for sheet in sheets if sheet.page is None for page in _pages(sheet, s, paper, area)]


def merge(page: Page, more: Page) -> None:
    """`more`'s faces, marks and lines drawn on `page` too."""
    page.placements += more.placements
    page.marks += more.marks
    page.extras += more.extras


def pieces_area(s: PrintSettings, paper: tuple[float, float]) -> Box:
    return s.margin, s.margin, paper[0] - 2 * s.margin, paper[1] - 2 * s.margin - FOOTER


def plan_sheets(blocks: list[Block], s: PrintSettings, paper: tuple[float, float], first: Sequence[Block] = (),
                room: Sequence[tuple[Page, Box]] = (), fits: tuple[bool, ...] = (False, True)) -> list[Sheet]:
    """The sheets `pack` prints: of the orders tried, each keeping every block that one sheet takes whole on one
    sheet or not, placed first fit or best fit (pnp/output/packing/maxrects.py), the fewest sheets, then the fewest
    decks split (cards: tokens are less trouble), then the fewest pieces apart from the most of their block, then first
    fit, then the fewest blocks split, then the fewest parts.
    `room`: free boxes on pages printed anyway (the room beside a board's tiles), which a block takes first when one
    takes it whole. `fits`: best fit or not (first fit), the ways tried."""
    area = pieces_area(s, paper)
    late = [0 if any(b is f for f in first) else 1 for b in blocks]  # 0: ahead when tried first
    orders = [sorted(range(len(blocks)), key=lambda i: (ahead * late[i], order(blocks[i]), i))
              for ahead in ((0, 1) if first else (0,)) for order in ORDERS]
    tries = [(place(blocks, o, area, whole, room, best), best) for o in orders for whole in (True, False)
             for best in fits]
    chosen = min(tries, key=_better)
    spare = sum(box[2] * box[3] for _, box in room)  # beside tiles
    last = next((sheet for sheet in reversed(chosen[0]) if sheet.page is None), None)
    sparse = last is not None and sum(block.w * block.h * len(take) for block, take, *_ in last.placed) < \
        SPARSE * area[2] * area[3]
    if sparse and sheets(chosen[0]) > 1 and \
            sum(map(block_area, blocks)) < (sheets(chosen[0]) - 1) * area[2] * area[3] + spare:
        # the pieces would cover one sheet fewer: try each order again with one block first (a greedy packer's
        # last sheet can hold a fifth of a sheet that an earlier sheet's gaps, or a tile's side, had room for)
        tries += [(place(blocks, [o[j], *o[:j], *o[j + 1:]], area, whole, room, best), best) for o in orders
                  for j in range(1, len(o)) for whole in (True, False) for best in fits]
        chosen = min(tries, key=_better)
    return chosen[0]


def _better(t: tuple[list[Sheet], bool]) -> tuple:
    return (sheets(t[0]), split(t[0], decks=True), strays(t[0]), t[1], split(t[0]),
            sum(len(sheet.placed) for sheet in t[0]))


def sheets(planned: list[Sheet]) -> int:
    """The sheets of their own the pieces take (not the room beside tiles)."""
    return sum(1 for sheet in planned if sheet.page is None)


def split(sheets: list[Sheet], decks: bool = False) -> int:
    """How many blocks (`decks`: of cards, not pieces cut apart) are split over two or more places."""
    parts: dict[int, int] = {}
    for sheet in sheets:
        for block, *_ in sheet.placed:
            if not (decks and block.apart):
                parts[id(block)] = parts.get(id(block), 0) + 1
    return sum(1 for n in parts.values() if n > 1)


def strays(sheets: list[Sheet]) -> int:
    """How many pieces lie apart from the largest part of their block (one token of 27 alone elsewhere: 1)."""
    parts: dict[int, list[int]] = {}
    for sheet in sheets:
        for block, take, *_ in sheet.placed:
            parts.setdefault(id(block), []).append(len(take))
    return sum(sum(n) - max(n) for n in parts.values())


def _pages(sheet: Sheet, s: PrintSettings, paper: tuple[float, float], area: Box, centre: bool = True) -> list[Page]:
    """The fronts page of a packed sheet (centred across the page) and, when a piece has one, its backs page."""
    right = max(fx + block.size(cols, math.ceil(len(take) / cols))[0] for block, take, fx, _, cols, _ in sheet.placed)
    dx = (area[0] + area[2] - right) / 2 if centre else 0.0
    fronts: list[Placement] = []
    backs: list[Face | None] = []
    marks: list[Mark] = []
    outlines: list[Any] = []
    for block, take, fx, fy, cols, _ in sheet.placed:
        pad, (step_x, step_y) = block.pad, block.step()
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
