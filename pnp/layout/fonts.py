"""Fonts: the game's families from fonts/, registered once, measured with a per-word cache.

Departure from design.md ("only render knows reportlab"): measuring text needs the fonts' metrics,
and reportlab's TTFont is both the parser and the embedder. Parsing each file once here and
handing the same font object to the renderer is faster and keeps one notion of a font.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import Problems, Where
from pnp.model.project import OUTSIDE, outside

STYLES = ("regular", "bold", "italic", "bold_italic")
_FALLBACK = {"bold": "regular", "italic": "regular", "bold_italic": "bold"}
_loaded: dict[tuple, object] = {}  # one TTFont per font file (name, size, mtime) per process: immutable once parsed
_families: dict[tuple, Family] = {}  # families (with their measured words) reused while their files are unchanged


@dataclass(repr=False, eq=False)
class Face:
    """One font file at one style: its PDF name and metrics (fractions of the font size)."""

    name: str
    ascent: float
    descent: float
    font: object
    file: str = ""  # its file in fonts/
    _widths: dict[str, float] = field(default_factory=dict)

    def width(self, text: str, size: float) -> float:
        w = self._widths.get(text)
        if w is None:
            w = self._widths[text] = self.font.stringWidth(text, 1.0)  # type: ignore[attr-defined]
        return w * size

    def missing(self, text: str) -> set[str]:
        """Characters of `text` this font has no glyph for."""
        cmap = self.font.face.charToGlyph  # type: ignore[attr-defined]
        return {ch for ch in text if ord(ch) not in cmap and ch not in "\n\t"}


@dataclass(repr=False, eq=False)
class Family:
    name: str
    faces: dict[str, Face]
    word_widths: dict[tuple, float] = field(default_factory=dict)  # text.py's per-word cache

    def face(self, style: str) -> Face:
        while style not in self.faces:
            style = _FALLBACK.get(style, "regular")
        return self.faces[style]


def _identity(path: Path) -> tuple:
    """A font file as a cache key: the same file in a copy of the project is the same font; an edited
    (or replaced) file is a new one."""
    st = path.stat()
    return path.name, st.st_size, st.st_mtime_ns


def _ttf(path: Path, pdf_name: str) -> object:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    key = (pdf_name, *_identity(path))
    font = _loaded.get(key)
    if font is None:
        font = _loaded[key] = TTFont(pdf_name, str(path))
    pdfmetrics.registerFont(font)  # the latest file of this name is the one drawn
    return font


def load_families(root: Path, declared: dict[str, dict[str, str | None]], where_of, problems: Problems,
                  ) -> dict[str, Family]:
    """Register each declared family's files from `root/fonts/`. `where_of(path)` locates a field."""
    families: dict[str, Family] = {}
    for family, files in declared.items():
        try:
            key = (family, *((style, _identity(root / "fonts" / name))
                             for style in STYLES if (name := files.get(style))))
        except OSError:
            key = None  # a missing file: reported below
        if key is not None and any(outside(root, root / "fonts" / str(files.get(s))) for s in STYLES if files.get(s)):
            key = None  # a link out of the project: reported below
        if key in _families:
            families[family] = _families[key]
            for face in _families[key].faces.values():
                _ttf(root / "fonts" / face.file, face.name)  # registered under its name again (another project)
            continue
        faces: dict[str, Face] = {}
        for style in STYLES:
            filename = files.get(style)
            if not filename:
                continue
            path = root / "fonts" / filename
            if outside(root, path):
                problems.add(where_of(("fonts", family, style)), f"font file {filename!r} {OUTSIDE}",
                             f"fonts.{family}.{style}")
                continue
            if not path.is_file():
                problems.add(where_of(("fonts", family, style)),
                             f"font file {filename!r} not found in fonts/; add it (with its licence) or fix "
                             "the name", f"fonts.{family}.{style}")
                continue
            try:
                font = _ttf(path, path.stem)
            except Exception as exc:  # reportlab refuses CFF-flavoured OpenType and broken files
                problems.add(where_of(("fonts", family, style)),
                             f"cannot use font {filename!r}: {exc} (a TrueType .ttf is needed)",
                             f"fonts.{family}.{style}")
                continue
            face = font.face  # type: ignore[attr-defined]
            faces[style] = Face(path.stem, face.ascent / 1000.0, face.descent / 1000.0, font, filename)
        if "regular" in faces:
            families[family] = Family(family, faces)
            if key is not None and len(faces) == len(key) - 1:
                _families[key] = families[family]
    return families


def unknown_family(name: str, families: dict[str, Family], where: Where, problems: Problems) -> None:
    problems.add(where, f"unknown font {name!r}: declare it under `fonts:` in game.yaml "
                 f"(known: {', '.join(sorted(families)) or 'none'})", "font")
