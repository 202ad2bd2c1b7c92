"""Layout templates: YAML files under templates/, resolved through `extends:` into one flat template.

A template names a size, bleed and safe zone and lists elements. A child template overrides the
settings of its parent; an element with the `name` of a parent's element replaces it in place, and
the others are appended. Cycles in `extends` are refused.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from pnp.errors import InputError, Problem, Problems, Where, did_you_mean
from pnp.model import limits
from pnp.model.fields import CARD_SIZES
from pnp.model.load import Doc, display_path, load_file
from pnp.model.project import OUTSIDE, outside
from pnp.model.schema import alias, read
from pnp.model.units import MM, parse_length

_NAME = re.compile(r"(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]*")  # relative, no `..`

Value = str | int | float | bool | None  # any value may be a "{{ expression }}"


@dataclass(repr=False, eq=False)
class _Element:
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
    fill: Value = None
    stroke: Value = None
    stroke_width: Value = "0.5pt"
    dash: list[str] | str | None = None  # the outline dashed: lengths on, off, ... (`[2mm, 1mm]`)


@dataclass(repr=False, eq=False)
class RectEl(Shape):
    type: Literal["rect"] = "rect"
    radius: Value = "0mm"


@dataclass(repr=False, eq=False)
class EllipseEl(Shape):
    type: Literal["ellipse"] = "ellipse"


@dataclass(repr=False, eq=False)
class LineEl(_Element):
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
    type: Literal["polygon"] = "polygon"
    points: list[list[str | float]] = field(default_factory=list)


@dataclass(repr=False, eq=False)
class TextEl(_Element):
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
    rotate: Value = 0  # degrees, about the box's centre (180: reads from the other side of a fold)
    rotatable: Value = None  # a number that reads otherwise upside down (6, 9) gets a mark: true, underline, dot


@dataclass(repr=False, eq=False)
class ImageEl(_Element):
    type: Literal["image"] = "image"
    src: Value = None
    fit: Value = "contain"
    color: Value = None  # an SVG image: the colour of its currentColor and of the fills it leaves unset


@dataclass(repr=False, eq=False)
class IconEl(_Element):
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
    font: str = "body"
    size: str = "8pt"
    min_size: str = "7pt"
    leading: float = 1.18
    color: str = "#000000"
    paragraph_gap: float = 0.35


@dataclass(repr=False, eq=False)
class TemplateFile:
    extends: str | None = None
    size: str | dict[str, str] | None = None
    bleed: str | None = None
    safe: str | None = None
    text: dict[str, Any] = field(default_factory=dict, metadata={"schema": TextDefaults})  # text defaults
    vars: dict[str, Any] = field(default_factory=dict)  # values for `{{ vars.x }}`; children override
    rotatable: bool | str | None = None  # this face is turned in play: numbers like 6 and 9 get a mark
    elements: list[Element] = field(default_factory=list)


@dataclass(repr=False, eq=False)
class PlacedElement:
    element: Any  # one of the element models
    where: Where  # the element's place in its template file
    children: list[PlacedElement] = field(default_factory=list)  # a group's elements


def _placed(elements: list[Any], doc: Doc, path: tuple[str | int, ...]) -> list[PlacedElement]:
    return [PlacedElement(el, doc.where((*path, i)),
                          _placed(el.elements, doc, (*path, i, "elements")) if isinstance(el, GroupEl) else [])
            for i, el in enumerate(elements)]


@dataclass(repr=False, eq=False)
class Template:
    name: str
    where: Where
    size: tuple[float, float]
    bleed: float | None
    safe: float
    text: TextDefaults
    elements: list[PlacedElement]
    vars: dict[str, Any]
    rotatable: str | None = None  # the mark of numbers that read otherwise upside down: underline, dot, or none


def _size(raw: str | dict[str, str] | None, doc: Doc, problems: Problems) -> tuple[float, float] | None:
    from pnp.model.units import parse_length

    if raw is None:
        return None
    if isinstance(raw, str):
        if raw in CARD_SIZES:
            return CARD_SIZES[raw]
        problems.add(doc.where(("size",)), f"unknown size {raw!r}: use one of {', '.join(CARD_SIZES)} "
                     "or {width: 63.5mm, height: 88.9mm}", "size")
        return None
    try:
        size = parse_length(raw.get("width")), parse_length(raw.get("height"))
    except ValueError as exc:
        problems.add(doc.where(("size",)), str(exc), "size")
        return None
    if not all(limits.FACE_MIN <= v <= limits.FACE_MAX for v in size):
        problems.add(doc.where(("size",)), f"{size[0] / MM:g} x {size[1] / MM:g} mm: a face is from "
                     f"{limits.FACE_MIN / MM:g} mm to {limits.FACE_MAX / MM:g} mm a side", "size")
        return None
    return size


class TemplateStore:
    """Loads templates by name from a project's templates/ folder, once each."""

    def __init__(self, root: Path):
        self.root = root
        self._cache: dict[str, Template] = {}

    def get(self, name: str, used_at: Where | None = None) -> Template:
        if name not in self._cache:
            self._cache[name] = self._resolve(name, used_at, ())
        return self._cache[name]

    def _resolve(self, name: str, used_at: Where | None, chain: tuple[str, ...]) -> Template:
        if name in chain:
            cycle = " -> ".join((*chain, name))
            raise InputError([Problem(used_at, f"circular `extends`: {cycle}", "extends")])
        path = self.root / "templates" / f"{name}.yaml"
        if not _NAME.fullmatch(name) or outside(self.root, path):
            raise InputError([Problem(used_at, f"template {name!r} {OUTSIDE}" if _NAME.fullmatch(name) else
                                      f"{name!r} is not a template name: a name is a path under templates/ "
                                      "without the .yaml (`voyage/ability`), of letters, digits, `-`, `_`, `/`",
                                      "template")])
        if not path.is_file():
            raise InputError([Problem(used_at, f"template {name!r} not found (expected templates/{name}.yaml)"
                                      f"{did_you_mean(name, _template_names(self.root / 'templates'))}",
                                      "template")])
        doc, spec = _parsed(path, self.root)
        problems = Problems()
        size = _size(spec.size, doc, problems)
        placed = _placed(spec.elements, doc, ("elements",))
        _check_choices(spec.elements, doc, ("elements",), problems)
        text_raw = spec.text
        variables = dict(spec.vars)
        parent = None
        if spec.extends:
            parent = self._resolve(spec.extends, doc.where(("extends",)), (*chain, name))
            size = size or parent.size
            text_raw = {**dataclasses.asdict(parent.text), **spec.text}
            placed = _merge(parent.elements, placed)
            variables = {**parent.vars, **spec.vars}
        text, found = read(TextDefaults, text_raw, doc, ("text",))
        problems.extend(found)
        if text is not None:
            _check_text_defaults(text, doc, problems)
        if size is None and not problems.errors:
            problems.add(doc.where(), "a template needs a `size` (poker, bridge, mini, tarot, square or "
                         "{width, height}) or an `extends`", "size")
        from pnp.model.units import parse_length

        bleed, safe = (parent.bleed, parent.safe) if parent else (None, 3 * 72 / 25.4)
        for key in ("bleed", "safe"):
            raw = getattr(spec, key)
            if raw is None:
                continue
            try:
                value = parse_length(raw)
            except ValueError as exc:
                problems.add(doc.where((key,)), str(exc), key)
                continue
            if value < 0:
                problems.add(doc.where((key,)), f"{raw}: a {key} is 0 or more", key)
                continue
            bleed, safe = (value, safe) if key == "bleed" else (bleed, value)
        rotatable = parent.rotatable if parent else None
        if spec.rotatable is not None:
            from pnp.layout.rotatable import style_of

            try:
                rotatable = style_of(spec.rotatable)
            except ValueError as exc:
                problems.add(doc.where(("rotatable",)), str(exc), "rotatable")
        problems.raise_if_errors()
        assert size is not None and text is not None
        return Template(name, doc.where(), size, bleed, safe, text, placed, variables, rotatable)


_STYLES = ("regular", "bold", "italic", "bold_italic")
_ALIGNS = ("left", "center", "right")
_CHOICES: dict[type, dict[str, tuple[str, ...]]] = {
    TextEl: {"align": _ALIGNS, "valign": ("top", "middle", "bottom"), "style": _STYLES},
    TableEl: {"align": _ALIGNS, "style": _STYLES, "header_style": _STYLES},
    BoxesEl: {"shape": ("square", "circle")},
    ImageEl: {"fit": ("contain",)},
}


def _check_choices(elements: list[Any], doc: Doc, path: tuple[str | int, ...], problems: Problems) -> None:
    """A setting with a fixed set of values, written out (not an expression), is one of them: a mistyped
    `align: centre` was drawn as the default without a word. A text element has a text."""
    for i, el in enumerate(elements):
        for key, allowed in _CHOICES.get(type(el), {}).items():
            value = getattr(el, key)
            if isinstance(value, str) and "{" not in value and value not in allowed:
                near = "; did you mean 'middle'?" if value == "center" else did_you_mean(value, allowed)
                problems.add(doc.where((*path, i, key)), f"{value!r}: use {', '.join(allowed[:-1])} or "
                             f"{allowed[-1]}{near}" if len(allowed) > 1 else
                             f"{value!r}: the only value is {allowed[0]!r} (leave it out)", key)
        if isinstance(el, TextEl) and el.text is None and el.if_ is not False:
            problems.add(doc.where((*path, i)), "a text element needs `text:`, what it prints (\"{{ card.name }}\"); "
                         "to leave out a parent template's text, write `if: false`", "text")
        if isinstance(el, GroupEl):
            _check_choices(el.elements, doc, (*path, i, "elements"), problems)


def _check_text_defaults(text: TextDefaults, doc: Doc, problems: Problems) -> None:
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


_PARSED: dict[tuple[str, bytes], tuple[Doc, TemplateFile]] = {}  # (shown path, sha1 of the text) -> parsed
_DOCS: dict[tuple[str, bytes], Doc] = {}  # (shown path, sha1 of the text) -> its YAML


def template_doc(path: Path, root: Path) -> Doc:
    """A template file's YAML, parsed once per text (the layout, the placeholder scan and the `extends` chains
    all read it); an InputError where it is not YAML. (Templates are only read, never changed: shared.)"""
    import hashlib

    try:
        key = (display_path(path, root), hashlib.sha1(path.read_bytes()).digest())
    except OSError:
        return load_file(path, root)  # says what is wrong with the file
    if key not in _DOCS:
        if len(_DOCS) > 2000:
            _DOCS.clear()
        _DOCS[key] = load_file(path, root)
    return _DOCS[key]


def _parsed(path: Path, root: Path) -> tuple[Doc, TemplateFile]:
    """A template file read and typed, once per text: `pnp watch` and checks of copies of a project parse a
    template again only when it changed. (Templates are only read, never changed, so sharing is safe.)"""
    import hashlib

    try:
        key = (display_path(path, root), hashlib.sha1(path.read_bytes()).digest())
    except OSError:
        key = None
    if key is not None and key in _PARSED:
        return _PARSED[key]
    doc = template_doc(path, root)
    spec, found = read(TemplateFile, doc.data if doc.data is not None else {}, doc)
    if spec is None:
        raise InputError(found)
    if key is not None:
        if len(_PARSED) > 2000:
            _PARSED.clear()
        _PARSED[key] = (doc, spec)
    return doc, spec


def _merge(parent: list[PlacedElement], child: list[PlacedElement]) -> list[PlacedElement]:
    out = list(parent)
    index = {p.element.name: i for i, p in enumerate(out) if p.element.name}
    for placed in child:
        name = placed.element.name
        if name and name in index:
            out[index[name]] = placed
        else:
            out.append(placed)
    return out


_CHAINS: dict[tuple[Path, str], tuple[list[Path], list[tuple[int, int] | None]]] = {}


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
        return st.st_mtime_ns, st.st_size
    except OSError:
        return None


def template_files(root: Path, name: str | None) -> list[Path]:
    """A template's file and the files it extends, read cheaply (for change detection): read again only
    when one of them changed since the last call (`pnp watch` asks for every deck on every save)."""
    if not name:
        return []
    known = _CHAINS.get((root, name))
    if known is not None and [_stamp(p) for p in known[0]] == known[1]:
        return list(known[0])
    out = _template_files(root, name)
    if len(_CHAINS) > 2000:
        _CHAINS.clear()
    _CHAINS[(root, name)] = (out, [_stamp(p) for p in out])
    return list(out)


def _template_files(root: Path, name: str | None) -> list[Path]:
    out: list[Path] = []
    while name and len(out) < 20 and _NAME.fullmatch(name):
        path = root / "templates" / f"{name}.yaml"
        if outside(root, path):
            break
        out.append(path)
        try:
            data = template_doc(path, root).data or {}
        except InputError:  # (a file that cannot be read is one too)
            break
        name = data.get("extends") if isinstance(data, dict) else None
    return out


def _template_names(folder: Path, most: int = 5000) -> list[str]:
    """The templates under `folder` by name (`voyage/ability`), the first `most` found: candidates for a typo."""
    return [p.relative_to(folder).with_suffix("").as_posix()
            for p in itertools.islice(folder.rglob("*.yaml"), most)] if folder.is_dir() else []
