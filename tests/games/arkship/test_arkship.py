"""Ark Ship end to end: the whole pack builds, its sheets can be written on, its rules hold and bite."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO, edit, run_pnp
from pdfcheck import text_of


@pytest.fixture
def built(shared_build) -> tuple[Path, dict]:
    return shared_build("arkship")


@pytest.fixture
def ark(tmp_path) -> Path:
    """A copy of the Ark Ship pack to break on purpose."""
    root = tmp_path / "ark"
    for folder in ("cards/arkship", "templates/arkship", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def test_everything_prints(built):
    out, manifest = built
    fronts = {}
    for f in manifest["faces"]:
        if f["side"] == "front":
            fronts.setdefault(f["component"], set()).add((f["id"], f["copy"]))
    counts = {k: len(v) for k, v in fronts.items()}
    assert counts == {"crew-portrait": 40, "life-goal": 30, "crisis": 30, "planet-crisis": 8, "waveform": 30,
                      "signal": 10, "ship-board": 8, "stress-token": 20, "signal-token": 10, "progress-token": 1,
                      "knowledge-token": 1, "crew-meeple": 8, "player-aid": 12, "crew-sheet": 12, "ship-sheet": 4,
                      "d6-net": 1}
    assert (out / "arkship-pnp.pdf").is_file()


def test_card_sizes_each_on_their_own_sheets(built):
    _, manifest = built
    sizes = {(f["component"], f["w_mm"], f["h_mm"]) for f in manifest["faces"] if f["side"] == "front"}
    assert ("crew-portrait", 44.45, 63.5) in sizes and ("life-goal", 44.45, 63.5) in sizes
    assert ("crisis", 63.5, 88.9) in sizes and ("waveform", 63.5, 88.9) in sizes
    for f in manifest["files"]:
        reader_sizes = {(m["w_mm"], m["h_mm"]) for m in manifest["faces"] if m["file"] == f["path"]}
        assert len(reader_sizes) <= 1 or f["path"] == "arkship-pnp.pdf"


def test_crew_sheets_come_two_to_a_page_and_can_be_written_on(built):
    out, manifest = built
    sheets = [f for f in manifest["faces"] if f["component"] == "crew-sheet"]
    assert len(sheets) == 12 and len({f["page"] for f in sheets}) == 6
    assert {f["side"] for f in sheets} == {"front"}
    text = text_of(out / "crew-sheet.pdf")
    for word in ("Engineering", "Medicine", "Herbology", "Piloting", "Science", "Sickness", "6.1", "6.6", "AGE"):
        assert word in text


def test_check_passes_strictly_and_lists_pending_names(built, shared_check):
    result = shared_check("arkship", "--strict", "--format", "json")
    assert result.code == 0, result.out
    report = json.loads(result.out)["games"][0]
    pending = [w for w in report["warnings"] if w["rule"] == "placeholder"]
    assert pending and all("[NAME PENDING]" in w["message"] for w in pending)
    assert any("crisis cards" in i["message"] for i in report["infos"])
    text = run_pnp("check", "arkship").out
    assert "warning [placeholder]" in text and "--strict accepts it" in text


def test_the_contents_checklist_names_what_is_not_printed(built):
    out, _ = built
    checklist = PdfReader(out / "arkship-pnp.pdf").pages[0].extract_text()  # on the cover
    assert "ordinary six-sided dice" in checklist and "Crew Sheet" in checklist and "Player Aid" in checklist
    assert not re.search(r"\(a [A-Z]", checklist)  # every contents id is a deck: no sub-row under a wrong parent
    also = checklist[checklist.index("Also needed"):]  # what is not printed is listed apart
    assert "Pencil" in also and "Crew clip" in also and "Crew Sheet" not in also
    # the rulebook column shows only the counts the rulebook states
    lines = checklist.splitlines()
    for name, rulebook in (("Crew Sheet", "not stated"), ("Player Aid", "not stated"), ("Crew Meeple", "not stated"),
                           ("Crisis", "30"), ("Ship Board", "8")):
        assert lines[lines.index(name) + 1] == rulebook, name


# The rulebook's Components list, with the counts it states (Setup adds the board's 8 cards). Crew and
# ship sheets, pencils, meeples and clips have no count there ("in 8 colors" is colours).
RULEBOOK_COUNTS = {"crew-portrait": 40, "life-goal": 30, "crisis": 30, "planet-crisis": 8, "waveform": 30, "signal": 10,
                   "ship-board": 8, "stress-token": 20, "signal-token": 10, "progress-token": 1, "knowledge-token": 1,
                   "d6": 12}
NOT_STATED = {"crew-sheet", "ship-sheet", "crew-meeple", "player-aid", "crew-clip", "pencil", "d6-net"}


def test_contents_hold_only_the_counts_the_rulebook_states():
    contents = yaml.safe_load((REPO / "cards/arkship/game.yaml").read_text())["contents"]
    stated = {k: v["count"] if isinstance(v, dict) else v for k, v in contents.items()
              if not (isinstance(v, dict) and v.get("stated") is False)}
    assert stated == RULEBOOK_COUNTS
    assert set(contents) - set(stated) == NOT_STATED


def _size_mm(template: str, element: str) -> tuple[float, float]:
    """The (w, h) in mm of the named element of a template (or the template's own size for a piece)."""
    doc = yaml.safe_load((REPO / "templates" / f"{template}.yaml").read_text())
    if element == "":
        return float(doc["size"]["width"].removesuffix("mm")), float(doc["size"]["height"].removesuffix("mm"))
    found = [e for e in doc["elements"] if e.get("name") == element]
    assert len(found) == 1, f"{template} has no single element named {element}"
    if found[0]["type"] == "boxes":
        side = float(found[0]["size"].removesuffix("mm"))
        return side, side
    return float(found[0]["w"].removesuffix("mm")), float(found[0]["h"].removesuffix("mm"))


@pytest.mark.parametrize("piece,space", [
    (("arkship/small-token", ""), ("arkship/signal", "signal-space")),
    (("arkship/small-token", ""), ("arkship/ship-sheet", "knowledge-box")),
    (("arkship/small-token", ""), ("arkship/ship-sheet", "progress-box")),
])
def test_a_token_fits_the_space_it_sits_on(piece, space):
    pw, ph = _size_mm(*piece)
    sw, sh = _size_mm(*space)
    assert pw < sw and ph < sh, f"{piece[0]} is {pw} x {ph} mm, {space[1]} only {sw} x {sh} mm"


def test_tokens_that_sit_on_spaces_use_the_small_template():
    for deck in ("signal-tokens", "progress-token", "knowledge-token"):
        assert yaml.safe_load((REPO / f"cards/arkship/{deck}.yaml").read_text())["template"] == "arkship/small-token"


def test_every_placeholder_is_a_card_field_the_checker_finds(built):
    for template in (REPO / "templates/arkship").glob("*.yaml"):
        assert "[NAME PENDING]" not in template.read_text(), template.name
    in_cards = sum(f.read_text().count("[NAME PENDING]") for f in (REPO / "cards/arkship").glob("*.yaml")
                   if f.name != "rules.yaml")
    report = json.loads(run_pnp("check", "arkship", "--format", "json").out)["games"][0]
    found = [w for w in report["warnings"] if w["rule"] == "placeholder"]
    book = re.sub(r"\{\{.*?\}\}", "", (REPO / "cards/arkship/rulebook.md").read_text(), flags=re.S)
    in_book = book.count("[NAME PENDING]")  # the rulebook's own words (an expression's are the cards')
    assert in_cards == 4  # two planet crises, the knowledge track, the planet crisis locations
    assert in_cards + in_book == len(found) and in_book


def test_crew_dies_on_gaining_sickness_with_both_boxes_checked(built):
    out, _ = built
    text = " ".join(text_of(out / "crew-sheet.pdf").split())
    assert "Gain it when both boxes are already checked: the crew dies" in text
    assert "Sick with both boxes checked" not in text


def test_the_player_aid_holds_the_turn_the_failure_penalty_and_every_location(built):
    out, _ = built
    text = " ".join(text_of(out / "player-aid.pdf").split())
    steps = ["Ship progress", "New crisis", "New waveform", "Thaw crew", "Assign crew", "Evaluate locations",
             "Roll for sickness", "Age crew"]  # the rulebook's turn, in order
    for number, step in enumerate(steps, 1):
        assert f"{number}. {step}." in text
    assert "gains 1 stress token and 1 rank in one of the test's skills" in text
    for location in ("1 Bridge:", "2 Comms:", "3 Archives:", "4 Medical:", "5 Recreation:", "6 Training:",
                     "Crisis locations:"):
        assert location in text


def test_the_board_cards_name_their_real_neighbours(built):
    out, _ = built
    text = " ".join(text_of(out / "ship-board.pdf").split())
    assert "left and right of this card" not in text
    assert "˅" not in text and "›" not in text
    board = yaml.safe_load((REPO / "cards/arkship/ship.yaml").read_text())["board"]
    at = {(c["col"], c["row"]): c for c in board}
    crisis = next(c for c in board if c["id"] == "crisis-locations")
    assert at[(crisis["col"] + 1, crisis["row"])]["id"] == "crisis-2"  # a crisis location beside it...
    assert at[(crisis["col"] + 1, crisis["row"] - 1)]["id"] == "crisis-1"  # ...and one beside Medical
    assert at[(crisis["col"], crisis["row"] - 1)]["id"] == "medical"
    assert "Right: crisis location 2" in text and "Right: crisis location 1" in text


def test_a_board_card_out_of_step_with_the_locations_is_caught(ark):
    edit(ark / "cards/arkship/ship-board.yaml", "Move the knowledge token forward 1 space.", "Move it.")
    errors = json.loads(run_pnp("check", "arkship", "--format", "json", cwd=ark).out)["games"][0]["errors"]
    assert {e["rule"] for e in errors} == {"board-matches-locations"}


@pytest.mark.parametrize("old,new,message", [
    ("{min: 0, max: 0,", "{min: 1, max: 1,", "row 1 starts at 1 successes, a gap after -1"),
])
def test_a_broken_success_table_is_caught(ark, old, new, message):
    crises = ark / "cards/arkship/crises.yaml"
    text = crises.read_text()
    assert old in text
    crises.write_text(text.replace(old, new, 1))
    result = run_pnp("check", "arkship", "--format", "json", cwd=ark)
    errors = json.loads(result.out)["games"][0]["errors"]
    assert result.code == 1 and any(message in e["message"] and e["rule"] == "success-tables" for e in errors)


def test_unknown_skill_and_bad_waveform_are_caught(ark):
    crises = ark / "cards/arkship/crises.yaml"
    text = crises.read_text()
    first_skill = text.split("skills: [", 1)[1].split("]", 1)[0].split(",")[0]
    crises.write_text(text.replace(first_skill, '"Juggling"', 1))
    waves = ark / "cards/arkship/waveforms.yaml"
    edit(waves, "columns: [", "columns: [2, ")
    result = run_pnp("check", "arkship", "--format", "json", cwd=ark)
    errors = json.loads(result.out)["games"][0]["errors"]
    rules = {e["rule"] for e in errors}
    assert {"skills-exist", "signal-shape"} <= rules
    assert any("skill 'Juggling' is not on the crew sheet" in e["message"] for e in errors)


def test_setup_deals_portraits_and_goals():
    result = run_pnp("setup", "arkship", "--players", "3", "--seed", "5", "--format", "json")
    assert result.code == 0, result.err
    dealt = json.loads(result.out)
    assert len(dealt["table"]["planet-crises"]) == 2 and len(dealt["table"]["signals"]) == 2
    assert all(len(h["portrait"]) == 1 and len(h["life-goal"]) == 1 for h in dealt["hands"])
