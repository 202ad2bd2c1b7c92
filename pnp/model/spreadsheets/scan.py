"""Stage 1, load: a workbook's sheet measured before a reader opens it.

python-calamine holds a sheet as a dense grid from A1 to its farthest value: one value at XFD1048576
asks for half a terabyte and aborts the process, whatever the file's `<dimension>` claims. So the
sheet's XML is looked through first (searched where it is written as spreadsheet programs write it,
else parsed by expat, no DTD, no entities), every value's place found as the reader would find it
(`r="C12"`, or the next cell; ODS's repeated rows and columns counted), and a value past the sheet's
bounds is refused at its cell before anything is read. The same pass notes
the formulas saved without their value (a file written by a program that does not compute), which
the reader would show as empty cells.
"""

from __future__ import annotations

import re
import zipfile
from dataclasses import dataclass, field
from posixpath import join, normpath
from typing import Any

from pnp.core import bounds

_REF = re.compile(r"([A-Za-z]{1,3})(\d{1,7})$")
_SMALL_XML = 8 * 1024 * 1024  # workbook.xml and its relations list the sheets: a few kB


@dataclass
class Scan:
    """What the sheet holds before it is read: its extent and its formulas without a saved value."""

    rows: int = 0
    cols: int = 0
    unsaved: dict[tuple[int, int], str] = field(default_factory=dict)  # (row, col) -> the formula


class TooFar(ValueError):
    """A value past the bounds: its (row, col) and what to say."""

    def __init__(self, row: int, col: int, message: str):
        super().__init__(message)
        self.row, self.col, self.sheet = row, col, ""


def _column(letters: str) -> int:
    col = 0
    for ch in letters.upper():
        col = col * 26 + ord(ch) - 64
    return col


def _check(row: int, col: int, scan: Scan) -> None:
    if row > bounds.SHEET_ROWS + 1:
        raise TooFar(row, col, f"more than {bounds.SHEET_ROWS:,} rows; split the deck (a value at row {row:,}: "
                               "delete what lies below the cards)")
    if col > bounds.SHEET_COLUMNS:
        raise TooFar(row, col, f"more than {bounds.SHEET_COLUMNS} columns (a value at column {col:,}): delete what "
                               "lies right of the cards, or move the cards to a sheet of their own")
    scan.rows, scan.cols = max(scan.rows, row), max(scan.cols, col)


def _parser(start: Any, end: Any, text: Any = None) -> Any:
    import xml.parsers.expat

    parser = xml.parsers.expat.ParserCreate(namespace_separator=" ")
    parser.buffer_text = True

    def no_dtd(*_: object) -> None:
        raise ValueError("a DOCTYPE in a spreadsheet's XML")

    parser.StartDoctypeDeclHandler = no_dtd
    parser.StartElementHandler = lambda name, attrs: start(name.rpartition(" ")[2], attrs)
    parser.EndElementHandler = lambda name: end(name.rpartition(" ")[2])
    if text is not None:
        parser.CharacterDataHandler = text
    return parser


def _feed(book: zipfile.ZipFile, member: str, parser: Any, sheet: Any) -> None:
    """Stream `member` through `parser`; a TooFar raised on the way names the sheet (`sheet()`)."""
    try:
        with book.open(member) as stream:
            while chunk := stream.read(1 << 20):
                parser.Parse(chunk, False)
        parser.Parse(b"", True)
    except TooFar as exc:
        exc.sheet = sheet()
        raise


def _xlsx_member(book: zipfile.ZipFile, sheet: str) -> tuple[str, str]:
    """The XML file of sheet `sheet` (by name; "": the first) and its name, from xl/workbook.xml and its
    relations."""
    import xml.etree.ElementTree as ET

    def small(name: str) -> Any:
        if book.getinfo(name).file_size > _SMALL_XML:
            raise ValueError(f"{name} is too large")
        return ET.fromstring(book.read(name))

    ids: dict[str, str | None] = {}
    for el in small("xl/workbook.xml").iter():
        if el.tag.rpartition("}")[2] == "sheet":
            ids[el.get("name", "")] = next((v for k, v in el.attrib.items() if k.rpartition("}")[2] == "id"), None)
    targets = {el.get("Id"): el.get("Target", "") for el in small("xl/_rels/workbook.xml.rels").iter()}
    sheet = sheet or next(iter(ids), "")
    target = targets.get(ids.get(sheet), "")
    return normpath(target.lstrip("/") if target.startswith("/") else join("xl", target)) if target else "", sheet


_CELL = b'<c r="'
_FAR = re.compile(rb'<c r="(?:([A-Z]{1,3})([0-9]{5,7})|([A-Z]{3}|I[W-Z]|[J-Z][A-Z])[0-9])')  # row 10000+, column IW+
_UNSAVED = re.compile(rb'<c r="([A-Z]{1,3})([0-9]{1,7})"[^>]*>\s*<f\b[^>]*?(?:/>|>([^<]*)</f>)'
                      rb'\s*(?:<v\s*/>|<v>\s*</v>)?\s*</c>')


def _xlsx_quick(xml: bytes) -> Scan | None:
    """The scan of a sheet written as spreadsheet programs write one (every cell placed by `r`, first, no
    prefixes), by searching the text: a tenth of the time a parse takes. None when the sheet is written
    otherwise or may reach past the bounds (the parse then says where)."""
    if xml.count(_CELL) != xml.count(b"<c ") + xml.count(b"<c>") or b":c " in xml:
        return None
    for far in _FAR.finditer(xml):
        if far[3] or int(far[2]) > bounds.SHEET_ROWS + 1:
            return None
    scan = Scan()
    if b"<f" in xml:
        for col, row, formula in _UNSAVED.findall(xml):
            scan.unsaved[(int(row), _column(col.decode()))] = formula.decode("utf-8", "replace")[:200]
    return scan


def scan_xlsx(book: zipfile.ZipFile, sheet: str) -> Scan:
    """The extent and unsaved formulas of an XLSX sheet (`sheet`, or the first); TooFar at the first value
    past the bounds."""
    member, sheet = _xlsx_member(book, sheet)
    if not member or member not in book.namelist():
        return Scan()  # the reader says what is wrong with the workbook
    quick = _xlsx_quick(book.read(member))
    if quick is not None:
        return quick
    scan = Scan()
    at: dict[str, Any] = {"row": 0, "col": 0, "value": False, "formula": None, "text": None}

    def start(tag: str, attrs: dict[str, str]) -> None:
        if tag == "row":
            r = attrs.get("r")
            at["row"] = int(r) if r and r.isdigit() else at["row"] + 1
            at["col"] = 0
        elif tag == "c":
            ref = _REF.match(attrs.get("r", ""))
            if ref:
                at["row"], at["col"] = int(ref[2]), _column(ref[1])
            else:
                at["col"] += 1
            at["value"], at["formula"] = False, None
        elif tag in ("v", "is"):
            at["value"] = tag == "is"
            at["text"] = "" if tag == "v" else None
        elif tag == "f":
            at["formula"], at["text"] = "", ""

    def text(data: str) -> None:
        if at["text"] is not None and len(at["text"]) < 200:
            at["text"] += data

    def end(tag: str) -> None:
        if tag == "v":
            at["value"] = bool(at["text"]) or at["value"]
            at["text"] = None
        elif tag == "f":
            at["formula"], at["text"] = at["text"], None
        elif tag == "c" and (at["value"] or at["formula"] is not None):
            _check(at["row"], at["col"], scan)
            if not at["value"]:
                scan.unsaved[(at["row"], at["col"])] = at["formula"] or ""

    _feed(book, member, _parser(start, end, text), lambda: sheet)
    return scan


_ODS_TAG = re.compile(rb'<(/?)table:(table-row|table-cell|covered-table-cell|table)(?=[\s/>])([^>]*)>')


_ROWS, _COLS = b'table:number-rows-repeated="', b'table:number-columns-repeated="'


def _get(attrs: bytes, name: bytes) -> bytes | None:
    """The value of attribute `name` (`b'table:formula="'`) in a tag's attribute text."""
    at = attrs.find(name)
    return None if at < 0 else attrs[at + len(name):attrs.find(b'"', at + len(name))]


def scan_ods(book: zipfile.ZipFile, sheet: str) -> Scan:
    """The extent and unsaved formulas of an ODS sheet (`sheet`, or the first); TooFar as scan_xlsx.
    Its tags are found by searching the text, with their `table:` names, as the reader finds them (a
    parse that called back for every element took ten times the reader's time)."""
    from html import unescape

    if "content.xml" not in book.namelist():
        return Scan()  # the reader says what is wrong
    xml = book.read("content.xml")
    scan = Scan()
    tables = inside = row = col = 0
    rows, name, cell = 1, "", None
    try:
        for m in _ODS_TAG.finditer(xml):
            closing, tag, attrs = m[1], m[2], m[3]
            if tag == b"table":
                if closing:
                    inside = 0
                    continue
                tables += 1
                name = unescape((_get(attrs, b'table:name="') or b"").decode("utf-8", "replace"))
                inside, row = (name == sheet) if sheet else tables == 1, 0
            elif not inside:
                continue
            elif tag == b"table-row":
                if closing or attrs[-1:] == b"/":
                    row += rows if closing else int(_get(attrs, _ROWS) or 1)
                else:
                    rows, col = int(_get(attrs, _ROWS) or 1), 0
            elif not closing:  # a cell: its value is said by a type, or written inside it
                cell = (col + 1, int(_get(attrs, _COLS) or 1) if attrs else 1, b"value-type" in attrs,
                        _get(attrs, b'table:formula="') if attrs else None, m.end())
                col += cell[1]
                if attrs[-1:] == b"/":
                    _ods_cell(scan, row, rows, cell, False)
                    cell = None
            elif cell is not None:
                _ods_cell(scan, row, rows, cell, xml.find(b"<text:p", cell[4], m.start()) >= 0)
                cell = None
    except TooFar as exc:
        exc.sheet = name
        raise
    return scan


def _ods_cell(scan: Scan, row: int, rows: int, cell: tuple, written: bool) -> None:
    first, cols, typed, formula, _ = cell
    if typed or written or formula:
        if row + rows > scan.rows or first + cols - 1 > scan.cols:
            _check(row + rows, first + cols - 1, scan)
        if formula and not (typed or written):
            text = formula.decode("utf-8", "replace")
            scan.unsaved[(row + 1, first)] = text.partition("=")[2] or text


_XLSB_CELLS = frozenset(range(2, 12)) | {62}  # BrtCellRk ... BrtFmlaError, BrtCellRString: a cell with a value


def _records(data: bytes) -> Any:
    """An XLSB part's records: (type, start, size), each header's type and size 7 bits a byte (MS-XLSB 2.1.4)."""
    at, end = 0, len(data)
    while at < end:
        kind = data[at]
        at += 1
        if kind & 0x80 and at < end:
            kind = (kind & 0x7F) | (data[at] & 0x7F) << 7
            at += 1
        size = shift = 0
        for _ in range(4):
            if at >= end:
                return
            byte = data[at]
            at += 1
            size |= (byte & 0x7F) << shift
            shift += 7
            if not byte & 0x80:
                break
        yield kind, at, size
        at += size


def _wide(data: bytes, at: int) -> tuple[str, int]:
    """An XLWideString at `at`: the text and where it ends."""
    count = int.from_bytes(data[at:at + 4], "little")
    if count == 0xFFFFFFFF:
        return "", at + 4
    return data[at + 4:at + 4 + 2 * count].decode("utf-16-le", "replace"), at + 4 + 2 * count


def _xlsb_member(book: zipfile.ZipFile, sheet: str) -> tuple[str, str]:
    """The binary part of sheet `sheet` ("": the first) and its name, from xl/workbook.bin (BrtBundleSh)."""
    import xml.etree.ElementTree as ET

    if book.getinfo("xl/workbook.bin").file_size > _SMALL_XML:
        raise ValueError("xl/workbook.bin is too large")
    data = book.read("xl/workbook.bin")
    ids: dict[str, str] = {}
    for kind, at, _ in _records(data):
        if kind == 156:  # BrtBundleSh: hsState, iTabID, strRelID, strName
            rel, after = _wide(data, at + 8)
            ids.setdefault(_wide(data, after)[0], rel)
    targets = {el.get("Id"): el.get("Target", "") for el in ET.fromstring(book.read("xl/_rels/workbook.bin.rels"))
               .iter()}
    sheet = sheet or next(iter(ids), "")
    target = targets.get(ids.get(sheet), "")
    return normpath(target.lstrip("/") if target.startswith("/") else join("xl", target)) if target else "", sheet


def scan_xlsb(book: zipfile.ZipFile, sheet: str) -> Scan:
    """The extent of an XLSB sheet (`sheet`, or the first), from its row headers and cells; TooFar as
    scan_xlsx. (Formulas are saved with their value in XLSB.)"""
    member, sheet = _xlsb_member(book, sheet)
    scan = Scan()
    if not member or member not in book.namelist():
        return scan
    data, row = book.read(member), 0
    try:
        for kind, at, size in _records(data):
            if kind == 0 and size >= 4:  # BrtRowHdr: the row (from 0) of the cells that follow
                row = int.from_bytes(data[at:at + 4], "little") + 1
            elif kind in _XLSB_CELLS and size >= 4:
                col = int.from_bytes(data[at:at + 4], "little") + 1
                if row > scan.rows or col > scan.cols:
                    _check(row, col, scan)
    except TooFar as exc:
        exc.sheet = sheet
        raise
    return scan
