"""Faces and PDF pages -> RGB images, through the project's own renderer and pdfium.

A face is rasterised by drawing it on a page of exactly its size plus its bleed; many faces go in one
PDF (one page each), so fonts, forms and icons are embedded once. pypdfium2 and Pillow are imported
inside the functions: importing this module costs nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.core import bounds
from pnp.core.errors import InputError, Problem
from pnp.layout.scene import Face

if TYPE_CHECKING:
    from PIL.Image import Image

    from pnp.layout.whole_game import Prepared


def pixels(points: float, dpi: float) -> int:
    """A length in points as a whole number of pixels at `dpi` (what every image here is sized by)."""
    return round(points * dpi / 72)


def check_fits(w: float, h: float, dpi: int, what: str, subject: str = "", fixed: bool = False) -> None:
    """Refuse an image of `w` x `h` points at `dpi` that would be more than `bounds.RASTER_PIXELS` pixels
    (a 2 m board at 1200 dpi is 8 billion: 24 GB), saying the `--dpi` that would fit, before any is drawn.
    `fixed`: the command draws at `dpi` and has no `--dpi` (an export at a service's resolution)."""
    n = pixels(w, dpi) * pixels(h, dpi)
    if n <= bounds.RASTER_PIXELS:
        return
    fits = int(dpi * (bounds.RASTER_PIXELS / n) ** 0.5)
    while fits > 1 and pixels(w, fits) * pixels(h, fits) > bounds.RASTER_PIXELS:
        fits -= 1
    mm = 25.4 / 72
    raise InputError([Problem(None, f"{what} of {w * mm:.0f} x {h * mm:.0f} mm at {dpi} dpi would be "
                              f"{pixels(w, dpi):,} x {pixels(h, dpi):,} pixels ({n / 1e6:,.0f} million; an image "
                              f"holds at most {bounds.RASTER_PIXELS / 1e6:,.0f} million): "
                              + (f"at most {fits} dpi would fit; leave this component out (--only) and print it "
                                 "from the PDF" if fixed else f"use --dpi {fits} or less"),
                              subject)])


def faces_fit(faces: list[Face], dpi: int, subject: str = "", fixed: bool = False) -> None:
    """Refuse, before any is drawn, a face that would be too big an image at `dpi`."""
    for face in faces:
        check_fits(face.w + 2 * face.bleed, face.h + 2 * face.bleed, dpi, "a face with its bleed", subject, fixed)


def pdf_to_images(pdf: Path | bytes, dpi: int) -> list[Image]:
    """Every page of a PDF as an RGB image at `dpi`, round(page size x dpi / 72) pixels on each side."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        return [page_image(doc, index, dpi) for index in range(len(doc))]
    finally:
        doc.close()


def page_image(doc: Any, index: int, dpi: int) -> Image:
    """Page `index` of an open pypdfium2 document as an RGB image at `dpi`."""
    page = doc[index]
    try:
        w, h = pixels(page.get_width(), dpi), pixels(page.get_height(), dpi)
        # pdfium sizes the bitmap with ceil(): trim the last, part-covered row or column, if any
        image = page.render(scale=dpi / 72).to_pil().convert("RGB")
        return image if image.size == (w, h) else image.crop((0, 0, w, h))
    finally:
        page.close()


def faces_pdf(prep: Prepared, faces: list[Face], title: str = "pnp faces") -> bytes:
    """One PDF page per face, each exactly the face plus its bleed, drawn by the build's renderer."""
    from pnp.output.impose.cards import Page, Placement
    from pnp.output.render.renderer import Renderer

    pages = []
    for face in faces:
        b = face.bleed
        w, h = face.w + 2 * b, face.h + 2 * b
        pages.append(Page(w, h, [Placement(face, b, b, (0.0, 0.0, w, h))], [], 0.5, "front"))
    return Renderer(prep.env.icons, title, prep.font).render(pages, prep.marker)


def faces_to_images(prep: Prepared, faces: list[Face], dpi: int, subject: str = "", fixed: bool = False) -> list[Image]:
    """Each face with its bleed as an RGB image at `dpi`, in the order given (`subject`, the component, names
    them in the error that refuses an image too big to hold).

    A face object listed more than once (copies of a card share theirs) is drawn once; the same
    image object is returned at each of its places, so copy it before drawing on it.
    """
    distinct: dict[int, int] = {}
    unique: list[Face] = []
    for face in faces:
        if id(face) not in distinct:
            distinct[id(face)] = len(unique)
            unique.append(face)
    if not unique:
        return []
    faces_fit(unique, dpi, subject, fixed)
    images = pdf_to_images(faces_pdf(prep, unique), dpi)
    return [images[distinct[id(face)]] for face in faces]


class FaceImages:
    """Faces drawn into one PDF (one page each: fonts, forms and icons embedded once) and rasterised one at a time
    as they are asked for, so that memory holds the face being used, not every face of a component (300 cards at
    300 dpi are 2.5 GB of pixels). The last few asked for are kept: copies of a card, listed together, are drawn
    once. `with FaceImages(...) as images:` closes the document."""

    KEPT = 2  # images kept for the next ask

    def __init__(self, prep: Prepared, faces: list[Face], dpi: int, subject: str = "", fixed: bool = False):
        import pypdfium2 as pdfium

        self.dpi, self.page = dpi, dict[int, int]()
        unique: list[Face] = []
        for face in faces:
            if id(face) not in self.page:
                self.page[id(face)] = len(unique)
                unique.append(face)
        faces_fit(unique, dpi, subject, fixed)
        self.doc = pdfium.PdfDocument(faces_pdf(prep, unique)) if unique else None
        self.kept: dict[int, Image] = {}

    def __enter__(self) -> FaceImages:
        return self

    def __exit__(self, *exc: object) -> None:
        self.kept.clear()
        if self.doc is not None:
            self.doc.close()

    def image(self, face: Face) -> Image:
        """The face with its bleed as an RGB image (shared with the next asks for the same face: copy it before
        drawing on it)."""
        index = self.page[id(face)]
        if index not in self.kept:
            if len(self.kept) >= self.KEPT:
                del self.kept[next(iter(self.kept))]
            self.kept[index] = page_image(self.doc, index, self.dpi)
        return self.kept[index]

    def trimmed(self, face: Face) -> Image:
        """The face cut at its trim line."""
        return trim(self.image(face), face, self.dpi)


def trim(image: Image, face: Face, dpi: int) -> Image:
    """The face's image without its bleed: cropped to the trim line."""
    b = pixels(face.bleed, dpi)
    return image.crop((b, b, image.width - b, image.height - b)) if b else image
