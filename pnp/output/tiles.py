"""Impose what is larger than a card: one face alone on a page, or tiled across pages.

A board that fits the printable area is centred on one page with cut marks at its corners. A
larger one is cut into tiles of the printable area that overlap by at least 10 mm. Each tile but
the first of its row and column has a dashed cut line through the middle of its overlap, crossed
by registration marks: cut along it and lay the tile over its neighbour so that its half-crosses
meet the neighbour's whole crosses. Each tile carries its label (A1, A2, B1, ...), and an assembly
map page shows where each goes.
"""

from __future__ import annotations

import math
import string
from dataclasses import dataclass
from typing import Any

from pnp.layout.scene import Face, Label, Line, Rect
from pnp.model.units import MM
from pnp.output.impose import Page, Placement

OVERLAP = 10 * MM
BAND = 8 * MM  # room under each tile for its label
GREY = (0.45, 0.45, 0.45)


@dataclass(frozen=True)
class Tile:
    row: int
    col: int
    x: float  # the board region this tile prints, in board coordinates (trim origin, bleed outside)
    y: float
    w: float
    h: float

    @property
    def label(self) -> str:
        return f"{string.ascii_uppercase[self.row]}{self.col + 1}"


def plan_tiles(size: tuple[float, float], bleed: float, area: tuple[float, float]) -> list[Tile]:
    """Tiles covering the board and its bleed, each at most `area`, neighbours overlapping >= 10 mm."""
    full_w, full_h = size[0] + 2 * bleed, size[1] + 2 * bleed
    aw, ah = area
    cols = 1 if full_w <= aw else math.ceil((full_w - OVERLAP) / (aw - OVERLAP))
    rows = 1 if full_h <= ah else math.ceil((full_h - OVERLAP) / (ah - OVERLAP))
    tw, th = min(aw, full_w), min(ah, full_h)
    # spread the tiles evenly: equal overlaps, at least OVERLAP each
    step_x = (full_w - tw) / (cols - 1) if cols > 1 else 0.0
    step_y = (full_h - th) / (rows - 1) if rows > 1 else 0.0
    return [Tile(r, c, -bleed + c * step_x, -bleed + r * step_y, tw, th) for r in range(rows) for c in range(cols)]


def _cross(x: float, y: float, size: float = 3 * MM) -> list[Line]:
    return [Line(x - size, y, x + size, y, (0, 0, 0), 0.4), Line(x, y - size, x, y + size, (0, 0, 0), 0.4)]


def impose_board(face: Face, meta: dict[str, Any], name: str, paper: tuple[float, float], margin: float,
                 marks: bool) -> list[Page]:
    """Pages for one large face: a single page when it fits, else its tiles and an assembly map."""
    pw, ph = paper
    area = (pw - 2 * margin, ph - 2 * margin - BAND)
    tiles = plan_tiles((face.w, face.h), face.bleed, area)
    pages = []
    for tile in tiles:
        # where the tile's region lands: the printable area's top-left (or centred when it is the whole board)
        left = margin + (area[0] - tile.w) / 2 if len(tiles) == 1 else margin
        top = margin + (area[1] - tile.h) / 2 if len(tiles) == 1 else margin
        ox, oy = left - tile.x, top - tile.y  # page position of the board's trim origin
        extras: list[Any] = []
        if tile.col > 0:  # cut line and registration through the middle of the overlap with the left tile
            prev = tiles[tiles.index(tile) - 1]
            cut = ox + (tile.x + prev.x + prev.w) / 2
            extras.append(Line(cut, top, cut, top + tile.h, GREY, 0.5, (3.0, 2.0)))
            extras.extend(c for y in (0.2, 0.5, 0.8) for c in _cross(cut, top + tile.h * y))
        if tile.row > 0:
            above = tiles[tiles.index(tile) - (max(t.col for t in tiles) + 1)]
            cut = oy + (tile.y + above.y + above.h) / 2
            extras.append(Line(left, cut, left + tile.w, cut, GREY, 0.5, (3.0, 2.0)))
            extras.extend(c for x in (0.2, 0.5, 0.8) for c in _cross(left + tile.w * x, cut))
        # registration crosses the next tiles will meet: right and bottom overlaps
        for other in tiles:
            if other.row == tile.row and other.col == tile.col + 1:
                mid = ox + (other.x + tile.x + tile.w) / 2
                extras.extend(c for y in (0.2, 0.5, 0.8) for c in _cross(mid, top + tile.h * y))
            if other.col == tile.col and other.row == tile.row + 1:
                mid = oy + (other.y + tile.y + tile.h) / 2
                extras.extend(c for x in (0.2, 0.5, 0.8) for c in _cross(left + tile.w * x, mid))
        if marks:
            extras.extend(_corner_marks(ox, oy, face, (left, top, tile.w, tile.h)))
        text = (f"{name} · tile {tile.label} of {len(tiles)}" if len(tiles) > 1 else name)
        extras.append(Label(margin, ph - margin - 2.5 * MM, text, 8, (0, 0, 0), "left"))
        if len(tiles) > 1:
            extras.append(Label(pw - margin, ph - margin - 2.5 * MM, "cut on the dashed lines; lay each tile over "
                                "its neighbour, crosses on crosses", 7, GREY, "right"))
        placement = Placement(face, ox, oy, (left, top, tile.w, tile.h), False,
                              {**meta, "side": "front", "tile": tile.label,
                               "region_mm": [round(v / MM, 3) for v in (tile.x, tile.y, tile.w, tile.h)]})
        pages.append(Page(pw, ph, [placement], [], 0.5, "front", extras))
    if len(tiles) > 1:
        pages.append(assembly_map(tiles, face, name, paper, margin))
    return pages


def _corner_marks(ox: float, oy: float, face: Face, clip: tuple[float, float, float, float]) -> list[Line]:
    """Cut marks at the board's trim corners that fall inside this tile, pointing away from the board."""
    out = []
    length, gap = 4 * MM, face.bleed + 1 * MM
    cx, cy, cw, ch = clip
    for bx, sx in ((0.0, -1), (face.w, 1)):
        for by, sy in ((0.0, -1), (face.h, 1)):
            x, y = ox + bx, oy + by
            if cx - 1 <= x <= cx + cw + 1 and cy - 1 <= y <= cy + ch + 1:
                out.append(Line(x + sx * gap, y, x + sx * (gap + length), y, (0, 0, 0), 0.5))
                out.append(Line(x, y + sy * gap, x, y + sy * (gap + length), (0, 0, 0), 0.5))
    return out


def assembly_map(tiles: list[Tile], face: Face, name: str, paper: tuple[float, float], margin: float) -> Page:
    """A page with the whole board, small, and each tile's place and label on it."""
    pw, ph = paper
    full_w, full_h = face.w + 2 * face.bleed, face.h + 2 * face.bleed
    scale = min((pw - 2 * margin) / full_w, (ph - 2 * margin - 30 * MM) / full_h) * 0.9
    left, top = (pw - full_w * scale) / 2, margin + 25 * MM
    preview = Placement(face, left + face.bleed * scale, top + face.bleed * scale,
                        (left, top, full_w * scale, full_h * scale), False, {"side": "map"}, scale)
    items: list[Any] = [Label(pw / 2, margin + 8 * MM, f"{name}: assembly map", 14, (0, 0, 0), "center"),
                        Label(pw / 2, margin + 15 * MM, "Cut each tile but A1 on its dashed lines and lay it over "
                              "its neighbours, crosses on crosses: A1, then the rest of row A, then row B...", 8, GREY,
                              "center")]
    for tile in tiles:
        x = left + (tile.x + face.bleed) * scale
        y = top + (tile.y + face.bleed) * scale
        items.append(Rect(x, y, tile.w * scale, tile.h * scale, None, (1, 1, 1), 1.2))
        cx, cy = x + tile.w * scale / 2, y + tile.h * scale / 2
        items.append(Rect(cx - 9 * MM, cy - 6 * MM, 18 * MM, 10 * MM, (1, 1, 1), (0, 0, 0), 0.8, 1.5 * MM))
        items.append(Label(cx, cy + 1.5 * MM, tile.label, 16, (0, 0, 0), "center"))
    return Page(pw, ph, [preview], [], 0.5, "map", items)
