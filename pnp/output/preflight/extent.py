"""Where drawn things lie: an item's box, segments and boxes, the resolution an image prints at.
Plain geometry over scene items (points, y down), for board seams and the preflight."""

from __future__ import annotations

import os
from collections.abc import Iterator

from pnp.layout.scene import Ellipse, Image, Item, Line, Polygon, Rect, Static, Transform

Box = tuple[float, float, float, float]  # x, y, w, h


def walk(items: list) -> Iterator[Item]:
    """Every drawn item, inside the shared (static) groups too."""
    for item in items:
        if isinstance(item, Static):
            yield from walk(item.items)
        else:
            yield item


def walk_scaled(items: list, scale: float = 1.0) -> Iterator[tuple[Item, float]]:
    """Every drawn item and the scale it is drawn at: inside shared groups, and inside transformed frames (a
    die face's template, a board turned on its tile pages)."""
    for item in items:
        if isinstance(item, Static):
            yield from walk_scaled(item.items, scale)
        elif isinstance(item, Transform):
            yield from walk_scaled(item.items, scale * item.scale)
        else:
            yield item, scale


def within(box: Box, area: Box) -> bool:
    x, y, w, h = box
    ax, ay, aw, ah = area
    return x >= ax and y >= ay and x + w <= ax + aw and y + h <= ay + ah


def shrink(box: Box, by: float) -> Box:
    x, y, w, h = box
    return x + by, y + by, max(0.0, w - 2 * by), max(0.0, h - 2 * by)


def line_box(line: Line) -> Box:
    return min(line.x1, line.x2), min(line.y1, line.y2), abs(line.x2 - line.x1), abs(line.y2 - line.y1)


def crosses(line: Line, box: Box) -> bool:
    """Does a (horizontal, vertical or slanted) segment enter a box? Liang-Barsky clipping."""
    x, y, w, h = box
    if w <= 0 or h <= 0:
        return False
    if max(line.x1, line.x2) < x or min(line.x1, line.x2) > x + w or max(line.y1, line.y2) < y \
            or min(line.y1, line.y2) > y + h:  # wholly to one side (most marks, most faces): no need to clip
        return False
    dx, dy = line.x2 - line.x1, line.y2 - line.y1
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, line.x1 - x), (dx, x + w - line.x1), (-dy, line.y1 - y), (dy, y + h - line.y1)):
        if p == 0:
            if q <= 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return False
    return True


def luminance(rgb: tuple[float, float, float]) -> float:
    r, g, b = rgb
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


_sizes: dict[tuple, tuple[int, int] | None] = {}  # (path, size, time of change) -> pixels


def dpi(im: Image, drawn: float = 1.0) -> float | None:
    """The lower of an image's two resolutions as drawn (fitted into its box, keeping its proportions; the box
    drawn at `drawn` times its size); None for a picture without pixels (SVG) or one that cannot be read."""
    if im.path.lower().endswith(".svg"):  # drawn as vectors (render.py): no pixels, and Pillow cannot read it
        return None
    try:
        st = os.stat(im.path)
        key: tuple = (im.path, st.st_size, st.st_mtime_ns)
    except OSError:
        return None
    if key not in _sizes:
        from pnp.layout.art.images import pillow

        try:
            with pillow().open(im.path) as pic:
                _sizes[key] = pic.size
        except OSError:
            _sizes[key] = None
    size = _sizes[key]
    if not size or im.w <= 0 or im.h <= 0:
        return None
    scale = min(im.w / size[0], im.h / size[1]) * drawn  # points per pixel
    return 72 / scale


def item_box(item: Item) -> Box:
    """The box an item covers on its face (a line's or a polygon's extent)."""
    if isinstance(item, Line):
        x0, x1 = sorted((item.x1, item.x2))
        y0, y1 = sorted((item.y1, item.y2))
        half = item.width / 2
        return x0 - half, y0 - half, x1 - x0 + 2 * half, y1 - y0 + 2 * half
    if isinstance(item, Polygon):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
    half = item.width / 2 if isinstance(item, Rect | Ellipse) and item.stroke is not None else 0.0
    return item.x - half, item.y - half, item.w + 2 * half, item.h + 2 * half  # type: ignore[union-attr]
