"""How far apart two colours look, for people with typical vision and with colour blindness, and how well one
reads on the other (WCAG's contrast ratio).

Distances are CIE76 delta E in CIELAB (about 2.3 is just noticeable; above 20 reads as a different
colour at a glance). Colour blindness is simulated with Machado, Oliveira and Fernandes (2009)
matrices at full severity, applied in linear RGB.
"""

from __future__ import annotations

from functools import lru_cache

from pnp.core import bounds
from pnp.model.units import RGB

SIMULATIONS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def relative_luminance(rgb: RGB) -> float:
    r, g, b = rgb[:3]
    return 0.2126 * _linear(r) + 0.7152 * _linear(g) + 0.0722 * _linear(b)


@lru_cache(maxsize=4096)
def ratio(a: RGB, b: RGB) -> float:
    """WCAG's contrast ratio, 1 (the same) to 21 (black on white)."""
    la, lb = relative_luminance(a), relative_luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def simulate(rgb: RGB, kind: str) -> RGB:
    lin = [_linear(c) for c in rgb]
    m = SIMULATIONS[kind]
    r, g, b = (sum(m[i][j] * lin[j] for j in range(3)) for i in range(3))
    return (_gamma(r), _gamma(g), _gamma(b))


def lab(rgb: RGB) -> tuple[float, float, float]:
    r, g, b = (_linear(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def distance(a: RGB, b: RGB) -> float:
    la, lb = lab(a), lab(b)
    return sum((p - q) ** 2 for p, q in zip(la, lb, strict=True)) ** 0.5


def close_pairs(colours: dict[str, RGB], within: float, vision: str = "typical",
                most: int = bounds.COLOUR_PAIRS) -> tuple[list[tuple[float, str, str]], bool]:
    """The pairs closer than `within` as seen with `vision` (typical or a simulation), closest first, each
    (distance, a, b) with a < b; at most `most` of them, and whether more were left out.

    Each colour is placed in a grid of cells `within` wide in CIELAB and compared only with the colours of
    its own cell and the 26 around it: time grows with the colours, not with their pairs (every pair of a
    table of 20,000 colours is 200 million). Points in one cell more than `within` apart are few (a cell
    holds about twenty such), so a crowded cell fills `most` at once."""
    if within <= 0:
        return [], False
    seen = colours if vision == "typical" else {k: simulate(v, vision) for k, v in colours.items()}
    points = {name: lab(rgb) for name, rgb in seen.items()}
    cells: dict[tuple[int, int, int], list[str]] = {}
    for name in sorted(points):
        p = points[name]
        cells.setdefault((int(p[0] // within), int(p[1] // within), int(p[2] // within)), []).append(name)
    found: list[tuple[float, str, str]] = []
    for (i, j, k), names in cells.items():
        near = [other for di in (-1, 0, 1) for dj in (-1, 0, 1) for dk in (-1, 0, 1)
                for other in cells.get((i + di, j + dj, k + dk), ())]
        for a in names:
            pa = points[a]
            for b in near:
                if a < b:
                    d = sum((p - q) ** 2 for p, q in zip(pa, points[b], strict=True)) ** 0.5
                    if d < within:
                        found.append((d, a, b))
                        if len(found) > most:
                            return sorted(found)[:most], True
    return sorted(found), False
