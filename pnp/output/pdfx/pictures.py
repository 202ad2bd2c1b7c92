"""Pictures for a PDF/X page: converted to CMYK by littleCMS (perceptual intent, as photographs are), held to the
ink limit pixel by pixel, their transparency kept as a soft mask (X-4) or flattened onto the white paper (X-1a).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from pnp.output.pdfx.inks import Inks, profile_bytes

if TYPE_CHECKING:
    from PIL import Image as PILImage
    from PIL import ImageCms


@lru_cache(maxsize=1)
def _transform() -> ImageCms.ImageCmsTransform:
    import io

    from PIL import ImageCms

    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile_bytes()))
    return ImageCms.buildTransform(ImageCms.createProfile("sRGB"), cmyk, "RGB", "CMYK", ImageCms.Intent.PERCEPTUAL)


def to_cmyk(image: PILImage.Image, limit: float, opaque: bool) -> tuple[PILImage.Image, PILImage.Image | None]:
    """The picture in CMYK under `limit` percent of ink, and its alpha (None: solid, or flattened for X-1a)."""
    from PIL import Image

    alpha = None
    if image.mode in ("RGBA", "LA", "PA") or image.mode == "P" and "transparency" in image.info:
        rgba = image.convert("RGBA")
        if opaque:
            white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
            image = Image.alpha_composite(white, rgba)
        else:
            alpha = rgba.getchannel("A")
            image = rgba
            if alpha.getextrema() == (255, 255):
                alpha = None
    cmyk = image if image.mode == "CMYK" else _transform().apply(image.convert("RGB"))
    return limit_ink(cmyk, limit), alpha


def limit_ink(cmyk: PILImage.Image, limit: float) -> PILImage.Image:
    """Every pixel's total ink at most `limit` percent, as `inks.limited` holds a colour: grey component replacement,
    then C, M and Y scaled down. Done on whole bands (ImageMath), not pixel by pixel."""
    from PIL import Image, ImageMath

    c, m, y, k = (band.convert("I") for band in cmyk.split())
    most = int(limit * 255 / 100)
    total = ImageMath.lambda_eval(lambda a: a["c"] + a["m"] + a["y"] + a["k"], c=c, m=m, y=y, k=k)
    if total.getextrema()[1] <= most:
        return cmyk
    env = {"c": c, "m": m, "y": y, "k": k, "most": most}
    over = ImageMath.lambda_eval(lambda a: a["max"](a["c"] + a["m"] + a["y"] + a["k"] - a["most"], 0), **env)
    moved = ImageMath.lambda_eval(
        lambda a: a["min"](a["min"](a["min"](a["c"], a["m"]), a["y"]), a["min"](255 - a["k"], (a["over"] + 1) / 2)),
        over=over, **env)
    c, m, y = (ImageMath.lambda_eval(lambda a: a["v"] - a["moved"], v=v, moved=moved) for v in (c, m, y))
    k = ImageMath.lambda_eval(lambda a: a["k"] + a["moved"], k=k, moved=moved)
    # still over: C, M and Y scaled to what is left for them (in 1/1024ths, whole numbers throughout)
    cmy = ImageMath.lambda_eval(lambda a: a["max"](a["c"] + a["m"] + a["y"], 1), c=c, m=m, y=y)
    room = ImageMath.lambda_eval(lambda a: a["max"](a["most"] - a["k"], 0), most=most, k=k)
    scale = ImageMath.lambda_eval(lambda a: a["min"](a["room"] * 1024 / a["cmy"], 1024), room=room, cmy=cmy)
    bands = [ImageMath.lambda_eval(lambda a: a["v"] * a["s"] / 1024, v=v, s=scale).convert("L") for v in (c, m, y)]
    return Image.merge("CMYK", (*bands, k.convert("L")))


def cmyk_picture(image: Any, inks: Inks, opaque: bool, mask: Any) -> tuple[Any, Any]:
    """What `drawImage` is handed instead (a file name or an ImageReader): an ImageReader of the CMYK picture, its
    alpha as the soft mask reportlab writes; `mask` as reportlab takes it ('auto' or None, never a colour key)."""
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    picture = image._image if isinstance(image, ImageReader) else Image.open(image)
    picture.load()
    cmyk, alpha = to_cmyk(picture, inks.limit, opaque)
    reader = ImageReader(cmyk)
    reader.getRGBData()  # reads the pixels (and clears the alpha reportlab keeps): then the soft mask is set
    reader._dataA = ImageReader(alpha) if alpha is not None else None
    return reader, ("auto" if alpha is not None else None)
