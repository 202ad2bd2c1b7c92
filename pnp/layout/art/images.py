"""Layout: the `image` element, a picture file of the game placed in its box.

Every image is checked before it is drawn: inside the project, a picture that reads to its end (or an
SVG drawing within its bounds),
within the size bounds (`limits`); each file once per version.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.core import bounds
from pnp.layout.art.svg_files import SOLID, is_svg, read_svg
from pnp.layout.scene import Image, Item, Label, Line, Rect
from pnp.layout.values import Eval, LayoutEnv, Skip
from pnp.model.project import OUTSIDE, outside, unreadable


class MissingArt(ValueError):
    """An image file that is not there yet: a playtest build draws a placeholder in its place (`placeholder`)."""

    def __init__(self, src: str, shown: str):
        super().__init__(f"image {src!r} not found in {shown.rpartition('/')[0]}/")
        self.src, self.shown = src, shown


PLACEHOLDER_FILL, PLACEHOLDER_INK = (0.93, 0.93, 0.93), (0.45, 0.45, 0.45)


def placeholder(box: tuple[float, float, float, float], shown: str, subject: str) -> list[Item]:
    """A labelled box where art is to come: crossed, with the file it expects, its size and the card."""
    from pnp.model.units import MM

    x, y, w, h = box
    lines = [shown, f"{w / MM:.1f} x {h / MM:.1f} mm", subject]
    size = max(2.0, min(7.0, h / 5, *(w * 0.9 / (0.52 * max(len(t), 1)) for t in lines)))
    top = y + h / 2 - size * 1.25 * (len(lines) - 1) / 2 + size * 0.35
    out: list[Item] = [Rect(x, y, w, h, PLACEHOLDER_FILL, PLACEHOLDER_INK, 0.5, dash=(2.0, 1.5)),
                       Line(x, y, x + w, y + h, (0.8, 0.8, 0.8), 0.4), Line(x, y + h, x + w, y, (0.8, 0.8, 0.8), 0.4)]
    out += [Label(x + w / 2, top + i * size * 1.25, text, size, PLACEHOLDER_INK, "center")
            for i, text in enumerate(lines)]
    return out


def image(ev: Eval, env: LayoutEnv, box: tuple[float, float, float, float],
          warn: Callable[[str], None] | None = None) -> Image:
    """The image element's picture in its box; raises Skip without a `src`, ValueError for a bad one; what is
    only doubtful (SVG art on a full-size background) is said to `warn`."""
    src = ev.raw("src")
    if not src:
        raise Skip
    path = env.game_dir / str(src)
    if outside(env.root, path):
        raise ValueError(f"image {src!r} {OUTSIDE}")
    if not os.path.exists(path):
        raise MissingArt(str(src), path.relative_to(env.root).as_posix())
    why = unreadable(env.root, path, "an image")
    if why is not None:
        raise ValueError(f"image {src!r}: {why}")
    keep = ev.raw("background") != "none"
    if is_svg(path):
        try:
            art = read_svg(path, not keep)
        except ValueError as exc:
            raise ValueError(f"image {src!r}: {exc}") from None
        if art.background and warn is not None:
            warn(f"image {src!r}: {SOLID}; or write `background: none` on this image to leave it out")
    else:
        readable_image(path, str(src))
    return Image(str(path), *box, ev.colour("color"), keep)


_checked_images: dict[tuple, str] = {}  # (path, size, mtime) -> "" when readable, else why not


def readable_image(path: Path, src: str) -> None:
    """An image pnp can embed: a picture file (not text, not truncated), within the size bounds."""
    st = path.stat()
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _checked_images:
        _checked_images[key] = _image_problem(path, st.st_size)
    if _checked_images[key]:
        raise ValueError(f"image {src!r}: {_checked_images[key]}")


def pillow() -> Any:
    """Pillow's Image module, its own bound on pixels set to ours (checked first, by `readable_image`):
    an image within our bound then never raises Pillow's DecompressionBombWarning, with its raw file path,
    when the renderer or a check opens it again."""
    from PIL import Image as PILImage

    PILImage.MAX_IMAGE_PIXELS = bounds.IMAGE_PIXELS
    return PILImage


def _image_problem(path: Path, size: int) -> str:
    if size > bounds.IMAGE_BYTES:
        return f"{size / 2**20:.0f} MB; an image may be at most {bounds.IMAGE_BYTES // 2**20} MB"
    import warnings

    PILImage = pillow()  # noqa: N806 - the module, as `from PIL import Image as PILImage` names it elsewhere

    try:
        with warnings.catch_warnings():  # the bound below says it in words
            warnings.simplefilter("ignore", PILImage.DecompressionBombWarning)
            im = PILImage.open(path)
        with im:
            if im.width * im.height > bounds.IMAGE_PIXELS:
                return (f"{im.width} x {im.height} pixels; at most {bounds.IMAGE_PIXELS // 10**6} million "
                        "(300 dpi at its printed size is enough)")
            im.load()
    except PILImage.UnidentifiedImageError:
        return "is not a picture file (a PNG or a JPEG)"
    except Exception as exc:  # truncated, damaged, a decompression bomb
        return f"cannot be read as a picture ({exc}); save it again as PNG or JPEG"
    return ""
