"""Stage 1, load: a spreadsheet file -> a grid of cells (rows of values), bounded before it is read.

CSV by the standard library, its separator found from the file (comma, semicolon or tab: the one
that splits the rows alike); XLSX, XLS, XLSB and ODS by python-calamine, imported only when a deck
names such a file, after what the zip unpacks to and how far its values reach have been measured
(pnp/model/spreadsheets/scan.py). Every refusal is a SheetError at the file, the sheet or the cell.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.core import bounds
from pnp.core.errors import Problem, Where


class SheetError(ValueError):
    def __init__(self, where: Where, message: str):
        super().__init__(message)
        self.problem = Problem(where, message, "cards_from")


SEPARATORS = {",": "comma", ";": "semicolon", "\t": "tab"}
_OTHERS = {"|": "a bar (|)", ":": "a colon (:)", "^": "a caret (^)"}


def _rows(text: str, sep: str, limit: int | None = None) -> list[list[str]]:
    import csv
    import io

    csv.field_size_limit(max(csv.field_size_limit(), bounds.SHEET_BYTES))  # a cell's length is checked at the cell
    rows = []
    reader = csv.reader(io.StringIO(text), delimiter=sep)
    for row in reader:
        rows.append(row)
        if limit is not None and len(rows) >= limit:
            break
        if len(rows) > bounds.SHEET_ROWS + 1:
            raise ValueError(f"more than {bounds.SHEET_ROWS:,} rows; split the deck")
    return rows


def separator(text: str) -> str | None:
    """The separator that splits the first rows into the same number of values (more than one), the most
    of them; None when no separator splits the header."""
    import csv

    best: tuple[tuple[float, int], str] | None = None
    for sep in SEPARATORS:
        try:
            rows = [r for r in _rows(text[:65536], sep, 50) if any(v.strip() for v in r)]
        except (csv.Error, ValueError):
            continue
        if len(rows) > 1 and len(rows[-1]) < len(rows[0]) and len(text) > 65536:
            rows = rows[:-1]  # the sample may end inside a row
        widths = [len(r) for r in rows]
        if not widths or max(widths) < 2:
            continue
        alike = sum(w == max(widths) for w in widths) / len(widths)
        score = (alike, max(widths))
        if best is None or score > best[0]:
            best = (score, sep)
    return best[1] if best else None


def read_csv(path: Path, shown: str) -> list[list[Any]]:
    import csv

    try:
        text = path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError:
        raise SheetError(Where(shown), "is not UTF-8 text; save it as CSV UTF-8") from None
    sep = separator(text)
    if sep is None:
        first = next((line for line in text.splitlines() if line.strip()), "")
        found = [name for ch, name in _OTHERS.items() if ch in first]
        if found:
            raise SheetError(Where(shown, 1), f"its values are separated by {found[0]}: pnp reads CSV files "
                             "separated by commas, semicolons or tabs; save it again as CSV")
        sep = ","  # one column
    try:
        return _rows(text, sep)
    except csv.Error as exc:
        raise SheetError(Where(shown), f"cannot be read as CSV ({exc})") from None
    except ValueError as exc:
        raise SheetError(Where(shown), str(exc)) from None


def read_workbook(path: Path, shown: str, sheet_name: str, at: Where,
                  cell: Any) -> tuple[list[list[Any]], str, dict[tuple[int, int], str]]:
    """The grid of sheet `sheet_name` (or the first), its name and its formulas without a saved value.
    `cell(shown, row, col, sheet)` makes the place of a cell."""
    import zipfile
    import zlib

    from pnp.model.spreadsheets.scan import Scan, TooFar, scan_ods, scan_xlsb, scan_xlsx

    suffix = path.suffix.lower()
    book_zip = None
    if suffix != ".xls":  # a zip of XML files (XLSB's are binary records): bound what it unpacks to first
        try:
            book_zip = zipfile.ZipFile(path)
            unpacked = sum(i.file_size for i in book_zip.infolist())
        except (zipfile.BadZipFile, OSError):
            raise SheetError(Where(shown), "cannot be read as a spreadsheet (not a valid XLSX or ODS file)") from None
        if unpacked > bounds.SHEET_UNPACKED:
            raise SheetError(Where(shown), f"unpacks to {unpacked / 2**20:.0f} MB; a spreadsheet may unpack to at "
                                           f"most {bounds.SHEET_UNPACKED // 2**20} MB")
        from pnp.model.spreadsheets.zip_guard import Unpacked, measure

        try:  # what the headers claim is no bound: what the members inflate to is, measured before they are read
            measure(path, book_zip)
        except (Unpacked, OSError, zlib.error) as exc:
            book_zip.close()
            said = str(exc) if isinstance(exc, Unpacked) else f"cannot be read as a spreadsheet ({exc})"
            raise SheetError(Where(shown), said) from None
    try:
        from python_calamine import CalamineWorkbook
    except ImportError:
        from pnp.core.extras import install

        raise SheetError(Where(shown), f"reading an XLSX, XLS or ODS sheet needs python-calamine, an optional extra: "
                                       f"{install('sheets')} (or save the sheet as CSV, which needs nothing)") from None

    name = sheet_name
    try:
        scan = Scan()  # before the reader opens the file: it reads every sheet of an ODS file at once
        if book_zip is not None and suffix in (".xlsx", ".xlsm"):
            scan = scan_xlsx(book_zip, sheet_name)
        elif book_zip is not None and suffix == ".ods":
            scan = scan_ods(book_zip, sheet_name)
        elif book_zip is not None and suffix == ".xlsb":
            scan = scan_xlsb(book_zip, sheet_name)
        with CalamineWorkbook.from_path(path) as book:
            names = list(book.sheet_names)
            if not names:
                raise SheetError(Where(shown), "has no sheets")
            if sheet_name and sheet_name not in names:
                raise SheetError(at, f"no sheet {sheet_name!r} in {path.name} (sheets: {', '.join(names)})")
            name = sheet_name or names[0]
            sheet = book.get_sheet_by_name(name)
            if sheet.total_width > bounds.SHEET_COLUMNS:
                raise SheetError(cell(shown, 0, 0, name), f"{sheet.total_width} columns; at most "
                                 f"{bounds.SHEET_COLUMNS}")
            grid = sheet.to_python(skip_empty_area=False, nrows=bounds.SHEET_ROWS + 2)
            if len(grid) > bounds.SHEET_ROWS + 1:
                raise SheetError(cell(shown, 0, 0, name), f"more than {bounds.SHEET_ROWS:,} rows; split the deck")
            return grid, name, scan.unsaved
    except SheetError:
        raise
    except TooFar as exc:
        raise SheetError(cell(shown, exc.row, exc.col, exc.sheet or name), str(exc)) from None
    except Exception as exc:  # calamine's errors: a damaged file, a password, a format it cannot read; bad XML
        raise SheetError(Where(shown), f"cannot be read as a spreadsheet ({type(exc).__name__}: {exc})") from None
    finally:
        if book_zip is not None:
            book_zip.close()
