"""The `boxes` element: write-in boxes (a row, a grid, a track) and the headers of a grid.

The boxes are drawn by pnp.layout.pieces.writein; a box smaller than `MIN_BOX` is refused (a pencil needs
room). The headers, a label over each column and before each row, are placed from the
grid itself (its corner, box size and gap), so they follow it when the boxes grow, shrink or move:
each column's header is centred over its column, just above the grid; each row's header ends just
left of the grid, centred on its row. They come from data: a list, an expression, or `numbers`
(1, 2, ...) or `letters` (A, B, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from string import ascii_uppercase
from typing import Annotated, Any, ClassVar, Literal

from pnp.core import bounds
from pnp.core.errors import Problems
from pnp.layout.elements.common import Colour, ElementBase, Length, Value
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.fonts.families import Family
from pnp.layout.pieces.writein import MIN_BOX, span
from pnp.layout.pieces.writein import boxes as draw_boxes
from pnp.layout.scene import Item, Line, Text
from pnp.layout.text import MarkupError, Style, check_coverage, fit, parse
from pnp.layout.values import Eval, LayoutEnv, WhereOf, between, extent
from pnp.model.schema.kinds import Kind
from pnp.model.units import MM, parse_colour, parse_length

__all__ = ["MIN_BOX", "BoxesEl", "boxes"]


@element("boxes", order=8)
@dataclass(repr=False, eq=False)
class BoxesEl(ElementBase):
    """Write-in boxes: a row, a grid or a track, starting at (x, y)."""

    type: Literal["boxes"] = "boxes"  # write-in boxes: a row, a grid or a track
    count: Value = 1  # how many boxes
    cols: Value = None  # boxes per row (default: all in one row)
    size: Length = "5mm"  # each box's side (its width, where `box_height` is given)
    box_height: Length = None  # each box's height: boxes wider than tall, or taller than wide (default: size)
    gap: Length = "1mm"  # between boxes
    shape: Annotated[Value, Kind("choice", ("square", "circle"))] = "square"  # each box's shape
    stroke: Colour = "#000000"  # the boxes' outline
    stroke_width: Length = "0.6pt"  # the outline's width
    fill: Colour = None  # inside each box (default: none)
    labels: list[str | int] | str | None = None  # a list (or `numbers`): small text in each box's corner
    first: Value = 1  # with labels: numbers, the first number
    marks: dict[int, str] | str | None = None  # {box number: icon}: an icon drawn faintly in those boxes
    mark_color: Colour = "#9aa3ad"  # the marks' colour
    crossed: Value = 0  # the first N boxes are printed crossed off (already used at the start)
    col_headers: list[Any] | str | None = None  # over each column: a list, an expression, `numbers` or `letters`
    row_headers: list[Any] | str | None = None  # before each row: the same
    header_size: Length = None  # the headers' text size (default: from the box size, 6-8 pt)
    header_color: Colour = None  # default: the template's text colour
    col_header_color: Colour = None  # the column headers' colour (default: header_color)
    row_header_color: Colour = None  # the row headers' colour (default: header_color)

    nested: ClassVar[tuple[str, ...]] = ("labels", "marks", "col_headers", "row_headers")

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        at.box(placed, ev)  # (checked, and known the same on every face or not)
        items, box, size = boxes(ev, at.env, at.t.text, at.w, at.h)
        if size < MIN_BOX - 0.01:
            problems.add(placed.where, f"write-in boxes of {size / MM:.1f} mm are too small for a pencil; make "
                         f"them at least {MIN_BOX / MM:g} mm (template {at.t.name})", subject, rule="box-size")
        at.check_safe(placed, box, subject, problems, "boxes")
        return items


MIN_SIZE = 5.0  # points: a header may shrink to this, no smaller


def boxes(ev: Eval, env: LayoutEnv, text: Any, w: float, h: float
          ) -> tuple[list[Item], tuple[float, float, float, float], float]:
    """The element's boxes and headers, the box they cover (for the safe zone) and the boxes' size."""
    size, gap = ev.length("size", w), ev.length("gap", w)
    tall = ev.length("box_height", h) if ev.raw("box_height") not in (None, "") else size
    count, cols = int(ev.raw("count") or 1), ev.raw("cols")
    x, y = ev.length("x", w), ev.length("y", h)
    width, height = span(count, int(cols) if cols else None, size, gap, tall)
    family = env.families.get(text.font) or next(iter(env.families.values()), None)
    heads = _headers(ev, env, text, x, y, count, int(cols) if cols else count, (size, tall), gap, family)
    covered = extent([*heads, Line(x, y, x + width, y + height, (0, 0, 0))]) if heads else (x, y, width, height)
    labels = ev.raw("labels")
    if labels == "numbers":
        first = int(ev.raw("first") or 1)
        labels = [first + i for i in range(count)]
    marks = ev.raw("marks") or {}
    if not isinstance(marks, dict):
        raise ValueError(f"marks: expected {{box number: icon}}, got {marks!r}")
    marks = {int(k): str(v) for k, v in marks.items()}
    unknown = sorted(set(marks.values()) - set(env.icons))
    if unknown:
        raise ValueError(f"unknown icon {unknown[0]!r} in marks (known: {', '.join(sorted(env.icons))})")
    items = draw_boxes(x, y, count, int(cols) if cols else None, size, gap, str(ev.raw("shape") or "square"),
                       ev.colour("stroke"), ev.length("stroke_width", 0), ev.colour("fill"),
                       list(labels) if labels is not None else None, family, marks,
                       ev.colour("mark_color") or (0.6, 0.6, 0.6), int(ev.raw("crossed") or 0), tall)
    return items + heads, covered, min(size, tall)


def _headers(ev: Eval, env: LayoutEnv, text: Any, x: float, y: float, count: int, cols: int,
             size: tuple[float, float], gap: float, family: Family | None) -> list[Item]:
    """A grid's column and row headers, placed from the grid (boxes `size` wide and high)."""
    col_raw, row_raw = ev.raw("col_headers"), ev.raw("row_headers")
    if col_raw in (None, "", []) and row_raw in (None, "", []) or family is None:
        return []
    cols = min(cols, count)
    rows = -(-count // cols)
    colour = ev.colour("header_color") or parse_colour(text.color, env.palette) or (0.0, 0.0, 0.0)
    colours = (ev.colour("col_header_color") or colour, ev.colour("row_header_color") or colour)
    header_size = ev.raw("header_size")
    return grid_headers(x, y, cols, rows, size, gap, header_texts(col_raw, cols, "col_headers", "columns"),
                        header_texts(row_raw, rows, "row_headers", "rows"), family, colours,
                        between("header_size", parse_length(header_size), *bounds.TEXT_SIZE, "pt")
                        if header_size else None, env.icons)


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


def grid_headers(x: float, y: float, cols: int, rows: int, size: tuple[float, float], gap: float,
                 columns: list[str], row_names: list[str], family: Family,
                 colours: tuple[tuple[float, float, float], tuple[float, float, float]], header_size: float | None,
                 icons: Any) -> list[Item]:
    """Text items: `columns` over the grid whose top-left box is at (x, y), `row_names` left of it, each
    in its own colour (columns, rows); boxes `size` wide and high. Raises ValueError naming a header that
    does not fit its column even at MIN_SIZE."""
    bw, bh = size
    font_size = header_size or min(8.0, max(6.0, 0.55 * min(bw, bh)))
    away = max(gap, 1 * MM)  # between the grid and its headers
    line = font_size * 1.2
    out: list[Item] = []
    style = Style(family, colours[0], colours[0], None)
    for k, name in enumerate(columns):
        if name:
            box = (x + k * (bw + gap) - gap / 2, y - away - line, bw + gap, line)
            out.append(_text(name, style, box, font_size, "center", "bottom", f"col_headers[{k}]", icons))
    if row_names:
        style = Style(family, colours[1], colours[1], None)
        widths = [_width(n, family, font_size) for n in row_names]
        width = max(widths) + 0.5
        for r, name in enumerate(row_names):
            if name:
                box = (x - away - width, y + r * (bh + gap), width, bh)
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
