"""Spreadsheets as card sources: a deck's cards read from a CSV, XLSX or ODS file (`cards_from:`).

One row per card, one column per field, the field names in the header row (`header_row:`, else the
first row that names a field: title rows above it are skipped), matched to the deck's fields without
regard to case and spaces (` COST ` is `cost`). Cells
are turned into the field's declared type (a sheet's `3.0` is the integer 3, a CSV's `"yes"` is true)
and then checked exactly as YAML cards are, by the same reader; every problem names the file, the
sheet and the cell (`cards/voyage/abilities.xlsx#Abilities!C12: cost: expected an integer, got
'three'`). The file is bounded like every input (size, what a zipped workbook unpacks to, rows,
columns, and each cell: its length, and the nesting of a list written in it, with no YAML aliases) and
must lie inside the project. The files are read into grids by pnp/model/spreadsheets/files.py.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core import bounds
from pnp.core.errors import Problem, Where, did_you_mean
from pnp.model.load import Doc, Path_, display_path
from pnp.model.project import OUTSIDE, outside, unreadable
from pnp.model.spreadsheets.files import SheetError, read_csv, read_workbook

__all__ = ["Cell", "Worksheet", "SheetDoc", "SheetError", "read_sheet", "sheet_cards", "typed", "typed_cards"]

WORKBOOKS = (".xlsx", ".xlsm", ".xls", ".xlsb", ".ods")
# a number as a sheet writes it: `2.5`, `.5`, `1e3`, or with a decimal comma `2,5` (but `1,000` is left alone:
# a thousands separator or three decimals, the reader asks which)
_NUMBER = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+|\d*,(\d{1,2}|\d{4,}))([eE][-+]?\d+)?")
_TRUE, _FALSE = {"true", "yes", "y", "x", "1", "on"}, {"false", "no", "n", "0", "off", ""}


@dataclass(frozen=True, repr=False)
class Cell(Where):
    """A place in a spreadsheet: `line` is the row and `col` the column, both from 1."""

    sheet: str = ""

    def __str__(self) -> str:
        name = f"{self.file}#{self.sheet}" if self.sheet else self.file
        if not self.line:
            return name
        return f"{name}!{column_name(self.col)}{self.line}" if self.col else f"{name}, row {self.line}"


def column_name(col: int) -> str:
    """1 -> A, 27 -> AA."""
    name = ""
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(65 + rest) + name
    return name


@dataclass
class Worksheet:
    """A read sheet: the header's field names and each card's cells, with where they are."""

    file: str  # as shown to the user
    name: str  # the sheet's name ("" for CSV)
    header_row: int
    columns: dict[str, int]  # field name -> column (from 1)
    rows: list[tuple[int, dict[str, Any]]]  # (row number, {field: raw cell value}) for each non-empty row
    skipped: bool = False  # rows that hold something lie above the header (a title)

    def where(self, row: int = 0, col: int = 0) -> Cell:
        return Cell(self.file, row, col, self.name)


class SheetDoc(Doc):
    """A deck file whose cards come from a sheet: a place under `cards` is a row or a cell of the sheet,
    any other place is in the deck file."""

    def __init__(self, deck: Doc, sheet: Worksheet, source: Path, said: Iterable[Where] = ()):
        super().__init__(deck.file, deck.data, deck.root)
        self.sheet, self.source = sheet, source
        self.said = set(said)  # cells already reported: the reader's word on them is not said again

    def where(self, path: Path_ = ()) -> Where:
        if not path or path[0] != "cards":
            return super().where(path)
        if len(path) < 2 or not isinstance(path[1], int) or not 0 <= path[1] < len(self.sheet.rows):
            return self.sheet.where()
        row = self.sheet.rows[path[1]][0]
        col = self.sheet.columns.get(str(path[2]), 0) if len(path) > 2 else 0
        return self.sheet.where(row, col)


def split_source(spec: str) -> tuple[str, str]:
    """`abilities.xlsx#Abilities` -> (`abilities.xlsx`, `Abilities`); no `#`: the first sheet."""
    file, _, sheet = spec.partition("#")
    return file, sheet


def read_sheet(game_dir: Path, root: Path, spec: str, at: Where, header_row: int | None = None,
               fields: Iterable[str] = ()) -> tuple[Worksheet, Path]:
    """The sheet `spec` names (a file in the game folder); SheetError at `at` (the deck's `cards_from`).
    The header is row `header_row`, else the first row that names one of `fields` (or, with no fields,
    the first that names every column); a header matching a field but for case and spaces is that field."""
    name, sheet_name = split_source(spec)
    path = game_dir / name
    if outside(root, path):
        raise SheetError(at, f"{name!r} {OUTSIDE}")
    if not os.path.exists(path):
        raise SheetError(at, f"{name!r} not found in {display_path(game_dir, root)}/")
    suffix = path.suffix.lower()
    if suffix not in (".csv", *WORKBOOKS):
        raise SheetError(at, f"{name!r}: read CSV, XLSX, XLS, XLSB or ODS files (save the sheet as one of them)")
    why = unreadable(root, path, "a spreadsheet", bounds.SHEET_BYTES)
    if why is not None:
        raise SheetError(at, f"{name!r}: {why}")
    shown = display_path(path, root)
    unsaved: dict[tuple[int, int], str] = {}
    if suffix == ".csv":
        if sheet_name:
            raise SheetError(at, f"{name!r} is a CSV file: it has no sheets (remove `#{sheet_name}`)")
        grid = read_csv(path, shown)
    else:
        grid, sheet_name, unsaved = read_workbook(path, shown, sheet_name, at, Cell)
    return _table(Worksheet(shown, sheet_name, 0, {}, []), grid, header_row, fields, unsaved), path


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def plain(name: str) -> str:
    """A header or field name without case and spaces: ` Card Name ` and `card_name` are the same."""
    return re.sub(r"[\s_-]+", "", name).casefold()


def _header(sheet: Worksheet, grid: list[list[Any]], header_row: int | None, names: dict[str, str]) -> int:
    """The index of the header row in `grid`."""
    if header_row is not None:
        if not 1 <= header_row <= len(grid) or all(_blank(v) for v in grid[header_row - 1]):
            raise SheetError(sheet.where(), f"header_row: {header_row}: that row is empty; the fields are named in "
                             "the row given by `header_row` (counting from 1)")
        return header_row - 1
    filled = [i for i, row in enumerate(grid) if not all(_blank(v) for v in row)][:20]
    if not filled:
        raise SheetError(sheet.where(), "is empty: its first row names the fields, each row below is a card")
    if names:  # the first row that names a field of the deck
        found = (i for i in filled if any(isinstance(v, str) and plain(v) in names for v in grid[i]))
    else:  # the first row of two cells or more (a title above it is one cell), never a guess from the widest:
        # a row with a comma left unquoted in its text is wider than the header, and is said at its cell
        found = (i for i in filled if sum(not _blank(v) for v in grid[i]) >= 2)
    return next(found, filled[0])


def _table(sheet: Worksheet, grid: list[list[Any]], header_row: int | None, fields: Iterable[str],
           unsaved: dict[tuple[int, int], str]) -> Worksheet:
    if grid and max(len(r) for r in grid) > bounds.SHEET_COLUMNS:
        raise SheetError(sheet.where(), f"more than {bounds.SHEET_COLUMNS} columns")
    fields = list(fields)
    names = {plain(f): f for f in ("id", "copies", *fields)}
    first = _header(sheet, grid, header_row, names if fields else {})
    sheet.header_row = first + 1
    sheet.skipped = first > 0 and any(not _blank(v) for row in grid[:first] for v in row)
    for c, head in enumerate(grid[first], 1):
        if _blank(head):
            continue
        key = str(head).strip()
        key = names.get(plain(key), key) if names else key
        if key in sheet.columns:
            raise SheetError(sheet.where(first + 1, c), f"column {key!r} is also column "
                             f"{column_name(sheet.columns[key])}; name each field once")
        sheet.columns[key] = c
    named = set(sheet.columns.values())
    for (r, c), formula in sorted(unsaved.items()):
        if r > first + 1 and c in named:
            raise SheetError(sheet.where(r, c), f"a formula (={formula}) with no saved value: the program that wrote "
                             "the file did not compute it; open the file in your spreadsheet program and save it again")
    for r, row in enumerate(grid[first + 1:], first + 2):
        for c, value in enumerate(row, 1):
            if c not in named and not _blank(value):
                if c > max(named, default=0):
                    raise SheetError(sheet.where(r, c), f"row {r} has more cells than the header (row {first + 1} "
                                     f"names {len(named)} columns): put a text that holds a comma or a semicolon in "
                                     "double quotes, or name the column in the header")
                raise SheetError(sheet.where(r, c), f"a value in a column with no field name; name the column in "
                                                    f"row {first + 1}")
            if isinstance(value, str) and len(value) > bounds.SHEET_CELL:
                raise SheetError(sheet.where(r, c), f"{len(value):,} characters; a cell may hold at most "
                                 f"{bounds.SHEET_CELL:,} (a quote opened and never closed runs on to the next one)")
        cells = {k: row[c - 1] for k, c in sheet.columns.items() if c <= len(row) and not _blank(row[c - 1])}
        if cells:
            sheet.rows.append((r, cells))
    return sheet


class CellError(ValueError):
    """A cell that cannot be read as its field at all (a list nested too deep, an alias): said at the cell."""


def cell_yaml(text: str, listed: bool) -> Any:
    """A list or mapping written in a cell (`[1, 2]`, `[{item: rope, qty: 2}]`), bounded as a YAML file is
    and without aliases (a cell has no use for them, and they are how a short text grows without bound).
    Not YAML: CellError for a list (`listed`), else the text itself (an `any` field takes text too)."""
    import yaml

    from pnp.core.errors import InputError
    from pnp.model.load import load_text

    deep = CellError(f"a list nested more than {bounds.YAML_DEPTH} levels deep")
    depth = 0
    try:
        for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            if isinstance(event, yaml.AliasEvent):
                raise CellError(f"a YAML alias (*{event.anchor}) in a cell; write the values out")
            if isinstance(event, yaml.SequenceStartEvent | yaml.MappingStartEvent):
                depth += 1
                if depth > bounds.YAML_DEPTH:
                    raise deep
            elif isinstance(event, yaml.SequenceEndEvent | yaml.MappingEndEvent):
                depth -= 1
        return load_text(text, "cell").data
    except yaml.YAMLError as exc:
        what = getattr(exc, "problem", None) or "not YAML"
        if "nesting depth" in what:  # libyaml's own bound, met while it looks ahead
            raise deep from None
        if listed:
            raise CellError(f"a list in brackets that YAML cannot read ({what}); write it as [a, b, c] or a; b; c") \
                from None
        return text
    except InputError:
        return text


def typed(value: Any, kind: str) -> Any:
    """A cell as the field's type (`text`, `integer`, `number`, `boolean`, `list`, `any`, ...) when it reads
    as one; else the cell itself, for the reader to refuse with the usual message. CellError when a list
    written in it is out of bounds."""
    if isinstance(value, str):
        value = value.strip()
    if kind == "integer":
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and re.fullmatch(r"[-+]?\d+(\.0*|,0{1,2})?", value):
            return int(value.replace(",", ".").partition(".")[0])
    elif kind == "number":
        if isinstance(value, str) and _NUMBER.fullmatch(value):  # `2.5`, and `2,5` as a decimal comma writes it
            return float(value.replace(",", "."))
    elif kind == "boolean":
        text = str(value).strip().lower() if not isinstance(value, bool) else None
        if text in _TRUE or text in ("1.0",):
            return True
        if text in _FALSE or text in ("0.0",):
            return False
    elif kind == "list":
        if isinstance(value, str) and value[:1] == "[":  # a YAML list: `[1, 2]`, `[{item: rope, qty: 2}]`
            return cell_yaml(value, True)
        if isinstance(value, str):
            return [item.strip() for item in re.split(r"[;\n]", value) if item.strip()]
    elif kind == "any":
        if isinstance(value, str) and value[:1] in "[{":
            return cell_yaml(value, False)
    elif isinstance(value, float) and value.is_integer():  # text, choice: a sheet's 3.0 is "3"
        return str(int(value))
    elif not isinstance(value, str | bool | int | float):  # a date, a time
        return str(value)
    return value


def typed_cards(sheet: Worksheet, kinds: Mapping[str, str]) -> tuple[list[dict[str, Any]], list[Problem]]:
    """Each row's cells as their fields' types (`kinds`), one card per row, and the cells that cannot be
    read at all (each a problem at its cell; the card keeps the cell's text, which the reader refuses)."""
    cards, problems = [], []
    for r, cells in sheet.rows:
        card = {}
        for k, v in cells.items():
            if k not in kinds:
                continue
            try:
                card[k] = typed(v, kinds[k])
            except CellError as exc:
                problems.append(Problem(sheet.where(r, sheet.columns[k]), str(exc), k))
                card[k] = v
        cards.append(card)
    return cards, problems


def sheet_cards(doc: Doc, spec: Any, root: Path, game_dir: Path, problems: Any) -> tuple[list[dict[str, Any]], Doc]:
    """The raw cards of a deck whose `cards_from` names a sheet, each cell typed by its field, and the doc that
    places them (rows and cells); ([], doc) with the problem recorded when the sheet cannot be read."""
    at = doc.where(("cards_from",))
    if isinstance(doc.data, dict) and "cards" in doc.data:
        problems.add(at, "a deck takes its cards from `cards:` or from `cards_from:`, not both; remove one",
                     "cards_from")
        return [], doc
    kinds = {name: fs.type for name, fs in spec.fields.items()}
    kinds.update(id="text", copies="integer")
    try:
        sheet, path = read_sheet(game_dir, root, spec.cards_from, at, spec.header_row, kinds)
    except SheetError as exc:
        problems.items.append(exc.problem)
        return [], doc
    unknown = [(name, col) for name, col in sheet.columns.items() if name not in kinds]
    for name, col in unknown:
        near = did_you_mean(name, [k for k in kinds if k not in sheet.columns])
        problems.add(sheet.where(sheet.header_row, col), f"unknown field {name!r}{near} (the deck's fields: "
                     f"{', '.join(spec.fields)}); check its spelling or declare it under `fields:` in {doc.file}")
    if unknown:  # the rows are read once the header names the deck's fields (else every row lacks the field)
        return [], SheetDoc(doc, sheet, path)
    cards, bad = typed_cards(sheet, kinds)
    problems.extend(bad)
    return cards, SheetDoc(doc, sheet, path, [p.where for p in bad if p.where])


def cell_subject(problem: Problem) -> Problem:
    """`cards[3].cost` -> `cost`: the cell already says which card."""
    import dataclasses

    subject = re.sub(r"^cards\[\d+\]\.", "", problem.subject)
    return dataclasses.replace(problem, subject=subject) if subject != problem.subject else problem


def cell_problems(place: Doc, problems: Iterable[Problem]) -> list[Problem]:
    """The reader's problems with the cards of a sheet, each named by its cell, less those already said."""
    said: set[Where] = getattr(place, "said", set())
    return [cell_subject(p) for p in problems if p.where not in said]
