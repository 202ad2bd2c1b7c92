"""Which fonts draw which scripts, read from their character maps: the docs' table of the bundled fonts
(tools/doc_tables.py), the font suggested for a character a translated card's font lacks, and the refusal of a
language whose script none of the game's fonts draws (naming a font to add)."""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import Problem, Where
from pnp.layout.fonts.families import ttf_font
from pnp.model.translation.codes import SCRIPTS

# the scripts of the languages the bundled fonts are made for, each with letters a font must have to draw it
COMMON = {"Latin": "AaZzÀàÉéÈèÊêÇçÖöÜüßŒœÅåØøÆæĄąČčĞğŁłŃńŐőŘřŞşŠšŽžȘșȚț",
          "Greek": "ΑΒΓΔΩαβγδωάέήίόύώ", "Cyrillic": "АБВГДЕЖЗИЙЯабвгдежзийяЁёЇїЎў"}
# scripts whose letters join or run right to left: pnp's text layout (reportlab's) does neither, whatever the font
SHAPED = {"Arabic", "Hebrew", "Thaana", "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Telugu",
          "Kannada", "Malayalam", "Sinhala", "Khmer", "Myanmar", "Tibetan", "Lao", "Thai"}
MOST_FONTS = 64  # fonts of a project's fonts/ folder read for a suggestion


def cmap(path: Path) -> set[int]:
    font = ttf_font(path, f"pnp-cover-{path.stem}")
    return set(font.face.charToGlyph)  # type: ignore[attr-defined]


def fonts_in(root: Path) -> list[Path]:
    folder = root / "fonts"
    return sorted(p for p in folder.glob("*") if p.suffix.lower() in (".ttf", ".otf"))[:MOST_FONTS] \
        if folder.is_dir() else []


def scripts(path: Path) -> list[str]:
    """The scripts a font draws (every sample letter of each)."""
    have = cmap(path)
    named = {**COMMON, **{name: sample for name, sample, _ in SCRIPTS.values()}}
    return [name for name, sample in named.items() if all(ord(ch) in have for ch in sample)]


def font_having(root: Path, chars: str) -> str | None:
    """The first font of the project's fonts/ that has every one of `chars`."""
    for path in fonts_in(root):
        if all(ord(ch) in cmap(path) for ch in chars):
            return path.name
    return None


def suggested(root: Path, said: str) -> str:
    """`; fonts/DejaVuSans.ttf has it` for the character a coverage message names (`'ж' (U+0436, ...)`), or ``."""
    import re

    m = re.search(r"\(U\+([0-9A-F]{4,6})", said)
    font = font_having(root, chr(int(m.group(1), 16))) if m else None
    return f" (fonts/{font} has it)" if font else ""


def script_problem(root: Path, lang: str, files: list[str], at: Where) -> Problem | None:
    """A language written in a script none of `files` (the game's fonts, fallbacks included) draws."""
    if lang not in SCRIPTS:
        return None
    script, sample, suggested = SCRIPTS[lang]
    if script in SHAPED:
        return Problem(at, f"{lang} is written in {script}, whose letters join or run right to left: pnp lays out "
                       "neither yet, whatever the font; print this language with another tool for now",
                       f"languages: {lang}")
    for name in files:
        path = root / "fonts" / name
        if path.is_file() and all(ord(ch) in cmap(path) for ch in sample):
            return None
    other = font_having(root, sample)
    add = f"name fonts/{other} under `fallback:` of the game's families" if other else \
        f"add a font that draws it, such as {suggested} (open licence), to fonts/ and name it under `fallback:` of " \
        "the game's families in game.yaml"
    return Problem(at, f"{lang} is written in {script}, which none of the game's fonts draws ({', '.join(files)}): "
                   f"{add}", f"languages: {lang}")


def table(root: Path) -> str:
    """The docs' table: each bundled font and the scripts it draws."""
    def said(p: Path) -> str:
        return ", ".join(n + ("*" if n in SHAPED else "") for n in scripts(p)) or "none of these"

    rows = "".join(f"| `{p.name}` | {said(p)} |\n" for p in fonts_in(root))
    return ("| font | scripts it draws |\n|---|---|\n" + rows + "\n\\* its letters only: pnp does not yet join letters "
            "or set text right to left, so a language in that script is refused.\n")
