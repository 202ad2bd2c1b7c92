"""Pieces that must fit (`kind: fits`) and the laid-out templates behind them (`pnp.rules.template`)."""

from __future__ import annotations

import shutil

import pytest

from pnp.model.game import load_game
from pnp.rules import template
from pnp.rules.check import check_game

from conftest import REPO, edit, errors_of, run_pnp

RULES = "cards/tiny/rules.yaml"
LAST_RULE = "  - {id: no-forbidden, kind: custom, function: tiny-no-forbidden}\n"


def add_rule(project, rule: str) -> None:
    edit(project / RULES, LAST_RULE, LAST_RULE + rule + "\n")


def found(project, rule: str) -> list[str]:
    return [str(p) for p in check_game(project, "tiny").problems if p.rule == rule]


@pytest.fixture
def tokens(project):
    """The tiny game with a token deck (round, `size` mm) whose tokens sit on the sheet's `age` boxes (6 mm)."""
    (project / "templates/mini/token.yaml").write_text(
        "size: {width: 5mm, height: 5mm}\nsafe: 0.5mm\nelements:\n  - {type: rect, bleed: true, fill: accent}\n")
    (project / "cards/tiny/tokens.yaml").write_text(
        "id: token\nname: Age Token\nkind: tokens\nshape: round\ntemplate: mini/token\nfields:\n  name: {type: text}\n"
        "cards:\n  - {id: age, name: Age, copies: 3}\n")
    edit(project / "cards/tiny/game.yaml", "sheets.yaml]", "sheets.yaml, tokens.yaml]")
    edit(project / "cards/tiny/game.yaml", "  sheet: 3\n", "  sheet: 3\n  token: 3\n")
    add_rule(project, "  - {id: tokens-fit, kind: fits, piece: {deck: token}, space: {deck: sheet, element: age}}")
    return project


def test_a_token_that_fits_passes(tokens):
    assert found(tokens, "tokens-fit") == []


def test_a_token_that_does_not_fit_is_reported_at_its_space_with_both_sizes(tokens):
    edit(tokens / "templates/mini/token.yaml", "width: 5mm, height: 5mm", "width: 7mm, height: 6.5mm")
    assert found(tokens, "tokens-fit") == [
        "templates/mini/sheet.yaml:13:5: mini/sheet: age: token (7.0 x 6.5 mm, round; template mini/token) does not "
        "fit age (6.0 x 6.0 mm) on sheet/crew-sheet: 1.0 mm too wide, 0.5 mm too tall"]
    result = run_pnp("build", "tiny", cwd=tokens)
    assert result.code == 1 and "does not fit age (6.0 x 6.0 mm)" in result.err


def test_the_space_is_measured_as_laid_out_and_play_is_bounded(tokens):
    """The boxes' size is an expression over the card: the rule reads what prints, not the YAML."""
    edit(tokens / "templates/mini/sheet.yaml", "count: 12, size: 6mm",
         "count: 12, size: \"{{ 4 + card.name | length / 2 }}mm\"")
    edit(tokens / RULES, "space: {deck: sheet, element: age}}", "space: {deck: sheet, element: age}, play: {max: 2mm}}")
    assert found(tokens, "tokens-fit") == [
        "templates/mini/sheet.yaml:13:5: mini/sheet: age: token (5.0 x 5.0 mm, round; template mini/token) does not "
        "fit age (9.0 x 9.0 mm) on sheet/crew-sheet: 4.0 mm of play in width, at most 2 mm, 4.0 mm of play in "
        "height, at most 2 mm"]


def test_a_square_piece_on_a_round_space_needs_its_diagonal(tokens):
    edit(tokens / "cards/tiny/tokens.yaml", "shape: round", "shape: rect")
    edit(tokens / "templates/mini/sheet.yaml", "gap: 1mm, marks", "gap: 1mm, shape: circle, marks")
    assert found(tokens, "tokens-fit") == [
        "templates/mini/sheet.yaml:13:5: mini/sheet: age: token (5.0 x 5.0 mm; template mini/token) does not fit age "
        "(6.0 x 6.0 mm, round) on sheet/crew-sheet: diagonal 1.1 mm too wide, 1.1 mm too tall"]


TUCK = """  - id: tuck
    kind: fits
    piece: {deck: card, element: strip}
    space: {deck: sheet, element: slot}
    axes: [width]
    play: {min: 0mm, max: 4mm}
    count: 2
    tuck: true"""


@pytest.fixture
def tucked(project):
    """Cards tucked under the sheet's bottom edge: the card's bottom strip shows below two slots."""
    edit(project / "templates/mini/front.yaml", "  - {name: gem,",
         "  - {name: strip, type: rect, x: 0mm, y: 70mm, w: 100%, h: 18.9mm, bleed: true}\n  - {name: gem,")
    with (project / "templates/mini/sheet.yaml").open("a") as f:
        f.write("  - {name: slot, type: rect, repeat: 2, x: \"{{ 20 + index * 80 }}mm\", y: 122mm, w: 65.5mm, h: 8mm,\n"
                "     stroke: ink, art: true}\n")
    add_rule(project, TUCK)
    return project


def test_a_tuck_slot_that_takes_the_card_passes(tucked):
    assert found(tucked, "tuck") == []


def test_a_tuck_band_too_short_is_located(tucked):
    edit(tucked / "templates/mini/sheet.yaml", "w: 65.5mm, h: 8mm", "w: 60mm, h: 8mm")
    assert found(tucked, "tuck") == [
        "templates/mini/sheet.yaml:16:5: mini/sheet: slot: card's strip (63.5 x 18.9 mm; template mini/front) does "
        "not fit slot (60.0 x 8.0 mm) on sheet/crew-sheet: 3.5 mm too wide"]


def test_tuck_slots_must_be_counted_apart_on_the_edge_and_hide_the_card(tucked):
    edit(tucked / "templates/mini/sheet.yaml", "x: \"{{ 20 + index * 80 }}mm\", y: 122mm",
         "x: \"{{ 20 + index * 30 }}mm\", y: 110mm")
    edit(tucked / "templates/mini/front.yaml", "y: 70mm, w: 100%, h: 18.9mm", "y: 88mm, w: 100%, h: 0.9mm")
    edit(tucked / "templates/mini/sheet.yaml", "height: 130mm", "height: 125mm")
    assert found(tucked, "tuck") == [
        "templates/mini/sheet.yaml:16:5: mini/sheet: slot: card's strip (63.5 x 0.9 mm; template mini/front) does not "
        "fit slot (65.5 x 8.0 mm) on sheet/crew-sheet: a tuck slot lies on an edge of mini/sheet, this one is 7.0 mm "
        "from the nearest",
        "templates/mini/sheet.yaml:16:5: sheet/crew-sheet: slot 1 (20.0, 110.0 mm, 65.5 x 8.0 mm) overlaps slot 2 "
        "(50.0, 110.0 mm): the spaces must lie side by side"]
    edit(tucked / "templates/mini/sheet.yaml", "y: 110mm", "y: 117mm")
    edit(tucked / "templates/mini/sheet.yaml", "height: 125mm", "height: 80mm")
    edit(tucked / "templates/mini/sheet.yaml", "y: 117mm", "y: 72mm")
    assert "it hides 88.0 mm under a face 80.0 mm high: it would stick out 8.0 mm on the far side" in \
        found(tucked, "tuck")[0]


def test_a_space_that_names_no_element_is_bad_input(tokens):
    edit(tokens / RULES, "element: age}", "element: ages}")
    result = run_pnp("check", "tiny", cwd=tokens)
    assert result.code == 2
    assert ("cards/tiny/rules.yaml:19:77: template 'mini/sheet' draws no element named 'ages' (named elements: age, "
            "skills, title)") in result.err


def test_the_template_api_gives_laid_out_boxes_with_their_place(project):
    game = load_game(project, "tiny")
    sheet = template(game, "mini/sheet")
    assert sheet.size == (190.0, 130.0) and sheet.decks == ["sheet"]
    age = sheet.boxes("age")
    assert len(age) == 12 and {(b.w, b.h) for b in age} == {(6.0, 6.0)} and (age[1].x - age[0].x) == 7.0
    assert str(age[0].where) == "templates/mini/sheet.yaml:13:5" and age[0].face == "sheet/crew-sheet"
    with pytest.raises(KeyError, match="no deck of tiny prints template 'mini/none'"):
        template(game, "mini/none")
    front = template(game, "mini/front", ["gem"])  # only alpha (cost 1) has no gem
    assert sorted(front.faces) == ["card/alpha", "card/beta", "card/gamma"]
    assert [f for f, boxes in front.faces.items() if "gem" in boxes] == ["card/beta", "card/gamma"]
    assert str(front.where_of("size")) == "templates/mini/front.yaml:1:1"


@pytest.fixture
def ark(tmp_path):
    root = tmp_path / "ark"
    for folder in ("cards/arkship", "templates/arkship", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def test_arkship_signal_tokens_too_big_for_the_signal_card_are_caught(ark):
    edit(ark / "templates/arkship/small-token.yaml", "size: {width: 10mm, height: 10mm}",
         "size: {width: 15mm, height: 15mm}")
    errors = errors_of(run_pnp("check", "arkship", "--format", "json", cwd=ark))
    got = {e["rule"]: (e["file"], e["message"]) for e in errors}
    assert got["signal-tokens-fit"] == ("templates/arkship/signal.yaml", (
        "signal-token (15.0 x 15.0 mm, round; template arkship/small-token) does not fit signal-space (11.4 x 11.2 mm) "
        "on signal/signal-01 and 9 other faces: 3.6 mm too wide, 3.8 mm too tall"))
    assert set(got) == {"signal-tokens-fit", "knowledge-token-fits", "progress-token-fits"}


@pytest.mark.slow  # a whole check of a broken copy
def test_the_sleeping_gods_tuck_slot_too_short_is_caught(tmp_path):
    root = tmp_path / "sg"
    for folder in ("cards/sleeping-gods", "templates/sleeping-gods", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    edit(root / "templates/sleeping-gods/crew.yaml", "slot_w: 65.5", "slot_w: 62")
    errors = errors_of(run_pnp("check", "sleeping-gods", "--format", "json", cwd=root))
    slot = next(i for i, line in enumerate((root / "templates/sleeping-gods/crew.yaml").read_text().splitlines(), 1)
                if "name: tuck-slot" in line)
    assert [(e["rule"], e["file"], e["line"], e["message"]) for e in errors] == [
        ("tuck-slots-take-an-ability-card", "templates/sleeping-gods/crew.yaml", slot,
         "ability's tuck-strip (63.5 x 26.0 mm; template sleeping-gods/ability) does not fit tuck-slot "
         "(62.0 x 11.0 mm) on crew/holt and 8 other faces: 1.5 mm too wide")]
