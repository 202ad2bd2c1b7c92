"""The docs' pictures of the bundled games, made again from their own builds: `python tools/docs_images.py`
(every picture) or `python tools/docs_images.py event-cards-1.png ...`. Run it after a change to a game's
look, then look at docs/img/ before committing.

Each picture is a page of one of a game's PDFs (a playtest build, which stamps each card, or `--final`),
cut to a part of the page (fractions of its width and height) and scaled to a width in pixels. A composed
picture (Intrepid's dial with its wheel, Sleeping Gods' crew board and enemy front and back) sets faces side
by side, each cut at its trim line where the build's manifest places it. The screenshots of `pnp serve`
(`PNP_SCREENSHOTS=1`, tests/commands/test_serve_browser.py) are made elsewhere.
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


@dataclass(frozen=True)
class Faces:
    game: str
    faces: tuple[tuple[str, str, str], ...]  # (component, card id, side) each, left to right, at their trim lines
    height: int  # pixels, of the tallest face; the others at the same scale
    gap: int = 24  # pixels between two faces
    final: bool = True
    bleed: tuple[str, ...] = ()  # the sides cut with their bleed (a wheel's outer ring lies in it)


COMPOSED = {
    "sleeping-gods-crew.png": Faces("sleeping-gods", (("crew", "vale", "front"),), 520),
    "sleeping-gods-enemy.png": Faces("sleeping-gods", (("enemy", "great-tentacle", "front"),
                                                       ("enemy", "great-tentacle", "back")), 660),
    "intrepid-dial.png": Faces("intrepid", (("resource-board", "oxygen-board", "front"),
                                            ("resource-board", "oxygen-board", "wheel")), 886, bleed=("wheel",)),
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


def compose(spec: Faces, folder: Path):  # a PIL image
    """The faces side by side, centred on a line, on white, each cut from its page at the box the manifest gives
    (with its bleed, for the sides the picture names)."""
    import json

    import pypdfium2 as pdfium
    from PIL import Image

    placed = {(f["component"], f["id"], f["side"]): f
              for f in reversed(json.loads((folder / "manifest.json").read_text())["faces"])}  # each one's first copy
    faces = [placed[key] for key in spec.faces]
    boxes = []
    for f in faces:  # left, top, right, bottom in mm on the page
        left, top, right, bottom = f["x_mm"], f["y_mm"], f["x_mm"] + f["w_mm"], f["y_mm"] + f["h_mm"]
        if f["side"] in spec.bleed:
            b = f["bleed_mm"]  # left, top, right, bottom
            left, top, right, bottom = left - b[0], top - b[1], right + b[2], bottom + b[3]
        boxes.append((left, top, right, bottom))
    mm = spec.height / max(b[3] - b[1] for b in boxes)  # pixels a millimetre
    parts = []
    for f, box in zip(faces, boxes, strict=True):
        page = pdfium.PdfDocument(folder / f["file"])[f["page"] - 1]
        image = page.render(scale=2 * mm * 25.4 / 72).to_pil()  # twice the size, then down: smoother edges
        image = image.crop(tuple(round(v * 2 * mm) for v in box))
        parts.append(image.resize((round((box[2] - box[0]) * mm), round((box[3] - box[1]) * mm))))
    out = Image.new("RGB", (sum(p.width for p in parts) + spec.gap * (len(parts) - 1), spec.height), "white")
    x = 0
    for part in parts:
        out.paste(part, (x, (spec.height - part.height) // 2))
        x += part.width + spec.gap
    return out


def main(names: list[str]) -> None:
    every = {**PICTURES, **COMPOSED}
    unknown = sorted(set(names) - set(every))
    if unknown:
        sys.exit(f"no picture {', '.join(unknown)} (pictures: {', '.join(every)})")
    with tempfile.TemporaryDirectory(prefix="pnp-docs-images-") as tmp:
        for name in names or list(every):
            spec = every[name]
            folder = build(spec.game, spec.final, Path(tmp))
            image = render(spec, folder) if isinstance(spec, Picture) else compose(spec, folder)
            image.save(IMG / name, optimize=True)
            print(f"docs/img/{name}")


if __name__ == "__main__":
    main(sys.argv[1:])
