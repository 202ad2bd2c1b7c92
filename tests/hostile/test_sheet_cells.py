"""Spreadsheet cells bounded like YAML values, and sheets read as designers keep them.

Each hostile sheet (a huge field, a list nested past any card's need, an alias bomb in a cell, one value
at the far corner of a workbook) is refused at its cell, in a process that stays small; headers match
fields without regard to case and spaces, a title row is skipped, the CSV separator is found, and a
formula saved without its value says how to fix it."""

from __future__ import annotations

import time
import zipfile
from pathlib import Path
from typing import Any

import pytest

from pnp.model.spreadsheets.decks import column_name

from conftest import edit, run_measured, run_pnp

LIST_DECK = "  flavor: {type: text, required: false}\n  tags: {type: list, required: false}\n"
BOMB = "[" + ", ".join(f"&a{i} [" + ", ".join([f"*a{i - 1}" if i else "x"] * 9) + "]" for i in range(9)) + "]"


def point_deck(project: Path, source: str, tags: bool = True) -> None:
    """The mini game's spells deck takes its cards from `source` (a file in cards/mini/), with a list field."""
    deck = project / "cards/mini/spells.yaml"
    text = deck.read_text()
    if tags:
        text = text.replace("  flavor: {type: text, required: false}\n", LIST_DECK)
    deck.write_text(text[:text.index("cards:")] + f"cards_from: {source}\n")


def xlsx(path: Path, cells: dict[tuple[int, int], Any], sheet: str = "Spells") -> None:
    import xlsxwriter

    book = xlsxwriter.Workbook(str(path))
    ws = book.add_worksheet(sheet)
    for (r, c), value in cells.items():
        ws.write(r, c, value)
    book.close()


def rewrite(path: Path, member_end: str, old: bytes, new: bytes) -> None:
    """Replace `old` with `new` in the zip member whose name ends with `member_end` (a hand-made file)."""
    members = {}
    with zipfile.ZipFile(path) as z:
        for info in z.infolist():
            data = z.read(info.filename)
            members[info.filename] = data.replace(old, new) if info.filename.endswith(member_end) else data
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in members.items():
            z.writestr(name, data)


def ods(path: Path, rows: list[tuple[list[Any], int, int]]) -> None:
    """An ODS sheet `Spells`: each row's values, how many times the row repeats, and the last cell's repeats."""
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Spells")
    for values, repeat_row, repeat_last in rows:
        tr = TableRow(numberrowsrepeated=repeat_row) if repeat_row > 1 else TableRow()
        for i, value in enumerate(values):
            last = i == len(values) - 1 and repeat_last > 1
            cell = TableCell(valuetype="string", numbercolumnsrepeated=repeat_last) if last else TableCell(
                valuetype="string")
            cell.addElement(P(text=str(value)))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))


HEAD = ["id", "name", "cost", "text"]


def far_xlsx(p: Path) -> None:
    xlsx(p, {(0, 0): "id", (0, 1): "name", (1, 0): "a", (1, 1): "A", (1_048_575, 16_383): "x"})


def lying_xlsx(p: Path) -> None:  # its <dimension> says A1:B2; the reader goes by the cells
    far_xlsx(p)
    rewrite(p, "sheet1.xml", b'<dimension ref="A1:XFD1048576"/>', b'<dimension ref="A1:B2"/>')


def far_column_xlsx(p: Path) -> None:
    xlsx(p, {(0, 0): "id", (1, 0): "a", (1, 9000): "x"})


def far_row_ods(p: Path) -> None:
    ods(p, [(HEAD, 1, 1), (["a", "A", "1", "t"], 1, 1), (["x"], 1_000_000, 1)])


def far_column_ods(p: Path) -> None:
    ods(p, [(HEAD, 1, 1), (["a", "A", "1", "t"], 1, 16_000)])


HOSTILE = [  # (sheet file, how to write it, the cell named, what is said)
    ("s.csv", lambda p: p.write_text('id,name,cost,text\nfire,Fire,3,"' + "x" * 200_000 + '"\n'),
     "cards/mini/s.csv!D2: cards_from: 200,000 characters; a cell may hold at most 32,767"),
    ("s.csv", lambda p: p.write_text('id,name,cost,text,tags\nfire,Fire,3,hi,"' + "[" * 50_000 + "]" * 50_000 + '"\n'),
     "cards/mini/s.csv!E2: cards_from: 100,000 characters"),
    ("s.csv", lambda p: p.write_text('id,name,cost,text,tags\nfire,Fire,3,hi,"' + "[" * 10_000 + "]" * 10_000 + '"\n'),
     "cards/mini/s.csv!E2: tags: a list nested more than 64 levels deep"),
    ("s.csv", lambda p: p.write_text(f'id,name,cost,text,tags\nfire,Fire,3,hi,"{BOMB}"\n'),
     "cards/mini/s.csv!E2: tags: a YAML alias (*a0) in a cell; write the values out"),
    ("s.xlsx", far_xlsx, "cards/mini/s.xlsx#Spells!XFD1048576: cards_from: more than 10,000 rows; split the deck"),
    ("s.xlsx", lying_xlsx, "cards/mini/s.xlsx#Spells!XFD1048576: cards_from: more than 10,000 rows"),
    ("s.xlsx", far_column_xlsx, f"cards/mini/s.xlsx#Spells!{column_name(9001)}2: cards_from: more than 256 columns "
                                "(a value at column 9,001)"),
    ("s.ods", far_row_ods, "cards/mini/s.ods#Spells!A1000002: cards_from: more than 10,000 rows"),
    ("s.ods", far_column_ods, f"cards/mini/s.ods#Spells!{column_name(16_003)}2: cards_from: more than 256 columns"),
]


@pytest.mark.parametrize("name, write, said", HOSTILE, ids=["long-field", "deep-50000", "deep-10000", "alias-bomb",
                                                             "far-xlsx", "lying-dimension", "far-column-xlsx",
                                                             "far-row-ods", "far-column-ods"])
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="peak memory is read from /proc")
def test_a_hostile_sheet_is_refused_at_its_cell_in_a_small_process(project: Path, name: str, write, said: str):
    write(project / "cards/mini" / name)
    point_deck(project, name)
    code, err, peak_mb = run_measured(project, "check", "mini")
    assert code == 2, err
    assert said in err, err
    assert "Traceback" not in err and err.splitlines()[-1] == "1 error", err
    assert peak_mb < 300, f"peak memory {peak_mb} MB"


def lying_bomb(path: Path, member_end: str, megabytes: int, claims: int = 1000) -> None:
    """An XLSX whose member `member_end` is `megabytes` MB of spaces (well-formed XML, a file of about 1 kB per MB)
    that its local header and the zip's directory say is `claims` bytes: written by hand, a piece at a time."""
    import struct
    import zlib

    xlsx(path, {(0, 0): "id", (0, 1): "name", (1, 0): "a", (1, 1): "A"})
    with zipfile.ZipFile(path) as z:
        members = {i.filename: z.read(i.filename) for i in z.infolist()}
    out, directory = bytearray(), bytearray()
    for name, data in members.items():
        pack, crc, size = zlib.compressobj(9, zlib.DEFLATED, -15), 0, 0
        body = bytearray()
        parts = [data]
        if name.endswith(member_end):
            at = data.index(b"<sheetData") if b"<sheetData" in data else data.index(b"<sst")
            parts = [data[:at], *([b" " * 2**20] * megabytes), data[at:]]
        for part in parts:
            body += pack.compress(part)
            crc, size = zlib.crc32(part, crc), size + len(part)
        body += pack.flush()
        said = claims if name.endswith(member_end) else size
        head = struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(body), said, len(name), 0)
        directory += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(body), said,
                                 len(name), 0, 0, 0, 0, 0, len(out)) + name.encode()
        out += head + name.encode() + body
    end = struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members), len(directory), len(out), 0)
    path.write_bytes(bytes(out + directory + end))


@pytest.mark.parametrize(("member", "megabytes", "said"), [
    ("sheet1.xml", 300, "cards/mini/s.xlsx: cards_from: unpacks to more than 256 MB (its headers say 13 kB: "
                        "xl/worksheets/sheet1.xml alone is larger than its header says); a spreadsheet may unpack to "
                        "at most 256 MB"),
    ("sharedStrings.xml", 300, "cards/mini/s.xlsx: cards_from: unpacks to more than 256 MB (its headers say 14 kB: "
                               "xl/sharedStrings.xml alone is larger than its header says); a spreadsheet may unpack "
                               "to at most 256 MB"),
    ("sheet1.xml", 20, "cards/mini/s.xlsx: cards_from: xl/worksheets/sheet1.xml unpacks to 20,972,"),
], ids=["sheet-past-the-bound", "strings-past-the-bound", "sheet-larger-than-said"])
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="peak memory is read from /proc")
def test_a_zip_bomb_with_lying_headers_is_refused_as_it_is_inflated(project: Path, member: str, megabytes: int,
                                                                   said: str):
    """The headers' sum was the only bound: a sheet that claims 1 kB and inflates to 300 MB passed it, and the
    scan's whole-member read (Python's zipfile inflates all of a member before cutting it at the claimed size)
    peaked at 1.8 GB. Each member is now inflated a piece at a time and counted, before anything reads it."""
    lying_bomb(project / "cards/mini/s.xlsx", member, megabytes)
    assert (project / "cards/mini/s.xlsx").stat().st_size < 2 * 2**20
    point_deck(project, "s.xlsx", tags=False)
    started = time.monotonic()
    code, err, peak_mb = run_measured(project, "check", "mini")
    assert time.monotonic() - started < 30
    assert code == 2, err
    assert err.splitlines()[0].startswith(said), err
    assert "Traceback" not in err and err.splitlines()[-1] == "1 error", err
    assert peak_mb < 100, f"peak memory {peak_mb} MB"


def test_headers_match_fields_whatever_their_case_and_spaces(project: Path):
    (project / "cards/mini/s.csv").write_text("ID, Name ,COST,Text,  Copies\nfire,Fire,3,Burn.,1\nice,Ice,2,Cold.,1\n")
    point_deck(project, "s.csv", tags=False)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 0, result.err
    (project / "cards/mini/s.csv").write_text("id,name,Cots,text\nfire,Fire,3,Burn.\n")
    result = run_pnp("--root", str(project), "check", "mini")
    assert "cards/mini/s.csv!C1: unknown field 'Cots'; did you mean 'cost'?" in result.err, result.err


def test_a_title_row_above_the_header_is_skipped_or_named_by_header_row(project: Path):
    (project / "cards/mini/s.csv").write_text("Spells of the mini game,,,\n,,,\nname,cost,text,id\nFire,3,Burn.,fire\n")
    point_deck(project, "s.csv", tags=False)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 0, result.err
    (project / "cards/mini/s.csv").write_text("name,cost,text,id\nFire,3,Burn.,fire\n,,,\nname,cost,text,id\n"
                                              "Ice,x,Cold.,ice\n")
    edit(project / "cards/mini/spells.yaml", "cards_from: s.csv", "cards_from: s.csv\nheader_row: 4")
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2 and "cards/mini/s.csv!B5: cost: expected an integer, got 'x'" in result.err, result.err
    edit(project / "cards/mini/spells.yaml", "header_row: 4", "header_row: 3")
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2 and "header_row: 3: that row is empty" in result.err, result.err


@pytest.mark.parametrize("sep", [";", "\t", ","])
def test_the_csv_separator_is_found(project: Path, sep: str):
    rows = [["id", "name", "cost", "text"], ["fire", "Fire", "3", "Burn, then rest."], ["ice", "Ice", "2", "Cold."]]
    text = "".join(sep.join(f'"{v}"' if sep == "," and "," in v else v for v in r) + "\n" for r in rows)
    (project / "cards/mini/s.csv").write_text(text)
    point_deck(project, "s.csv", tags=False)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 0, result.err


def test_a_csv_separated_otherwise_is_said_at_its_file(project: Path):
    (project / "cards/mini/s.csv").write_text("id|name|cost|text\nfire|Fire|3|Burn.\n")
    point_deck(project, "s.csv", tags=False)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2
    assert result.err.splitlines()[0] == ("cards/mini/s.csv:1: cards_from: its values are separated by a bar (|): pnp "
                                          "reads CSV files separated by commas, semicolons or tabs; save it again as "
                                          "CSV"), result.err


def test_a_formula_without_its_saved_value_says_how_to_fix_it(project: Path):
    path = project / "cards/mini/s.xlsx"
    import xlsxwriter

    book = xlsxwriter.Workbook(str(path))
    ws = book.add_worksheet("Spells")
    ws.write_row(0, 0, HEAD)
    ws.write_row(1, 0, ["fire", "Fire"])
    ws.write_formula(1, 2, "=1+2")
    ws.write(1, 3, "Burn.")
    book.close()
    rewrite(path, "sheet1.xml", b"</f><v>0</v>", b"</f>")  # as a program that does not compute writes it
    point_deck(project, "s.xlsx#Spells", tags=False)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2
    assert result.err.splitlines()[0] == (
        "cards/mini/s.xlsx#Spells!C2: cards_from: a formula (=1+2) with no saved value: the program that wrote the "
        "file did not compute it; open the file in your spreadsheet program and save it again"), result.err


def test_a_formula_without_its_value_in_ods_too(project: Path):
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Spells")
    for values in (HEAD, ["fire", "Fire", None, "Burn."]):
        tr = TableRow()
        for value in values:
            cell = TableCell(formula="of:=1+2") if value is None else TableCell(valuetype="string")
            if value is not None:
                cell.addElement(P(text=value))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(project / "cards/mini/s.ods"))
    point_deck(project, "s.ods", tags=False)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2 and "cards/mini/s.ods#Spells!C2: cards_from: a formula (=1+2) with no saved value" \
        in result.err, result.err


def test_cells_in_a_list_field_stay_lists(project: Path):
    (project / "cards/mini/s.csv").write_text('id,name,cost,text,tags\nfire,Fire,3,Burn.,"[hot, red]"\n'
                                              "ice,Ice,2,Cold.,blue; cold\n")
    point_deck(project, "s.csv")
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 0, result.err
    (project / "cards/mini/s.csv").write_text('id,name,cost,text,tags\nfire,Fire,3,Burn.,"[hot, red"\n')
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2 and "cards/mini/s.csv!E2: tags: a list in brackets that YAML cannot read" in result.err
    assert result.err.count("s.csv!E2") == 1, result.err  # said once: not again as `expected a list`


def _record(kind: int, payload: bytes) -> bytes:
    """An XLSB record: its type and size written 7 bits a byte, then its payload."""
    def varint(n: int) -> bytes:
        out = bytearray()
        while True:
            out.append(n & 0x7F | (0x80 if n > 0x7F else 0))
            n >>= 7
            if not n:
                return bytes(out)
    return varint(kind) + varint(len(payload)) + payload


def test_an_xlsb_sheet_is_measured_before_it_is_read(tmp_path: Path):
    from pnp.model.spreadsheets.scan import TooFar, scan_xlsb

    def wide(text: str) -> bytes:
        return len(text).to_bytes(4, "little") + text.encode("utf-16-le")

    def book(far_row: int) -> zipfile.ZipFile:
        path = tmp_path / f"b{far_row}.xlsb"
        cells = b"".join(_record(0, r.to_bytes(4, "little") + bytes(8))  # a row header, then a number cell
                         + _record(5, c.to_bytes(4, "little") + bytes(12)) for r, c in ((0, 0), (1, 2), (far_row, 0)))
        with zipfile.ZipFile(path, "w") as z:
            z.writestr("xl/workbook.bin", _record(156, bytes(8) + wide("rId1") + wide("Spells")))
            z.writestr("xl/_rels/workbook.bin.rels", '<Relationships xmlns="http://schemas.openxmlformats.org/package/'
                       '2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.bin"/></Relationships>')
            z.writestr("xl/worksheets/sheet1.bin", cells)
        return zipfile.ZipFile(path)

    assert (scan_xlsb(book(5), "").rows, scan_xlsb(book(5), "Spells").cols) == (6, 3)
    with pytest.raises(TooFar) as far:
        scan_xlsb(book(1_048_575), "")
    assert (far.value.row, far.value.col, far.value.sheet) == (1_048_576, 1, "Spells")
