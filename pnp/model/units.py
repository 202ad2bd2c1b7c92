"""Lengths and colours as designers write them, resolved once to points and RGB."""

from __future__ import annotations

import re

from pnp.core.bounds import LENGTH_MAX
from pnp.core.errors import did_you_mean, echo

MM = 72.0 / 25.4
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
LENGTH_TEXT = re.compile(r"^\s*(-?\d+(?:\.\d+)?|-?\.\d+)\s*(mm|cm|in|pt|%)\s*$")
HEX_COLOUR = re.compile(r"^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")

RGB = tuple[float, float, float]


class RGBA(tuple):
    """A see-through colour: an RGB triple (so it goes wherever one goes) with its `alpha`, 0 clear to 1 solid."""

    alpha: float

    def __new__(cls, rgb: RGB, alpha: float) -> RGBA:
        colour = super().__new__(cls, rgb)
        colour.alpha = alpha
        return colour


def hex_of(colour: RGB) -> str:
    """`#rrggbb`, as a designer writes a colour."""
    return "#" + "".join(f"{round(c * 255):02x}" for c in colour[:3])


def alpha_of(colour: RGB | None) -> float:
    """How solid a colour is: 1 unless it was written with an alpha (`#rrggbbaa`)."""
    return getattr(colour, "alpha", 1.0)


_lengths: dict[tuple[object, float | None], float] = {}


def parse_length(value: object, parent: float | None = None) -> float:
    """`63.5mm`, `2.5in`, `10pt`, `50%` (of `parent`) or 0 -> points. Raises ValueError."""
    if not isinstance(value, str):
        return _parse_length(value, parent)
    key = (value, parent)
    points = _lengths.get(key)
    if points is None:
        points = _lengths[key] = _parse_length(value, parent)
    return points


def _parse_length(value: object, parent: float | None) -> float:
    if isinstance(value, bool):
        raise ValueError(f"expected a length such as 3mm, got {value!r}")
    if isinstance(value, int | float):
        if value == 0:
            return 0.0
        raise ValueError(f"a length needs a unit (mm, cm, in, pt or %), got {value!r}")
    if not isinstance(value, str):
        raise ValueError(f"expected a length such as 3mm, got {value!r}")
    m = LENGTH_TEXT.match(value)
    if not m:
        raise ValueError(f"expected a length such as 3mm, 0.5in, 9pt or 50%, got {value!r}")
    number, unit = float(m.group(1)), m.group(2)
    if unit == "%":
        if parent is None:
            raise ValueError(f"a percentage has no parent box here: {value!r}")
        points = number * parent / 100.0
    else:
        points = number * UNITS[unit]
    if not abs(points) <= LENGTH_MAX:  # also an infinity (`1` and 400 zeros, mm) or NaN
        raise ValueError(f"{echo(value)} is longer than 10 m; a length lies within 10 m either way")
    return points


def to_mm(points: float) -> float:
    return points / MM


def is_colour_code(text: str) -> bool:
    """`#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`."""
    return bool(HEX_COLOUR.match(text.strip()))


class Swatch(str):
    """A palette colour (`#rrggbb`) that carries the inks it prints with in a PDF/X build (`cmyk`, percent each,
    as the game gives them: `palette: {navy: {rgb: "#1d2d55", cmyk: [70, 50, 30, 80]}}`)."""

    cmyk: tuple[float, float, float, float]

    def __new__(cls, rgb: str, cmyk: tuple[float, float, float, float]) -> Swatch:
        swatch = super().__new__(cls, rgb)
        swatch.cmyk = cmyk
        return swatch


# what a value left empty most likely was: an unquoted colour, read as a comment
UNQUOTED = ("got nothing; if the value begins with `#` (a colour), put it in quotes, \"#1d2230\": unquoted, `#` "
            "starts a YAML comment")


def palette_colour(value: object) -> str:
    """A palette entry: `"#rrggbb"`, or `{rgb: "#rrggbb", cmyk: [c, m, y, k]}` (percent, 0-100 each): a Swatch.
    Raises ValueError, said in one line."""
    if isinstance(value, str):
        return value
    if value is None:
        raise ValueError(f"expected text, {UNQUOTED}")
    if not isinstance(value, dict):
        raise ValueError(f"expected a colour (\"#rrggbb\") or {{rgb: \"#rrggbb\", cmyk: [c, m, y, k]}}, got "
                         f"{echo(value)}")
    unknown = sorted(str(k) for k in value if k not in ("rgb", "cmyk"))
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} in a palette colour: it takes rgb and cmyk")
    rgb, inks = value.get("rgb"), value.get("cmyk")
    if not isinstance(rgb, str):
        raise ValueError("a palette colour with its inks needs its rgb: {rgb: \"#rrggbb\", cmyk: [c, m, y, k]}")
    if inks is None:
        return rgb
    if not (isinstance(inks, list) and len(inks) == 4 and all(
            isinstance(v, int | float) and not isinstance(v, bool) and 0 <= v <= 100 for v in inks)):
        raise ValueError(f"cmyk {echo(inks)}: write four numbers from 0 to 100 (percent of cyan, magenta, yellow "
                         "and black), e.g. [70, 50, 30, 80]")
    return Swatch(rgb, (float(inks[0]), float(inks[1]), float(inks[2]), float(inks[3])))


def parse_colour(value: object, palette: dict[str, str] | None = None) -> RGB | None:
    """`#rrggbb`, `#rgb`, a palette name, or `none` -> RGB in 0..1 (None means transparent); `#rrggbbaa` and
    `#rgba` give an RGBA, an RGB that carries its alpha."""
    if value is None or value == "none":
        return None
    if not isinstance(value, str):
        raise ValueError(f"expected a colour such as #1f3a5f or a palette name, got {value!r}")
    text = value.strip()
    if palette and text in palette:
        text = palette[text]
    if not HEX_COLOUR.match(text):
        known = f" (palette: {', '.join(sorted(palette))})" if palette else ""
        raise ValueError(f"unknown colour {value!r}: use #rrggbb or a palette name{known}"
                         f"{did_you_mean(text, palette or ())}")
    digits = text[1:]
    if len(digits) <= 4:
        digits = "".join(ch * 2 for ch in digits)
    rgb = (int(digits[0:2], 16) / 255.0, int(digits[2:4], 16) / 255.0, int(digits[4:6], 16) / 255.0)
    if len(digits) == 8 and digits[6:8].lower() != "ff":
        return RGBA(rgb, int(digits[6:8], 16) / 255.0)
    return rgb
