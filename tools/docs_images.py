"""The docs' pictures of the bundled games, made again from their own builds: `python tools/docs_images.py`
(every picture) or `python tools/docs_images.py event-cards-1.png ...`. Run it after a change to a game's
look, then look at docs/img/ before committing.

Each picture is a page of one of a game's PDFs (a playtest build, which stamps each card, or `--final`),
cut to a part of the page (fractions of its width and height) and scaled to a width in pixels. The
composed pictures (Intrepid's dial with its wheel, Sleeping Gods' crew board and enemy front and back)
and the screenshots of `pnp serve` (`PNP_SCREENSHOTS=1`, tests/test_serve_browser.py) are made elsewhere.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
IMG = REPO / "docs" / "img"


@dataclass(frozen=True)
class Picture:
    game: str
    pdf: str  # a file of the build
    page: int  # from 0
    width: int  # pixels
    crop: tuple[float, float, float, float] = (0.0, 0.0, 1.0, 1.0)  # left, top, right, bottom: parts of the page
    final: bool = False  # a --final build: no playtest stamp


PICTURES = {
    "event-cards-1.png": Picture("voyage", "event.pdf", 0, 1150, (0.03, 0.035, 0.97, 0.37)),
    "ability-sheet-01.png": Picture("voyage", "ability.pdf", 0, 414),
    "captain-sheet-1.png": Picture("voyage", "captain.pdf", 0, 414),
    "moon-adventure-1.png": Picture("moon", "adventure-1.pdf", 0, 373, final=True),
    "moon-adventure-4.png": Picture("moon", "adventure-4.pdf", 0, 373, final=True),
    "intrepid-tiles.png": Picture("intrepid", "station-tile.pdf", 0, 742, (0.0, 0.058, 1.0, 0.955), final=True),
}


def build(game: str, final: bool, out: Path) -> Path:
    """`pnp build GAME [--final]` into a folder of its own; the folder."""
    target = out / f"{game}{'-final' if final else ''}"
    if not target.is_dir():
        cmd = [sys.executable, "-m", "pnp", "build", game, "--out", str(target), *(["--final"] if final else [])]
        subprocess.run(cmd, cwd=REPO, check=True, capture_output=True)
    return target


def render(picture: Picture, folder: Path):  # a PIL image
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(folder / picture.pdf)
    page = pdf[picture.page]
    left, top, right, bottom = picture.crop
    scale = picture.width / (page.get_width() * (right - left))
    image = page.render(scale=scale * 2).to_pil()  # twice the size, then down: smoother edges
    w, h = image.size
    image = image.crop((round(left * w), round(top * h), round(right * w), round(bottom * h)))
    return image.resize((picture.width, round(image.height * picture.width / image.width)))


def main(names: list[str]) -> None:
    unknown = sorted(set(names) - set(PICTURES))
    if unknown:
        sys.exit(f"no picture {', '.join(unknown)} (pictures: {', '.join(PICTURES)})")
    with tempfile.TemporaryDirectory(prefix="pnp-docs-images-") as tmp:
        for name in names or list(PICTURES):
            picture = PICTURES[name]
            render(picture, build(picture.game, picture.final, Path(tmp))).save(IMG / name, optimize=True)
            print(f"docs/img/{name}")


if __name__ == "__main__":
    main(sys.argv[1:])
