"""Layout: headers of a grid of write-in boxes, a label over each column and before each row.

The headers are placed from the grid itself (its corner, box size and gap), so they follow it when
the boxes grow, shrink or move: each column's header is centred over its column, just above the
grid; each row's header ends just left of the grid, centred on its row. They come from data: a list,
an expression, or `numbers` (1, 2, ...) or `letters` (A, B, ...).
"""

from __future__ import annotations

from string import ascii_uppercase
from typing import Any

from pnp.layout.fonts import Family
from pnp.layout.scene import Item, Text
from pnp.layout.text import MarkupError, Style, check_coverage, fit, parse
from pnp.model.units import MM

MIN_SIZE = 5.0  # points: a header may shrink to this, no smaller


def header_texts(raw: Any, count: int, key: str, what: str) -> list[str]:
    """The headers of `count` columns (or rows) as text; ValueError for a list that does not fit them."""
    if raw in (None, "", []):
        return []
    if raw == "numbers":
        return [str(n) for n in range(1, count + 1)]
    if raw == "letters":
        return [_letters(n) for n in range(count)]
    if not isinstance(raw, list | tuple):
        raise ValueError(f"{key}: expected a list, `numbers` or `letters`, got {raw!r}")
    if len(raw) > count:
        raise ValueError(f"{key}: {len(raw)} headers for {count} {what}; give one per {what[:-1]} (or fewer)")
    return ["" if v is None else str(v) for v in raw]


def _letters(n: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA, as spreadsheets name columns."""
    out = ""
    n += 1
    while n:
        n, rest = divmod(n - 1, 26)
        out = ascii_uppercase[rest] + out
    return out


def grid_headers(x: float, y: float, cols: int, rows: int, size: float, gap: float, columns: list[str],
                 row_names: list[str], family: Family, colour: tuple[float, float, float], header_size: float | None,
                 icons: Any) -> list[Item]:
    """Text items: `columns` over the grid whose top-left box is at (x, y), `row_names` left of it.
    Raises ValueError naming a header that does not fit its column even at MIN_SIZE."""
    font_size = header_size or min(8.0, max(6.0, 0.55 * size))
    style = Style(family, colour, colour, None)
    away = max(gap, 1 * MM)  # between the grid and its headers
    line = font_size * 1.2
    out: list[Item] = []
    for k, name in enumerate(columns):
        if name:
            box = (x + k * (size + gap) - gap / 2, y - away - line, size + gap, line)
            out.append(_text(name, style, box, font_size, "center", "bottom", f"col_headers[{k}]", icons))
    if row_names:
        widths = [_width(n, family, font_size) for n in row_names]
        width = max(widths) + 0.5
        for r, name in enumerate(row_names):
            if name:
                box = (x - away - width, y + r * (size + gap), width, size)
                out.append(_text(name, style, box, font_size, "right", "middle", f"row_headers[{r}]", icons))
    return out


def _width(text: str, family: Family, size: float) -> float:
    return sum(family.face("bold").width(word, size) for word in text.split()) + \
        family.face("bold").width(" ", size) * text.count(" ")


def _text(text: str, style: Style, box: tuple[float, float, float, float], size: float, align: str, valign: str,
          key: str, icons: Any) -> Text:
    try:
        paragraphs = parse(text, None, "bold", icons, "bold")
        check_coverage(paragraphs, style.family)
    except MarkupError as exc:
        raise ValueError(f"{key}: {exc}") from None
    fitted = fit(paragraphs, style, box, size, min(size, MIN_SIZE), 1.1, 0, align, valign)
    if fitted is None:
        raise ValueError(f"{key}: {text!r} is wider than its {box[2] / MM:.1f} mm column even at {MIN_SIZE:g} pt; "
                         "shorten it or make the boxes bigger")
    return Text(*box, fitted[0], fitted[1], fitted[2])
