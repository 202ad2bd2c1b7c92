"""`fits` with round spaces: circles are measured as circles when spaces are checked for overlap."""

from __future__ import annotations

import math

from pnp.core.errors import Where
from pnp.rules.layouts import Box
from pnp.rules.piece_fits import _first_overlap

AT = Where("templates/map.yaml", 1, 1)


def circle(cx: float, cy: float, d: float) -> Box:
    return Box(cx - d / 2, cy - d / 2, d, d, "hex", AT, "map/front", round=True)


def rect(x: float, y: float, w: float, h: float) -> Box:
    return Box(x, y, w, h, "slot", AT, "map/front")


def test_touching_circles_in_neighbouring_hexes_do_not_overlap():
    # pointy hexes 20 mm across the flats: the neighbour on the next row sits 60 degrees away
    a, b = circle(0, 0, 20), circle(20 * math.cos(math.pi / 3), 20 * math.sin(math.pi / 3), 20)
    assert a.overlaps(b) is False
    assert rect(a.x, a.y, a.w, a.h).overlaps(rect(b.x, b.y, b.w, b.h)) is True  # their boxes do


def test_circles_that_share_area_overlap():
    assert circle(0, 0, 20).overlaps(circle(19, 0, 20)) is True


def test_a_circle_beside_a_square_corner_is_clear_of_it():
    # the square's corner lies inside the circle's box but outside the circle
    assert circle(10, 10, 20).overlaps(rect(17.5, 17.5, 10, 10)) is False
    assert circle(10, 10, 20).overlaps(rect(15, 5, 10, 10)) is True


def test_ellipses_are_measured_as_ellipses():
    wide = Box(0, 0, 40, 10, "e", AT, "f", round=True)
    assert wide.overlaps(Box(35, 8, 10, 10, "e", AT, "f", round=True)) is False
    assert wide.overlaps(Box(30, 0, 10, 10, "e", AT, "f", round=True)) is True


def test_a_field_of_hexes_is_checked_without_comparing_every_pair():
    # 60 x 60 touching circles in a hex field: none overlaps; one pushed onto its neighbour is found
    d, rows = 10.0, 60
    field = [circle(c * d + (r % 2) * d / 2, r * d * math.sqrt(3) / 2, d) for r in range(rows) for c in range(rows)]
    assert _first_overlap(field) is None
    field[1850] = circle(field[1850].x + d / 2 + 2, field[1850].y + d / 2, d)
    assert 1850 in (_first_overlap(field) or ())
