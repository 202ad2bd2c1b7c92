"""A tiled board's assembly map: the whole board small, with every tile's cut lines, its glue tabs
(dashed) and its label in the middle of its piece; for a two-sided board, the back too, as it looks
once the board is turned over left to right (each tile's back is then on the other side)."""

from __future__ import annotations

import dataclasses
from typing import Any

from pnp.layout.scene import Face, Label, Line, Rect, Static, Text, TextRun, Transform
from pnp.model.translation.catalog import said
from pnp.model.units import MM
from pnp.output.impose.cards import Page, Placement
from pnp.output.tiling.seams import Box, SeamPlan

BLACK, WHITE, GREY = (0.0, 0.0, 0.0), (1.0, 1.0, 1.0), (0.4, 0.4, 0.4)
TOP = 34 * MM  # title and instructions above the previews
CAPTION = 6 * MM
MIN_TEXT = 5.0  # pt: the smallest of the board's own text the map's previews keep


def _outline(x: float, y: float, w: float, h: float, dash: tuple[float, ...] = ()) -> list[Line]:
    """A rectangle as four lines, black over white (a tab's is dashed)."""
    out: list[Line] = []
    for x1, y1, x2, y2 in ((x, y, x + w, y), (x + w, y, x + w, y + h), (x + w, y + h, x, y + h), (x, y + h, x, y)):
        out.append(Line(x1, y1, x2, y2, WHITE, 2.0))
        out.append(Line(x1, y1, x2, y2, BLACK, 0.7, dash))
    return out


def _layout(paper: tuple[float, float], margin: float, size: tuple[float, float], sides: int
            ) -> tuple[float, list[tuple[float, float]]]:
    """The previews' scale and the top-left corner of each (side by side or one above the other)."""
    pw, ph = paper
    aw, ah = pw - 2 * margin, ph - 2 * margin - TOP - 4 * MM
    gap = 8 * MM
    options = []
    for across in ((True, False) if sides == 2 else (True,)):
        cols, rows = (sides, 1) if across else (1, sides)
        scale = min((aw - (cols - 1) * gap) / cols / size[0], ((ah - (rows - 1) * gap) / rows - CAPTION) / size[1])
        options.append((scale, across))
    scale, across = max(options)
    w, h = size[0] * scale, size[1] * scale
    if across:
        x0 = (pw - (sides * w + (sides - 1) * gap)) / 2
        return scale, [(x0 + i * (w + gap), margin + TOP + CAPTION) for i in range(sides)]
    return scale, [((pw - w) / 2, margin + TOP + CAPTION + i * (h + gap + CAPTION)) for i in range(sides)]


def sides_of(face: Face, back: Face | None, turned: bool, lang: str = "") -> list[tuple[str, Face]]:
    """The map's previews, each with its caption: the front (turned a quarter, if its tiles are), then the back."""
    front = said("front, turned a quarter as on its tiles" if turned else "front", lang)
    return [(front, face)] + ([(said("back, the board turned over", lang), back)] if back is not None else [])


def title(name: str, lang: str = "") -> str:
    return said("{name}: assembly map", lang, name=name)


def assembly_map(plan: SeamPlan, face: Face, back: Face | None, name: str, paper: tuple[float, float],
                 margin: float, turned: bool = False, lang: str = "") -> Page:
    """The board as its tiles lie on their pages (turned a quarter, if they are), each tile where it goes."""
    pw, ph = paper
    sides = sides_of(face, back, turned, lang)
    scale, corners = _layout(paper, margin, (face.w, face.h), len(sides))
    items: list[Any] = [Label(pw / 2, margin + 8 * MM, title(name, lang), 14, BLACK, "center")]
    lines = steps([tile.label for tile in plan.tiles], plan.stepped, lang)
    items += [Label(pw / 2, margin + (15 + 4.5 * i) * MM, line, 8, GREY, "center") for i, line in enumerate(lines)]
    placements, drawn = draw_sides(plan, sides, corners, scale, (face.w, face.h), 9)
    items += drawn
    return Page(pw, ph, placements, [], 0.5, "map", items)


def draw_sides(plan: SeamPlan, sides: list[tuple[str, Face]], corners: list[tuple[float, float]], scale: float,
               size: tuple[float, float], caption: float) -> tuple[list[Placement], list[Any]]:
    """Each side's preview at its corner (placements, side "map": not printed pieces) with its caption, and every
    tile's outline, tabs and label over it (mirrored on the back, the board turned over)."""
    placements: list[Placement] = []
    items: list[Any] = []
    for i, ((side, shown), (left, top)) in enumerate(zip(sides, corners, strict=True)):
        mirrored = i > 0  # the back, the board turned over
        items.append(Label(left, top - 2 * MM, side[:1].upper() + side[1:], caption, BLACK))
        placements.append(Placement(legible(shown, scale), left, top, (left, top, size[0] * scale, size[1] * scale),
                                    False, {"side": "map"}, scale))
        for tile in plan.tiles:
            if tile.outline is not None:  # cut along stepped seams
                items.extend(_stepped(tile, size[0], left, top, scale, mirrored))
                continue
            tabs = [t for t in (tile.right_tab, tile.bottom_tab) if t]
            items.extend(_tile(tile.piece, tile.label, tabs, size[0], left, top, scale, mirrored))
    return placements, items


def legible(face: Face, scale: float) -> Face:
    """The face as the map draws it, `scale` times its size: its pictures and colours, without the text that would
    print under MIN_TEXT (the board's own words, a millimetre tall on the map, show the tiles nothing)."""
    return dataclasses.replace(face, items=_legible(face.items, scale), sources=None)


def _legible(items: list, scale: float) -> list:
    out: list = []
    for item in items:
        if isinstance(item, Text):
            if min((r.size for r in item.runs if isinstance(r, TextRun)), default=MIN_TEXT) * scale >= MIN_TEXT:
                out.append(item)
        elif isinstance(item, Static):
            out.append(Static(f"{item.key}@map{scale:.4f}", _legible(item.items, scale)))
        elif isinstance(item, Transform):
            out.append(dataclasses.replace(item, items=_legible(item.items, scale * item.scale)))
        else:
            out.append(item)
    return out


def steps(labels: list[str], stepped: bool = False, lang: str = "") -> list[str]:
    """How to cut and glue these tiles (A1, A2, B1, ...): only what their grid has (hatched corners where four
    tiles meet, rows, columns)."""
    rows, cols = len({label[0] for label in labels}), len({label[1:] for label in labels})
    grid = rows > 1 and cols > 1
    out = [said("1. Cut out each tile along its outline: its seams follow the edges of the cells." if stepped else
                "1. Cut out each tile on its corner marks, and cut its hatched corners away." if grid else
                "1. Cut out each tile on its corner marks.", lang)]
    if grid:
        out += [said("2. Lay A1 face up. Glue its tabs; lay each tile named on a tab over it, its edge on the arrow "
                     "tips.", lang),
                said("3. Go row by row, left to right: A1, A2 ..., then row B over row A's lower tabs.", lang)]
    elif len(labels) > 1:
        out.append(said("2. Lay {first} face up and glue its tab; lay {second}, named on the tab, over it, its edge on "
                        "the arrow tips.", lang, first=labels[0], second=labels[1]))
        if len(labels) > 2:
            out.append(said("3. Then {third} over {second}'s tab, and so on." if len(labels) > 3 else
                            "3. Then {third} over {second}'s tab.", lang, second=labels[1], third=labels[2]))
    out.append(said("Solid lines: the tiles' edges. Dashed: the glue tabs, hidden under the next tile."
                    if len(labels) > 2 else
                    "Solid lines: the tiles' edges. Dashed: the glue tab, hidden under the next tile.", lang))
    return out


def _tile(piece: Box, label: str, tabs: list[Box], width: float, left: float, top: float, scale: float,
          mirrored: bool) -> list[Any]:
    def place(b: Box) -> Box:
        x = width - b[0] - b[2] if mirrored else b[0]
        return left + x * scale, top + b[1] * scale, b[2] * scale, b[3] * scale

    out: list[Any] = []
    for tab in tabs:
        out.extend(_outline(*place(tab), dash=(2.0, 1.5)))
    x, y, w, h = place(piece)
    out.extend(_outline(x, y, w, h))
    cx, cy = x + w / 2, y + h / 2
    out.append(Rect(cx - 6 * MM, cy - 4 * MM, 12 * MM, 7 * MM, WHITE, BLACK, 0.8, 1.5 * MM))
    out.append(Label(cx, cy + 1.3 * MM, label, 12, BLACK, "center"))
    return out


def _stepped(tile: Any, width: float, left: float, top: float, scale: float, mirrored: bool) -> list[Any]:
    """A tile cut along stepped seams: its piece's outline (solid), its tabs' (dashed), its label."""
    def place(ring: tuple) -> list[tuple[float, float]]:
        return [(left + ((width - x) if mirrored else x) * scale, top + y * scale) for x, y in ring]

    out: list[Any] = []
    outline = tile.outline
    for ring, dash in ((outline.right_tab, (2.0, 1.5)), (outline.bottom_tab, (2.0, 1.5)), (outline.piece, ())):
        if ring:
            pts = place(ring)
            for (x1, y1), (x2, y2) in zip(pts, [*pts[1:], pts[0]], strict=True):
                out.append(Line(x1, y1, x2, y2, WHITE, 2.0))
                out.append(Line(x1, y1, x2, y2, BLACK, 0.7, dash))
    x, y, w, h = tile.piece
    cx, cy = left + ((width - x - w / 2) if mirrored else x + w / 2) * scale, top + (y + h / 2) * scale
    out.append(Rect(cx - 6 * MM, cy - 4 * MM, 12 * MM, 7 * MM, WHITE, BLACK, 0.8, 1.5 * MM))
    out.append(Label(cx, cy + 1.3 * MM, tile.label, 12, BLACK, "center"))
    return out
