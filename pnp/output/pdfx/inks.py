"""The inks a PDF/X build prints each RGB colour with: littleCMS (Pillow's ImageCms) converts sRGB to CMYK through
the output profile; pnp only chooses which colours go through it and keeps the total ink under the limit.

* A game's palette colour with its own `cmyk:` prints with those inks, as given (checked against the limit when
  the build starts: pnp/output/pdfx/__init__.py).
* A neutral colour (grey, or a near-black such as Voyage's ink #1d2230) drawn small (text, lines, strokes, icons,
  small shapes) prints with black ink alone: 0 0 0 K, K the tint whose lightness matches the colour's (from the
  profile's own K ramp), and 100 % K for a near-black. Text stays crisp: no plate can be out of register with it.
* Everything else, and a large filled area of a neutral colour, goes through the profile: a dark area gets a
  rich black (C, M and Y under the K), as a print shop wants for a large dark background.
* The profile (ISO Coated v2 300 %, FOGRA39) holds the total ink (C + M + Y + K) to 300 %. A lower limit
  (`--ink-limit 240`, DriveThruCards) is kept by a last step: grey component replacement moves the part that C,
  M and Y have in common to K (each percent moved takes two off the total), then C, M and Y are scaled down if
  the total is still over. Only dark colours change.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING

from pnp.model.colour import lab
from pnp.model.units import RGB

if TYPE_CHECKING:
    from PIL import ImageCms

CMYK = tuple[float, float, float, float]  # 0..1 each, as PDF's `k` operator takes them
PROFILE = "ISOcoated_v2_300_bas.icc"
PROFILE_NAME = "ISO Coated v2 300% (basICColor)"
CONDITION = "FOGRA39"  # the characterisation the profile is made for: offset, coated paper
PROFILE_LIMIT = 300  # percent: the profile's own total-ink limit
NEUTRAL = 4.0  # CIELAB chroma under which a colour is grey
DARK = 35.0  # L* under which a slightly tinted colour still reads as black-ish: its chroma may reach
DARK_SLOPE = 0.4  # NEUTRAL + DARK_SLOPE * (DARK - L*)
NEAR_BLACK = 20.0  # L* under which a neutral colour prints as 100 % K
AREA = 200.0 * (72 / 25.4) ** 2  # points²: a filled shape this large (2 cm²), at least
SIDE = 3.0 * 72 / 25.4  # this wide both ways, is an area: a neutral fill of it goes through the profile


def profile_bytes() -> bytes:
    """The ICC profile shipped with pnp (zlib licence, ISOcoated_v2_300_bas-LICENSE.txt beside it)."""
    return resources.files("pnp.output.pdfx").joinpath("profiles", PROFILE).read_bytes()


@lru_cache(maxsize=1)
def _transforms() -> tuple[ImageCms.ImageCmsTransform, ImageCms.ImageCmsTransform]:
    """sRGB -> CMYK (relative colorimetric with black point compensation: black maps to the profile's black), and
    CMYK -> Lab to read the profile's K ramp. Built once a process (building them is slow next to a face)."""
    import io

    from PIL import ImageCms

    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    srgb = ImageCms.createProfile("sRGB")
    intent = ImageCms.Intent.RELATIVE_COLORIMETRIC
    to_cmyk = ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", intent, flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    to_lab = ImageCms.buildTransform(cmyk, ImageCms.createProfile("LAB"), "CMYK", "LAB", intent)
    return to_cmyk, to_lab


def _through_profile(rgb: RGB) -> tuple[int, int, int, int]:
    from PIL import Image

    pixel = Image.new("RGB", (1, 1), tuple(round(min(1.0, max(0.0, v)) * 255) for v in rgb[:3]))
    return _transforms()[0].apply(pixel).getpixel((0, 0))  # type: ignore[return-value]


@lru_cache(maxsize=1)
def _k_ramp() -> list[float]:
    """L* (0..100) of K alone at 0, 1, ..., 255 (a byte each), as the profile prints it."""
    from PIL import Image

    ramp = Image.new("CMYK", (256, 1))
    ramp.putdata([(0, 0, 0, k) for k in range(256)])
    out = _transforms()[1].apply(ramp)
    return [out.getpixel((k, 0))[0] / 2.55 for k in range(256)]  # type: ignore[index]


def neutral(rgb: RGB) -> bool:
    """A grey, or a near-black with a little colour in it (#1d2230): printed with K alone when drawn small."""
    lightness, a, b = lab(rgb[:3])
    chroma = (a * a + b * b) ** 0.5
    return chroma < NEUTRAL + DARK_SLOPE * max(0.0, DARK - lightness)


def k_only(rgb: RGB) -> CMYK:
    """0 0 0 K for a neutral colour: K the tint of the same lightness (black point compensated, as the profile's
    conversion is), 100 % for a near-black."""
    lightness = lab(rgb[:3])[0]
    if lightness < NEAR_BLACK:
        return (0.0, 0.0, 0.0, 1.0)
    ramp = _k_ramp()
    darkest = ramp[-1]
    target = darkest + lightness * (100 - darkest) / 100  # L* 0 is the profile's black, L* 100 the paper
    for k in range(1, 256):
        if ramp[k] <= target:  # the ramp darkens as K grows: interpolate in its step
            step = ramp[k - 1] - ramp[k]
            within = (ramp[k - 1] - target) / step if step > 0 else 0.0
            return (0.0, 0.0, 0.0, round((k - 1 + within) / 255, 4))
    return (0.0, 0.0, 0.0, 1.0)


def limited(cmyk: CMYK, limit: float) -> CMYK:
    """`cmyk` with its total ink at most `limit` percent: grey component replacement first, then C, M and Y scaled
    down (K alone never exceeds 100 %, under every limit pnp takes)."""
    c, m, y, k = cmyk
    over = (c + m + y + k) * 100 - limit
    if over <= 1e-9:
        return cmyk
    moved = min(min(c, m, y), 1.0 - k, over / 200)  # each percent moved to K takes two off the total
    c, m, y, k = c - moved, m - moved, y - moved, k + moved
    total = (c + m + y + k) * 100
    if total > limit and c + m + y > 0:
        scale = max(0.0, (limit / 100 - k) / (c + m + y))
        c, m, y = c * scale, m * scale, y * scale
    return (round(c, 4), round(m, 4), round(y, 4), round(k, 4))


class Inks:
    """Converts the colours of one PDF/X build: `fine` for text, lines, strokes and icons, `area` for large fills.
    `palette`: the game's colours that carry their own inks (RGB rounded to bytes -> CMYK 0..1). `limit`: percent."""

    def __init__(self, limit: float = PROFILE_LIMIT, palette: dict[tuple[int, int, int], CMYK] | None = None):
        self.limit = limit
        self.palette = palette or {}
        self._fine: dict[tuple[float, ...], CMYK] = {}
        self._area: dict[tuple[float, ...], CMYK] = {}
        self.most = 0.0  # the largest total ink handed out (percent)

    def fine(self, rgb: RGB) -> CMYK:
        key = tuple(rgb[:3])
        out = self._fine.get(key)
        if out is None:
            out = self._fine[key] = self._convert(rgb, small=True)
        return out

    def area(self, rgb: RGB) -> CMYK:
        key = tuple(rgb[:3])
        out = self._area.get(key)
        if out is None:
            out = self._area[key] = self._convert(rgb, small=False)
        return out

    def _convert(self, rgb: RGB, small: bool) -> CMYK:
        own = self.palette.get(_bytes(rgb))
        if own is not None:
            out = own
        elif small and neutral(rgb):
            out = k_only(rgb)
        else:
            out = limited(tuple(v / 255 for v in _through_profile(rgb)), self.limit)  # type: ignore[arg-type]
        self.most = max(self.most, sum(out) * 100)
        return out


def _bytes(rgb: RGB) -> tuple[int, int, int]:
    return round(rgb[0] * 255), round(rgb[1] * 255), round(rgb[2] * 255)


def is_area(w: float, h: float) -> bool:
    """Is a filled shape of this size (points) a large area (its neutral colour through the profile)?"""
    return abs(w * h) >= AREA and min(abs(w), abs(h)) >= SIDE
