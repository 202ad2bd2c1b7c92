"""The painted-bleed preflight renders only the bands its samples read (pnp/output/preflight/bands.py): each band's
pixels are the whole page's there, and a pixel outside every band is still read right."""

from __future__ import annotations

import pypdfium2 as pdfium

from pnp.layout.scene import Face, Rect
from pnp.model.units import MM
from pnp.output.impose.cards import Page, Placement
from pnp.output.preflight.bands import SCALE, Pixels, joined
from pnp.output.render.renderer import Renderer


def _pdf() -> bytes:
    """A page of two faces, one light, one dark, with an edge of each at a fraction of a pixel."""
    faces = []
    for k, fill in enumerate([(0.9, 0.8, 0.3), (0.2, 0.3, 0.6)]):
        face = Face(60.3 * MM, 80.1 * MM, 3 * MM, [Rect(-2.7 * MM, -3 * MM, 65 * MM, 86.1 * MM, fill=fill)])
        x, y = (20.13 + 70 * k) * MM, 20.07 * MM
        faces.append(Placement(face, x, y, (x - 3 * MM, y - 3 * MM, face.w + 6 * MM, face.h + 6 * MM), meta={
            "component": "deck", "id": f"card{k}", "copy": 1, "side": "front"}))
    return Renderer({}, "test", "Helvetica").render([Page(210 * MM, 297 * MM, faces, [], 0.5, "front")])


def _whole(page) -> tuple[bytes, int, int]:
    bitmap = page.render(scale=SCALE, no_smoothtext=True)
    return bytes(memoryview(bitmap.buffer).cast("B")), bitmap.stride, bitmap.n_channels


def test_a_bands_pixels_are_the_whole_pages_there():
    page = pdfium.PdfDocument(_pdf())[0]
    whole, stride, n = _whole(page)
    boxes = [(230, 230, 240, 1500), (237, 228, 1300, 251), (1300, 236, 1400, 260)]  # across the faces' edges
    pixels = Pixels(page, boxes)
    assert len(pixels.bands) < len(boxes) + 1
    for x0, y0, x1, y1 in boxes:
        band = pixels.band((x0, y0, x1, y1))
        for y in range(y0, y1):
            o = band.start(x0, y)
            assert bytes(band.bytes[o:o + (x1 - x0) * n]) == whole[y * stride + x0 * n:y * stride + x1 * n], (x0, y)


def test_a_pixel_outside_every_band_is_read_from_the_whole_page():
    page = pdfium.PdfDocument(_pdf())[0]
    whole, stride, n = _whole(page)

    def least(px: int, py: int) -> int:
        return min(whole[py * stride + px * n:py * stride + px * n + 3])

    band = (200, 230, 240, 1500)  # across the left edge of the first face's bleed, at x = 205.9 pixels
    pixels = Pixels(page, [band])
    for px, py in [(235, 250), (500, 600), (1200, 700), (2000, 3000)]:
        assert pixels.least(px, py) == least(px, py), (px, py)
    across = [(x, 600) for x in range(200, 212)]
    assert len({least(*p) for p in across}) > 1  # paper, then the art
    pixels = Pixels(page, [band])  # the whole page not rendered yet
    assert pixels.leasts([*across, (1200, 700), (-1, 5), (5, 10 ** 6)], band) == [
        *(least(*p) for p in across), least(1200, 700), None, None]


def test_bands_that_waste_little_together_are_rendered_as_one():
    assert joined([(0, 0, 100, 40), (100, 0, 200, 40)]) == [(0, 0, 200, 40)]  # side by side
    assert joined([(0, 0, 100, 40), (50, 20, 150, 60)]) == [(0, 0, 150, 60)]  # overlapping
    assert sorted(joined([(0, 0, 40, 1000), (0, 2000, 1000, 2040)])) == [(0, 0, 40, 1000), (0, 2000, 1000, 2040)]
