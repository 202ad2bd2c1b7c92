"""Impose what is larger than a card: one face alone on a page, or tiled across pages.

A board that fits the printable area is centred on one page. A larger one is cut into tiles
(`pnp.output.tiling.seams`): pieces that abut along the seams, each with a narrow glue tab under its right
and lower neighbours. Each tile page prints its piece and tabs with the bleed all round, corner
marks on its cut outline, arrows on each tab whose tips show where the neighbour's edge goes, the
neighbour's label on the tab, and hatched notches to cut away. A board with a `back:` gets a back
page after each tile, holding the other side's matching region, registered behind the front. An
assembly map page (`pnp.output.tiling.assembly`) ends the board.

Every mark that can fall on art (corner marks in the bleed, tab arrows) is black over white, so it
shows on any background. The page's label sits in a band below everything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.layout.scene import Face, GridCells, Label, Line, Polygon, Rect, Transform
from pnp.model.translation.catalog import said
from pnp.model.units import MM
from pnp.output.impose.cards import Page, Placement, halo_line, mirror
from pnp.output.tiling.seams import Box, SeamPlan, TilePlan, plan_seams

BAND = 8 * MM  # room under each tile for its label
MARK_FROM, MARK_TO = 1 * MM, 4.5 * MM  # corner marks run from this far beyond the trim to this far
GREY = (0.45, 0.45, 0.45)
BLACK, WHITE = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0)


def area(paper: tuple[float, float], margin: float, bleed: float) -> tuple[float, float]:
    """The largest art box (trim and bleed) a tile page holds, with room for corner marks beyond the bleed."""
    room = max(0.0, MARK_TO - bleed)
    return paper[0] - 2 * margin - 2 * room, paper[1] - 2 * margin - BAND - 2 * room


@dataclass(frozen=True)
class Frame:
    """How a board lies on its tile pages: as drawn, or turned a quarter clockwise when that takes fewer
    sheets (a 250 x 300 mm board is two A4 tiles turned, four as drawn)."""

    w: float  # the board as drawn
    h: float
    turned: bool = False

    def to_board(self, box: Box) -> Box:
        """A box on the tile pages' board -> the same box on the board as drawn."""
        if not self.turned:
            return box
        x, y, w, h = box
        return y, self.h - x - w, h, w

    def from_board(self, box: Box) -> Box:
        if not self.turned:
            return box
        u, v, w, h = box
        return self.h - v - h, u, h, w


def turned(face: Face, angle: float) -> Face:
    """The face a quarter turn round (90: clockwise, -90: anticlockwise), on a face of its height by its width."""
    return Face(face.h, face.w, face.bleed, [Transform(face.h / 2, face.w / 2, 1.0, angle, face.w, face.h,
                                                       face.items, face.bleed)], face.sources)


def impose_board(face: Face, back: Face | None, meta: dict[str, Any], name: str, paper: tuple[float, float],
                 margin: float, marks: bool, duplex: str, avoid: list[Box], tab: float,
                 beside: bool = False, lang: str = "") -> tuple[list[Page], SeamPlan]:
    """Pages for one large face: its tiles (each followed by its back, if any) and, when tiled, a map. The
    board is turned a quarter on its pages when that takes fewer tiles; its back then turns the other way,
    so that turned over left to right (as drawn) the board still shows its back upright. `beside`: the map goes
    beside the tile whose page has most room for it, when one has room at a legible size (the document's)."""
    from pnp.output.tiling.assembly import assembly_map
    from pnp.output.tiling.assembly_beside import choose, map_items

    room = area(paper, margin, face.bleed)
    frame = Frame(face.w, face.h)
    plan = _plan((face.w, face.h), face.bleed, room, tab, avoid, face.grids, name)
    across = Frame(face.w, face.h, True)
    other = _plan((face.h, face.w), face.bleed, room, tab, [across.from_board(b) for b in avoid],
                  tuple(_turned_grid(g, face.h) for g in face.grids), name)
    if (bool(other.crossed), len(other.tiles)) < (bool(plan.crossed), len(plan.tiles)):
        plan, frame = other, across
        face, back = turned(face, 90), (turned(back, -90) if back is not None else None)
    shown = back if duplex != "none" else None
    where = None
    if beside and len(plan.tiles) > 1:
        where = choose(plan, name, (face.w, face.h), face.bleed, 2 if shown is not None else 1, paper, margin, BAND,
                       MARK_TO, lang)
    pages = []
    for i, tile in enumerate(plan.tiles):
        here = where is not None and where.tile == i
        spare = free_room(tile.box, face.bleed, paper, margin) if beside and len(plan.tiles) > 1 else None
        anchor = where.anchor if where is not None and here else (spare[0] if spare else "")
        front, placement = tile_page(face, tile, plan, frame, meta, name, paper, margin, marks, back is not None,
                                     anchor, said(" · and the assembly map", lang) if here else "", lang)
        if where is not None and here:  # the assembly map beside this tile
            previews, items = map_items(plan, where, face, shown, name, frame.turned, lang)
            front.placements += previews
            front.extras += items
            front.info["map_beside"] = tile.label
        elif spare:  # the room beside it, for pieces
            front.info["free"] = spare[1]
        pages.append(front)
        if back is not None and duplex != "none":
            pages.append(back_page(back, placement, tile, plan, frame, meta, name, paper, margin, duplex, lang))
    if len(plan.tiles) > 1 and where is None:
        pages.append(assembly_map(plan, face, back if duplex != "none" else None, name, paper, margin, frame.turned,
                                  lang))
    return pages, plan


def free_room(box: Box, bleed: float, paper: tuple[float, float], margin: float) -> tuple[str, Box] | None:
    """The larger room a tile leaves on its page when pushed to its page's left or top edge (the anchor, the box
    beside or below its bleed and corner marks), or None when neither is 20 mm across at least."""
    from pnp.output.tiling.assembly_beside import GAP

    pw, ph = paper
    ext = max(bleed, MARK_TO)
    right, below = margin + box[2] + 2 * ext + GAP, margin + box[3] + 2 * ext + GAP
    rooms = [("left", (right, margin, pw - margin - right, ph - margin - BAND - margin)),
             ("top", (margin, below, pw - 2 * margin, ph - margin - BAND - below))]
    rooms = [r for r in rooms if min(r[1][2], r[1][3]) >= 20 * MM]
    return max(rooms, key=lambda r: r[1][2] * r[1][3]) if rooms else None


def _plan(size: tuple[float, float], bleed: float, room: tuple[float, float], tab: float, avoid: list[Box],
          grids: tuple[GridCells, ...], name: str = "") -> SeamPlan:
    """The tiles: seams along the cells' edges on a board holding a grid that does not fit a page, else straight."""
    if grids and (size[0] > room[0] - 2 * bleed or size[1] > room[1] - 2 * bleed):
        from pnp.core.extras import require

        require(("shapely",), "hex", "a board holding a grid, tiled along its cells' edges,", subject=name)
        from pnp.output.tiling.stepped import plan_on_grid

        return plan_on_grid(size, bleed, room, tab, avoid, grids)
    return plan_seams(size, bleed, room, tab, avoid)


def _turned_grid(grid: GridCells, height: float) -> GridCells:
    """A grid as it lies on the board turned a quarter clockwise (a board point (x, y) goes to (height - y, x))."""
    return GridCells(grid.shape, tuple((r, c, tuple((height - y, x) for x, y in corners))
                                       for r, c, corners in grid.cells))


def _page_label(name: str, tile: TilePlan, plan: SeamPlan, side: str, two_sided: bool, lang: str = "") -> str:
    text = said("{name} · tile {tile} of {n}", lang, name=name, tile=tile.label, n=len(plan.tiles)) \
        if len(plan.tiles) > 1 else name
    return text + (f" · {said(side, lang)}" if two_sided else "")


def tile_page(face: Face, tile: TilePlan, plan: SeamPlan, frame: Frame, meta: dict[str, Any], name: str,
              paper: tuple[float, float], margin: float, marks: bool, two_sided: bool,
              anchor: str = "", also: str = "", lang: str = "") -> tuple[Page, Placement]:
    """A tile centred on its page, or pushed to its `anchor` edge ("left", "top": the assembly map or pieces beside
    it); `also`: what else its page's label names."""
    pw, ph = paper
    b = face.bleed
    aw, ah = area(paper, margin, b)
    tx, ty, tw, th = tile.box
    left = margin + max(0.0, MARK_TO - b) + (0 if anchor == "left" else (aw - tw - 2 * b) / 2) + b  # its trim box
    top = margin + max(0.0, MARK_TO - b) + (0 if anchor == "top" else (ah - th - 2 * b) / 2) + b
    ox, oy = left - tx, top - ty  # page position of the board's trim origin
    clip = (left - b, top - b, tw + 2 * b, th + 2 * b)
    extras: list[Any] = []
    path = None
    if tile.outline is not None:  # cut along stepped seams: the outline drawn to cut on, the art clipped round it
        from pnp.output.tiling.stepped_marks import outline_marks

        path = tuple((x + ox, y + oy) for x, y in tile.outline.clip(b))
        labels = (_neighbour(plan, tile, 0, 1) if tile.right_tab else "",
                  _neighbour(plan, tile, 1, 0) if tile.bottom_tab else "")
        extras.extend(outline_marks(tile, plan.tab, labels, ox, oy, marks))
        marks = False
    for notch in tile.notches:
        extras.extend(_notch(notch, ox, oy))
    if tile.right_tab and tile.outline is None:
        extras.extend(_tab_marks(tile.right_tab, ox, oy, "right", _neighbour(plan, tile, 0, 1)))
    if tile.bottom_tab and tile.outline is None:
        extras.extend(_tab_marks(tile.bottom_tab, ox, oy, "bottom", _neighbour(plan, tile, 1, 0)))
    corners = corner_marks((left, top, tw, th), b) if marks else []
    extras.extend(corners)
    label = _page_label(name, tile, plan, "front", two_sided, lang) + also
    extras.append(Label(margin, ph - margin - 2.5 * MM, label, 8, BLACK))
    px, py, pw_, ph_ = tile.piece
    tile_meta = _tile_meta(tile, frame, frame.to_board(tile.piece), (left, top, tw, th))
    tile_meta["piece_mm"] = [round(v / MM, 3) for v in (ox + px, oy + py, pw_, ph_)]  # what shows, on the page
    placement = Placement(face, ox, oy, clip, False, {**meta, "side": "front", **tile_meta}, clip_path=path)
    page = Page(pw, ph, [placement], [], 0.5, "front", extras)
    page.boxes = ((left, top, tw, th), clip)
    page.info["cut_marks"] = [(m.x1, m.y1, m.x2, m.y2) for m in corners if m.stroke == BLACK]  # for the manifest
    return page, placement


def back_page(back: Face, front: Placement, tile: TilePlan, plan: SeamPlan, frame: Frame, meta: dict[str, Any],
              name: str, paper: tuple[float, float], margin: float, duplex: str, lang: str = "") -> Page:
    """The other side of the board behind this tile: the back design turned over left to right, so
    the front's board point (x, y) has the back's (width - x, y) behind it once printed duplex."""
    pw, ph = paper
    bx, by = mirror(front.x, front.y, front.face.w, front.face.h, paper, duplex)
    cx, cy = mirror(*front.clip, paper, duplex)
    clip = (cx, cy, front.clip[2], front.clip[3])
    trim = front.meta["trim_mm"]
    tx, ty = mirror(trim[0] * MM, trim[1] * MM, trim[2] * MM, trim[3] * MM, paper, duplex)
    trim_box = (tx, ty, trim[2] * MM, trim[3] * MM)
    x, y, w, h = frame.to_board(tile.piece)  # the part of the back design this tile shows: the piece, turned over
    tile_meta = _tile_meta(tile, frame, (frame.w - x - w, y, w, h), trim_box)
    path = tuple(mirror(x, y, 0, 0, paper, duplex) for x, y in front.clip_path) if front.clip_path else None
    placement = Placement(back, bx, by, clip, duplex == "short", {**meta, "side": "back", **tile_meta}, clip_path=path)
    y = ph - margin - 2.5 * MM if duplex == "long" else margin + 5 * MM  # the band behind the front's
    page = Page(pw, ph, [placement], [], 0.5, "back",
                [Label(margin, y, _page_label(name, tile, plan, "back", True, lang), 8, BLACK)])
    page.boxes = (trim_box, clip)
    return page


def _tile_meta(tile: TilePlan, frame: Frame, region: Box, trim: Box) -> dict[str, Any]:
    """For the manifest: the tile, the part of the board (as drawn) it shows, its cut outline's box on the page,
    and whether the board lies turned a quarter on the page."""
    return {"tile": tile.label, "region_mm": [round(v / MM, 3) for v in region],
            "trim_mm": [round(v / MM, 3) for v in trim], **({"turned": 90} if frame.turned else {})}


def _neighbour(plan: SeamPlan, tile: TilePlan, dr: int, dc: int) -> str:
    other = next(t for t in plan.tiles if (t.row, t.col) == (tile.row + dr, tile.col + dc))
    return other.label


def corner_marks(trim: Box, bleed: float) -> list[Line]:
    """Marks extending the trim box's edges beyond each corner, black over white."""
    x, y, w, h = trim
    out: list[Line] = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            out.extend(halo_line(cx + sx * MARK_FROM, cy, cx + sx * MARK_TO, cy))
            out.extend(halo_line(cx, cy + sy * MARK_FROM, cx, cy + sy * MARK_TO))
    return out


def _notch(notch: Box, ox: float, oy: float) -> list[Any]:
    """A corner to cut away: white, hatched, outlined just inside its edges."""
    x, y, s, _ = notch
    x, y = x + ox, y + oy
    out: list[Any] = [Rect(x, y, s, s, WHITE, None, 0)]
    for k in range(1, 4):
        f = k / 4 * s
        out.append(Line(x + f, y, x, y + f, GREY, 0.5))
        out.append(Line(x + s, y + f, x + f, y + s, GREY, 0.5))
    out.append(Rect(x + 0.25, y + 0.25, s - 0.5, s - 0.5, None, BLACK, 0.5))
    return out


def _tab_marks(tab: Box, ox: float, oy: float, side: str, neighbour: str) -> list[Any]:
    """Arrows whose tips touch the seam, where the neighbour's cut edge goes, and the neighbour's label."""
    x, y, w, h = tab
    x, y = x + ox, y + oy
    size = min(3 * MM, (w if side == "right" else h) * 0.45)
    out: list[Any] = []
    along = h if side == "right" else w
    for f in (0.15, 0.85) if along < 60 * MM else (0.1, 0.35, 0.65, 0.9):
        if side == "right":
            cy = y + along * f
            pts = [(x, cy), (x + size, cy - size / 2), (x + size, cy + size / 2)]
        else:
            cx = x + along * f
            pts = [(cx, y), (cx - size / 2, y + size), (cx + size / 2, y + size)]
        out.append(Polygon(pts, WHITE, BLACK, 0.5))
    cx, cy = (x + w / 2, y + h / 2)
    out.append(Rect(cx - 4 * MM, cy - 2.3 * MM, 8 * MM, 4.6 * MM, WHITE, BLACK, 0.5, 1 * MM))
    out.append(Label(cx, cy + 1 * MM, neighbour, 7, BLACK, "center"))
    return out


def impose_single(face: Face, back: Face | None, meta: dict[str, Any], name: str, paper: tuple[float, float],
                  margin: float, marks: bool, duplex: str) -> list[Page]:
    """One face alone and centred on a page (a board that fits, a die net), and its back behind it."""
    pages, _ = impose_board(face, back, meta, name, paper, margin, marks, duplex, [], 7 * MM)
    return pages
