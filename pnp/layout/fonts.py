"""Fonts: the game's families from fonts/, registered once, measured with a per-word cache.

Departure from design.md ("only render knows reportlab"): measuring text needs the fonts' metrics,
and reportlab's TTFont is both the parser and the embedder. Parsing each file once here and
handing the same font object to the renderer is faster and keeps one notion of a font.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.errors import Problems, Where

STYLES = ("regular", "bold", "italic", "bold_italic")
_FALLBACK = {"bold": "regular", "italic": "regular", "bold_italic": "bold"}
_loaded: dict[Path, object] = {}  # one TTFont per file per process (they are immutable once parsed)


@dataclass(repr=False, eq=False)
class Face:
    """One font file at one style: its PDF name and metrics (fractions of the font size)."""

    name: str
    ascent: float
    descent: float
    font: object
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


def _ttf(path: Path, pdf_name: str) -> object:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    font = _loaded.get(path)
    if font is None:
        font = _loaded[path] = TTFont(pdf_name, str(path))
        pdfmetrics.registerFont(font)
    return font


def load_families(root: Path, declared: dict[str, dict[str, str | None]], where_of, problems: Problems,
                  ) -> dict[str, Family]:
    """Register each declared family's files from `root/fonts/`. `where_of(path)` locates a field."""
    families: dict[str, Family] = {}
    for family, files in declared.items():
        faces: dict[str, Face] = {}
        for style in STYLES:
            filename = files.get(style)
            if not filename:
                continue
            path = root / "fonts" / filename
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
            faces[style] = Face(path.stem, face.ascent / 1000.0, face.descent / 1000.0, font)
        if "regular" in faces:
            families[family] = Family(family, faces)
    return families


def unknown_family(name: str, families: dict[str, Family], where: Where, problems: Problems) -> None:
    problems.add(where, f"unknown font {name!r}: declare it under `fonts:` in game.yaml "
                 f"(known: {', '.join(sorted(families)) or 'none'})", "font")
