"""Fonts: the game's families from fonts/, registered once, measured with a per-word cache.

Departure from design.md ("only render knows reportlab"): measuring text needs the fonts' metrics,
and reportlab's TTFont is both the parser and the embedder. Parsing each file once here and
handing the same font object to the renderer is faster and keeps one notion of a font.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pnp.core import bounds
from pnp.core.errors import Problems, Where, did_you_mean
from pnp.model.project import OUTSIDE, outside, unreadable

STYLES = ("regular", "bold", "italic", "bold_italic")
_FALLBACK = {"bold": "regular", "italic": "regular", "bold_italic": "bold"}
_loaded: dict[tuple, object] = {}  # one TTFont per font file (name, size, mtime) per process: immutable once parsed
_families: dict[tuple, Family] = {}  # families (with their measured words) reused while their files are unchanged


@dataclass(repr=False, eq=False)
class FontFace:
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

    def has(self, ch: str) -> bool:
        return ord(ch) in self.font.face.charToGlyph  # type: ignore[attr-defined]

    @cached_property
    def covers_ascii(self) -> bool:
        """Every printable ASCII character has a glyph (so ASCII text needs no closer look)."""
        return not self.missing("".join(map(chr, range(32, 127))))


@dataclass(repr=False, eq=False)
class Family:
    """A font family: its faces by style, and fallbacks for the characters it lacks."""
    name: str
    faces: dict[str, FontFace]
    fallbacks: list[FontFace] = field(default_factory=list)  # fonts for the characters the family lacks, in order
    word_widths: dict[tuple, float] = field(default_factory=dict)  # text.py's per-word cache
    _uncovered: dict[tuple[str, str], list[str]] = field(default_factory=dict)  # (text, style) -> uncovered()

    def face(self, style: str) -> FontFace:
        while style not in self.faces:
            style = _FALLBACK.get(style, "regular")
        return self.faces[style]

    def face_of(self, style: str, fallback: int = -1) -> FontFace:
        """The font a run of text is drawn in: its style's, or the `fallback`-th fallback font."""
        return self.fallbacks[fallback] if fallback >= 0 else self.face(style)

    def uncovered(self, text: str, style: str = "regular") -> list[str]:
        """Characters of `text` that neither this style's font nor any fallback can draw (asked once per word
        and style: the family's fonts do not change). Read the list; do not change it."""
        found = self._uncovered.get((text, style))
        if found is None:
            found = self._uncovered[(text, style)] = self._find_uncovered(text, style)
        return found

    def _find_uncovered(self, text: str, style: str) -> list[str]:
        if text.isascii() and self.face(style).covers_ascii:
            return [ch for ch in text if ord(ch) < 32 and ch not in "\n\t"]
        missing = self.face(style).missing(text)
        return [ch for ch in dict.fromkeys(text) if ch in missing and not any(fb.has(ch) for fb in self.fallbacks)]


def _identity(path: Path) -> tuple:
    """A font file as a cache key: the same file in a copy of the project is the same font; an edited
    (or replaced) file is a new one."""
    st = path.stat()
    return path.name, st.st_size, st.st_mtime_ns


class HostileFont(ValueError):
    """A font file whose sizes pnp refuses before reportlab reads it (see fontcheck)."""


def _checked(data: bytes) -> None:
    """Refuse a font whose tables claim more than pnp reads (HostileFont), before reportlab parses it."""
    from pnp.layout.fonts.font_file import font_problem

    why = font_problem(data[:bounds.FONT_BYTES + 1])
    if why is not None:
        raise HostileFont(why)


def ttf_font(path: Path, pdf_name: str) -> object:
    from reportlab.pdfbase import pdfmetrics

    from pnp.layout.fonts.parsed_kept import ttfont

    key = (pdf_name, *_identity(path))
    font = _loaded.get(key)
    if font is None:
        font = _loaded[key] = ttfont(path, pdf_name, _checked)
    pdfmetrics.registerFont(font)  # the latest file of this name is the one drawn
    return font


def _face(root: Path, filename: str, at: tuple, where_of, problems: Problems) -> FontFace | None:
    """One font file of `fonts/` as a Face, or None with the problem recorded at `at`."""
    subject = ".".join(map(str, at))
    path = root / "fonts" / filename
    if outside(root, path):
        problems.add(where_of(at), f"font file {filename!r} {OUTSIDE}", subject)
        return None
    if not os.path.exists(path):
        problems.add(where_of(at), f"font file {filename!r} not found in fonts/; add it (with its licence) or fix "
                     "the name", subject)
        return None
    if (why := unreadable(root, path, "a font file", bounds.FONT_BYTES)) is not None:
        problems.add(where_of(at), f"font file {filename!r}: {why}", subject)
        return None
    try:
        font = ttf_font(path, path.stem)
    except HostileFont as exc:
        problems.add(where_of(at), f"font file {filename!r}: {exc}", subject)
        return None
    except Exception as exc:  # reportlab refuses CFF-flavoured OpenType and broken files
        problems.add(where_of(at), f"cannot use font {filename!r}: {exc} (a TrueType .ttf is needed)", subject)
        return None
    face = font.face  # type: ignore[attr-defined]
    return FontFace(path.stem, face.ascent / 1000.0, face.descent / 1000.0, font, filename)


def load_families(root: Path, declared: dict[str, dict], where_of, problems: Problems) -> dict[str, Family]:
    """Register each declared family's files from `root/fonts/`. `where_of(path)` locates a field."""
    families: dict[str, Family] = {}
    for family, files in declared.items():
        names = [(style, name) for style in STYLES if (name := files.get(style))]
        fallback = list(files.get("fallback") or [])
        try:  # a family whose files have not changed is the same family (its measured words too)
            key: tuple | None = (family, *((s, _identity(root / "fonts" / n)) for s, n in names),
                                 *(_identity(root / "fonts" / n) for n in fallback))
        except OSError:
            key = None  # a missing file: reported below
        if key is not None and key in _families and not any(outside(root, root / "fonts" / n)
                                                             for n in (*(n for _, n in names), *fallback)):
            families[family] = _families[key]
            for face in (*_families[key].faces.values(), *_families[key].fallbacks):
                ttf_font(root / "fonts" / face.file, face.name)  # registered under its name again (another project)
            continue
        faces = {style: f for style, name in names
                 if (f := _face(root, name, ("fonts", family, style), where_of, problems))}
        fallbacks = [f for i, name in enumerate(fallback)
                     if (f := _face(root, name, ("fonts", family, "fallback", i), where_of, problems))]
        if "regular" in faces:
            families[family] = Family(family, faces, fallbacks)
            if key is not None and len(faces) == len(names) and len(fallbacks) == len(fallback):
                _families[key] = families[family]
    return families


def unknown_font(name: object, families: dict[str, Family]) -> str:
    """What to say of a font family that game.yaml does not declare."""
    return (f"unknown font {name!r}: declare it under `fonts:` in game.yaml "
            f"(known: {', '.join(sorted(families)) or 'none'}){did_you_mean(name, families)}")


def unknown_family(name: str, families: dict[str, Family], where: Where, problems: Problems) -> None:
    problems.add(where, unknown_font(name, families), "font")
