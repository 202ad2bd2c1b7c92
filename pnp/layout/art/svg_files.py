"""SVG files as art and icons: read, bounded and confined before anything draws them.

An SVG is input that others edit, and an XML file can ask for much: entities that expand without
end, links to files of the machine (`<image href="/etc/...">`, `<use href="other.svg#x">`), text in
fonts the project does not ship. An SVG is accepted here only when it is small (bytes, elements),
holds no DOCTYPE, draws no text, and refers to nothing outside itself (`href="#id"` only). The
renderer (pnp/output/render/svg.py) then turns the checked bytes into vector outlines with svglib.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core import bounds
from pnp.layout.art.svg_background import covering, without

_NS = re.compile(r"^\{[^}]*\}")
_REFUSED = {"text": "draws text (the project's fonts cannot be used there): convert the text to paths",
            "image": "embeds a picture; keep pictures as their own PNG or JPEG files",
            "foreignObject": "embeds foreign content", "script": "holds a script", "iframe": "embeds a page",
            "feImage": "filters with an image"}
SOLID = ("a shape covers its whole view box behind the drawing (as in game-icons.net's default download): it would "
         "print as a solid block; download it without a background (game-icons.net: background none, foreground "
         "black)")
_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)", re.I)


@dataclass(frozen=True)
class SvgArt:
    """A checked SVG: its bytes (what the renderer reads) and the size it declares."""

    path: str
    data: bytes
    width: float
    height: float
    background: bool = False  # a shape covers its whole view box behind the drawing (pnp/layout/art/svg_background.py)


_checked: dict[tuple[str, int, int, bool], SvgArt | str] = {}  # (path, size, mtime, drop) -> the art, or why not


def is_svg(src: str | Path) -> bool:
    return str(src).lower().endswith(".svg")


def read_svg(path: Path, drop_background: bool = False) -> SvgArt:
    """The SVG at `path`, checked; ValueError saying what is wrong (the caller names the file and line). With
    `drop_background`, a shape covering its whole view box behind the drawing is left out."""
    st = path.stat()
    key = (str(path), st.st_size, st.st_mtime_ns, drop_background)
    if key not in _checked:
        try:
            _checked[key] = _check(path, st.st_size, drop_background)
        except ValueError as exc:
            _checked[key] = str(exc)
    found = _checked[key]
    if isinstance(found, str):
        raise ValueError(found)
    return found


def _check(path: Path, size: int, drop_background: bool) -> SvgArt:
    import xml.etree.ElementTree as ET

    if size > bounds.SVG_BYTES:
        raise ValueError(f"{size / 2**20:.1f} MB; an SVG may be at most {bounds.SVG_BYTES // 2**20} MB (simplify it)")
    data = path.read_bytes()
    if b"<!DOCTYPE" in data or b"<!ENTITY" in data:
        raise ValueError("has a DOCTYPE or entities; an SVG for pnp needs neither (delete the <!DOCTYPE ...> line)")
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise ValueError(f"is not a readable SVG ({exc})") from None
    if _NS.sub("", root.tag) != "svg":
        raise ValueError(f"is not an SVG: its root element is <{_NS.sub('', root.tag)}>, not <svg>")
    for count, el in enumerate(root.iter(), 1):
        if count > bounds.SVG_ELEMENTS:
            raise ValueError(f"more than {bounds.SVG_ELEMENTS:,} elements; simplify it")
        tag = _NS.sub("", el.tag) if isinstance(el.tag, str) else ""
        if tag in _REFUSED:
            raise ValueError(f"<{tag}> {_REFUSED[tag]}")
        for name, value in el.attrib.items():
            if _NS.sub("", name) == "href" and not value.startswith("#"):
                raise ValueError(f"<{tag}> refers to {value!r}; an SVG may refer only to its own parts (#id)")
            for url in _URL.findall(value):
                if url and not url.startswith("#"):
                    raise ValueError(f"<{tag}> refers to {url!r}; an SVG may refer only to its own parts (#id)")
        if tag == "style" and el.text and ("@import" in el.text or any(not u.startswith("#")
                                                                       for u in _URL.findall(el.text) if u)):
            raise ValueError("its <style> imports or refers to other files; keep the styles inside the SVG")
    _expanded(root)
    x, y, width, height = _size(root)
    found = covering(root, (x, y, width, height))
    if found is not None and drop_background:
        return SvgArt(str(path), without(root, found), width, height)
    return SvgArt(str(path), data, width, height, found is not None)


def _expanded(root: Any) -> None:
    """Refuse an SVG whose `<use>` copies (of copies ...) draw more than the bounds allow: a few hundred
    bytes of nested `<use>` can ask for millions of shapes. ValueError saying so."""
    ids = {el.get("id"): el for el in root.iter() if el.get("id")}
    sizes: dict[int, tuple[int, int]] = {}  # element -> (elements, <use> copies) it draws, copies expanded
    busy: set[int] = set()
    cap = (bounds.SVG_ELEMENTS + 1, bounds.SVG_USES + 1)

    def size(el: Any) -> tuple[int, int]:
        key = id(el)
        if key in sizes:
            return sizes[key]
        if key in busy:
            raise ValueError("a <use> refers to an element that holds it: the drawing never ends")
        busy.add(key)
        elements, uses = 1, 0
        if isinstance(el.tag, str) and _NS.sub("", el.tag) == "use":
            href = next((v for k, v in el.attrib.items() if _NS.sub("", k) == "href"), "")
            target = ids.get(href[1:]) if href.startswith("#") else None
            if target is not None:
                inner = size(target)
                elements, uses = elements + inner[0], 1 + inner[1]
        for child in el:
            inner = size(child)
            elements, uses = elements + inner[0], uses + inner[1]
        busy.discard(key)
        sizes[key] = found = (min(elements, cap[0]), min(uses, cap[1]))
        return found

    try:
        elements, uses = size(root)
    except RecursionError:
        raise ValueError("its elements are nested too deep; simplify it") from None
    if uses > bounds.SVG_USES:
        raise ValueError(f"its <use> copies (of copies) number more than {bounds.SVG_USES:,}; simplify it")
    if elements > bounds.SVG_ELEMENTS:
        raise ValueError(f"more than {bounds.SVG_ELEMENTS:,} elements once its <use> copies are drawn; simplify it")


def _size(root: Any) -> tuple[float, float, float, float]:
    """The drawing's corner, width and height in its own units (the viewBox, else width and height)."""
    box = root.get("viewBox")
    x = y = 0.0
    if box:
        parts = re.split(r"[\s,]+", box.strip())
        try:
            x, y, w, h = float(parts[0]), float(parts[1]), float(parts[2]), float(parts[3])
        except (IndexError, ValueError):
            raise ValueError(f"viewBox {box!r}: expected four numbers, `0 0 512 512`") from None
    else:
        try:
            w, h = (float(re.sub(r"(px|pt)$", "", root.get(k, ""))) for k in ("width", "height"))
        except ValueError:
            raise ValueError("needs a viewBox (`viewBox=\"0 0 512 512\"`) or a width and height in px") from None
    if not (0 < w < 1e6 and 0 < h < 1e6):
        raise ValueError(f"{w:g} x {h:g}: an SVG's size must be positive")
    return x, y, w, h
