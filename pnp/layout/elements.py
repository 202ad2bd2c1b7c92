"""The elements a layout template lists (rect, text, table, boxes, ...), each with its settings, and the
checks of settings that take a fixed set of values, said at their line.

Every setting may be a "{{ expression }}" (`Value`), evaluated per card when the face is laid out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pnp.errors import Problems, did_you_mean
from pnp.model import limits
from pnp.model.load import Doc
from pnp.model.schema import alias
from pnp.model.units import parse_length

Value = str | int | float | bool | None  # any value may be a "{{ expression }}"


@dataclass(repr=False, eq=False)
class _Element:
    """What every element has: a name, a condition, a repeat and a box."""
    name: str | None = None  # lets a child template replace this element
    if_: Value = alias("if")  # draw only when this expression is true
    repeat: Value | list[Any] = None  # draw once per item of this list (or N times); `item`, `index`
    x: Value = "0mm"
    y: Value = "0mm"
    w: Value = "100%"
    h: Value = "100%"
    art: bool = False  # art may leave the safe zone and bleed off the trim
    bleed: bool = False  # grow the box by the bleed on every side touching the trim


@dataclass(repr=False, eq=False)
class Shape(_Element):
    """An element drawn as a shape: its fill and stroke."""
    fill: Value = None
    stroke: Value = None
    stroke_width: Value = "0.5pt"
    dash: list[str] | str | None = None  # the outline dashed: lengths on, off, ... (`[2mm, 1mm]`)


@dataclass(repr=False, eq=False)
class RectEl(Shape):
    """A rectangle, its corners rounded by `radius`."""
    type: Literal["rect"] = "rect"
    radius: Value = "0mm"


@dataclass(repr=False, eq=False)
class EllipseEl(Shape):
    """An ellipse filling its box (a circle in a square box)."""
    type: Literal["ellipse"] = "ellipse"


@dataclass(repr=False, eq=False)
class LineEl(_Element):
    """A straight line from (x1, y1) to (x2, y2)."""
    type: Literal["line"] = "line"
    x1: Value = "0mm"
    y1: Value = "0mm"
    x2: Value = "100%"
    y2: Value = "0mm"
    stroke: Value = "#000000"
    stroke_width: Value = "0.5pt"
    dash: list[str] | str | None = None


@dataclass(repr=False, eq=False)
class PolygonEl(Shape):
    """A closed shape through its points."""
    type: Literal["polygon"] = "polygon"
    points: list[list[str | float]] = field(default_factory=list)


@dataclass(repr=False, eq=False)
class TextEl(_Element):
    """Text in a box: wrapped, aligned and shrunk to fit, with **bold**, *italic* and :icons:."""
    type: Literal["text"] = "text"
    text: Value = None
    font: Value = None
    size: Value = None
    min_size: Value = None
    leading: Value = None
    color: Value = None
    align: Value = "left"
    valign: Value = "top"
    style: Value = "regular"
    field: str | None = None  # the card field this text shows, named in errors
    paragraph_gap: Value = None
    uppercase: Value = False
    glossary: Value = True  # style the game's glossary terms in this text
    glossary_color: Value = None  # their colour here (default: game.yaml's glossary colour): on a dark or coloured box
    rotate: Value = 0  # degrees, about the box's centre (180: reads from the other side of a fold)
    rotatable: Value = None  # a number that reads otherwise upside down (6, 9) gets a mark: true, underline, dot


@dataclass(repr=False, eq=False)
class ImageEl(_Element):
    """A picture file (PNG, JPEG or SVG) fitted into its box."""
    type: Literal["image"] = "image"
    src: Value = None
    fit: Value = "contain"
    color: Value = None  # an SVG image: the colour of its currentColor and of the fills it leaves unset


@dataclass(repr=False, eq=False)
class IconEl(_Element):
    """An icon of the game's set, in one colour."""
    type: Literal["icon"] = "icon"
    icon: Value = None
    color: Value = None
    rotate: Value = 0  # degrees, about the box's centre
    paper: Value = None  # the colour of the icon's cut-outs (default white): the background it sits on


@dataclass(repr=False, eq=False)
class BoxesEl(_Element):
    """Write-in boxes: a row, a grid or a track, starting at (x, y)."""

    type: Literal["boxes"] = "boxes"
    count: Value = 1
    cols: Value = None  # boxes per row (default: all in one row)
    size: Value = "5mm"  # each box's side
    gap: Value = "1mm"
    shape: Value = "square"  # square or circle
    stroke: Value = "#000000"
    stroke_width: Value = "0.6pt"
    fill: Value = None
    labels: list[str | int] | str | None = None  # a list (or `numbers`): small text in each box's corner
    first: Value = 1  # with labels: numbers, the first number
    marks: dict[int, str] | str | None = None  # {box number: icon}: an icon drawn faintly in those boxes
    mark_color: Value = "#9aa3ad"
    crossed: Value = 0  # the first N boxes are printed crossed off (already used at the start)
    col_headers: list[Any] | str | None = None  # over each column: a list, an expression, `numbers` or `letters`
    row_headers: list[Any] | str | None = None  # before each row: the same
    header_size: Value = None  # the headers' text size (default: from the box size, 6-8 pt)
    header_color: Value = None  # default: the template's text colour


@dataclass(repr=False, eq=False)
class LinesEl(_Element):
    """A lined field to write on: rules `spacing` apart across the box."""

    type: Literal["lines"] = "lines"
    spacing: Value = "7mm"
    stroke: Value = "#9aa3ad"
    stroke_width: Value = "0.4pt"


@dataclass(repr=False, eq=False)
class GroupEl(_Element):
    """Elements drawn together, their coordinates measured from the group's (x, y); with `repeat`, once
    per item (named `item`, and also `as` when nested groups need both)."""

    type: Literal["group"] = "group"
    as_: str | None = alias("as")
    elements: list[Element] = field(default_factory=list)


@dataclass(repr=False, eq=False)
class TableColumn:
    """One column of a `table`: its heading, what each row shows in it, its width and alignment."""

    header: Value = None  # the heading (a header row is drawn when any column has one)
    field: str | int | None = None  # the key each row shows: a record's field, or a position in a list row
    text: Value = None  # or an expression over `row` ("{{ row.qty }} x"); default: the row's `field`
    width: Value = 1  # a share of the width left by fixed columns (a number), or a length (12mm)
    align: Value = None  # left, center, right (default: the table's `align`)


@dataclass(repr=False, eq=False)
class TableEl(_Element):
    """Rows from data (a list of records or of lists) in columns, each cell's text wrapped to its column;
    rows as tall as their text, the whole table shrunk together down to `min_size` to fit its box."""

    type: Literal["table"] = "table"
    rows: Value | list[Any] = None  # the rows: "{{ card.stock }}", a data table's list, or written out
    columns: list[TableColumn] = field(default_factory=list)
    field: str | None = None  # the card field the rows come from, named in errors (default: read from `rows`)
    font: Value = None
    size: Value = None
    min_size: Value = None
    leading: Value = None
    color: Value = None
    style: Value = "regular"
    align: Value = "left"
    glossary: Value = True
    glossary_color: Value = None  # the terms' colour in this table (default: game.yaml's)
    header_style: Value = "bold"
    header_color: Value = None
    header_fill: Value = None
    fill: Value = None  # behind the whole table
    zebra: Value = None  # the fill of every second row
    rules: Value = "rows"  # none, rows (a line under the header and each row) or grid (also between columns)
    stroke: Value = "#9aa3ad"
    stroke_width: Value = "0.4pt"
    padding: Value = "1mm"  # inside each cell
    row_height: Value = None  # every row this tall (default: each as tall as its text)


Element = RectEl | EllipseEl | LineEl | PolygonEl | TextEl | ImageEl | IconEl | BoxesEl | LinesEl | GroupEl | TableEl


@dataclass(repr=False, eq=False)
class TextDefaults:
    """A template's defaults for its text elements."""
    font: str = "body"
    size: str = "8pt"
    min_size: str = "7pt"
    leading: float = 1.18
    color: str = "#000000"
    paragraph_gap: float = 0.35


_STYLES = ("regular", "bold", "italic", "bold_italic")
_ALIGNS = ("left", "center", "right")
_CHOICES: dict[type, dict[str, tuple[str, ...]]] = {
    TextEl: {"align": _ALIGNS, "valign": ("top", "middle", "bottom"), "style": _STYLES},
    TableEl: {"align": _ALIGNS, "style": _STYLES, "header_style": _STYLES},
    BoxesEl: {"shape": ("square", "circle")},
    ImageEl: {"fit": ("contain",)},
}


def check_choices(elements: list[Any], doc: Doc, path: tuple[str | int, ...], problems: Problems) -> None:
    """A setting with a fixed set of values, written out (not an expression), is one of them: a mistyped
    `align: centre` was drawn as the default without a word. A text element has a text."""
    for i, el in enumerate(elements):
        for key, allowed in _CHOICES.get(type(el), {}).items():
            value = getattr(el, key)
            if isinstance(value, str) and "{" not in value and value not in allowed:
                near = "; did you mean 'middle'?" if key == "valign" and value == "center" else \
                    did_you_mean(value, allowed)
                problems.add(doc.where((*path, i, key)), f"{value!r}: use {', '.join(allowed[:-1])} or "
                             f"{allowed[-1]}{near}" if len(allowed) > 1 else
                             f"{value!r}: the only value is {allowed[0]!r} (leave it out)", key)
        if isinstance(el, TextEl) and el.text is None and el.if_ is not False:
            problems.add(doc.where((*path, i)), "a text element needs `text:`, what it prints (\"{{ card.name }}\"); "
                         "to leave out a parent template's text, write `if: false`", "text")
        if isinstance(el, GroupEl):
            check_choices(el.elements, doc, (*path, i, "elements"), problems)


def check_text_defaults(text: TextDefaults, doc: Doc, problems: Problems) -> None:
    """The template's text defaults within their bounds, said at their line (not at every text using them)."""
    import math

    checks: list[tuple[str, Any, float, float, str]] = [
        ("size", text.size, *limits.TEXT_SIZE, "pt"), ("min_size", text.min_size, *limits.TEXT_SIZE, "pt"),
        ("leading", text.leading, 0.5, 5.0, "x the size"), ("paragraph_gap", text.paragraph_gap, 0.0, 10.0, "ems")]
    for key, raw, low, high, unit in checks:
        try:
            value = parse_length(raw) if unit == "pt" else float(raw)
        except (ValueError, TypeError) as exc:
            problems.add(doc.where(("text", key)), str(exc), f"text.{key}")
            continue
        if not (math.isfinite(value) and low <= value <= high):
            problems.add(doc.where(("text", key)), f"{value:g} {unit}; use a value from {low:g} to {high:g}",
                         f"text.{key}")
