"""The live page's edit of a card whose deck is a CSV file (`cards_from: cards.csv`): one cell rewritten.

Only where it is safe: the row is found by its number (a quoted cell may hold line breaks), and it must read
back exactly as Python's csv module writes it (same separator, quotes only where needed), or the edit is
refused rather than rewriting cells the designer did not touch. The rest of the file is kept byte for byte,
and the result is read again: the same grid but for that one cell. XLSX and ODS files are not written.
"""

from __future__ import annotations

import csv
import io

from pnp.core.errors import InputError, Problem, Where


def set_cell(text: str, file: str, row: int, col: int, value: str) -> str:
    """`text` (a CSV file) with the cell at `row`, `col` (both from 1, as pnp names a cell) set to `value`."""
    from pnp.model.spreadsheets.files import separator

    sep = separator(text) or ","
    spans = _records(text, sep)
    if not 1 <= row <= len(spans):
        raise InputError([Problem(Where(file, row), "no such row any more (the file changed since the page was "
                                  "drawn): wait for the page to redraw")])
    start, end = spans[row - 1]
    record = text[start:end]
    body = record.rstrip("\r\n")
    ending = record[len(body):]
    cells = next(csv.reader([body], delimiter=sep)) if body else []
    if _written(cells, sep) != body or not 1 <= col <= len(cells):
        raise InputError([Problem(Where(file, row), "this row is written in a way that rewriting one cell would "
                                  "change (its quotes or spaces): edit it in your spreadsheet program")])
    cells[col - 1] = value
    new = text[:start] + _written(cells, sep) + ending + text[end:]
    old_grid, new_grid = _grid(text, sep), _grid(new, sep)
    old_grid[row - 1][col - 1] = value
    if old_grid != new_grid:
        raise InputError([Problem(Where(file, row), "this cell cannot be written without changing another: edit "
                                  "it in your spreadsheet program")])
    return new


def _written(cells: list[str], sep: str) -> str:
    out = io.StringIO()
    csv.writer(out, delimiter=sep, lineterminator="").writerow(cells)
    return out.getvalue()


def _records(text: str, sep: str) -> list[tuple[int, int]]:
    """Each record's (start, end) in `text`, its line break included."""
    lines = text.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    reader = csv.reader(iter(lines), delimiter=sep)
    spans, before = [], 0
    for _ in reader:
        spans.append((offsets[before], offsets[reader.line_num]))
        before = reader.line_num
    return spans


def _grid(text: str, sep: str) -> list[list[str]]:
    return [list(r) for r in csv.reader(io.StringIO(text), delimiter=sep)]
