"""Welcome to the Moon, adventure 6 (Quarantine) end to end: the housing block sheet prints one to a
page on A4 and Letter from its table; its six missions print; the setup deals them and the sheet; the
rules that check the sheet's table hold, state what it holds, and each one bites where it is broken."""

from __future__ import annotations

import json

import pytest
import yaml
from together import checked_together

from conftest import REPO, check_json_and_text, edit, errors_of
from pdfcheck import text_of


@pytest.fixture
def built(moon_built):
    return moon_built


SHEET = REPO / "cards/moon/adventure-6.yaml"
FILE = "cards/moon/adventure-6.yaml"


def table() -> dict:
    return yaml.safe_load(SHEET.read_text())


def test_the_sheet_prints_one_to_a_page_with_every_quarter(built):
    out, _ = built
    text = text_of(out / "adventure-6.pdf")
    for word in ("Quarantine", "ADVENTURE 6", "PLANTS & WATER", "ASTRONAUT", "PLANNING", "SYSTEM ERRORS",
                 "MISSIONS", "EVACUATED QUARTERS", "TOTAL", "FLOOR", "Setup", "Spreading", "walkway"):
        assert word in text, word
    for quarter in table()["quarters"]:
        assert quarter["id"] in text, quarter["id"]
    for row in table()["plant_water"]:
        assert str(row["points"]) in text


def test_the_six_missions_print(built):
    out, manifest = built
    mine = [f for f in manifest["faces"] if f["component"] == "mission" and f["id"].startswith("m6")]
    assert len([f for f in mine if f["side"] == "front"]) == 6
    text = text_of(out / "mission.pdf")
    for word in ("Two Exits", "Floor Cleared", "Three Wards", "Cordon", "Power Grid", "Hydroponics",
                 "ADVENTURE 6 · QUARANTINE"):
        assert word in text, word


def test_the_check_states_what_the_block_holds(shared_check):
    result = shared_check("moon", "--strict", "--format", "json")
    assert result.code == 0, result.out
    report = json.loads(result.out)["games"][0]
    [info] = [i for i in report["infos"] if i["rule"] == "quarantine-budget"]
    assert info["severity"] == "info" and info["file"] == FILE
    assert info["message"].startswith("65 housing spaces in 13 quarters over 5 floors (15 / 10 / 15 / 10 / 15")
    assert "20 walkways (8 on floors, 12 between floors)" in info["message"]


# (what to change, into what, the rule that must catch it, its message, the line it must point at)
BROKEN = [
    ("{id: floor-4, floor: 4, boxes: 10,", "{id: floor-4, floor: 4, boxes: 15,", "housing-block",
     "has 15 boxes; its 2 quarters of 5 spaces hold 10", "{id: floor-4,"),
    ("{id: 5a, floor: 5, col: 0, virus: grey, energies: 3, plants: [2]",
     "{id: 5a, floor: 5, col: 0, virus: grey, energies: 3, plants: [6]", "housing-block",
     "its plant stands on space 6; a quarter's spaces are 1-5", "{id: 5a,"),
    ("{id: 4b, floor: 4, col: 1.5, virus: grey, energies: 3, plants: [1]",
     "{id: 4b, floor: 4, col: 1.5, virus: grey, energies: 3, plants: [3]", "housing-block",
     "space 3 shows a plant and a water", "{id: 4b,"),
    ("{id: 3a, floor: 3, col: 0, virus: grey, energies: 3,", "{id: 3a, floor: 3, col: 0, virus: grey, energies: 1,",
     "housing-block", "has 1 energy: one is circled from the start", "{id: 3a,"),
    ("{id: 2b, floor: 2, col: 1.5,", "{id: 2b, floor: 2, col: 2,", "housing-block",
     "its quarters stand at columns [0.5, 2]; a floor of 2 uses [0.5, 1.5]", "{id: floor-2,"),
    ("  - {from: 5b, to: 5c}\n", "  - {from: 5a, to: 5c}\n", "walkways",
     "joins quarters that are not neighbours", "{from: 5a, to: 5c}"),
    ("  - {from: 5b, to: 5c}\n", "", "walkways", "no walkway to its neighbour 5c on floor 5", "{id: 5b,"),
    ("  - {from: 2a, to: 1a}\n  - {from: 2a, to: 1b}\n  - {from: 2b, to: 1c}\n", "", "walkways",
     "the walkways never reach 1a, 1b, 1c from 5a", "walkways:"),
    ("{id: 5c, floor: 5, col: 2, virus: green,", "{id: 5c, floor: 5, col: 2, virus: red,", "viruses",
     "has 2 targets on the block; a coloured virus has exactly 1", "{id: red,"),
    ("{kind: plant, activates: green}", "{kind: plant}", "viruses",
     "is woken by 0 Plant & Water symbols; it needs exactly 1", "{id: green,"),
    ("{id: yellow, color: virus-yellow, by: mission, letter: C}",
     "{id: yellow, color: virus-yellow, by: mission, letter: B}", "viruses",
     "mission C wakes 0 viruses; each mission wakes exactly 1", "viruses:"),
    ("{id: 1b, floor: 1, col: 1, virus: grey,", "{id: 1b, floor: 1, col: 1, virus: pink,", "viruses",
     "its virus target is 'pink'", "{id: 1b,"),
    ("{points: 14, reward: energy,", "{points: 7, reward: energy,", "plant-water-rows",
     "pays 7, not more than the row above (8)", "{points: 7,"),
    ("{points: 8, reward: robot,", "{points: 8, reward: plant,", "plant-water-rows",
     "rewards 'plant'; a row rewards a robot or an energy", "{points: 8,"),
    ("symbols: [{kind: plant}, {kind: water}]}", "symbols: [{kind: plant}" + ", {kind: water}" * 11 + "]}",
     "plant-water-rows", "the rows need 18 water symbols crossed off but the block holds only 16 water tanks",
     "plant_water:"),
    ("spread_from: [2, 3]", "spread_from: [2, 4]", "plant-water-rows",
     "System Error 4 spreads the viruses, but the sheet has 3 System Errors", "spread_from:"),
]


# The cases broken together on one copy, checked once: one case of each rule and no two on one line. A group's
# cases checked one by one report together exactly the errors its copy reports (tests/together.py).
TOGETHER = [(0, 5, 8, 12), (1, 6, 10, 13), (2, 7, 9, 14), (3, 11, 15), (4,)]


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    return checked_together(tmp_path_factory.mktemp, "moon", TOGETHER,
                            lambda root, i: edit(root / FILE, BROKEN[i][0], BROKEN[i][1]),
                            lambda root: check_json_and_text(root, "moon"))


@pytest.mark.slow  # a whole check of the game per group of cases
@pytest.mark.xdist_group("moon-quarantine-broken")  # one worker checks the copies these cases share
@pytest.mark.parametrize("old,new,rule,message,at", BROKEN, ids=[f"{b[2]}-{i}" for i, b in enumerate(BROKEN)])
def test_a_broken_housing_block_is_caught_where_it_is_broken(broken, old, new, rule, message, at):
    moon, (result, text) = broken(BROKEN.index((old, new, rule, message, at)))
    path = moon / FILE
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if text.lstrip(" -").startswith(at))
    assert result.code == 1, result.out
    errors = errors_of(result)
    found = [e for e in errors if e["rule"] == rule and message in e["message"]]
    assert found, errors
    assert {(e["file"], e["line"]) for e in found} == {(FILE, line)}, found
    assert f"{FILE}:{line}:" in text and message in text
