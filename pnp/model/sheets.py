"""Spreadsheets as card sources: a deck's cards read from a CSV, XLSX or ODS file (`cards_from:`).

One row per card, one column per field, the field names in the first row that holds anything. Cells
are turned into the field's declared type (a sheet's `3.0` is the integer 3, a CSV's `"yes"` is true)
and then checked exactly as YAML cards are, by the same reader; every problem names the file, the
sheet and the cell (`cards/voyage/abilities.xlsx#Abilities!C12: cost: expected an integer, got
'three'`). The file is bounded like every input (size, what a zipped workbook unpacks to, rows,
columns) and must lie inside the project. XLSX, XLS, XLSB and ODS are read by python-calamine,
imported only when a deck names such a file; CSV by the standard library.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.errors import Problem, Where, did_you_mean
from pnp.model import limits
from pnp.model.load import Doc, Path_, display_path
from pnp.model.project import OUTSIDE, outside, unreadable

WORKBOOKS = (".xlsx", ".xlsm", ".xls", ".xlsb", ".ods")
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


class SheetError(ValueError):
    def __init__(self, where: Where, message: str):
        super().__init__(message)
        self.problem = Problem(where, message, "cards_from")


@dataclass
class Sheet:
    """A read sheet: the header's field names and each card's cells, with where they are."""

    file: str  # as shown to the user
    name: str  # the sheet's name ("" for CSV)
    header_row: int
    columns: dict[str, int]  # field name -> column (from 1)
    rows: list[tuple[int, dict[str, Any]]]  # (row number, {field: raw cell value}) for each non-empty row

    def where(self, row: int = 0, col: int = 0) -> Cell:
        return Cell(self.file, row, col, self.name)


class SheetDoc(Doc):
    """A deck file whose cards come from a sheet: a place under `cards` is a row or a cell of the sheet,
    any other place is in the deck file."""

    def __init__(self, deck: Doc, sheet: Sheet, source: Path):
        super().__init__(deck.file, deck.data, deck.root)
        self.sheet, self.source = sheet, source

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


def read_sheet(game_dir: Path, root: Path, spec: str, at: Where) -> tuple[Sheet, Path]:
    """The sheet `spec` names (a file in the game folder); SheetError at `at` (the deck's `cards_from`)."""
    name, sheet_name = split_source(spec)
    path = game_dir / name
    if outside(root, path):
        raise SheetError(at, f"{name!r} {OUTSIDE}")
    if not os.path.exists(path):
        raise SheetError(at, f"{name!r} not found in {display_path(game_dir, root)}/")
    suffix = path.suffix.lower()
    if suffix not in (".csv", *WORKBOOKS):
        raise SheetError(at, f"{name!r}: read CSV, XLSX, XLS, XLSB or ODS files (save the sheet as one of them)")
    why = unreadable(root, path, "a spreadsheet", limits.SHEET_BYTES)
    if why is not None:
        raise SheetError(at, f"{name!r}: {why}")
    shown = display_path(path, root)
    if suffix == ".csv":
        if sheet_name:
            raise SheetError(at, f"{name!r} is a CSV file: it has no sheets (remove `#{sheet_name}`)")
        grid = _csv(path, shown)
    else:
        grid, sheet_name = _workbook(path, shown, sheet_name, at)
    return _table(grid, shown, sheet_name), path


def _csv(path: Path, shown: str) -> list[list[Any]]:
    import csv
    import io

    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SheetError(Cell(shown), "is not UTF-8 text; save it as CSV UTF-8") from None
    try:
        dialect: Any = csv.Sniffer().sniff(text[:8192], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    rows = []
    for row in csv.reader(io.StringIO(text), dialect):
        rows.append(row)
        if len(rows) > limits.SHEET_ROWS + 1:
            raise SheetError(Cell(shown), f"more than {limits.SHEET_ROWS:,} rows; split the deck")
    return rows


def _workbook(path: Path, shown: str, sheet_name: str, at: Where) -> tuple[list[list[Any]], str]:
    import zipfile

    if path.suffix.lower() != ".xls":  # a zip of XML files: bound what it unpacks to before a reader does
        try:
            with zipfile.ZipFile(path) as z:
                unpacked = sum(i.file_size for i in z.infolist())
        except (zipfile.BadZipFile, OSError):
            raise SheetError(Cell(shown), "cannot be read as a spreadsheet (not a valid XLSX or ODS file)") from None
        if unpacked > limits.SHEET_UNPACKED:
            raise SheetError(Cell(shown), f"unpacks to {unpacked / 2**20:.0f} MB; a spreadsheet may unpack to at "
                                          f"most {limits.SHEET_UNPACKED // 2**20} MB")
    from python_calamine import CalamineWorkbook

    try:
        with CalamineWorkbook.from_path(path) as book:
            names = list(book.sheet_names)
            if not names:
                raise SheetError(Cell(shown), "has no sheets")
            if sheet_name and sheet_name not in names:
                raise SheetError(at, f"no sheet {sheet_name!r} in {path.name} (sheets: {', '.join(names)})")
            sheet = book.get_sheet_by_name(sheet_name or names[0])
            if sheet.total_width > limits.SHEET_COLUMNS:
                raise SheetError(Cell(shown, 0, 0, sheet.name), f"{sheet.total_width} columns; at most "
                                 f"{limits.SHEET_COLUMNS}")
            grid = sheet.to_python(skip_empty_area=False, nrows=limits.SHEET_ROWS + 2)
            if len(grid) > limits.SHEET_ROWS + 1:
                raise SheetError(Cell(shown, 0, 0, sheet.name), f"more than {limits.SHEET_ROWS:,} rows; split the deck")
            return grid, sheet.name
    except SheetError:
        raise
    except Exception as exc:  # calamine's errors: a damaged file, a password, a format it cannot read
        raise SheetError(Cell(shown), f"cannot be read as a spreadsheet ({type(exc).__name__}: {exc})") from None


def _blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def _table(grid: list[list[Any]], shown: str, sheet_name: str) -> Sheet:
    first = next((i for i, row in enumerate(grid) if not all(_blank(v) for v in row)), None)
    if first is None:
        raise SheetError(Cell(shown, 0, 0, sheet_name), "is empty: its first row names the fields, each row below "
                                                        "is a card")
    if max(len(r) for r in grid) > limits.SHEET_COLUMNS:
        raise SheetError(Cell(shown, 0, 0, sheet_name), f"more than {limits.SHEET_COLUMNS} columns")
    columns: dict[str, int] = {}
    for c, head in enumerate(grid[first], 1):
        if _blank(head):
            continue
        key = str(head).strip()
        if key in columns:
            raise SheetError(Cell(shown, first + 1, c, sheet_name), f"column {key!r} is also column "
                                                                   f"{column_name(columns[key])}; name each field once")
        columns[key] = c
    named = set(columns.values())
    rows = []
    for r, row in enumerate(grid[first + 1:], first + 2):
        for c, value in enumerate(row, 1):
            if c not in named and not _blank(value):
                raise SheetError(Cell(shown, r, c, sheet_name), f"a value in a column with no field name; name the "
                                                               f"column in row {first + 1}")
        cells = {k: row[c - 1] for k, c in columns.items() if c <= len(row) and not _blank(row[c - 1])}
        if cells:
            rows.append((r, cells))
    return Sheet(shown, sheet_name, first + 1, columns, rows)


def typed(value: Any, kind: str) -> Any:
    """A cell as the field's type (`text`, `integer`, `number`, `boolean`, `list`, `any`, ...) when it reads
    as one; else the cell itself, for the reader to refuse with the usual message."""
    if isinstance(value, str):
        value = value.strip()
    if kind == "integer":
        if isinstance(value, float) and value.is_integer():
            return int(value)
        if isinstance(value, str) and re.fullmatch(r"[-+]?\d+(\.0*)?", value):
            return int(float(value))
    elif kind == "number":
        if isinstance(value, str):
            try:
                return float(value)
            except ValueError:
                return value
    elif kind == "boolean":
        text = str(value).strip().lower() if not isinstance(value, bool) else None
        if text in _TRUE or text in ("1.0",):
            return True
        if text in _FALSE or text in ("0.0",):
            return False
    elif kind == "list":
        if isinstance(value, str) and value[:1] == "[":  # a YAML list: `[1, 2]`, `[{item: rope, qty: 2}]`
            import yaml

            try:
                return yaml.safe_load(value)
            except yaml.YAMLError:
                return value
        if isinstance(value, str):
            return [item.strip() for item in re.split(r"[;\n]", value) if item.strip()]
    elif kind == "any":
        if isinstance(value, str) and value[:1] in "[{":
            import yaml

            try:
                return yaml.safe_load(value)
            except yaml.YAMLError:
                return value
    elif isinstance(value, float) and value.is_integer():  # text, choice: a sheet's 3.0 is "3"
        return str(int(value))
    elif not isinstance(value, str | bool | int | float):  # a date, a time
        return str(value)
    return value


def sheet_cards(doc: Doc, spec: Any, root: Path, game_dir: Path, problems: Any) -> tuple[list[dict[str, Any]], Doc]:
    """The raw cards of a deck whose `cards_from` names a sheet, each cell typed by its field, and the doc that
    places them (rows and cells); ([], doc) with the problem recorded when the sheet cannot be read."""
    at = doc.where(("cards_from",))
    if isinstance(doc.data, dict) and "cards" in doc.data:
        problems.add(at, "a deck takes its cards from `cards:` or from `cards_from:`, not both; remove one",
                     "cards_from")
        return [], doc
    try:
        sheet, path = read_sheet(game_dir, root, spec.cards_from, at)
    except SheetError as exc:
        problems.items.append(exc.problem)
        return [], doc
    kinds = {name: fs.type for name, fs in spec.fields.items()}
    kinds.update(id="text", copies="integer")
    unknown = [(name, col) for name, col in sheet.columns.items() if name not in kinds]
    for name, col in unknown:
        near = did_you_mean(name, [k for k in kinds if k not in sheet.columns])
        problems.add(sheet.where(sheet.header_row, col), f"unknown field {name!r}{near} (the deck's fields: "
                     f"{', '.join(spec.fields)}); check its spelling or declare it under `fields:` in {doc.file}")
    if unknown:  # the rows are read once the header names the deck's fields (else every row lacks the field)
        return [], SheetDoc(doc, sheet, path)
    cards = [{k: typed(v, kinds[k]) for k, v in cells.items() if k in sheet.columns} for _, cells in sheet.rows]
    return cards, SheetDoc(doc, sheet, path)


def cell_subject(problem: Problem) -> Problem:
    """`cards[3].cost` -> `cost`: the cell already says which card."""
    import dataclasses

    subject = re.sub(r"^cards\[\d+\]\.", "", problem.subject)
    return dataclasses.replace(problem, subject=subject) if subject != problem.subject else problem
