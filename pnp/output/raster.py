"""Faces and PDF pages -> RGB images, through the project's own renderer and pdfium.

A face is rasterised by drawing it on a page of exactly its size plus its bleed; many faces go in one
PDF (one page each), so fonts, forms and icons are embedded once. pypdfium2 and Pillow are imported
inside the functions: importing this module costs nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.layout.scene import Face

if TYPE_CHECKING:
    from PIL.Image import Image

    from pnp.layout.game import Prepared


def pixels(points: float, dpi: float) -> int:
    """A length in points as a whole number of pixels at `dpi` (what every image here is sized by)."""
    return round(points * dpi / 72)


def pdf_to_images(pdf: Path | bytes, dpi: int) -> list[Image]:
    """Every page of a PDF as an RGB image at `dpi`, round(page size x dpi / 72) pixels on each side."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    images = []
    try:
        for index in range(len(doc)):
            page = doc[index]
            w, h = pixels(page.get_width(), dpi), pixels(page.get_height(), dpi)
            # pdfium sizes the bitmap with ceil(): trim the last, part-covered row or column, if any
            image = page.render(scale=dpi / 72).to_pil().convert("RGB")
            images.append(image if image.size == (w, h) else image.crop((0, 0, w, h)))
            page.close()
    finally:
        doc.close()
    return images


def faces_pdf(prep: Prepared, faces: list[Face], title: str = "pnp faces") -> bytes:
    """One PDF page per face, each exactly the face plus its bleed, drawn by the build's renderer."""
    from pnp.output.impose import Page, Placement
    from pnp.output.render import Renderer

    pages = []
    for face in faces:
        b = face.bleed
        w, h = face.w + 2 * b, face.h + 2 * b
        pages.append(Page(w, h, [Placement(face, b, b, (0.0, 0.0, w, h))], [], 0.5, "front"))
    return Renderer(prep.env.icons, title, prep.font).render(pages, prep.marker)


def faces_to_images(prep: Prepared, faces: list[Face], dpi: int) -> list[Image]:
    """Each face with its bleed as an RGB image at `dpi`, in the order given.

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
    images = pdf_to_images(faces_pdf(prep, unique), dpi)
    return [images[distinct[id(face)]] for face in faces]


def trim(image: Image, face: Face, dpi: int) -> Image:
    """The face's image without its bleed: cropped to the trim line."""
    b = pixels(face.bleed, dpi)
    return image.crop((b, b, image.width - b, image.height - b)) if b else image
