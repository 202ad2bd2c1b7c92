"""The pixels the painted-bleed preflight reads (pnp/output/preflight/painted.py): only the bands round the faces'
edges, each rendered by itself through pdfium's crop, rather than the whole page at 300 dpi.

A page's bands are the rectangles of pixels its samples can reach (the bleed and the art just inside each free
edge, the box of a round token or a die's net). Bands whose joint box is hardly larger than the two are rendered
as one: a render call costs about as much as ten thousand pixels. A crop keeps the whole page's pixel grid (its
offset is a whole number of pixels, `crop_px`), so a pixel of a band is the pixel the whole page would have there,
to within one level in 255 where pdfium resamples a picture for the smaller bitmap. A pixel outside every band (no
sample should ask for one) is read from the whole page, rendered then: never a wrong answer, only a slower one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

DPI = 300
SCALE = DPI / 72  # pixels per point
MERGE = 10_000  # pixels two bands may waste when rendered as one (their joint box less the two)

Box = tuple[int, int, int, int]  # x0, y0, x1, y1 in the whole page's pixels (x1, y1 excluded)


@dataclass
class Band:
    """A rendered rectangle of a page's pixels: B, G, R (and maybe a fourth byte) each, row after row."""

    box: Box
    bytes: memoryview
    stride: int
    n: int  # bytes a pixel
    bitmap: Any  # holds the buffer

    def holds(self, box: Box) -> bool:
        x0, y0, x1, y1 = self.box
        return x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1

    def start(self, px: int, py: int) -> int:
        """Where the page's pixel (px, py) starts in this band's bytes."""
        return (py - self.box[1]) * self.stride + (px - self.box[0]) * self.n


class Pixels:
    """A page's pixels, rendered in the bands asked for (each clipped to the page): `least` reads any pixel."""

    def __init__(self, page: Any, wanted: list[Box]) -> None:
        self.page = page
        self.size = math.ceil(page.get_width() * SCALE), math.ceil(page.get_height() * SCALE)  # as render() sizes it
        inside = [self.clipped(b) for b in wanted]
        self.bands = [self._render(b) for b in joined([b for b in inside if b is not None])]
        self.last = self.bands[0] if self.bands else None

    def clipped(self, box: Box) -> Box | None:
        w, h = self.size
        x0, y0, x1, y1 = max(0, box[0]), max(0, box[1]), min(w, box[2]), min(h, box[3])
        return (x0, y0, x1, y1) if x0 < x1 and y0 < y1 else None

    def _render(self, box: Box) -> Band:
        x0, y0, x1, y1 = box
        w, h = self.size
        # render() cuts ceil(c * scale) pixels off each side: half a pixel less than a whole number gives that number
        crop = tuple(max(0.0, (k - 0.5) / SCALE) for k in (x0, h - y1, w - x1, y0))
        bitmap = self.page.render(scale=SCALE, no_smoothtext=True, crop=crop)
        assert bitmap.n_channels >= 3 and (bitmap.width, bitmap.height) == (x1 - x0, y1 - y0), bitmap.format
        return Band(box, memoryview(bitmap.buffer).cast("B"), bitmap.stride, bitmap.n_channels, bitmap)

    def band(self, box: Box) -> Band:
        """A band that holds this box (clipped to the page); the whole page, rendered now, if none does."""
        inside = self.clipped(box) or (0, 0, 1, 1)
        for band in self.bands:
            if band.holds(inside):
                return band
        whole = self._render((0, 0, *self.size))
        self.bands.insert(0, whole)
        return whole

    def least(self, px: int, py: int) -> int:
        """The least of a pixel's three channels (which are WHITE or more on bare paper); (px, py) on the page."""
        band = self.last
        if band is None or not band.holds((px, py, px + 1, py + 1)):
            band = self.last = self.band((px, py, px + 1, py + 1))
        o, b = band.start(px, py), band.bytes
        return min(b[o], b[o + 1], b[o + 2])


    def leasts(self, points: list[tuple[int, int]], near: Box) -> list[int | None]:
        """`least` of each of these pixels (None for one off the page), most of them in the band that holds `near`."""
        w, h = self.size
        band = self.band(near)
        (x0, y0, x1, y1), b, stride, n = band.box, band.bytes, band.stride, band.n
        out: list[int | None] = []
        for px, py in points:
            if not (0 <= px < w and 0 <= py < h):
                out.append(None)
            elif x0 <= px < x1 and y0 <= py < y1:
                o = (py - y0) * stride + (px - x0) * n
                out.append(min(b[o], b[o + 1], b[o + 2]))
            else:
                out.append(self.least(px, py))
        return out


def joined(boxes: list[Box]) -> list[Box]:
    """The boxes with any two whose joint box wastes at most MERGE pixels made one, until no two do."""
    out: list[Box] = []
    for box in sorted(boxes):
        while True:
            for k, other in enumerate(out):
                union = (min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3]))
                if _area(union) - _area(box) - _area(other) <= MERGE:
                    del out[k]
                    box = union
                    break
            else:
                out.append(box)
                break
    return out


def _area(box: Box) -> int:
    return (box[2] - box[0]) * (box[3] - box[1])


def pixel_box(x0: float, y0: float, x1: float, y1: float) -> Box:
    """The pixels a sample anywhere in this rectangle of the page (points) may read, and one more all round."""
    return int(x0 * SCALE) - 1, int(y0 * SCALE) - 1, int(x1 * SCALE) + 2, int(y1 * SCALE) + 2
