"""The `table` element: rows of data in columns.

Rows come from data (a card's list of records, a data table's list, or rows written out); each
column shows one field of every row (or an expression over `row`) under its heading. Each cell's
text wraps to its column, each row is as tall as its tallest cell, and the whole table shrinks
together, in 0.25 pt steps down to `min_size`, until it fits its box. A table that still does not
fit is reported like text that does not fit (rule `text-overflow`), naming the row and column.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Literal

from pnp.core import bounds
from pnp.core.errors import Problems, Where
from pnp.layout.elements.choices import check_setting_choices
from pnp.layout.elements.common import ALIGNS, Align, Colour, ElementBase, Font, Length, Path_, Style, Value
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.elements.text_defaults import TEXT_KEYS, text_params
from pnp.layout.expr import compile_value, field_of, names_in
from pnp.layout.scene import Item, Line, Rect, Text
from pnp.layout.text import MarkupError, check_coverage, fit, height, measurable, parse
from pnp.layout.text import Style as TextStyle
from pnp.layout.values import Eval, Skip, WhereOf, extent
from pnp.model.load import Doc
from pnp.model.schema.kinds import Kind
from pnp.model.units import MM, parse_length

RULES = ("none", "rows", "grid")
Compiled = dict[str, tuple[bool, Any]]  # a column's values: (is_dynamic, constant or getter) each


@dataclass(repr=False, eq=False)
class TableColumn:
    """One column of a `table`: its heading, what each row shows in it, its width and alignment."""

    header: Value = None  # the heading (a header row is drawn when any column has one)
    field: str | int | None = None  # the key each row shows: a record's field, or a position in a list row
    text: Value = None  # or an expression over `row` ("{{ row.qty }} x"); default: the row's `field`
    width: Value = 1  # a share of the width left by fixed columns (a number), or a length (12mm)
    align: Align = None  # default: the table's `align`


@element("table", order=12)
@dataclass(repr=False, eq=False)
class TableEl(ElementBase):
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

    plain: ClassVar[frozenset[str]] = ElementBase.plain | {"field"}

    def binds(self) -> set[str]:
        return {"row"}

    def compile_setting(self, key: str, value: Any, where: Where, fixed: dict[str, Any]
                        ) -> tuple[Any, set[str]] | None:
        return compile_columns(value, where, fixed) if key == "columns" else None

    def check(self, doc: Doc, path: Path_, problems: Problems) -> None:
        for k, column in enumerate(self.columns):
            check_setting_choices(column, doc, (*path, "columns", k), problems)

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        box = at.box(placed, ev)
        params = at.once(placed, ev, "text", TEXT_KEYS, lambda: text_params(ev, at.t.text, at.env))
        laid = TableLayout(ev, params, at.env, at.t.name, placed, subject, problems, card_where).lay_out(box)
        if not laid:
            raise Skip
        at.check_safe(placed, extent(laid), subject, problems, "table")
        return laid


def compile_columns(columns: list[Any], where: Where, base: dict[str, Any]) -> tuple[list[Compiled], set[str]]:
    """Each column's values compiled once, those that read only `base` evaluated now; and the names the
    others read (`row`, bound by the table, and perhaps `card`)."""
    out: list[Compiled] = []
    names: set[str] = set()
    for column in columns:
        compiled: Compiled = {}
        for key, value in vars(column).items():
            dynamic, got = compile_value(value, where)
            if dynamic:
                read = names_in(value)
                if read <= set(base):
                    dynamic, got = False, got(base)
                else:
                    names |= read
            compiled[key] = (dynamic, got)
        out.append(compiled)
    return out, names


def _get(column: Compiled, key: str, ctx: dict[str, Any]) -> Any:
    dynamic, value = column[key]
    return value(ctx) if dynamic else value


def _widths(raw: list[Any], total: float) -> list[float]:
    """Fixed widths (lengths) first; the rest of the table's width shared out by the numbers."""
    fixed: dict[int, float] = {}
    shares: dict[int, float] = {}
    for i, value in enumerate(raw):
        if isinstance(value, int | float) and not isinstance(value, bool):
            if not 0 < value < 1e6:
                raise ValueError(f"columns[{i}].width: a share is more than 0 and below a million, got {value!r}")
            shares[i] = float(value)
        else:
            try:
                fixed[i] = parse_length(value, total)
            except ValueError as exc:
                raise ValueError(f"columns[{i}].width: {exc}; or a number, its share of the width") from None
    left = total - sum(fixed.values())
    if left < -0.01 or (shares and left <= 0.01):
        raise ValueError(f"columns: the fixed widths add up to {sum(fixed.values()) / MM:.1f} mm, more than the "
                         f"table's {total / MM:.1f} mm" + (" with room for the other columns" if shares else ""))
    share = sum(shares.values())
    return [fixed[i] if i in fixed else left * shares[i] / share for i in range(len(raw))]


def _cell(row: Any, key: Any, r: int, k: int, columns: int) -> Any:
    """What a row holds under `key` (a record's field, a list's position; a plain value fills one column)."""
    if isinstance(row, dict):
        if key is None:
            raise ValueError(f"columns[{k}]: the rows are records: give the column a `field` (one of "
                             f"{', '.join(map(str, row))}) or a `text`")
        if key not in row:
            raise ValueError(f"rows[{r}] has no field {key!r} (it has {', '.join(map(str, row)) or 'none'}); "
                             f"check the spelling of columns[{k}].field")
        return row[key]
    if isinstance(row, list | tuple):
        at = k if key is None else key
        if not isinstance(at, int) or not 0 <= at < len(row):
            raise ValueError(f"rows[{r}] has {len(row)} values; columns[{k}] reads its value {at!r} (from 0)")
        return row[at]
    if columns == 1 and key is None:
        return row
    raise ValueError(f"rows[{r}]: expected a record or a list for {columns} columns, got {row!r}")


class TableLayout:
    """One table being laid out for one face: what the engine knows (`ev`, text settings, places)."""

    def __init__(self, ev: Any, params: tuple, env: Any, template: str, placed: Any, subject: str,
                 problems: Problems, card_where: Callable[..., Where] | None):
        self.ev, self.env, self.template, self.placed = ev, env, template, placed
        self.subject, self.problems, self.card_where = subject, problems, card_where
        self.style, self.size, self.min_size, self.leading, self.gap, self.glossary, self.base, self.align = params[:8]
        self.field = placed.element.field or field_of(placed.element.rows)

    def where(self, *path: Any) -> Where:
        """The place of a cell's value (`cards[3].stock[1].qty`) when the rows are a card's field."""
        if self.field and self.card_where:
            return self.card_where(self.field, *path)
        return self.placed.where

    def name(self, r: int, key: Any) -> str:
        return f"{self.field or 'rows'}[{r}]" + (f".{key}" if isinstance(key, str) else f"[{key}]")

    def lay_out(self, box: tuple[float, float, float, float]) -> list[Item] | None:
        """The table's items; None when it has no rows and no header. Raises ValueError for a mistake."""
        ev = self.ev
        x, y, w, h = box
        rows = ev.raw("rows")
        if rows is None or rows == "":
            return None
        if not isinstance(rows, list | tuple):
            raise ValueError(f"rows: expected a list of rows (records or lists), got {rows!r}")
        if len(rows) > bounds.REPEAT:
            raise ValueError(f"rows: {len(rows):,} rows; a table holds at most {bounds.REPEAT:,}")
        columns: list[Compiled] = ev.raw("columns") or []
        if not columns:
            raise ValueError("columns: a table needs columns, e.g. `columns: [{header: Item, field: item}]`")
        ctx = ev.ctx or {}
        widths = _widths([_get(c, "width", ctx) for c in columns], w)
        aligns = [str(_get(c, "align", ctx) or self.align) for c in columns]
        for k, a in enumerate(aligns):
            if a not in ALIGNS:
                raise ValueError(f"columns[{k}].align: {a!r}; use left, center or right")
        rules = str(ev.raw("rules") or "none")
        if rules not in RULES:
            raise ValueError(f"rules: {rules!r}; use none, rows or grid")
        pad = ev.length("padding", w)
        fixed = ev.raw("row_height")
        fixed_h = ev.length("row_height", h) if fixed not in (None, "") else None
        header_style = str(ev.raw("header_style") or "bold")
        headers = [_get(c, "header", ctx) for c in columns]
        texts: list[list[str]] = []  # header first (if any), then each row
        if any(v not in (None, "") for v in headers):
            texts.append(["" if v is None else str(v) for v in headers])
        has_header = bool(texts)
        for r, row in enumerate(rows):
            rctx = {**ctx, "row": row}
            line = []
            for k, column in enumerate(columns):
                if column["text"][1] is not None:
                    value = _get(column, "text", rctx)
                else:
                    value = _cell(row, _get(column, "field", rctx), r, k, len(columns))
                line.append("" if value is None else str(value))
            texts.append(line)
        if not texts:
            return None
        keys = [_get(c, "field", ctx) for c in columns]
        cells = self._parse(texts, has_header, header_style, keys)
        if cells is None:
            return None
        inner = [cw - 2 * pad for cw in widths]
        if min(inner) <= 0:
            raise ValueError(f"padding: {pad / MM:.1f} mm on each side leaves no room in a "
                             f"{min(widths) / MM:.1f} mm column")
        size, heights = self._size(cells, inner, pad, fixed_h, h, has_header, keys)
        if heights is None:
            return []
        return self._draw(texts, cells, size, heights, box, widths, aligns, pad, rules, has_header)

    def _parse(self, texts: list[list[str]], has_header: bool, header_style: str, keys: list[Any]) -> list | None:
        """Each cell's words, measurable; None (reported) when a cell's markup is wrong."""
        out = []
        for r, line in enumerate(texts):
            header = has_header and r == 0
            row = []
            for k, text in enumerate(line):
                try:
                    paragraphs = parse(text, None if header else self.glossary, self.env.term_style, self.env.icons,
                                       header_style if header else self.base) if text else []
                    check_coverage(paragraphs, self.style.family)
                except MarkupError as exc:
                    r0 = r - has_header
                    name = f"columns[{k}].header" if header else self.name(r0, keys[k] if keys[k] is not None else k)
                    where = self.placed.where if header else self.where(r0, *([keys[k]] if keys[k] is not None
                                                                              else []))
                    self.problems.add(where, f"{name}: {exc} (template {self.template})", self.subject)
                    return None
                row.append(measurable(paragraphs, self.style.family))
            out.append(row)
        return out

    def _heights(self, cells: list, inner: list[float], pad: float, fixed_h: float | None, size: float
                 ) -> list[float] | tuple[int, int]:
        """Each row's height at `size`, or (row, column) of a cell with a word wider than its column."""
        heights = []
        for r, row in enumerate(cells):
            tallest = size * self.leading  # an empty row keeps one line's height
            for k, measured in enumerate(row):
                if measured[0]:
                    need = height(measured, self.style.family, inner[k], size, self.leading, self.gap)
                    if need is None:
                        return (r, k)
                    tallest = max(tallest, need)
            heights.append(tallest + 2 * pad if fixed_h is None else fixed_h)
            if fixed_h is not None and tallest + 2 * pad > fixed_h + 0.01:
                return (r, -1)
        return heights

    def _size(self, cells: list, inner: list[float], pad: float, fixed_h: float | None, h: float,
              has_header: bool, keys: list[Any]) -> tuple[float, list[float] | None]:
        """The largest size in 0.25 pt steps at which the table fits, with its rows' heights (None: reported)."""
        def fits(size: float) -> list[float] | None:
            found = self._heights(cells, inner, pad, fixed_h, size)
            return found if isinstance(found, list) and sum(found) <= h + 0.01 else None

        found = fits(self.size)
        if found is not None:
            return self.size, found
        steps = [self.size - 0.25 * k for k in range(int((self.size - self.min_size) / 0.25 + 1e-6) + 1)]
        best: tuple[float, list[float] | None] = (self.min_size, None)
        lo, hi = 1, len(steps) - 1
        while lo <= hi:  # fitting only gets easier as the size shrinks
            mid = (lo + hi) // 2
            found = fits(steps[mid])
            if found is not None:
                best, hi = (steps[mid], found), mid - 1
            else:
                lo = mid + 1
        if best[1] is None:
            self._overflow(cells, inner, pad, fixed_h, h, has_header, keys)
        return best

    def _overflow(self, cells: list, inner: list[float], pad: float, fixed_h: float | None, h: float,
                  has_header: bool, keys: list[Any]) -> None:
        at = self._heights(cells, inner, pad, fixed_h, self.min_size)
        tail = f"(template {self.template}, {self.placed.where})"
        if isinstance(at, tuple):
            r, k = at
            header = has_header and r == 0
            r0 = r - has_header
            key = keys[k] if k >= 0 and keys[k] is not None else k
            if k < 0:
                name = "the header" if header else f"{self.field or 'rows'}[{r0}]"
                what = (f"is taller than the table's {(fixed_h or 0) / MM:.1f} mm `row_height` even at "
                        f"{self.min_size:g} pt; shorten it or make the rows taller")
            else:
                name = f"columns[{k}].header" if header else self.name(r0, key)
                what = (f"a word is wider than its {(inner[k] + 2 * pad) / MM:.1f} mm column even at "
                        f"{self.min_size:g} pt; shorten it or widen the column")
            where = self.placed.where if header else self.where(r0, *([key] if k >= 0 and keys[k] is not None
                                                                      else []))
            self.problems.add(where, f"{name}: {what} {tail}", self.subject, rule="text-overflow")
            return
        rows = len(cells) - has_header
        self.problems.add(self.where(), f"{self.field or 'table'}: its {rows} row{'s' if rows != 1 else ''} need "
                          f"{sum(at) / MM:.1f} mm even at {self.min_size:g} pt; the table's box is {h / MM:.1f} mm "
                          f"high: shorten or remove rows, or give the table a bigger box {tail}", self.subject,
                          rule="text-overflow")

    def _draw(self, texts: list[list[str]], cells: list, size: float, heights: list[float],
              box: tuple[float, float, float, float], widths: list[float], aligns: list[str], pad: float,
              rules: str, has_header: bool) -> list[Item]:
        ev = self.ev
        x, y, w, _ = box
        total = sum(heights)
        tops = [y + sum(heights[:r]) for r in range(len(heights))]
        lefts = [x + sum(widths[:k]) for k in range(len(widths))]
        fills: list[Item] = []
        fill, zebra, header_fill = ev.colour("fill"), ev.colour("zebra"), ev.colour("header_fill")
        if fill is not None:
            fills.append(Rect(x, y, w, total, fill))
        for r, (top, rh) in enumerate(zip(tops, heights, strict=True)):
            colour = header_fill if has_header and r == 0 else zebra if (r - has_header) % 2 == 1 else None
            if colour is not None:
                fills.append(Rect(x, top, w, rh, colour))
        lines: list[Item] = []
        stroke, width = ev.colour("stroke"), ev.length("stroke_width", 0)
        if stroke is not None and rules != "none":
            for top in tops[1:]:
                lines.append(Line(x, top, x + w, top, stroke, width))
            if rules == "grid":
                for left in lefts[1:]:
                    lines.append(Line(left, y, left, y + total, stroke, width))
                lines.append(Rect(x, y, w, total, None, stroke, width))
        header_colour = ev.colour("header_color") or self.style.color
        out: list[Item] = [*fills, *lines]
        for r, row in enumerate(cells):
            style = TextStyle(self.style.family, header_colour, header_colour, None) \
                if has_header and r == 0 else self.style
            for k, measured in enumerate(row):
                if not measured[0]:
                    continue
                cell = (lefts[k] + pad, tops[r] + pad, widths[k] - 2 * pad, heights[r] - 2 * pad)
                fitted = fit(measured[0], style, cell, size, size, self.leading, self.gap, aligns[k], "middle")
                if fitted is not None:
                    out.append(Text(*cell, fitted[0], fitted[1], fitted[2]))
        return out
