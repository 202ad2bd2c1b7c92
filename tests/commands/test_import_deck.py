"""`pnp import`: a spreadsheet as designers keep it becomes a deck that builds and checks at once.

The sheets carry what real ones do: a title row above the header, headers in any case with stray
spaces, decimals (as numbers in XLSX, with decimal commas in a semicolon CSV), a column nobody filled
in, a column of a few repeated words, and `;`-separated values. The imported deck is added to the game
with a template that exists, and `pnp build` and `pnp check` pass without an edit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from pnp.model.spreadsheets.infer import infer_kind

from conftest import run_pnp

TITLE = "Loot of the Quest (print 1:1)"
HEADER = ["Name", " GOLD ", "Weight", "Kind", "Tags", "Notes", "Copies"]
ROWS: list[list[Any]] = [
    ["Ruby", 3, 0.5, "gem", "shiny; small", None, 1],
    ["Old Crown", 6, 2, "relic", "heavy; old", None, 2],
    ["Opal", 2, 1, "gem", None, None, 1],
    ["Sword", 4, 3.25, "relic", "sharp; heavy", None, 1],
]
FIELDS = {"name": {"type": "text"}, "gold": {"type": "integer"}, "weight": {"type": "number"},
          "kind": {"type": "choice", "choices": ["gem", "relic"]}, "tags": {"type": "list", "required": False},
          "notes": {"type": "text", "required": False}}


@pytest.fixture
def quest(tmp_path: Path) -> Path:
    """A project made by `pnp new --project`, its game `quest`."""
    result = run_pnp("new", "--project", str(tmp_path / "quest"))
    assert result.code == 0, result.err
    return tmp_path / "quest"


def write_xlsx(path: Path) -> None:
    import xlsxwriter

    book = xlsxwriter.Workbook(str(path))
    sheet = book.add_worksheet("Loot")
    sheet.write(0, 0, TITLE)
    for r, row in enumerate([HEADER, *ROWS], 2):
        for c, value in enumerate(row):
            if value is not None:
                sheet.write(r, c, float(value) if isinstance(value, int) and c == 2 else value)  # 2.0 as a sheet has it
    book.close()


def write_semicolon_csv(path: Path) -> None:
    def cell(value: Any) -> str:  # as a spreadsheet program saves it: decimal commas, `;` inside a cell quoted
        text = "" if value is None else str(value).replace(".", ",") if isinstance(value, float) else str(value)
        return f'"{text}"' if ";" in text else text

    lines = [f"{TITLE};;;;;;", ";;;;;;", ";".join(HEADER)] + [";".join(map(cell, row)) for row in ROWS]
    path.write_text("\n".join(lines) + "\n")


def builds_and_checks(project: Path, deck: str = "loot") -> None:
    build = run_pnp("--root", str(project), "build", "quest", process=True)
    assert build.code == 0, build.err
    assert (project / f"output/quest/{deck}.pdf").is_file()
    check = run_pnp("--root", str(project), "check", "quest", process=True)
    assert check.code == 0, check.out + check.err


@pytest.mark.parametrize("kind, write, source", [("xlsx", write_xlsx, "loot.xlsx#Loot"),
                                                  ("csv", write_semicolon_csv, "loot.csv")])
def test_an_imported_sheet_is_a_deck_that_builds_and_checks(quest: Path, kind: str, write, source: str):
    write(quest / source.partition("#")[0])
    result = run_pnp("--root", str(quest), "import", str(quest / source), "--deck", "loot", "--game", "quest")
    assert result.code == 0, result.err
    assert result.out.splitlines()[0] == "wrote cards/quest/loot.yaml, templates/quest/loot.yaml, cards/quest/game.yaml"
    assert "the fields are named in row 3 (the rows above it, a title, are skipped)" in result.err
    text = (quest / "cards/quest/loot.yaml").read_text()
    assert text.splitlines()[0] == "# yaml-language-server: $schema=../../schemas/quest/loot.schema.json"
    deck = yaml.safe_load(text)
    assert deck["fields"] == FIELDS
    assert deck["template"] == "quest/loot" and deck["back"] == "quest/back"  # the game's back: duplex prints it
    front = yaml.safe_load((quest / "templates/quest/loot.yaml").read_text())  # a front made for the columns
    assert [e["name"] for e in front["elements"]] == ["background", "panel", "title", "badge", "cost", "body"]
    assert "card['gold']" in front["elements"][4]["text"] and "**Weight:**" in front["elements"][5]["text"]
    assert [c["weight"] for c in deck["cards"]] == [0.5, 2.0, 1.0, 3.25]
    assert deck["cards"][1] == {"name": "Old Crown", "gold": 6, "weight": 2.0, "kind": "relic",
                                "tags": ["heavy", "old"], "copies": 2}
    manifest = yaml.safe_load((quest / "cards/quest/game.yaml").read_text())
    assert manifest["decks"][-1] == "loot.yaml" and manifest["contents"]["loot"] == 5
    builds_and_checks(quest)


def test_a_new_deck_can_use_a_template_of_the_game(quest: Path):
    (quest / "more.csv").write_text("Name,Cost,Text\nGold Rush,2,Gain 3 Coins.\nFeast,4,Draw 2 Cards.\n")
    result = run_pnp("--root", str(quest), "import", str(quest / "more.csv"), "--deck", "loot", "--game", "quest",
                     "--template", "quest/frnt")
    assert result.code == 2 and "--template 'quest/frnt': no such template under templates/; did you mean " \
        "'quest/front'?" in result.err, result.err
    assert not (quest / "cards/quest/loot.yaml").exists()
    result = run_pnp("--root", str(quest), "import", str(quest / "more.csv"), "--deck", "loot", "--game", "quest",
                     "--template", "quest/front")
    assert result.code == 0, result.err
    assert yaml.safe_load((quest / "cards/quest/loot.yaml").read_text())["template"] == "quest/front"
    assert not (quest / "templates/quest/loot.yaml").exists()
    builds_and_checks(quest)


def test_import_with_game_works_whatever_state_its_other_decks_are_in(quest: Path):
    (quest / "cards/quest/aid.yaml").write_text("id: [broken\n")
    (quest / "cards/quest/cards.csv").write_text("name,cost,text\nLucky Find,1,Gain 2 Coins.\nBig Deal,9,Win.\n")
    result = run_pnp("--root", str(quest), "import", str(quest / "cards/quest/cards.csv"), "--deck", "card",
                     "--game", "quest")  # the game's deck: typed and checked by its fields
    assert result.code == 2 and result.err.splitlines()[0] == \
        "cards/quest/cards.csv!B3: cost: must be at most 5, got 9", result.err
    (quest / "cards/quest/cards.csv").write_text("name,cost,text\nLucky Find,1,Gain 2 Coins.\n")
    result = run_pnp("--root", str(quest), "import", str(quest / "cards/quest/cards.csv"), "--deck", "card",
                     "--game", "quest")
    assert result.code == 0, result.err
    assert result.out.startswith("# yaml-language-server: $schema=../../schemas/quest/card.schema.json\n")
    assert yaml.safe_load(result.out)["cards"] == [{"name": "Lucky Find", "cost": 1, "text": "Gain 2 Coins."}]
    result = run_pnp("--root", str(quest), "import", str(quest / "cards/quest/cards.csv"), "--deck", "extra",
                     "--game", "quest")  # a new deck
    assert result.code == 0, result.err
    assert "extra.yaml" in (quest / "cards/quest/game.yaml").read_text()


def test_a_block_list_of_decks_gets_one_more_item(quest: Path):
    manifest = quest / "cards/quest/game.yaml"
    manifest.write_text(manifest.read_text().replace("decks: [cards.yaml, aid.yaml]",
                                                     "decks:\n  - cards.yaml   # the deck\n  - aid.yaml\n"))
    (quest / "loot.csv").write_text("name,gold\nRuby,3\n")
    result = run_pnp("--root", str(quest), "import", str(quest / "loot.csv"), "--deck", "loot", "--game", "quest")
    assert result.code == 0, result.err
    assert "decks:\n  - cards.yaml   # the deck\n  - aid.yaml\n  - loot.yaml\n" in manifest.read_text()
    builds_and_checks(quest)


@pytest.mark.parametrize("values, kind", [
    ([3.0, "4", 5], {"type": "integer"}),
    ([3.0, 2.5], {"type": "number"}),
    (["1", "2,5"], {"type": "number"}),
    (["yes", "No", True], {"type": "boolean"}),
    ([], {"type": "text", "required": False}),
    (["gem", "relic", "gem"], {"type": "choice", "choices": ["gem", "relic"]}),
    (["Ruby", "Opal", "Pearl"], {"type": "text"}),
    (["a; b", "c", "d; e"], {"type": "list"}),
    (["Draw 1 card; then discard one.", "Gain 2."], {"type": "text"}),  # sentences, not items
])
def test_a_column_type_is_inferred_from_all_its_values(values: list[Any], kind: dict[str, Any]):
    assert infer_kind(values) == kind


def test_an_unquoted_comma_is_said_at_its_cell_and_no_card_is_lost(quest: Path):
    rows = [f"card {i},{i},Gain {i} coins." for i in range(1, 13)]
    rows[4] = "card 5,5,The next attack against you this round, misses."  # a comma left unquoted
    (quest / "deck.csv").write_text("name,cost,text\n" + "\n".join(rows) + "\n")
    result = run_pnp("--root", str(quest), "import", str(quest / "deck.csv"), "--deck", "tricks")
    assert result.code == 2 and "Traceback" not in result.err, (result.code, result.err)
    assert ("deck.csv!D6: cards_from: row 6 has more cells than the header (row 1 names 3 columns): put a text "
            "that holds a comma or a semicolon in double quotes") in result.err, result.err
    rows[4] = 'card 5,5,"The next attack against you this round, misses."'
    (quest / "deck.csv").write_text("name,cost,text\n" + "\n".join(rows) + "\n")
    result = run_pnp("--root", str(quest), "import", str(quest / "deck.csv"), "--deck", "tricks")
    assert result.code == 0, result.err
    assert len(yaml.safe_load(result.out)["cards"]) == 12
    assert result.err.splitlines()[-1].startswith("wrote 12 cards of 12 data rows in ")


def test_the_header_row_is_the_first_of_two_cells_or_the_one_named(quest: Path):
    (quest / "deck.csv").write_text("Tricks\nname,cost\nFeint,1\nname,cost,text\nParry,2,Block.\n")
    first = run_pnp("--root", str(quest), "import", str(quest / "deck.csv"), "--deck", "tricks")
    assert first.code == 2, first.err
    assert "deck.csv!C4: cards_from: row 4 has more cells than the header (row 2" in first.err, first.err
    named = run_pnp("--root", str(quest), "import", str(quest / "deck.csv"), "--deck", "tricks", "--header-row", "4")
    assert named.code == 0, named.err
    assert [c["name"] for c in yaml.safe_load(named.out)["cards"]] == ["Parry"]
    assert "wrote 1 card of 1 data row in " in named.err


def twelve_rows(bad: int | None = None, text: str = "Gain {i} :coin: Coins.") -> str:
    """name,cost,text and 12 cards; row `bad` (as the sheet counts, the header being row 1) with a comma unquoted."""
    rows = [f"card {i},{i % 5 + 1},{text.format(i=i)}" for i in range(1, 13)]
    if bad is not None:
        rows[bad - 2] = f"card {bad - 1},2,The next attack against you this round, misses."
    return "name,cost,text\n" + "\n".join(rows) + "\n"


def test_an_unquoted_comma_in_row_11_fails_at_its_cell_or_all_12_cards_are_written(quest: Path):
    manifest = (quest / "cards/quest/game.yaml").read_text()
    (quest / "deck.csv").write_text(twelve_rows(bad=11))
    result = run_pnp("--root", str(quest), "import", str(quest / "deck.csv"), "--deck", "tricks", "--game", "quest")
    assert result.code == 2, result.out
    assert result.err.startswith("deck.csv!D11: cards_from: row 11 has more cells than the header (row 1 names 3 "
                                 "columns): put a text that holds a comma or a semicolon in double quotes"), result.err
    assert not (quest / "cards/quest/tricks.yaml").exists()
    assert (quest / "cards/quest/game.yaml").read_text() == manifest
    (quest / "deck.csv").write_text(twelve_rows(bad=11).replace("The next attack against you this round, misses.",
                                                                '"The next attack against you this round, misses."'))
    result = run_pnp("--root", str(quest), "import", str(quest / "deck.csv"), "--deck", "tricks", "--game", "quest")
    assert result.code == 0, result.err
    assert result.out.splitlines()[-1] == f"wrote 12 cards of 12 data rows in {quest / 'deck.csv'}"
    assert len(yaml.safe_load((quest / "cards/quest/tricks.yaml").read_text())["cards"]) == 12


def test_a_sheet_with_the_games_fields_prints_with_its_front_and_back(quest: Path):
    (quest / "deck.csv").write_text(twelve_rows())
    result = run_pnp("--root", str(quest), "import", str(quest / "deck.csv"), "--deck", "tricks", "--game", "quest")
    assert result.code == 0, result.err
    assert "the deck prints with the game's front 'quest/front': every field it reads is a column" in result.err
    deck = yaml.safe_load((quest / "cards/quest/tricks.yaml").read_text())
    assert (deck["template"], deck["back"]) == ("quest/front", "quest/back")
    assert not (quest / "templates/quest/tricks.yaml").exists()


def test_a_template_is_checked_against_the_sheets_columns_before_anything_is_written(quest: Path):
    manifest = (quest / "cards/quest/game.yaml").read_text()
    (quest / "kinds.csv").write_text("Name,Kind,Text\nKobold,beast,Bite.\n")
    result = run_pnp("--root", str(quest), "import", str(quest / "kinds.csv"), "--deck", "kinds", "--game", "quest",
                     "--template", "quest/front")
    assert result.code == 2 and "Traceback" not in result.err
    line = next(n for n, text in enumerate((quest / "templates/quest/front.yaml").read_text().splitlines(), 1)
                if "card.cost" in text)
    assert result.err.startswith(f"templates/quest/front.yaml:{line}:") and (
        ": cost: --template 'quest/front' reads this field, and kinds.csv has no column for it (its columns as "
        "fields: name, kind, text); add the column to the sheet, or leave out --template") in result.err, result.err
    assert not (quest / "cards/quest/kinds.yaml").exists() and (quest / "cards/quest/game.yaml").read_text() == manifest
    result = run_pnp("--root", str(quest), "import", str(quest / "kinds.csv"), "--deck", "kinds", "--game", "quest")
    assert result.code == 0, result.err  # without it, a front made for the columns
    assert yaml.safe_load((quest / "cards/quest/kinds.yaml").read_text())["template"] == "quest/kinds"


def test_an_icon_the_game_lacks_is_said_at_its_cell_and_add_icons_makes_it(quest: Path):
    manifest = quest / "cards/quest/game.yaml"
    (quest / "deck.csv").write_text(twelve_rows().replace("Gain 7 :coin:", "Gain 7 :gem:"))
    args = ("--root", str(quest), "import", str(quest / "deck.csv"), "--deck", "tricks", "--game", "quest")
    result = run_pnp(*args)
    assert result.code == 2, result.out
    assert result.err.startswith("deck.csv!C8: text: unknown icon :gem: (cards/quest/icons.yaml has card, coin); add "
                                 "it to cards/quest/icons.yaml, or import again with --add-icons"), result.err
    assert not (quest / "cards/quest/tricks.yaml").exists()
    (quest / "cards/quest/icons.yaml").unlink()  # a game with no icon set
    manifest.write_text(manifest.read_text().replace("icons: icons.yaml\n", ""))
    result = run_pnp(*args)
    assert result.code == 2 and result.err.startswith(
        "deck.csv!C2: text: unknown icon :coin:: the game has no icon set (game.yaml names none); import again with "
        "--add-icons to make cards/quest/icons.yaml, named in game.yaml"), result.err
    result = run_pnp(*args, "--add-icons")
    assert result.code == 0, result.err
    assert result.out.splitlines()[0] == "wrote cards/quest/tricks.yaml, cards/quest/icons.yaml, cards/quest/game.yaml"
    icons = yaml.safe_load((quest / "cards/quest/icons.yaml").read_text())["icons"]
    assert list(icons) == ["coin", "gem"]
    assert yaml.safe_load(manifest.read_text())["icons"] == "icons.yaml"
    (quest / "cards/quest/cards.yaml").write_text((quest / "cards/quest/cards.yaml").read_text().replace(":card:", ""))
    builds_and_checks(quest, "tricks")
