"""A game's vector icon set (icons.yaml): shapes in a square box, drawn in any colour.

Each icon becomes a list of shapes with coordinates scaled to 0..1 and paths parsed into
absolute commands, so the renderer only has to trace them. An icon may instead be an SVG file
(`svg: art/anchor.svg`), checked here and traced by the renderer (pnp/output/render/svg.py).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pnp.core.errors import InputError, Problems, did_you_mean, echo
from pnp.layout.art.svg_files import SOLID, SvgArt, read_svg
from pnp.model.load import Doc, display_path, load_file
from pnp.model.project import OUTSIDE, outside, unreadable
from pnp.model.schema.reader import Check, read

Colour = str  # "current", "paper" or "#rrggbb"
Coord = Annotated[float, Check(ge=-1e6, le=1e6)]  # a number in the icon's units: within a million either way


@dataclass(repr=False, eq=False)
class ShapeSpec:
    type: Literal["circle", "ellipse", "rect", "polygon", "line", "path"]  # the shape
    fill: Colour | None = None  # current (the icon's colour), paper, or #rrggbb
    stroke: Colour | None = None  # the outline: current, paper, or #rrggbb
    width: Coord = 4.0  # the outline's width, in the icon's units
    cx: Coord = 0  # circle, ellipse: the centre's x
    cy: Coord = 0  # circle, ellipse: the centre's y
    r: Coord = 0  # circle: the radius; rect: the corners' radius
    rx: Coord = 0  # ellipse: the radius across
    ry: Coord = 0  # ellipse: the radius down
    x: Coord = 0  # rect: the left edge
    y: Coord = 0  # rect: the top edge
    w: Coord = 0  # rect: the width
    h: Coord = 0  # rect: the height
    x1: Coord = 0  # line: where it starts, across
    y1: Coord = 0  # line: where it starts, down
    x2: Coord = 0  # line: where it ends, across
    y2: Coord = 0  # line: where it ends, down
    points: list[tuple[Coord, Coord]] = field(default_factory=list)  # polygon: its corners, [x, y] each
    d: str = ""  # path: SVG path data with M L H V C Q Z, absolute


@dataclass(repr=False, eq=False)
class IconSpec:
    shapes: list[ShapeSpec] = field(default_factory=list)  # what the icon is drawn from, in order
    description: str = ""  # what it shows, in words (the document's key to the icons)
    svg: str | None = None  # an SVG file in the game folder, drawn instead of shapes (currentColor: the icon's colour)
    background: Literal["none"] | None = None  # none: leave out a background square behind the whole SVG


@dataclass(repr=False, eq=False)
class IconFile:
    icons: dict[str, IconSpec]  # the icons by name: `:name:` in text, `icon: name` in templates
    size: Annotated[float, Check(ge=1, le=1e6)] = 100  # the side of the square box the shapes are drawn in


# A traced outline: ("M", x, y), ("L", x, y), ("C", x1, y1, x2, y2, x, y), ("Z",) in 0..1 units
Command = tuple


@dataclass(frozen=True)
class IconShape:
    path: tuple[Command, ...]
    fill: Colour | None
    stroke: Colour | None
    width: float
    rule: str = "evenodd"  # how a path that crosses itself fills: evenodd or nonzero (SVG's default)
    alpha: float = 1.0


@dataclass(frozen=True)
class IconDef:
    name: str
    shapes: tuple[IconShape, ...]
    svg: SvgArt | None = None  # an SVG icon: the renderer traces it
    description: str = ""  # what it means, in words (icons.yaml): the rulebook's key to the icons


_NUM = re.compile(r"[MLHVCQZmlhvcqz]|-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?")
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "Q": 4, "Z": 0}
K = 0.5523  # Bezier handle length for a quarter circle


def parse_path(d: str) -> list[Command]:
    """SVG path data with M L H V C Q Z (absolute) -> M/L/C/Z commands."""
    tokens = _NUM.findall(d)
    out: list[Command] = []
    cmd, i, x, y, sx, sy = "", 0, 0.0, 0.0, 0.0, 0.0
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            if cmd.islower():
                raise ValueError(f"relative path command {cmd!r}: use the upper-case (absolute) form")
            i += 1
            if cmd == "Z":
                out.append(("Z",))
                x, y = sx, sy
                continue
        if not cmd:
            raise ValueError("a path must start with M")
        n = _ARITY[cmd]
        if len(tokens[i:i + n]) < n or any(t.isalpha() for t in tokens[i:i + n]):
            raise ValueError(f"path command {cmd} needs {n} numbers")
        args = [float(t) for t in tokens[i:i + n]]
        if not all(abs(a) <= 1e6 for a in args):  # also an infinity (1e309) or NaN
            raise ValueError(f"path command {cmd}: {echo(' '.join(tokens[i:i + n]))}: each number lies within "
                             "a million either way")
        i += n
        if cmd == "M":
            x, y = sx, sy = args
            out.append(("M", x, y))
            cmd = "L"
        elif cmd == "L":
            x, y = args
            out.append(("L", x, y))
        elif cmd == "H":
            x = args[0]
            out.append(("L", x, y))
        elif cmd == "V":
            y = args[0]
            out.append(("L", x, y))
        elif cmd == "C":
            out.append(("C", *args))
            x, y = args[4], args[5]
        elif cmd == "Q":
            qx, qy, ex, ey = args
            out.append(("C", x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                        ex + 2 / 3 * (qx - ex), ey + 2 / 3 * (qy - ey), ex, ey))
            x, y = ex, ey
    return out


def ellipse_outline(cx: float, cy: float, rx: float, ry: float) -> list[Command]:
    return [("M", cx + rx, cy),
            ("C", cx + rx, cy + K * ry, cx + K * rx, cy + ry, cx, cy + ry),
            ("C", cx - K * rx, cy + ry, cx - rx, cy + K * ry, cx - rx, cy),
            ("C", cx - rx, cy - K * ry, cx - K * rx, cy - ry, cx, cy - ry),
            ("C", cx + K * rx, cy - ry, cx + rx, cy - K * ry, cx + rx, cy), ("Z",)]


def rect_outline(x: float, y: float, w: float, h: float, r: float) -> list[Command]:
    if r <= 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    r = min(r, w / 2, h / 2)
    k = r * (1 - K)
    return [("M", x + r, y), ("L", x + w - r, y), ("C", x + w - k, y, x + w, y + k, x + w, y + r),
            ("L", x + w, y + h - r), ("C", x + w, y + h - k, x + w - k, y + h, x + w - r, y + h),
            ("L", x + r, y + h), ("C", x + k, y + h, x, y + h - k, x, y + h - r),
            ("L", x, y + r), ("C", x, y + k, x + k, y, x + r, y), ("Z",)]


def _outline(s: ShapeSpec) -> list[Command]:
    if s.type == "circle":
        return ellipse_outline(s.cx, s.cy, s.r, s.r)
    if s.type == "ellipse":
        return ellipse_outline(s.cx, s.cy, s.rx, s.ry)
    if s.type == "rect":
        return rect_outline(s.x, s.y, s.w, s.h, s.r)
    if s.type == "polygon":
        if len(s.points) < 3:
            raise ValueError("a polygon needs at least 3 points")
        return [("M", *s.points[0]), *(("L", *p) for p in s.points[1:]), ("Z",)]
    if s.type == "line":
        return [("M", s.x1, s.y1), ("L", s.x2, s.y2)]
    return parse_path(s.d)


def _scale(cmds: list[Command], k: float) -> tuple[Command, ...]:
    return tuple((c[0], *(v / k for v in c[1:])) for c in cmds)


_COLOUR = re.compile(r"^(current|paper|#[0-9a-fA-F]{6})$")


class IconSet(dict):
    """A game's icons by name, and where they come from, for an unknown icon's message: `file` the set
    game.yaml's `icons:` names (as shown), `unnamed` an icons.yaml in the game folder that game.yaml does
    not name, `expected` where a new set would go."""

    def __init__(self, icons: dict[str, IconDef] | None = None, file: str | None = None,
                 unnamed: str | None = None, expected: str = "cards/GAME/icons.yaml"):
        super().__init__(icons or {})
        self.file, self.unnamed, self.expected = file, unnamed, expected


def unknown_icon(name: str, icons: Any) -> str:
    """What is said of `:name:` that `icons` lacks: the set's file and what it has, or that the game names none
    (and, where an icons.yaml lies unnamed in its folder, the line to add to game.yaml)."""
    file = getattr(icons, "file", None)
    if icons or file:
        which = file or "the icon set that game.yaml's `icons:` names"
        fix = "; to add it, draw it in that file (docs/format.md, \"icons.yaml\")" if file else ""
        known = ", ".join(sorted(icons)) or "none"
        return f"unknown icon :{name}: ({which} has {known}){did_you_mean(name, icons)}{fix}"
    unnamed = getattr(icons, "unnamed", None)
    if unnamed:
        return (f"unknown icon :{name}:: game.yaml names no icon set, though {unnamed} is there; add "
                f"`icons: {unnamed.rpartition('/')[2]}` to game.yaml")
    expected = getattr(icons, "expected", "cards/GAME/icons.yaml")
    return (f"unknown icon :{name}:: this game has no icon set (game.yaml names none); write one ({expected}, "
            f"docs/format.md) and name it in game.yaml (`icons: icons.yaml`)")


def load_icons(path: Path, root: Path, warnings: Problems | None = None) -> dict[str, IconDef]:
    """The icon set in `path`; InputError for its mistakes, what is only doubtful added to `warnings`."""
    doc: Doc = load_file(path, root)
    spec, found = read(IconFile, doc.data, doc)
    if spec is None:
        raise InputError(found)
    problems = Problems()
    icons: dict[str, IconDef] = {}
    for name, icon in spec.icons.items():
        if icon.svg is not None:
            art = _svg_icon(path.parent / icon.svg, root, icon.svg, doc, name, problems, icon.background == "none")
            if art is not None:
                icons[name] = IconDef(name, (), art, icon.description)
            continue
        if not icon.shapes:
            problems.add(doc.where(("icons", name)), "an icon needs `shapes:` or `svg:`", f"icons.{name}")
            continue
        shapes = []
        for i, s in enumerate(icon.shapes):
            at = ("icons", name, "shapes", i)
            if s.fill is None and s.stroke is None:
                problems.add(doc.where(at), "a shape needs a fill or a stroke", f"icons.{name}.shapes[{i}]")
                continue
            bad = [c for c in (s.fill, s.stroke) if c is not None and not _COLOUR.match(c)]
            if bad:
                problems.add(doc.where(at), f"colour {bad[0]!r}: use current, paper or #rrggbb"
                             f"{did_you_mean(bad[0], ('current', 'paper'))}",
                             f"icons.{name}.shapes[{i}]")
                continue
            try:
                outline = _outline(s)
            except ValueError as exc:
                problems.add(doc.where(at), str(exc), f"icons.{name}.shapes[{i}]")
                continue
            shapes.append(IconShape(_scale(outline, spec.size), s.fill, s.stroke, s.width / spec.size))
        icons[name] = IconDef(name, tuple(shapes), None, icon.description)
    problems.raise_if_errors()
    if warnings is not None:
        warnings.extend(problems.warnings)
    return icons


def _svg_icon(path: Path, root: Path, src: str, doc: Doc, name: str, problems: Problems, drop: bool
              ) -> SvgArt | None:
    at, subject = doc.where(("icons", name, "svg")), f"icons.{name}.svg"
    if outside(root, path):
        problems.add(at, f"SVG {src!r} {OUTSIDE}", subject)
    elif not os.path.exists(path):
        problems.add(at, f"SVG {src!r} not found in {display_path(path.parent, root)}/", subject)
    elif (why := unreadable(root, path, "an SVG")) is not None:
        problems.add(at, f"SVG {src!r}: {why}", subject)
    else:
        try:
            art = read_svg(path, drop)
        except (ValueError, OSError) as exc:
            problems.add(at, f"SVG {src!r}: {exc}", subject)
            return None
        if art.background:
            problems.add(at, f"SVG {src!r}: {SOLID}; or write `background: none` beside `svg:` to leave it out",
                         subject, severity="warning")
        return art
    return None
