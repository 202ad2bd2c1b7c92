"""Rich card text: markup, glossary styling, wrapping and shrink-to-fit.

Markup: `**bold**`, `*italic*`, `:icon:` (from the game's icon set), a blank line or newline starts
a paragraph, `\\*` is a literal star. Glossary terms are styled the same way everywhere.
`fit` returns the laid-out runs, or None when the text does not fit even at the minimum size.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from pnp.layout.fonts.families import Family
from pnp.layout.scene import Icon, TextRun
from pnp.model.units import RGB

_TOKEN = re.compile(r"(\\[*:\\]|\*\*|\*|:[a-z][a-z0-9-]*:)")
ICON_W = 1.15  # an inline icon's advance, in ems
_STYLE = {(False, False): "regular", (True, False): "bold", (False, True): "italic", (True, True): "bold_italic"}


class TextPiece(NamedTuple):
    text: str  # for an icon: its name
    style: str
    term: bool = False
    icon: bool = False
    fallback: int = -1  # drawn in the family's fallback font of this index (a character its own font lacks)


Word = tuple[TextPiece, ...]


class MarkupError(ValueError):
    pass


def icon_names(markup: str) -> list[str]:
    """The icons a text draws (`:coin:`), in order, as `parse` reads them (an escaped `\\:` is none)."""
    return [t[1:-1] for t in _TOKEN.split(markup) if t.startswith(":") and t.endswith(":") and len(t) > 2]


def glossary_pattern(terms: list[tuple[str, list[str]]]) -> re.Pattern[str] | None:
    words: list[str] = []
    for term, forms in terms:
        words.append(term)
        words.extend(forms)
    if not words:
        return None
    words.sort(key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b")


def parse(markup: str, glossary: re.Pattern[str] | None, term_style: str, icons: set[str] | dict | None,
          base: str = "regular", upper: bool = False) -> list[list[Word]]:
    """Markup -> paragraphs of words, each word a tuple of styled pieces. `upper`: the words in capitals (after the
    markup is read, so that `:command:` stays an icon)."""
    paragraphs: list[list[Word]] = []
    base_bold, base_italic = "bold" in base, "italic" in base
    for para in re.split(r"\n\s*\n|\n", markup.strip()):
        bold, italic = base_bold, base_italic
        pieces: list[TextPiece] = []
        for token in _TOKEN.split(para):
            if not token:
                continue
            if token == "**":
                bold = not bold
            elif token == "*":
                italic = not italic
            elif token.startswith("\\"):
                pieces.append(TextPiece(token[1], _STYLE[bold, italic]))
            elif token.startswith(":") and token.endswith(":") and len(token) > 2:
                name = token[1:-1]
                if icons is not None and name not in icons:
                    from pnp.layout.art.icons import unknown_icon

                    raise MarkupError(unknown_icon(name, icons))
                pieces.append(TextPiece(name, "regular", icon=True))
            else:
                style = _STYLE[bold, italic]
                if glossary is None:
                    pieces.append(TextPiece(token, style))
                    continue
                last = 0
                for m in glossary.finditer(token):
                    if m.start() > last:
                        pieces.append(TextPiece(token[last:m.start()], style))
                    pieces.append(TextPiece(m.group(0), _merge_style(style, term_style), term=True))
                    last = m.end()
                if last < len(token):
                    pieces.append(TextPiece(token[last:], style))
        if (bold, italic) != (base_bold, base_italic):
            raise MarkupError("unclosed ** or * in text: close it or write \\* for a literal star")
        if upper:
            pieces = [p if p.icon else p._replace(text=p.text.upper()) for p in pieces]
        paragraphs.append(_words(pieces))
    return paragraphs


def _merge_style(style: str, term_style: str) -> str:
    bold = "bold" in style or "bold" in term_style
    italic = "italic" in style or "italic" in term_style
    return _STYLE[bold, italic]


_PLAIN: dict[tuple[str, bool], dict[str, Word]] = {}  # (style, term) -> word -> its one-piece Word, made once
_PLAIN_MAX = 100_000  # words kept (a long-running `pnp serve` forgets them all past this)


def _words(pieces: list[TextPiece]) -> list[Word]:
    if len(pieces) == 1 and not pieces[0].icon:  # plain text: the common case
        style, term = pieces[0].style, pieces[0].term
        known = _PLAIN.get((style, term))
        if known is None or len(known) > _PLAIN_MAX:
            known = _PLAIN[(style, term)] = {}
        found = list(map(known.get, pieces[0].text.split(" ")))
        if None not in found:
            return found  # type: ignore[return-value]  # every word known
        return [known.get(part) or known.setdefault(part, (TextPiece(part, style, term, False),))
                for part in pieces[0].text.split(" ") if part]
    words: list[Word] = []
    current: list[TextPiece] = []
    for piece in pieces:
        if piece.icon:
            current.append(piece)
            continue
        parts = piece.text.split(" ")
        for i, part in enumerate(parts):
            if i > 0 and current:
                words.append(tuple(current))
                current = []
            if part:
                current.append(TextPiece(part, piece.style, piece.term, False))
    if current:
        words.append(tuple(current))
    return words


@dataclass(repr=False, eq=False)
class Style:
    """How a run of text is drawn: family, colours, size, leading and emphasis."""
    family: Family
    color: RGB
    term_color: RGB
    icon_color: RGB | None
    wrap: Callable[..., list[list[tuple[list[Word], float]]] | None] | None = None  # a language's hyphenating wrap


def _unit_width(word: Word, family: Family) -> float:
    """A word's width at 1 pt, cached per family: words repeat across a deck."""
    cache = family.word_widths
    w = cache.get(word)
    if w is None:
        w = 0.0
        for p in word:
            w += ICON_W if p.icon else family.face_of(p.style, p.fallback).width(p.text, 1.0)
        cache[word] = w
    return w


def _units(paragraphs: list[list[Word]], family: Family) -> list[list[float]]:
    """Each word's width at 1 pt: from the family's cache, a paragraph at a time, measuring only words new to it."""
    cache, out = family.word_widths, []
    for para in paragraphs:
        units = list(map(cache.get, para))
        out.append([_unit_width(word, family) for word in para] if None in units else units)
    return out  # type: ignore[return-value]  # no None left


def _wrap(paragraphs: list[list[Word]], units: list[list[float]], family: Family, size: float, width: float,
          ) -> list[list[tuple[list[Word], float]]] | None:
    """Greedy line breaking; None when one word is wider than the box."""
    space = family.face("regular").width(" ", size)
    out = []
    for words, widths in zip(paragraphs, units, strict=True):
        lines: list[tuple[list[Word], float]] = []
        line: list[Word] = []
        line_w = 0.0
        for word, unit in zip(words, widths, strict=True):
            ww = unit * size
            if ww > width + 0.01:
                return None
            if line and line_w + space + ww > width + 0.01:
                lines.append((line, line_w))
                line, line_w = [word], ww
            else:
                line_w = line_w + space + ww if line else ww
                line.append(word)
        lines.append((line, line_w))
        out.append(lines)
    return out


def fit(paragraphs: list[list[Word]], style: Style, box: tuple[float, float, float, float],
        size: float, min_size: float, leading: float, para_gap: float, align: str, valign: str,
        ) -> tuple[list[TextRun | Icon], float, int] | None:
    """Lay out at `size`, shrinking in 0.25 pt steps down to `min_size`; None if it never fits."""
    x, y, w, h = box
    if style.family.fallbacks:
        paragraphs = [[_with_fallbacks(word, style.family) for word in para] for para in paragraphs]
    units = _units(paragraphs, style.family)
    # the first size usually fits; otherwise binary search over 0.25 pt steps (fit is monotonic)
    result = _attempt(paragraphs, units, style, w, h, size, leading, para_gap)
    found = None
    if result is not None:
        found = (size, result)
    else:
        steps = [size - 0.25 * k for k in range(int((size - min_size) / 0.25 + 1e-6) + 1)]
        lo, hi = 1, len(steps) - 1
        while lo <= hi:
            mid = (lo + hi) // 2
            result = _attempt(paragraphs, units, style, w, h, steps[mid], leading, para_gap)
            if result is not None:
                found, hi = (steps[mid], result), mid - 1
            else:
                lo = mid + 1
    if found is None:
        return None
    used, (lines, height) = found
    return _place(lines, style, x, y, w, h, used, leading, para_gap, height, align, valign, _plain(paragraphs)), \
        used, sum(len(p) for p in lines)


def _plain(paragraphs: list[list[Word]]) -> TextPiece | None:
    """The piece that text whose every word is one piece of one style (most text) is made of; None for other text."""
    first = None
    for para in paragraphs:
        for word in para:
            if len(word) != 1:
                return None
            p = word[0]
            if first is None:
                if p[3]:  # an icon
                    return None
                first, style, term, fallback = p, p[1], p[2], p[4]
            elif p[1] != style or p[2] != term or p[3] or p[4] != fallback:
                return None
    return first


def measurable(paragraphs: list[list[Word]], family: Family) -> tuple[list[list[Word]], list[list[float]]]:
    """Paragraphs ready for `height`: their words cut for fallback fonts, with their widths at 1 pt."""
    if family.fallbacks:
        paragraphs = [[_with_fallbacks(word, family) for word in para] for para in paragraphs]
    return paragraphs, _units(paragraphs, family)


def height(measured: tuple[list[list[Word]], list[list[float]]], family: Family, width: float, size: float,
           leading: float, para_gap: float) -> float | None:
    """How tall text is once wrapped to `width` at `size`; None when one of its words is wider than `width`."""
    wrapped = _wrap(measured[0], measured[1], family, size, width)
    if wrapped is None:
        return None
    return sum(len(p) for p in wrapped) * size * leading + (len(wrapped) - 1) * size * para_gap


_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f]")  # what `Family.uncovered` finds in ASCII text


def check_coverage(paragraphs: list[list[Word]], family: Family, markup: str = "") -> None:
    """A MarkupError naming the first character that neither the family nor its fallbacks can draw. `markup`: the
    text the paragraphs were read from: printable ASCII, which every face of the family draws, is passed at once."""
    if markup.isascii() and markup and not _CONTROL.search(markup) and all(
            f.covers_ascii for f in family.faces.values()):
        return
    unknown = list(dict.fromkeys(ch for para in paragraphs for word in para for p in word if not p.icon
                                 for ch in family.uncovered(p.text, p.style)))
    if unknown:
        face = family.face("regular").name
        also = " or its fallback fonts" if family.fallbacks else ""
        raise MarkupError(f"{describe_char(unknown[0])} is not in the font {face} (family {family.name}){also}: "
                          "write another character, or add a font that has it under `fallback:` of the family "
                          "in game.yaml")


def describe_char(ch: str) -> str:
    name = unicodedata.name(ch, "")
    if ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0:
        return f"U+{ord(ch):04X} (a control character)"
    return f"{ch!r} (U+{ord(ch):04X}{', ' + name.lower() if name else ''})"


def _with_fallbacks(word: Word, family: Family) -> Word:
    """A word whose characters its font lacks, cut into pieces each drawn by a font that has them."""
    if all(p.icon or p.text.isascii() for p in word):
        return word
    out: list[TextPiece] = []
    for p in word:
        face = family.face(p.style)
        if p.icon or not face.missing(p.text):
            out.append(p)
            continue
        run, current = "", -1
        for ch in p.text:
            fb = -1 if face.has(ch) else next((i for i, f in enumerate(family.fallbacks) if f.has(ch)), -1)
            if run and fb != current:
                out.append(p._replace(text=run, fallback=current))
                run = ""
            run, current = run + ch, fb
        out.append(p._replace(text=run, fallback=current))
    return tuple(out)


def _attempt(paragraphs, units, style, w, h, size, leading, para_gap):
    wrapped = (style.wrap or _wrap)(paragraphs, units, style.family, size, w)
    if wrapped is None:
        return None
    n_lines = sum(len(p) for p in wrapped)
    height = n_lines * size * leading + (len(wrapped) - 1) * size * para_gap
    if height > h + 0.01:
        return None
    return wrapped, height


def _place(paragraphs, style: Style, x, y, w, h, size, leading, para_gap, height, align, valign, plain=None):
    """`plain`: the one piece every word is (see `_plain`): each line one run, as `_emit` would make it."""
    family = style.family
    regular = family.face("regular")
    space = regular.width(" ", size)
    lead = size * leading
    top = y + (0.0 if valign not in ("middle", "bottom") else (h - height) / 2 if valign == "middle" else h - height)
    # centre the glyphs' ascent-descent box inside the line's leading
    base_off = (lead - size * (regular.ascent - regular.descent)) / 2 + size * regular.ascent
    runs: list[TextRun | Icon] = []
    cursor_y = top
    centre, right = align == "center", align == "right"
    if plain is not None:
        font = family.face_of(plain.style, plain.fallback).name
        colour = style.term_color if plain.term else style.color
    for lines in paragraphs:
        for words, line_w in lines:
            baseline = cursor_y + base_off
            cx = x + ((w - line_w) / 2 if centre else w - line_w if right else 0.0)
            if plain is None:
                _emit(words, family, style, size, cx, baseline, space, runs)
            elif words:
                runs.append(TextRun(cx, baseline, font, size, colour, " ".join([word[0][0] for word in words])))
            cursor_y += lead
        cursor_y += size * para_gap
    return runs


def _emit(words, family, style: Style, size, cx, baseline, space, runs) -> None:
    """Merge the pieces of one line into as few runs as possible (same font and colour)."""
    if not words:
        return
    first = words[0][0]
    rest = first[1:]
    if not first.icon and all(len(w) == 1 and w[0][1:] == rest for w in words):  # one style: one run
        runs.append(TextRun(cx, baseline, family.face_of(first.style, first.fallback).name, size,
                            style.term_color if first.term else style.color, " ".join(w[0].text for w in words)))
        return
    key: tuple[str, bool, int] | None = None
    parts: list[str] = []
    x0 = cx

    def flush() -> float:
        assert key is not None
        face = family.face_of(key[0], key[2])
        text = "".join(parts)
        runs.append(TextRun(x0, baseline, face.name, size, style.term_color if key[1] else style.color, text))
        return x0 + face.width(text, size)

    for wi, word in enumerate(words):
        for pi, p in enumerate(word):
            sep = wi > 0 and pi == 0
            if p.icon:
                if key is not None:
                    cx = flush()
                    key = None
                if sep:
                    cx += space
                ih = size * 1.05
                runs.append(Icon(p.text, cx + size * 0.05, baseline - size * 0.85, ih, ih,
                                 style.icon_color or style.color))
                cx += ICON_W * size
                continue
            if (p.style, p.term, p.fallback) == key:
                if sep:
                    parts.append(" ")
                parts.append(p.text)
                continue
            if key is not None:
                cx = flush()
            if sep:
                cx += space
            key, parts, x0 = (p.style, p.term, p.fallback), [p.text], cx
    if key is not None:
        flush()


def placeholder_pattern(words: list[str]) -> re.Pattern[str] | None:
    """Placeholders, and the words of those of several words (a line break may split them)."""
    parts = {w for w in words if w} | {part for w in words if " " in w for part in w.split()}
    if not parts:
        return None
    return re.compile("|".join(re.escape(p) for p in sorted(parts, key=len, reverse=True)))
