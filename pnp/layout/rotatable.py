"""Layout: numbers that read as another number upside down get a mark that says which way is up.

On a die, a token or a card read from both ends, 6 turned over reads 9, 66 reads 99, 68 reads 89,
16 reads 91. Such a number gets an underline (or a dot after it), as dice makers print them; a number
that reads the same both ways (8, 69, 11) or turns into no number (7, 10: "01") needs none. Die faces
are marked always; a template marks its texts with `rotatable:` (on the template or on one text).
"""

from __future__ import annotations

import math

from pnp.layout.fonts.families import Family
from pnp.layout.scene import Polygon, Text, TextRun

_TURNED = {"0": "0", "1": "1", "6": "9", "8": "8", "9": "6"}  # each digit turned half round
STYLES = ("underline", "dot")


def reads_otherwise(text: str) -> bool:
    """True for a number that reads as a different number when turned upside down."""
    text = text.strip()
    if not text or not all(ch in _TURNED for ch in text):
        return False
    turned = "".join(_TURNED[ch] for ch in reversed(text))
    return turned != text and (len(turned) == 1 or turned[0] != "0")


def style_of(value: object) -> str | None:
    """A `rotatable:` value as a mark style: true or `underline`, `dot`; false or none: no mark."""
    if value in (None, False, "", "none", "false", "no"):
        return None
    if value is True or value in ("true", "yes"):
        return "underline"
    if value in STYLES:
        return str(value)
    raise ValueError(f"rotatable: {value!r}; use true (an underline), underline, dot or false")


def mark(text: Text, family: Family, style: str = "underline") -> list[Polygon]:
    """The mark under (or after) `text` when it is one number that reads otherwise turned; else nothing.
    Turned with the text about its box's centre."""
    runs = [r for r in text.runs if isinstance(r, TextRun)]
    if len(runs) != 1 or len(text.runs) != 1 or not reads_otherwise(runs[0].text):
        return []
    run = runs[0]
    face = next((f for f in (*family.faces.values(), *family.fallbacks) if f.name == run.font), None)
    if face is None:
        return []
    digits = run.text.strip()
    left = run.x + face.width(run.text[: len(run.text) - len(run.text.lstrip())], run.size)
    width, s = face.width(digits, run.size), run.size
    if style == "dot":
        cx, cy, r = left + width + 0.16 * s, run.y - 0.08 * s, 0.085 * s
        points = [(cx + r * math.cos(2 * math.pi * k / 16), cy + r * math.sin(2 * math.pi * k / 16))
                  for k in range(16)]
    else:  # a bar with round ends under the digits, a little narrower than them
        r, y = 0.04 * s, run.y + 0.14 * s
        x0, x1 = left + 0.06 * width + r, left + 0.94 * width - r
        points = [(x1 + r * math.sin(math.pi * k / 6), y - r * math.cos(math.pi * k / 6)) for k in range(7)]
        points += [(x0 - r * math.sin(math.pi * k / 6), y + r * math.cos(math.pi * k / 6)) for k in range(7)]
    if text.rotate:
        a = math.radians(text.rotate)
        cx, cy = text.x + text.w / 2, text.y + text.h / 2
        points = [(cx + (x - cx) * math.cos(a) - (y - cy) * math.sin(a),
                   cy + (x - cx) * math.sin(a) + (y - cy) * math.cos(a)) for x, y in points]
    return [Polygon(points, run.color, None, 0)]
