"""The `grid` element: a hex or square grid whose elements are drawn once per cell.

Rows and columns count from 1, as a map's hex numbers do (0101 is the top-left hex). A hex's `size` is
measured corner to corner (twice its side: a flat hex is `size` wide, a pointy one `size` high); a square's is
its side. With `offset: odd` the odd rows (pointy hexes) or columns (flat hexes) sit half a cell on (right,
or down), with `even` the even ones. The grid's box starts at its (x, y): the top-left of the cells' extent.

Each cell is offered to the grid's elements as `cell`: `row`, `col`, its centre `x`, `y` and its box `w`, `h`
(numbers in mm, measured from the grid's x, y as its elements are), `corners` (a polygon's `points`),
`neighbours` ([row, col] of the cells that share a side with it, inside the grid) and `data`: its row of the
grid's data table (`data: terrain`), over the grid's `defaults`. The table is a list of records with `row`
and `col`, or a mapping keyed `"row,col"`; a record naming a cell outside the grid is an error at its line.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pnp.core import bounds
from pnp.core.errors import Problems, Where, did_you_mean, echo
from pnp.layout.elements.common import Container, Length, Value
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.values import Eval, LayoutEnv, WhereOf
from pnp.model.schema.kinds import Kind
from pnp.model.units import MM

if TYPE_CHECKING:
    from pnp.layout.scene import GridCells, Item

Point = tuple[float, float]
Cell = tuple[int, int, float, float, tuple[Point, ...]]  # row, col, centre x, y, corners (points, from the grid's box)


@element("grid", order=11)
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

    def binds(self) -> set[str]:
        return super().binds() | {"cell"}

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        found, drawn = cells(ev, at.env, placed, at.memo, problems, subject, at.offset)
        at.grids.append(drawn)
        return [i for cell in found for i in at.children(placed, ev, subject, problems, card_where, cell)]


SQRT3 = math.sqrt(3.0)
_KEY = re.compile(r"\s*(\d+)\s*,\s*(\d+)\s*")


def geometry(shape: str, orient: str, rows: int, cols: int, size: float, offset: str) -> list[Cell]:
    """Every cell, row by row, in points from the top-left of the cells' extent."""
    out: list[Cell] = []
    r = size / 2
    for row in range(1, rows + 1):
        for col in range(1, cols + 1):
            corners: tuple[Point, ...]
            if shape == "square":
                cx, cy = (col - 0.5) * size, (row - 0.5) * size
                corners = ((cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r))
            else:
                flat = orient == "flat"
                on = _shifted(col if flat else row, offset)
                if flat:
                    cx, cy = r + 1.5 * r * (col - 1), SQRT3 * r * (row - 0.5 + (0.5 if on else 0.0))
                else:
                    cx, cy = SQRT3 * r * (col - 0.5 + (0.5 if on else 0.0)), r + 1.5 * r * (row - 1)
                start = 0.0 if flat else 30.0
                corners = tuple((cx + r * math.cos(math.radians(start + 60 * i)),
                                 cy + r * math.sin(math.radians(start + 60 * i))) for i in range(6))
            out.append((row, col, cx, cy, corners))
    left = min(x for c in out for x, _ in c[4])
    top = min(y for c in out for _, y in c[4])
    return [(row, col, cx - left, cy - top, tuple((x - left, y - top) for x, y in corners))
            for row, col, cx, cy, corners in out]


def _shifted(index: int, offset: str) -> bool:
    return index % 2 == (1 if offset == "odd" else 0)


def neighbours(shape: str, orient: str, row: int, col: int, rows: int, cols: int, offset: str) -> list[list[int]]:
    """The cells sharing a side with (row, col), inside the grid: above first, clockwise."""
    if shape == "square":
        near = [(row - 1, col), (row, col + 1), (row + 1, col), (row, col - 1)]
    elif orient == "flat":  # columns stand half a cell apart: the side columns' rows are (r-1, r) or (r, r+1)
        up, down = (row, row + 1) if _shifted(col, offset) else (row - 1, row)
        near = [(row - 1, col), (up, col + 1), (down, col + 1), (row + 1, col), (down, col - 1), (up, col - 1)]
    else:
        left, right = (col, col + 1) if _shifted(row, offset) else (col - 1, col)
        near = [(row - 1, left), (row - 1, right), (row, col + 1), (row + 1, right), (row + 1, left), (row, col - 1)]
    return [[r, c] for r, c in near if 1 <= r <= rows and 1 <= c <= cols]


def dimensions(ev: Eval) -> tuple[str, str, int, int, float, str]:
    """The grid's shape, orientation, rows, columns, cell size and offset, checked (ValueError naming the key)."""
    shape, orient, offset = (str(ev.raw(k) or d) for k, d in (("shape", "hex"), ("orient", "flat"), ("offset", "odd")))
    for key, value, allowed in (("shape", shape, ("hex", "square")), ("orient", orient, ("flat", "pointy")),
                                ("offset", offset, ("odd", "even"))):
        if value not in allowed:
            raise ValueError(f"{key}: {value!r}; use {' or '.join(allowed)}{did_you_mean(value, allowed)}")
    counts = []
    for key in ("rows", "cols"):
        value = ev.raw(key)
        if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value) or value < 1:
            raise ValueError(f"{key}: expected a whole number of cells, 1 or more, got {echo(value)}")
        counts.append(int(value))
    rows, cols = counts
    if rows * cols > bounds.GRID_CELLS:
        raise ValueError(f"a grid of {rows} x {cols} = {rows * cols:,} cells; a grid has at most "
                         f"{bounds.GRID_CELLS:,} cells (split the map into several grids or boards)")
    size = ev.length("size", ev.w)
    if not 2 * MM <= size <= bounds.ELEMENT_MAX:
        raise ValueError(f"size: {size / MM:g} mm; a cell is from 2 mm to {bounds.ELEMENT_MAX / MM:,.0f} mm")
    return shape, orient, rows, cols, size, offset


def keyed_data(env: LayoutEnv, name: str, where: Where, rows: int, cols: int, problems: Problems,
               subject: str) -> dict[tuple[int, int], Any]:
    """The grid's data table by cell: each record's (row, col). A record naming no cell, or a cell outside the
    grid, or one named twice, is a problem at its line."""
    path = name.split(".")
    doc = env.data_docs.get(path[0])
    if doc is None:
        known = sorted(env.data_docs)
        tables = ", ".join(known) or "none: declare `data:` in game.yaml"
        raise ValueError(f"data: no data table {path[0]!r} (tables: {tables}){did_you_mean(path[0], known)}")
    table: Any = doc.data
    for i, key in enumerate(path[1:], 1):
        if not isinstance(table, dict) or key not in table:
            raise ValueError(f"data: {'.'.join(path[:i])} has no {key!r}")
        table = table[key]
    at: tuple[Any, ...] = tuple(path[1:])
    if isinstance(table, dict):
        entries = [(k, v, _cell_of_key(k)) for k, v in table.items()]
    elif isinstance(table, list):
        entries = [(i, v, _cell_of_record(v)) for i, v in enumerate(table)]
    else:
        raise ValueError(f"data: {name} is {echo(table)}: a grid's data is a list of records with `row` and `col`, "
                         "or a mapping keyed \"row,col\"")
    out: dict[tuple[int, int], Any] = {}
    for key, value, cell in entries:
        place = doc.where((*at, key))
        if isinstance(cell, str):
            problems.add(place, f"{name}: {cell}", subject)
        elif not (1 <= cell[0] <= rows and 1 <= cell[1] <= cols):
            problems.add(place, f"{name}: {_shown(value)} names the cell row {cell[0]}, col {cell[1]}, outside the "
                         f"grid ({where.file}:{where.line}): the grid has {rows} row{'s' * (rows != 1)} and {cols} "
                         f"column{'s' * (cols != 1)}, numbered from 1", subject)
        elif cell in out:
            problems.add(place, f"{name}: the cell row {cell[0]}, col {cell[1]} is given twice; give each cell "
                         "one record", subject)
        else:
            out[cell] = value
    return out


def _cell_of_key(key: Any) -> tuple[int, int] | str:
    m = _KEY.fullmatch(str(key))
    return (int(m.group(1)), int(m.group(2))) if m else \
        f"{echo(key)} is not a cell: key each cell \"row,col\" (\"3,4\"), numbered from 1"


def _cell_of_record(record: Any) -> tuple[int, int] | str:
    if not isinstance(record, dict) or not all(
            isinstance(record.get(k), int) and not isinstance(record.get(k), bool) for k in ("row", "col")):
        return f"{_shown(record)}: each record names its cell with `row` and `col` (whole numbers, from 1)"
    return record["row"], record["col"]


def _shown(value: Any) -> str:
    text = echo(value)
    return text if len(text) <= 80 else text[:77] + "..."


def cell_values(cell: Cell, shape: str, orient: str, rows: int, cols: int, offset: str, data: Any,
                defaults: dict[str, Any]) -> dict[str, Any]:
    """What the grid's elements read as `cell` (lengths as numbers in mm, corners as lengths)."""
    row, col, cx, cy, corners = cell
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    merged = {**defaults, **data} if isinstance(data, dict) else (data if data is not None else dict(defaults))
    return {"row": row, "col": col, "x": round(cx / MM, 4), "y": round(cy / MM, 4),
            "w": round((max(xs) - min(xs)) / MM, 4), "h": round((max(ys) - min(ys)) / MM, 4),
            "corners": [[f"{x / MM:.4f}mm", f"{y / MM:.4f}mm"] for x, y in corners],
            "neighbours": neighbours(shape, orient, row, col, rows, cols, offset), "data": merged}


def cells(ev: Eval, env: LayoutEnv, placed: Any, memo: dict, problems: Problems, subject: str,
          origin: Point) -> tuple[list[dict[str, Any]], GridCells]:
    """Each cell's values for the grid's elements (`cell`, and the grid's `as` name), and the grid as drawn
    (face points, for a board's seams). The data table's problems are said once for the template (`memo`)."""
    from pnp.layout.scene import GridCells

    shape, orient, rows, cols, size, offset = dimensions(ev)
    name = ev.raw("data")
    if name is not None and not isinstance(name, str):
        raise ValueError(f"data: name a data table (`terrain`, or a part of one: `terrain.hexes`), got {echo(name)}")
    data: dict[tuple[int, int], Any] = {}
    if name:
        key = (id(placed), "grid-data", str(name), rows, cols)
        if key not in memo:
            memo[key] = keyed_data(env, str(name), placed.where, rows, cols, problems, subject)
        data = memo[key]
    defaults = ev.raw("defaults") or {}
    if not isinstance(defaults, dict):
        raise ValueError(f"defaults: expected a mapping of a cell's values ({{terrain: plain}}), got {echo(defaults)}")
    laid = geometry(shape, orient, rows, cols, size, offset)
    ox, oy = origin[0] + ev.length("x", ev.w), origin[1] + ev.length("y", ev.h)
    drawn = GridCells(shape, tuple((r, c, tuple((x + ox, y + oy) for x, y in corners)) for r, c, _, _, corners in laid))
    named = getattr(placed.element, "as_", None)  # `as` names the cell too (a nested grid or group reads both)
    every = (cell_values(cell, shape, orient, rows, cols, offset, data.get(cell[:2]), defaults) for cell in laid)
    return [{"cell": values, **({named: values} if named else {})} for values in every], drawn
