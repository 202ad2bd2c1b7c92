"""Where the playtest stamp goes on a card front and in which colour: along the foot (or the head, `stamp: top`)
where the template says, in an ink chosen against the colour under it so that it reads at WCAG's 4.5:1 for small
text (a mid grey read 1.26:1 on Voyage's teal rooms). The renderer draws it and the preflight checks it from here.
"""

from __future__ import annotations

from pnp.layout.scene import Face
from pnp.model.units import RGB, parse_length
from pnp.output.preflight.contrast import colour_under, ratio

STAMP_SIZE = 6.0  # pt: the playtest stamp, no smaller than any text the preflight accepts
STAMP_MIN_FACE = 30 * 72 / 25.4  # faces smaller than this carry their stamp in the page's footer
STAMP_BASE = 1.2 * 72 / 25.4  # the stamp's baseline, above the foot of the trim
STAMP_TOP = STAMP_BASE + 0.75 * STAMP_SIZE  # `stamp: top`: its baseline below the head, its letters 1.2 mm in
STAMP_INSET = 4 * 72 / 25.4  # a stamp on the left or the right: this far in from the side of the trim
STAMP_CONTRAST = 4.5  # WCAG's contrast for small text: the stamp's ink against the colour under it
INKS: tuple[RGB, ...] = ((0.3, 0.3, 0.3), (1.0, 1.0, 1.0), (0.0, 0.0, 0.0))  # tried in turn: dark grey, white, black


def along(face: Face) -> str:
    """The stamp's place along its edge: center, left, right or a length (`top-left` is left, along the head)."""
    where = face.stamp
    if where == "top":
        return "center"
    return where.removeprefix("top-") if where.startswith("top-") else where


def stamp_x(face: Face, width: float) -> float:
    """Where the stamp's line starts, as the face's template places it (`stamp: center`, `left`, `right`, or where
    its middle lies: `70%`, `117mm`), kept 4 mm inside the trim."""
    if width > face.w - 2 * STAMP_INSET:
        return face.w / 2 - 0.5 * width
    where = along(face)
    if where == "left":
        return STAMP_INSET
    if where == "right":
        return face.w - STAMP_INSET - width
    middle = face.w / 2 if where == "center" else parse_length(where, face.w)
    return min(max(middle - 0.5 * width, STAMP_INSET), face.w - STAMP_INSET - width)


def stamp_base(face: Face) -> float:
    """The stamp's baseline, from the face's top: 1.2 mm above the foot, or its letters 1.2 mm below the head."""
    return STAMP_TOP if face.stamp.startswith("top") else face.h - STAMP_BASE


def stamped(face: Face, width: float) -> bool:
    """A face large enough to carry the stamp legibly (else its page's footer says it is a playtest print)."""
    return min(face.w, face.h) >= STAMP_MIN_FACE and width <= face.w - 4 * 72 / 25.4


def stamp_box(face: Face, width: float) -> tuple[float, float, float, float]:
    """The box (x, y, w, h from the face's top-left) the stamp's letters take."""
    return stamp_x(face, width), stamp_base(face) - 0.75 * STAMP_SIZE, width, 0.95 * STAMP_SIZE


def under_stamp(face: Face, width: float) -> list[RGB | None]:
    """The colours under the stamp's line: at its two ends, its quarters and its middle (None: not known)."""
    x, y, w, h = stamp_box(face, width)
    return colour_under(face.items, [(x + w * k / 4, y + h / 2) for k in range(5)])


def ink(colours: list[RGB | None]) -> tuple[RGB, bool]:
    """(the ink, whether it prints on a paper-white plate): the first ink that stands out 4.5:1 from every colour
    under the stamp; where none does (Voyage's striped wild card) or what lies under it is not known (a picture),
    dark grey on a small plate of paper white."""
    if any(c is None for c in colours):
        return INKS[0], True
    for candidate in INKS:
        if all(ratio(candidate, c) >= STAMP_CONTRAST for c in colours if c is not None):
            return candidate, False
    return INKS[0], True


PLATE: RGB = (1.0, 1.0, 1.0)
PLATE_PAD = 0.6 * 72 / 25.4  # the plate reaches this far beyond the stamp's letters


def plate_box(face: Face, width: float) -> tuple[float, float, float, float]:
    """The plate under a stamp that needs one (x, y, w, h from the face's top-left)."""
    x, y, w, h = stamp_box(face, width)
    return x - PLATE_PAD, y - PLATE_PAD / 2, w + 2 * PLATE_PAD, h + PLATE_PAD
