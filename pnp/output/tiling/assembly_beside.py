"""A tiled board's assembly map beside one of its tiles, for the print-and-play document: on the page of the tile
that leaves it most room, pushed to the left or top edge of its page, rather than on a page of its own (a sheet
saved), when the map fits beside it at a legible size: every tile's label box inside its piece on the preview,
the steps at 8 pt in the room left. Otherwise the map keeps its own page (pnp/output/tiling/assembly.py)."""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any

from pnp.layout.scene import Face, Label
from pnp.model.units import MM
from pnp.output.impose.cards import Placement
from pnp.output.tiling.assembly import BLACK, CAPTION, GREY, draw_sides, sides_of, steps, title
from pnp.output.tiling.seams import Box, SeamPlan

LABEL_ROOM = (16 * MM, 11 * MM)  # a tile's piece on the preview holds its 12 x 7 mm label box, with room round it
GAP = 5 * MM  # between the tile's marks and the map, and between the map's text and its previews
TITLE, STEP = 11.0, 8.0  # pt
CHAR = 0.56  # an average character's width in ems, to wrap the steps (generous for a sans: a line never overruns)
LEADING = 1.45  # line height, in sizes


@dataclass(frozen=True)
class Beside:
    """Where the map goes on a tile's page: the tile pushed to the `anchor` edge ("left" or "top"), the map in `box`
    at `scale`, its text above or beside its previews."""

    tile: int  # index in the plan's tiles
    anchor: str
    box: Box
    scale: float
    text_box: Box
    previews: list[tuple[float, float]]  # top-left corner of each side's preview


def _wrap(text: str, width: float, size: float) -> list[str]:
    return textwrap.wrap(text, max(12, int(width / (CHAR * size))))


def _text(name: str, said: list[str], width: float, lang: str = "") -> list[tuple[str, float]]:
    lines = [(line, TITLE) for line in _wrap(title(name, lang), width, TITLE)]
    return lines + [(line, STEP) for step in said for line in _wrap(step, width, STEP)]


def _height(lines: list[tuple[str, float]]) -> float:
    return sum(size * LEADING for _, size in lines)


def _previews(w: float, h: float, size: tuple[float, float], sides: int) -> tuple[float, bool]:
    """The previews' largest scale in w x h (each with its caption above), side by side or one above the other."""
    best = (0.0, True)
    for across in ((True, False) if sides == 2 else (True,)):
        cols, rows = (sides, 1) if across else (1, sides)
        scale = min((w - (cols - 1) * GAP) / cols / size[0], ((h - (rows - 1) * GAP) / rows - CAPTION) / size[1])
        best = max(best, (scale, across))
    return best


def _legible(plan: SeamPlan, scale: float) -> bool:
    return all(t.piece[2] * scale >= LABEL_ROOM[0] and t.piece[3] * scale >= LABEL_ROOM[1] for t in plan.tiles)


def _fit(plan: SeamPlan, name: str, size: tuple[float, float], sides: int, box: Box, lang: str = ""
         ) -> tuple[float, Box, list] | None:
    """The map in `box`: its text above its previews, or beside them (in a column of a few widths tried); the
    arrangement that draws the previews largest, if legible."""
    x, y, w, h = box
    said = steps([t.label for t in plan.tiles], plan.stepped, lang)
    options: list[tuple[float, Box, Box, bool]] = []  # scale, text box, previews' box, across
    lines = _text(name, said, w, lang)
    th = _height(lines)
    scale, across = _previews(w, h - th - GAP, size, sides)
    options.append((scale, (x, y, w, th), (x, y + th + GAP, w, h - th - GAP), across))
    for tw in (w * f for f in (0.3, 0.4, 0.5)):
        if tw < 45 * MM:
            continue
        th = _height(_text(name, said, tw, lang))
        if th > h:
            continue
        scale, across = _previews(w - tw - GAP, h, size, sides)
        options.append((scale, (x + w - tw, y, tw, th), (x, y, w - tw - GAP, h), across))
    scale, text_box, (px, py, pw, ph), across = max(options, key=lambda o: o[0])
    if scale <= 0 or not _legible(plan, scale):
        return None
    pw_, ph_ = size[0] * scale, size[1] * scale
    if across:
        x0 = px + (pw - (sides * pw_ + (sides - 1) * GAP)) / 2
        corners = [(x0 + i * (pw_ + GAP), py + CAPTION) for i in range(sides)]
    else:
        corners = [(px + (pw - pw_) / 2, py + CAPTION + i * (ph_ + GAP + CAPTION)) for i in range(sides)]
    return scale, text_box, corners


def choose(plan: SeamPlan, name: str, size: tuple[float, float], bleed: float, sides: int, paper: tuple[float, float],
           margin: float, band: float, mark_to: float, lang: str = "") -> Beside | None:
    """The tile and edge that leave the map the most room, the map at its largest legible there; None: no tile's page
    has room for it."""
    pw, ph = paper
    ext = max(bleed, mark_to)  # beyond the tile's outline: its bleed and corner marks
    best: Beside | None = None
    for i, tile in enumerate(plan.tiles):
        _, _, tw, th = tile.box
        right = margin + tw + 2 * ext + GAP
        below = margin + th + 2 * ext + GAP
        for anchor, box in (("left", (right, margin, pw - margin - right, ph - margin - band - margin)),
                            ("top", (margin, below, pw - 2 * margin, ph - margin - band - below))):
            if box[2] <= 0 or box[3] <= 0:
                continue
            fit = _fit(plan, name, size, sides, box, lang)
            if fit is not None and (best is None or fit[0] > best.scale + 1e-9):
                best = Beside(i, anchor, box, fit[0], fit[1], fit[2])
    return best


def map_items(plan: SeamPlan, where: Beside, face: Face, back: Face | None, name: str,
              turned: bool, lang: str = "") -> tuple[list[Placement], list[Any]]:
    """The map's previews (placements, side "map": not printed pieces) and its text and outlines, where `where` says."""
    tx, ty, tw, _ = where.text_box
    items: list[Any] = []
    y = ty
    for line, size in _text(name, steps([t.label for t in plan.tiles], plan.stepped, lang), tw, lang):
        y += size * LEADING
        items.append(Label(tx, y - size * 0.45, line, size, BLACK if size == TITLE else GREY, "left"))
    sides = sides_of(face, back, turned, lang)
    placements, drawn = draw_sides(plan, sides, where.previews, where.scale, (face.w, face.h), 8)
    return placements, items + drawn
