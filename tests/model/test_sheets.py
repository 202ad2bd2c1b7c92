"""Decks read from spreadsheets: the same cards from CSV, XLSX or ODS print the same PDF as from YAML, and
every mistake is named by its file, sheet and cell."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest
import yaml

from pnp.core import bounds
from pnp.model.spreadsheets.decks import column_name, typed

from conftest import edit, run_pnp

HEADER = ["id", "name", "cost", "text", "flavor", "copies"]
ROWS: list[list[Any]] = [  # the mini game's spells (tests/data/proj/cards/mini/spells.yaml), as a sheet
    ["fireball", "Fireball", 3, "Deal :damage: to a **Room**. Add 1 Damage Token.", "", ""],
    ["", "Frost Nova", 2, "All Rooms *freeze*: each Room gains 1 Damage Token.", "Cold.", ""],
    ["blink", "Blink", 1, "Move.", "", 1],
]


def write_csv(path: Path, rows: list[list[Any]]) -> None:
    with open(path, "w", newline="") as f:
        csv.writer(f).writerows([HEADER, *rows])


def write_xlsx(path: Path, rows: list[list[Any]]) -> None:
    import xlsxwriter

    book = xlsxwriter.Workbook(str(path))
    book.add_worksheet("Notes").write(0, 0, "the cards are on the next sheet")
    sheet = book.add_worksheet("Spells")
    for r, row in enumerate([HEADER, *rows]):
        for c, value in enumerate(row):
            if value != "":
                sheet.write(r, c, value)
    book.close()


def write_ods(path: Path, rows: list[list[Any]]) -> None:
    from odf.opendocument import OpenDocumentSpreadsheet
    from odf.table import Table, TableCell, TableRow
    from odf.text import P

    doc = OpenDocumentSpreadsheet()
    table = Table(name="Spells")
    for row in [HEADER, *rows]:
        tr = TableRow()
        for value in row:
            number = isinstance(value, int)
            cell = TableCell(valuetype="float", value=value) if number else TableCell(valuetype="string")
            if value != "":
                cell.addElement(P(text=str(value)))
            tr.addElement(cell)
        table.addElement(tr)
    doc.spreadsheet.addElement(table)
    doc.save(str(path))


WRITERS = {"csv": (write_csv, "spells.csv"), "xlsx": (write_xlsx, "spells.xlsx#Spells"),
           "ods": (write_ods, "spells.ods#Spells")}


def from_sheet(project: Path, kind: str, rows: list[list[Any]] = ROWS) -> str:
    """Write the spells as a sheet of this kind and point the deck at it; the `cards_from` value."""
    write, source = WRITERS[kind]
    write(project / "cards/mini" / source.partition("#")[0], rows)
    deck = project / "cards/mini/spells.yaml"
    text = deck.read_text()
    deck.write_text(text[:text.index("cards:")] + f"cards_from: {source}\n")
    return source


def build(project: Path) -> bytes:
    result = run_pnp("--root", str(project), "build", "mini")
    assert result.code == 0, result.err
    return (project / "output/mini/spell.pdf").read_bytes()


@pytest.mark.parametrize("kind", WRITERS)
def test_a_deck_from_a_sheet_prints_the_same_pdf_as_from_yaml(project: Path, kind: str):
    from_yaml = build(project)
    from_sheet(project, kind)
    assert build(project) == from_yaml


@pytest.mark.parametrize("kind, cell", [("csv", "cards/mini/spells.csv!C4"),
                                        ("xlsx", "cards/mini/spells.xlsx#Spells!C4"),
                                        ("ods", "cards/mini/spells.ods#Spells!C4")])
def test_a_wrong_cell_is_named_by_file_sheet_row_and_column(project: Path, kind: str, cell: str):
    rows = [list(r) for r in ROWS]
    rows[2][2] = "three"
    from_sheet(project, kind, rows)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2
    assert f"{cell}: cost: expected an integer, got 'three'" in result.err, result.err
    assert "Traceback" not in result.err


def test_sheet_mistakes_are_located(project: Path):
    rows = [list(r) for r in ROWS]
    rows[0][2] = 11
    from_sheet(project, "xlsx", rows)
    edit(project / "cards/mini/spells.yaml", "cards_from: spells.xlsx#Spells", "cards_from: spells.xlsx#Cards")
    result = run_pnp("--root", str(project), "check", "mini")
    assert "cards/mini/spells.yaml:11:1: cards_from: no sheet 'Cards' in spells.xlsx (sheets: Notes, Spells)" \
        in result.err, result.err
    edit(project / "cards/mini/spells.yaml", "#Cards", "#Spells")
    result = run_pnp("--root", str(project), "check", "mini")
    assert "cards/mini/spells.xlsx#Spells!C2: cost: must be at most 10, got 11" in result.err, result.err


def test_an_unknown_column_is_named_once_at_its_header(project: Path):
    from_sheet(project, "csv")
    text = (project / "cards/mini/spells.csv").read_text()
    (project / "cards/mini/spells.csv").write_text(text.replace("flavor", "flavour", 1))
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2
    assert result.err.count("unknown field") == 1
    assert "cards/mini/spells.csv!E1: unknown field 'flavour'" in result.err, result.err


@pytest.mark.parametrize("change, said", [
    (lambda p: edit(p / "cards/mini/spells.yaml", "cards_from: spells.csv", "cards_from: ../../../x.csv"),
     "leads outside the project folder"),
    (lambda p: edit(p / "cards/mini/spells.yaml", "cards_from: spells.csv", "cards_from: nothing.csv"),
     "'nothing.csv' not found in cards/mini/"),
    (lambda p: edit(p / "cards/mini/spells.yaml", "cards_from: spells.csv", "cards_from: spells.csv#Sheet1"),
     "is a CSV file: it has no sheets"),
    (lambda p: edit(p / "cards/mini/spells.yaml", "cards_from: spells.csv", "cards: []\ncards_from: spells.csv"),
     "not both"),
    (lambda p: (p / "cards/mini/spells.csv").write_text("id,name\n\n,,x\n"), "row 3 has more cells than the header"),
    (lambda p: (p / "cards/mini/spells.csv").write_bytes(b"id,name\nx,\xff\n"), "is not UTF-8 text"),
])
def test_bad_sheets_are_refused(project: Path, change, said: str):
    from_sheet(project, "csv")
    change(project)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2 and said in result.err, result.err


def test_sheets_are_bounded(project: Path, monkeypatch):
    from_sheet(project, "xlsx")
    monkeypatch.setattr(bounds, "SHEET_ROWS", 2)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2 and "more than 2 rows; split the deck" in result.err, result.err
    monkeypatch.setattr(bounds, "SHEET_UNPACKED", 1000)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2 and "a spreadsheet may unpack to at most" in result.err, result.err
    monkeypatch.setattr(bounds, "SHEET_BYTES", 100)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2 and "a spreadsheet may be at most" in result.err, result.err
    (project / "cards/mini/spells.xlsx").write_text("not a zip")
    monkeypatch.setattr(bounds, "SHEET_BYTES", 10**6)
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2 and "cannot be read as a spreadsheet" in result.err, result.err


def test_pnp_import_turns_a_sheet_into_the_same_deck(project: Path):
    original = build(project)
    from_sheet(project, "ods")
    result = run_pnp("--root", str(project), "import", str(project / "cards/mini/spells.ods#Spells"), "--deck", "spell",
                     "--game", "mini")
    assert result.code == 0, result.err
    deck = yaml.safe_load(result.out)
    assert deck["cards"][0] == {"id": "fireball", "name": "Fireball", "cost": 3,
                                "text": "Deal :damage: to a **Room**. Add 1 Damage Token."}
    assert "cards_from" not in deck
    (project / "cards/mini/spells.yaml").write_text(result.out)
    assert build(project) == original


def test_pnp_import_infers_the_fields_of_a_new_deck(project: Path):
    write_xlsx(project / "cards/mini/new.xlsx", ROWS)
    result = run_pnp("--root", str(project), "import", str(project / "cards/mini/new.xlsx#Spells"), "--deck", "spell")
    assert result.code == 0, result.err
    deck = yaml.safe_load(result.out)
    assert deck["fields"] == {"name": {"type": "text"}, "cost": {"type": "integer"}, "text": {"type": "text"},
                              "flavor": {"type": "text", "required": False}}
    assert [c["cost"] for c in deck["cards"]] == [3, 2, 1]
    out = project / "cards/mini/new.yaml"
    assert run_pnp("--root", str(project), "import", str(project / "cards/mini/new.xlsx#Spells"), "--deck", "spell",
                   "--out", str(out)).code == 0
    assert yaml.safe_load(out.read_text()) == deck


def test_pnp_import_refuses_a_deck_id_the_deck_file_could_not_keep(project: Path):
    """`--deck Spell` wrote `id: Spell`, which the next build refused: say so now, with the id to use."""
    write_xlsx(project / "cards/mini/new.xlsx", ROWS)
    result = run_pnp("--root", str(project), "import", str(project / "cards/mini/new.xlsx#Spells"), "--deck",
                     "Magic Spell")
    assert (result.code, result.err.splitlines()[0]) == (
        2, "--deck 'Magic Spell' is not a deck id: use lower-case letters, digits and dashes ('magic-spell')")
    assert result.out == ""


def test_cells_take_their_field_types():
    assert [typed(v, "integer") for v in (3.0, "3", " 4 ", "three", 2.5)] == [3, 3, 4, "three", 2.5]
    assert [typed(v, "boolean") for v in ("yes", "No", True, 0.0, "maybe")] == [True, False, True, False, "maybe"]
    assert typed("a; b;c", "list") == ["a", "b", "c"]
    assert typed(12.0, "text") == "12" and typed("{a: 1}", "any") == {"a": 1}
    assert [column_name(c) for c in (1, 26, 27, 52)] == ["A", "Z", "AA", "AZ"]


def test_a_mistyped_column_of_a_required_field_is_one_error_with_the_near_name(project: Path):
    """Not one more `missing required field` per row: the header is the one mistake."""
    from_sheet(project, "csv")
    text = (project / "cards/mini/spells.csv").read_text()
    (project / "cards/mini/spells.csv").write_text(text.replace("cost", "cots", 1))
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2
    assert result.err.splitlines() == [
        "cards/mini/spells.csv!C1: unknown field 'cots'; did you mean 'cost'? (the deck's fields: name, cost, text, "
        "flavor); check its spelling or declare it under `fields:` in cards/mini/spells.yaml", "1 error"]
