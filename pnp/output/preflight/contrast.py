"""Contrast: can a player read each run of text on what lies under it?

For every run of text on a face (a glossary term, an icon's number, a title), the colour under the
middle of the run is what the face painted last there before the text: a filled rectangle or ellipse,
or the white paper. Where the last thing under it is a picture, an icon, a polygon or a see-through
colour, the colour under the text is not known and nothing is said; a polygon filled with a solid colour
is measured by its outline (a rocket's floors, a hexagon). The measure is WCAG's contrast ratio of the
two colours' relative luminances, held to WCAG's AA: 4.5:1 for text, 3:1 for large text (18 pt, or 14 pt
bold), where a game asks for it (`print: contrast: 4.5`); the floor, 2:1, is hard to read for anyone. (The
check once skipped every polygon and asked 2:1 of every game: a 2.2:1 mustard label and grey numbers on a
rocket's floors passed it.)
"""

from __future__ import annotations

import math
from collections.abc import Iterator

from pnp.layout.scene import Ellipse, Icon, Image, Item, Polygon, Rect, Static, Text, TextRun, Transform
from pnp.model.colour import ratio  # WCAG's contrast ratio (the layout chooses ink by it too)
from pnp.model.units import RGB, alpha_of

MIN_CONTRAST = 2.0  # below this, text is hard to read for anyone: the default a game's `print: contrast:` raises
AA = 4.5  # WCAG AA for text: below this a player with weaker sight, or in poor light, may not read it
MIN_LARGE = 3.0  # WCAG AA for large text (18 pt and up, or 14 pt and up in bold): never asked for more than this
PAPER: RGB = (1.0, 1.0, 1.0)

Painted = tuple[float, float, float, float, RGB | None, object]  # x, y, w, h, colour (None: not known), shape:
# True an ellipse, a list of points a polygon, False a rectangle


def _flat(items: list) -> Iterator[Item]:
    """The face's items in the order they are drawn, inside shared groups (a transformed frame, with coordinates
    of its own, is one item)."""
    for item in items:
        if isinstance(item, Static):
            yield from _flat(item.items)
        else:
            yield item


def _outline(t: Transform) -> tuple[float, float, float, float]:
    """The box a transformed frame covers on the face (its frame turned about its centre, then scaled)."""
    turn = math.radians(t.rotate)
    w = t.scale * (abs(t.w * math.cos(turn)) + abs(t.h * math.sin(turn)))
    h = t.scale * (abs(t.w * math.sin(turn)) + abs(t.h * math.cos(turn)))
    return t.x - w / 2, t.y - h / 2, w, h


def colour_at(painted: list[Painted], x: float, y: float, base: RGB | None = PAPER) -> RGB | None:
    """The colour last painted at (x, y), else `base` (the paper, or what lies under a frame); None: not known."""
    for px, py, pw, ph, colour, rounded in reversed(painted):
        if not (px <= x <= px + pw and py <= y <= py + ph):
            continue
        if rounded is True:  # an ellipse: inside its curve?
            rx, ry = pw / 2, ph / 2
            if rx <= 0 or ry <= 0 or ((x - px - rx) / rx) ** 2 + ((y - py - ry) / ry) ** 2 > 1:
                continue
        elif isinstance(rounded, list) and not _inside(rounded, x, y):
            continue
        return colour
    return base


def _inside(points: list[tuple[float, float]], x: float, y: float) -> bool:
    """Is (x, y) inside the polygon (even-odd, as it is filled)?"""
    inside = False
    for (x1, y1), (x2, y2) in zip(points, points[1:] + points[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def needed(run: TextRun, least: float = MIN_CONTRAST) -> float:
    """The contrast a run of text needs: `least` (the game's), but never more than 3:1 of large text (WCAG)."""
    bold = "bold" in run.font.lower()
    return min(least, MIN_LARGE) if run.size >= 18 or (bold and run.size >= 14) else least


def low_contrast(items: list, base: RGB | None = PAPER,
                 least: float = MIN_CONTRAST) -> Iterator[tuple[Text, TextRun, RGB, float]]:
    """Each run of text whose colour stands out less than it `needed` from the known colour under its
    middle (half an em a character: near enough to say what lies under it, without measuring the text):
    (its text item, the run, the colour under it, the ratio). `base`: the colour under everything (the paper).
    A transformed frame (a die face's template, a board turned on its tile) is measured in its own coordinates,
    on the colour under its centre; on the face, what it covers is then not known."""
    painted: list[Painted] = []
    for item in _flat(items):
        if isinstance(item, Transform):
            yield from low_contrast(item.items, colour_at(painted, item.x, item.y, base), least)
        paint_item(item, painted)
        if isinstance(item, Text) and not item.rotate:
            for run in item.runs:
                if not isinstance(run, TextRun) or not run.text.strip() or alpha_of(run.color) < 0.99:
                    continue
                under = colour_at(painted, run.x + 0.25 * run.size * len(run.text), run.y - 0.35 * run.size, base)
                if under is None:
                    continue
                found = ratio(run.color, under)
                if found < needed(run, least):
                    yield item, run, under, found


def paint_item(item: Item, painted: list[Painted]) -> None:
    """What an item paints, on top of what was painted before it (colour None: not known)."""
    if isinstance(item, Transform):
        x, y, w, h = _outline(item)
        painted.append((x, y, w, h, None, False))
    elif isinstance(item, Rect | Ellipse):
        if item.fill is not None:
            solid = alpha_of(item.fill) >= 0.99
            painted.append((item.x, item.y, item.w, item.h, item.fill if solid else None, isinstance(item, Ellipse)))
    elif isinstance(item, Image | Icon):
        painted.append((item.x, item.y, item.w, item.h, None, False))
    elif isinstance(item, Polygon) and item.fill is not None and item.points:  # measured by its outline
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        solid = alpha_of(item.fill) >= 0.99
        painted.append((min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys), item.fill if solid else None,
                        list(item.points)))


def colour_under(items: list, points: list[tuple[float, float]], base: RGB | None = PAPER) -> list[RGB | None]:
    """The colour a face paints last at each point (None: not known: a picture, an icon, a see-through fill)."""
    painted: list[Painted] = []
    for item in _flat(items):
        paint_item(item, painted)
    return [colour_at(painted, x, y, base) for x, y in points]
