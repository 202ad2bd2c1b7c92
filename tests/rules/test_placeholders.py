"""Placeholders: highlighted on playtest builds, warned of at their line wherever they are, refused by --final."""

from __future__ import annotations

import pytest

from pnp.core.errors import Problems
from pnp.layout.highlight import HIGHLIGHT, HIGHLIGHT_INK
from pnp.layout.scene import Rect, Text, TextRun
from pnp.layout.whole_game import lay_out_game
from pnp.model.game import load_game
from pnp.rules.check import check_game

from conftest import REPO, edit, run_pnp

CARDS = "cards/tiny/cards.yaml"


def placeholders(root) -> list[str]:
    return [str(p) for p in check_game(root, "tiny").problems if p.rule == "placeholder"]


def test_placeholders_in_lists_mappings_data_tables_and_templates_are_listed_at_their_line(project):
    edit(project / CARDS, "fields:\n", "fields:\n  notes: {type: any, required: false}\n")
    edit(project / CARDS, 'text: "Second card."}', 'text: "Second card.", notes: [ok, {why: "TBD later"}]}')
    edit(project / "cards/tiny/board.yaml", "{id: y, color: blue}", "{id: y, color: blue, name: \"???\"}")
    edit(project / "templates/mini/sheet.yaml", 'text: "Notes"', 'text: "Notes (XXX)"')
    assert placeholders(project) == [
        "cards/tiny/cards.yaml:15:96: card/beta: notes[1].why: placeholder 'TBD' still in the text",
        "cards/tiny/board.yaml:3:26: board.spaces[1]: name: placeholder '???' still in the text",
        "templates/mini/sheet.yaml:14:52: mini/sheet: text: placeholder 'XXX' still in the text"]


def test_a_game_declares_its_own_placeholders(project):
    edit(project / "cards/tiny/game.yaml", "players:", 'placeholders: ["card."]\nplayers:')
    assert [p.split(": ")[1] for p in placeholders(project)] == ["card/alpha", "card/beta", "card/gamma"]
    edit(project / "cards/tiny/game.yaml", 'placeholders: ["card."]', "placeholders: []")
    edit(project / CARDS, 'text: "First card."', 'text: "TODO"')
    assert placeholders(project) == []


def test_a_final_build_refuses_a_placeholder_and_says_where(project):
    edit(project / CARDS, 'text: "First card."', 'text: "First card, [NAME PENDING]."')
    assert run_pnp("build", "tiny", cwd=project).code == 0  # a playtest build prints it, highlighted
    for forced in ((), ("--force",)):
        result = run_pnp("build", "tiny", "--final", *forced, "--out", str(project / "final"), cwd=project)
        assert result.code == 1
        assert result.err.splitlines()[0] == (
            "cards/tiny/cards.yaml:13:62: card/alpha: text: placeholder '[NAME PENDING]' still in the text; a --final "
            "build prints no placeholder: write the final text")
        assert not (project / "final").exists()
    edit(project / CARDS, 'text: "First card, [NAME PENDING]."', 'text: "First card."')
    assert run_pnp("build", "tiny", "--final", "--out", str(project / "final"), cwd=project).code == 0


def test_a_playtest_build_prints_a_placeholder_in_a_loud_highlight(project):
    edit(project / CARDS, 'text: "First card."', 'text: "A long first card that names the [NAME PENDING] ship."')
    game = load_game(project, "tiny")
    _, decks = lay_out_game(game, 0.0, Problems())
    face = next(entries for deck, entries, _ in decks if deck.id == "card")[0][0]  # alpha's front
    text = next(i for i in face.items if isinstance(i, Text) and any("ship" in r.text for r in i.runs
                                                                          if isinstance(r, TextRun)))
    marked = [r for r in text.runs if isinstance(r, TextRun) and r.color == HIGHLIGHT_INK]
    bands = [i for i in face.items if isinstance(i, Rect) and i.fill == HIGHLIGHT]
    assert "".join(r.text for r in marked).replace(" ", "") in ("[NAMEPENDING]", "[NAME" "PENDING]")
    assert len(bands) == len(marked) >= 1
    assert all(b.x <= r.x and r.x < b.x + b.w and b.y < r.y < b.y + b.h for b, r in zip(bands, marked, strict=True))
    plain = [r for r in text.runs if isinstance(r, TextRun) and r.color != HIGHLIGHT_INK]
    assert "A long first card that names the" in " ".join(r.text for r in plain)


@pytest.mark.slow  # lays out a whole bundled game
def test_arkship_final_build_fails_while_its_pending_names_remain(tmp_path):
    result = run_pnp("build", "arkship", "--final", "--out", str(tmp_path / "out"))
    assert result.code == 1 and not (tmp_path / "out").exists()
    where = [line.split(": ")[0] for line in result.err.splitlines() if "placeholder '[NAME PENDING]'" in line]
    assert where[:4] == ["cards/arkship/planet-crises.yaml:77:5", "cards/arkship/planet-crises.yaml:86:5",
                         "cards/arkship/ship-board.yaml:28:6", "cards/arkship/ship-sheets.yaml:10:36"]
    book = (REPO / "cards/arkship/rulebook.md").read_text().splitlines()  # and the rulebook's own pending names
    assert where[4:] and all(w.startswith("cards/arkship/rulebook.md:") for w in where[4:])
    assert all("[NAME PENDING]" in book[int(w.split(":")[1]) - 1] for w in where[4:])
