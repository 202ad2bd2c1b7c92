"""The elements a layout template lists (rect, text, table, boxes, ...), each with its settings, and the
checks of settings that take a fixed set of values, said at their line.

Every setting may be a "{{ expression }}" (`Value`), evaluated per card when the face is laid out. What a
setting written out names (a colour, a length, a font, an icon, one of fixed choices) is its `Kind`
(pnp/model/schema/kinds.py), and the comment after each field is its description: `pnp schema` makes the editor's
schema from both, and `check_choices` reads the same kinds.
"""

from __future__ import annotations

import dataclasses
import typing
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pnp.errors import Problems, did_you_mean
from pnp.model import limits
from pnp.model.load import Doc
from pnp.model.schema.kinds import Kind, kind_of
from pnp.model.schema.reader import alias
from pnp.model.units import parse_length

Value = str | int | float | bool | None  # any value may be a "{{ expression }}"

ALIGNS = ("left", "center", "right")
STYLES = ("regular", "bold", "italic", "bold_italic")
RULES = ("none", "rows", "grid")
Colour = Annotated[Value, Kind("colour")]
Length = Annotated[Value, Kind("length")]
Font = Annotated[Value, Kind("font")]
IconName = Annotated[Value, Kind("icon")]
Align = Annotated[Value, Kind("choice", ALIGNS)]
Style = Annotated[Value, Kind("choice", STYLES)]


@dataclass(repr=False, eq=False)
class _Element:
    """What every element has: a name, a condition, a repeat and a box."""
    name: str | None = None  # lets a child template replace this element
    if_: Value = alias("if")  # draw only when this expression is true
    repeat: Value | list[Any] = None  # draw once per item of this list (or N times); `item`, `index`
    x: Length = "0mm"  # the box's left edge, from the face's (or the group's) left
    y: Length = "0mm"  # the box's top edge, from the face's (or the group's) top
    w: Length = "100%"  # the box's width
    h: Length = "100%"  # the box's height
    art: bool = False  # art may leave the safe zone and bleed off the trim
    bleed: bool = False  # grow the box by the bleed on every side touching the trim


@dataclass(repr=False, eq=False)
class Shape(_Element):
    """An element drawn as a shape: its fill and stroke."""
    fill: Colour = None  # the colour inside (default: none)
    stroke: Colour = None  # the outline's colour (default: none)
    stroke_width: Length = "0.5pt"  # the outline's width
    dash: list[str] | str | None = None  # the outline dashed: lengths on, off, ... (`[2mm, 1mm]`)


@dataclass(repr=False, eq=False)
class RectEl(Shape):
    """A rectangle, its corners rounded by `radius`."""
    type: Literal["rect"] = "rect"  # a rectangle filling the box
    radius: Length = "0mm"  # its corners rounded


@dataclass(repr=False, eq=False)
class EllipseEl(Shape):
    """An ellipse filling its box (a circle in a square box)."""
    type: Literal["ellipse"] = "ellipse"  # an ellipse filling the box (a circle in a square box)


@dataclass(repr=False, eq=False)
class LineEl(_Element):
    """A straight line from (x1, y1) to (x2, y2)."""
    type: Literal["line"] = "line"  # a straight line from (x1, y1) to (x2, y2)
    x1: Length = "0mm"  # where it starts, from the left
    y1: Length = "0mm"  # where it starts, from the top
    x2: Length = "100%"  # where it ends, from the left
    y2: Length = "0mm"  # where it ends, from the top
    stroke: Colour = "#000000"  # its colour
    stroke_width: Length = "0.5pt"  # its width
    dash: list[str] | str | None = None  # dashed: lengths on, off, ... (`[2mm, 1mm]`)


@dataclass(repr=False, eq=False)
class PolygonEl(Shape):
    """A closed shape through its points."""
    type: Literal["polygon"] = "polygon"  # a closed shape through its points
    points: list[list[str | float]] | str = field(default_factory=list)  # its corners: [x, y] lengths


@dataclass(repr=False, eq=False)
class TextEl(_Element):
    """Text in a box: wrapped, aligned and shrunk to fit, with **bold**, *italic* and :icons:."""
    type: Literal["text"] = "text"  # text wrapped in its box, shrunk down to `min_size` to fit
    text: Value = None  # what it prints: **bold**, *italic*, :icon:, and expressions ("{{ card.name }}")
    font: Font = None  # the family (default: the template's `text.font`)
    size: Length = None  # the text size (default: the template's `text.size`)
    min_size: Length = None  # the smallest size it may shrink to, to fit (default: the template's)
    leading: Value = None  # the line height, times the size (default: the template's)
    color: Colour = None  # default: the template's `text.color`
    align: Align = "left"  # across the box
    valign: Annotated[Value, Kind("choice", ("top", "middle", "bottom"))] = "top"  # down the box
    style: Style = "regular"  # the face the text starts in
    field: str | None = None  # the card field this text shows, named in errors
    paragraph_gap: Value = None  # the space between paragraphs, in ems (default: the template's)
    uppercase: Value = False  # set in capitals
    glossary: Value = True  # style the game's glossary terms in this text
    glossary_color: Colour = None  # their colour here (default: game.yaml's glossary colour): on a dark or coloured box
    rotate: Value = 0  # degrees, about the box's centre (180: reads from the other side of a fold)
    rotatable: Value = None  # a number that reads otherwise upside down (6, 9) gets a mark: true, underline, dot


@dataclass(repr=False, eq=False)
class ImageEl(_Element):
    """A picture file (PNG, JPEG or SVG) fitted into its box."""
    type: Literal["image"] = "image"  # a picture (PNG, JPEG, ...) or SVG art, as large as the box allows, centred
    src: Value = None  # the file in the game folder (`art/{{ card.id }}.png`)
    fit: Annotated[Value, Kind("choice", ("contain",))] = "contain"  # never cropped or stretched (the only value)
    color: Colour = None  # an SVG image: the colour of its currentColor and of the fills it leaves unset
    background: Annotated[Value, Kind("choice", ("none",))] = None  # none: leave out an SVG's full-size background


@dataclass(repr=False, eq=False)
class IconEl(_Element):
    """An icon of the game's set, in one colour."""
    type: Literal["icon"] = "icon"  # an icon of the game's icon set, in one colour
    icon: IconName = None  # which icon
    color: Colour = None  # its colour (default: black)
    rotate: Value = 0  # degrees, about the box's centre
    paper: Colour = None  # the colour of the icon's cut-outs (default white): the background it sits on


@dataclass(repr=False, eq=False)
class BoxesEl(_Element):
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


@dataclass(repr=False, eq=False)
class LinesEl(_Element):
    """A lined field to write on: rules `spacing` apart across the box."""

    type: Literal["lines"] = "lines"  # a lined field to write on
    spacing: Length = "7mm"  # between lines
    stroke: Colour = "#9aa3ad"  # the lines' colour
    stroke_width: Length = "0.4pt"  # the lines' width


@dataclass(repr=False, eq=False)
class Container(_Element):
    """What holds elements of its own (a group, a grid): their coordinates measured from its (x, y)."""

    as_: str | None = alias("as")  # a second name for the repeated item (nested groups each have their `item`)
    let: dict[str, Any] = field(default_factory=dict)  # named values its elements read, once per drawing, in order
    elements: list[Element] = field(default_factory=list)  # what the group draws, in order (later on top)


@dataclass(repr=False, eq=False)
class GroupEl(Container):
    """Elements drawn together, their coordinates measured from the group's (x, y); with `repeat`, once
    per item (named `item`, and also `as` when nested groups need both)."""

    type: Literal["group"] = "group"  # elements drawn together, measured from the group's (x, y)


@dataclass(repr=False, eq=False)
class GridEl(Container):
    """A hex or square grid: its elements drawn once per cell, reading `cell` (row, col, centre, corners,
    neighbours, and its row of a data table); measured from the grid's (x, y), as a group's are."""

    type: Literal["grid"] = "grid"  # a hex or square grid: its elements drawn once per cell, reading `cell`
    shape: Annotated[Value, Kind("choice", ("hex", "square"))] = "hex"  # the cells' shape
    orient: Annotated[Value, Kind("choice", ("flat", "pointy"))] = "flat"  # hex: a flat side on top, or a corner
    rows: Value = 1  # how many rows of cells
    cols: Value = 1  # how many columns of cells
    size: Length = "20mm"  # hex: corner to corner (across the corners); square: the side
    offset: Annotated[Value, Kind("choice", ("odd", "even"))] = "odd"  # hex: which rows or columns sit half on
    data: str | None = None  # a data table (or `table.key`) of the cells' content, keyed by row and column
    defaults: dict[str, Any] = field(default_factory=dict)  # a cell's data where its record does not say (or none)


@dataclass(repr=False, eq=False)
class TableColumn:
    """One column of a `table`: its heading, what each row shows in it, its width and alignment."""

    header: Value = None  # the heading (a header row is drawn when any column has one)
    field: str | int | None = None  # the key each row shows: a record's field, or a position in a list row
    text: Value = None  # or an expression over `row` ("{{ row.qty }} x"); default: the row's `field`
    width: Value = 1  # a share of the width left by fixed columns (a number), or a length (12mm)
    align: Align = None  # default: the table's `align`


@dataclass(repr=False, eq=False)
class TableEl(_Element):
    """Rows from data (a list of records or of lists) in columns, each cell's text wrapped to its column;
    rows as tall as their text, the whole table shrunk together down to `min_size` to fit its box."""

    type: Literal["table"] = "table"  # rows of data in columns, shrunk together to fit the box
    rows: Value | list[Any] = None  # the rows: "{{ card.stock }}", a data table's list, or written out
    columns: list[TableColumn] = field(default_factory=list)  # each column's heading, field, width and alignment
    field: str | None = None  # the card field the rows come from, named in errors (default: read from `rows`)
    font: Font = None  # the family (default: the template's `text.font`)
    size: Length = None  # the text size (default: the template's)
    min_size: Length = None  # the smallest size the table may shrink to (default: the template's)
    leading: Value = None  # the line height, times the size (default: the template's)
    color: Colour = None  # the text's colour (default: the template's)
    style: Style = "regular"  # the rows' face
    align: Align = "left"  # each cell's text across its column (a column's `align` wins)
    glossary: Value = True  # style the game's glossary terms in the cells
    glossary_color: Colour = None  # the terms' colour in this table (default: game.yaml's)
    header_style: Style = "bold"  # the header row's face
    header_color: Colour = None  # the header row's text colour (default: the text's)
    header_fill: Colour = None  # behind the header row
    fill: Colour = None  # behind the whole table
    zebra: Colour = None  # the fill of every second row
    rules: Annotated[Value, Kind("choice", RULES)] = "rows"  # rows: a line under each row; grid: between columns too
    stroke: Colour = "#9aa3ad"  # the rules' colour
    stroke_width: Length = "0.4pt"  # the rules' width
    padding: Length = "1mm"  # inside each cell
    row_height: Length = None  # every row this tall (default: each as tall as its text)


Element = (RectEl | EllipseEl | LineEl | PolygonEl | TextEl | ImageEl | IconEl | BoxesEl | LinesEl | GroupEl | GridEl
           | TableEl)


@dataclass(repr=False, eq=False)
class TextDefaults:
    """A template's defaults for its text elements."""
    """The template's text settings, for every text and table that does not set its own."""

    font: Annotated[str, Kind("font", expression=False)] = "body"  # the family
    size: Annotated[str, Kind("length", expression=False)] = "8pt"  # the text size
    min_size: Annotated[str, Kind("length", expression=False)] = "7pt"  # the smallest size text may shrink to
    leading: float = 1.18  # the line height, times the size
    color: Annotated[str, Kind("colour", expression=False)] = "#000000"  # the text's colour
    paragraph_gap: float = 0.35  # the space between paragraphs, in ems


_CHOICES: dict[type, dict[str, tuple[Any, ...]]] = {}


def choices_of(cls: type) -> dict[str, tuple[Any, ...]]:
    """The settings of an element kind that take one of fixed values, and those values (from their `Kind`)."""
    if cls not in _CHOICES:
        hints = typing.get_type_hints(cls, include_extras=True)
        _CHOICES[cls] = {f.name: kind.choices for f in dataclasses.fields(cls)
                         if (kind := kind_of(hints[f.name])) is not None and kind.name == "choice"}
    return _CHOICES[cls]


def check_choices(elements: list[Any], doc: Doc, path: tuple[str | int, ...], problems: Problems) -> None:
    """A setting with a fixed set of values, written out (not an expression), is one of them: a mistyped
    `align: centre` was drawn as the default without a word. A text element has a text."""
    for i, el in enumerate(elements):
        _check(el, doc, (*path, i), problems)
        for k, column in enumerate(el.columns if isinstance(el, TableEl) else ()):
            _check(column, doc, (*path, i, "columns", k), problems)
        if isinstance(el, TextEl) and el.text is None and el.if_ is not False:
            problems.add(doc.where((*path, i)), "a text element needs `text:`, what it prints (\"{{ card.name }}\"); "
                         "to leave out a parent template's text, write `if: false`", "text")
        if isinstance(el, Container):
            check_choices(el.elements, doc, (*path, i, "elements"), problems)


def _check(el: Any, doc: Doc, path: tuple[str | int, ...], problems: Problems) -> None:
    for key, allowed in choices_of(type(el)).items():
        value = getattr(el, key)
        if isinstance(value, str) and "{" not in value and value not in allowed:
            near = "; did you mean 'middle'?" if key == "valign" and value == "center" else \
                did_you_mean(value, allowed)
            problems.add(doc.where((*path, key)), f"{value!r}: use {', '.join(allowed[:-1])} or "
                         f"{allowed[-1]}{near}" if len(allowed) > 1 else
                         f"{value!r}: the only value is {allowed[0]!r} (leave it out)", key)


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
