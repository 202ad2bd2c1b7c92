"""SVG art as vector outlines: svglib reads the (already checked) SVG, and its drawing is flattened
into the outlines an icon is drawn from (M/L/C/Z commands in a 0..1 box, y down; a fill, a stroke).

`currentColor` in the SVG, and every fill the SVG leaves unset, becomes `current`: the colour the
template gives the image or icon (a palette name). Fills and strokes the SVG sets itself keep their
colour. Outlines are kept in pnp's cache (plain data, signed like the compiled templates), so a build
whose SVGs have not changed never imports svglib.
"""

from __future__ import annotations

import hashlib
import io
import math
from pathlib import Path
from typing import Any

from pnp.layout.art.icons import IconDef, IconShape
from pnp.layout.art.svg_files import SvgArt, read_svg
from pnp.layout.scene import Icon, Image
from pnp.model.expressions.compiled import load, store

_MARK = "#fd01fc"  # stands for `currentColor` while svglib reads the file
_VERSION = "1"
_memo: dict[bytes, tuple[float, float, tuple[IconShape, ...]]] = {}
_by_art: dict[SvgArt, tuple[float, float, tuple[IconShape, ...]]] = {}  # SvgArt: its path, bytes and size
_names: dict[SvgArt, str] = {}

Matrix = tuple[float, float, float, float, float, float]


def outlines(art: SvgArt) -> tuple[float, float, tuple[IconShape, ...]]:
    """(width, height, shapes) of a checked SVG: width and height are at most 1 (the longer side is 1), and
    the shapes fill the box from (0, 0) to (width, height), y down."""
    found = _by_art.get(art)  # (the art is its bytes: a card drawn again asks again)
    if found is None:
        found = _by_art[art] = _outlines(art)
    return found


def _outlines(art: SvgArt) -> tuple[float, float, tuple[IconShape, ...]]:
    digest = hashlib.sha256(art.data).digest()
    if digest in _memo:
        return _memo[digest]
    key = f"svg{_VERSION}:{digest.hex()}"
    cached = load(key)
    if not (isinstance(cached, tuple) and len(cached) == 3):
        cached = _convert(art.data)
        store(key, cached)
    w, h, raw = cached
    found = (w, h, tuple(IconShape(tuple(path), fill, stroke, width, rule, alpha)
                         for path, fill, stroke, width, rule, alpha in raw))
    _memo[digest] = found
    return found


def svg_icon(im: Image, icons: dict[str, IconDef]) -> Icon:
    """An SVG image as an icon (registered in `icons` under a name of its own) whose square box holds the art
    as large as its box allows, centred: `fit: contain`."""
    art = read_svg(Path(im.path), not im.background)
    name = _names.get(art)
    if name is None:  # the same art, the same PDF, wherever the project is
        name = _names[art] = "svg-" + hashlib.sha1(art.data).hexdigest()[:16]
    if name not in icons:
        icons[name] = IconDef(name, (), art)
    w, h, _ = outlines(art)
    side = min(im.w / w, im.h / h)
    return Icon(name, im.x + (im.w - side) / 2, im.y + (im.h - side) / 2, side, side, im.color or (0.0, 0.0, 0.0))


def _convert(data: bytes) -> tuple[float, float, tuple]:
    import logging

    from svglib.svglib import SvgRenderer, load_svg_file

    quiet = logging.getLogger("svglib")
    if not quiet.handlers:  # no stray log lines: svgart has bounded the art, and says what it refuses
        quiet.addHandler(logging.NullHandler())

    root = load_svg_file(io.BytesIO(data))
    if root is None:  # pragma: no cover - svgart has parsed it already
        raise ValueError("cannot be read as an SVG")
    root.set("color", _MARK)
    if root.get("fill") is None and "fill:" not in (root.get("style") or ""):
        root.set("fill", "currentColor")
    drawing = SvgRenderer("").render(root)
    w, h = float(drawing.width) or 1.0, float(drawing.height) or 1.0
    shapes: list[tuple] = []
    _walk(drawing, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), shapes, h, max(w, h))
    return w / max(w, h), h / max(w, h), tuple(shapes)


def _mul(m: Matrix, n: Any) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2, a * e2 + c * f2 + e,
            b * e2 + d * f2 + f)


def _walk(node: Any, m: Matrix, out: list[tuple], h: float, unit: float) -> None:
    from reportlab.graphics import shapes as rl

    if isinstance(node, rl.Group):  # a Drawing is a Group too
        inner = _mul(m, node.transform) if getattr(node, "transform", None) else m
        for child in node.contents:
            _walk(child, inner, out, h, unit)
        return
    if getattr(node, "isClipPath", False):
        return
    cmds = _commands(node)
    if not cmds:
        return
    fill, stroke = _colour(getattr(node, "fillColor", None)), _colour(getattr(node, "strokeColor", None))
    width = float(getattr(node, "strokeWidth", 1) or 0)
    if stroke is None or width <= 0:
        stroke = None
    if fill is None and stroke is None:
        return
    a, b, c, d, e, f = m

    def point(x: float, y: float) -> tuple[float, float]:  # drawing space (y up) -> units of the longer side, y down
        return (a * x + c * y + e) / unit, (h - (b * x + d * y + f)) / unit

    path = []
    for cmd in cmds:
        if cmd[0] == "Z":
            path.append(("Z",))
            continue
        pts = [v for i in range(1, len(cmd), 2) for v in point(cmd[i], cmd[i + 1])]
        path.append((cmd[0], *pts))
    scale = math.sqrt(abs(a * d - b * c)) / unit
    rule = "nonzero" if getattr(node, "fillMode", 0) == 1 else "evenodd"
    alpha = float(getattr(getattr(node, "fillColor", None) or getattr(node, "strokeColor", None), "alpha", 1) or 1)
    out.append((tuple(path), fill, stroke, width * scale, rule, alpha))


def _colour(value: Any) -> str | None:
    if value is None or not hasattr(value, "red"):
        return None
    hexed = "#{:02x}{:02x}{:02x}".format(*(round(v * 255) for v in (value.red, value.green, value.blue)))
    return "current" if hexed == _MARK else hexed


def _commands(node: Any) -> list[tuple]:
    """A reportlab shape's outline as M/L/C/Z commands in its own coordinates."""
    from reportlab.graphics import shapes as rl

    from pnp.layout.art.icons import ellipse_outline, rect_outline

    if isinstance(node, rl.Path):
        out: list[tuple] = []
        pts, i = node.points, 0
        for op in node.operators:
            if op == 3:
                out.append(("Z",))
                continue
            n = 6 if op == 2 else 2
            out.append(("C" if op == 2 else "M" if op == 0 else "L", *pts[i:i + n]))
            i += n
        return out
    if isinstance(node, rl.Rect):
        return rect_outline(node.x, node.y, node.width, node.height, max(node.rx or 0, node.ry or 0))
    if isinstance(node, rl.Circle):
        return ellipse_outline(node.cx, node.cy, node.r, node.r)
    if isinstance(node, rl.Ellipse):
        return ellipse_outline(node.cx, node.cy, node.rx, node.ry)
    if isinstance(node, rl.Line):
        return [("M", node.x1, node.y1), ("L", node.x2, node.y2)]
    if isinstance(node, rl.PolyLine | rl.Polygon):
        p = node.points
        if len(p) < 4:
            return []
        cmds: list[tuple] = [("M", p[0], p[1]), *(("L", p[j], p[j + 1]) for j in range(2, len(p) - 1, 2))]
        return [*cmds, ("Z",)] if isinstance(node, rl.Polygon) else cmds
    return []
