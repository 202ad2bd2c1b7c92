"""Layout: an SVG's background, a shape covering its whole view box behind the drawing: found, or dropped.

game-icons.net's default download is a black square with the icon in white on it: printed in the
icon's colour it is a solid block. `covering` finds such a first shape (a rect, or a path that is a
rectangle, filled, with something drawn after it); `without` drops it, and when what is left is all
white, lets it take the colour the template gives (`currentColor`), as the icon was meant.
"""

from __future__ import annotations

import re
from typing import Any

SVG_NS = "http://www.w3.org/2000/svg"
_NS = re.compile(r"^\{[^}]*\}")
_DRAWN = {"path", "rect", "circle", "ellipse", "polygon", "polyline", "line", "use"}
_UNDRAWN = {"defs", "clipPath", "mask", "symbol", "pattern", "marker", "linearGradient", "radialGradient", "filter",
            "style", "title", "desc", "metadata"}
_WHITE = {"#fff", "#ffffff", "white", "#fffffff", "#ffffffff"}
_PATH = re.compile(r"[MmLlHhVvZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?|[A-Za-z]")
_STYLE_FILL = re.compile(r"(?:^|;)\s*fill\s*:\s*([^;]+)")


def _tag(el: Any) -> str:
    return _NS.sub("", el.tag) if isinstance(el.tag, str) else ""


def _drawn(parent: Any) -> list[tuple[Any, Any, bool]]:
    """(element, its parent, moved) for every drawn element in order; `moved`: it or a group above has a transform."""
    out: list[tuple[Any, Any, bool]] = []

    def walk(node: Any, moved: bool) -> None:
        for child in node:
            tag = _tag(child)
            if tag in _UNDRAWN:
                continue
            here = moved or child.get("transform") not in (None, "", "translate(0,0)", "translate(0 0)")
            if tag in _DRAWN:
                out.append((child, node, here))
            else:
                walk(child, here)
    walk(parent, False)
    return out


def _fill(el: Any) -> str | None:
    m = _STYLE_FILL.search(el.get("style") or "")
    return (m.group(1) if m else el.get("fill") or "").strip().lower() or None


def covering(root: Any, box: tuple[float, float, float, float]) -> tuple[Any, Any] | None:
    """(shape, parent) of a filled shape drawn first that covers the whole view box `box` (x, y, w, h), when
    something is drawn after it; else None."""
    drawn = _drawn(root)
    if len(drawn) < 2:
        return None
    el, parent, moved = drawn[0]
    fill = _fill(el)
    if moved or fill in ("none", "transparent") or el.get("opacity") == "0" or el.get("fill-opacity") == "0":
        return None
    corners = _rect(el, box) if _tag(el) == "rect" else _path_box(el.get("d") or "") if _tag(el) == "path" else None
    if corners is None:
        return None
    x0, y0, x1, y1 = corners
    bx, by, bw, bh = box
    eps = max(bw, bh) * 0.002
    return (el, parent) if x0 <= bx + eps and y0 <= by + eps and x1 >= bx + bw - eps and y1 >= by + bh - eps else None


def _rect(el: Any, box: tuple[float, float, float, float]) -> tuple[float, float, float, float] | None:
    def number(key: str, whole: float, default: str) -> float:
        raw = (el.get(key) or default).strip()
        return float(raw[:-1]) * whole / 100 if raw.endswith("%") else float(re.sub(r"px$", "", raw))

    try:
        x, y = number("x", box[2], "0"), number("y", box[3], "0")
        return x, y, x + number("width", box[2], "0"), y + number("height", box[3], "0")
    except ValueError:
        return None


def _path_box(d: str) -> tuple[float, float, float, float] | None:
    """The bounds of a path drawn of straight lines only with at most 4 corners (a rectangle); else None."""
    tokens, points, x, y, cmd, i = _PATH.findall(d), [], 0.0, 0.0, "", 0
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd, i = tokens[i], i + 1
            if cmd in "Zz":
                continue
            if cmd not in "MmLlHhVv":
                return None
            continue
        try:
            if cmd in "MLml":
                dx, dy = float(tokens[i]), float(tokens[i + 1])
                x, y, i = (x + dx, y + dy, i + 2) if cmd.islower() else (dx, dy, i + 2)
            elif cmd in "Hh":
                x, i = (x + float(tokens[i]) if cmd == "h" else float(tokens[i])), i + 1
            elif cmd in "Vv":
                y, i = (y + float(tokens[i]) if cmd == "v" else float(tokens[i])), i + 1
            else:
                return None
        except (IndexError, ValueError):
            return None
        points.append((x, y))
    if not 3 <= len(set(points)) <= 4:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def without(root: Any, found: tuple[Any, Any]) -> bytes:
    """The SVG's bytes with the background `found` dropped; a drawing left all in white takes currentColor."""
    import xml.etree.ElementTree as ET

    el, parent = found
    parent.remove(el)
    rest = [d for d, _, _ in _drawn(root)]
    if rest and all(_fill(d) in _WHITE for d in rest):
        for d in rest:
            d.set("fill", "currentColor")
            if d.get("style"):
                d.set("style", _STYLE_FILL.sub("", d.get("style")))
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    return ET.tostring(root, encoding="utf-8")
