"""`pnp calibrate`: a two-sided sheet that measures how far a printer shifts the back side.

The front carries rulers at the centre and near each corner; the back carries crosshairs where the
rulers' zeros fall on a perfect printer. Hold the printed sheet to the light and read, on each
front ruler, where the back's lines cross it: the numbers are the `--back-offset X,Y` to build with
(they already account for the mirror of the flip).
"""

from __future__ import annotations

from typing import Any

from pnp.layout.scene import Label, Line
from pnp.model.units import MM
from pnp.output.impose.cards import Page, mirror

INK = (0.0, 0.0, 0.0)
GREY = (0.45, 0.45, 0.45)
RED = (0.8, 0.0, 0.0)
SPAN = 10  # mm either side of zero
GAP = 14 * MM  # from the crosshair's centre to each ruler


def _ruler(cx: float, cy: float, flip_x: int, flip_y: int) -> list[Any]:
    """A horizontal ruler below (cx, cy) and a vertical one to its right, zero in line with it, in mm of
    back offset: the back's vertical line crosses the first, its horizontal line the second."""
    hy, vx = cy + GAP, cx + GAP
    items: list[Any] = [Line(cx - SPAN * MM, hy, cx + SPAN * MM, hy, INK, 0.3),
                        Line(vx, cy - SPAN * MM, vx, cy + SPAN * MM, INK, 0.3)]
    for k in range(-2 * SPAN, 2 * SPAN + 1):
        u = k * 0.5 * MM
        tick = 3.5 * MM if k % 10 == 0 else (2.2 * MM if k % 2 == 0 else 1.2 * MM)
        items.append(Line(cx + u, hy - tick, cx + u, hy, INK, 0.3))
        items.append(Line(vx - tick, cy + u, vx, cy + u, INK, 0.3))
        if k % 10 == 0:
            items.append(Label(cx + u, hy + 3.5 * MM, f"{flip_x * k * 0.5:g}", 5.5, INK, "center"))
            items.append(Label(vx + 1.5 * MM, cy + u + 1.8, f"{flip_y * k * 0.5:g}", 5.5, INK, "left"))
    return items


def calibration_pages(paper: tuple[float, float], paper_name: str, duplex: str, margin: float) -> list[Page]:
    pw, ph = paper
    spots = [(pw / 2, ph / 2), (margin + 35 * MM, margin + 50 * MM), (pw - margin - 45 * MM, margin + 50 * MM),
             (margin + 35 * MM, ph - margin - 45 * MM), (pw - margin - 45 * MM, ph - margin - 45 * MM)]
    # seen from the front, a back shifted by s shows at -s across the flip's axis and at +s along it
    flip_x, flip_y = (1, -1) if duplex == "long" else (-1, 1)
    front: list[Any] = [
        Label(pw / 2, margin + 8 * MM, f"pnp duplex calibration · {paper_name} · {duplex}-edge flip", 12, INK,
              "center"),
        Label(pw / 2, margin + 14 * MM, "Print both sides at 100 %, flipping on the "
              f"{duplex} edge. Hold the sheet to the light: where the back's red lines cross", 7.5, GREY, "center"),
        Label(pw / 2, margin + 18 * MM, "each ruler is the offset to print with, in mm: "
              "pnp build GAME --back-offset X,Y (X from the horizontal ruler, Y from the vertical one).", 7.5,
              GREY, "center"),
    ]
    back: list[Any] = [Label(pw / 2, ph - margin - 4 * MM, "back side", 9, RED, "center")]
    for cx, cy in spots:
        front += _ruler(cx, cy, flip_x, flip_y)
        bx, by = mirror(cx, cy, 0, 0, paper, duplex)
        reach = GAP + 6 * MM  # long enough to cross both rulers, wherever they land
        back += [Line(bx - reach, by, bx + reach, by, RED, 0.4), Line(bx, by - reach, bx, by + reach, RED, 0.4)]
    return [Page(pw, ph, [], [], 0.5, "front", front), Page(pw, ph, [], [], 0.5, "back", back)]
