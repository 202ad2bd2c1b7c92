"""Welcome to the Moon: every number the rulebook states is the number the pack prints.

The expected values below are copied from the rulebook (shared seed 004, the section named beside each),
never from our YAML, so a sheet or a mission that drifts from the published game fails here. Numbers
the rulebook does not give are ours and are not held here; the data files say which is which.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from conftest import REPO, edit, errors_of, run_pnp
from pdfcheck import text_of

MOON = REPO / "cards/moon"


def table(adventure: int) -> dict:
    return yaml.safe_load((MOON / f"adventure-{adventure}.yaml").read_text())


def missions() -> dict[str, dict]:
    return {m["id"]: m for m in yaml.safe_load((MOON / "missions.yaml").read_text())["cards"]}


@pytest.fixture
def built(moon_built) -> tuple[Path, dict]:
    return moon_built


# ---- the sheets' numbers --------------------------------------------------------------------------

def test_adventure_1_end_of_game():
    sheet = table(1)
    assert sheet["tie_break"] == 8  # "The 8 rockets next to the final scoring space"
    assert sheet["launch_score"] == 150  # "all the rockets below the 150 scoring box"
    assert sheet["error_penalty"] == 5  # "subtract 5 points for each circled System Error box"


def test_adventure_1_floors():
    """9 floors, the first (bottom) Wild; two Astronaut floors (the example); the missions' groups:
    3 Astronaut & Water floors, 3 Robot & Planning floors, the Energy floor, the Plant and Wild floors."""
    floors = {z["floor"]: z["action"] for z in table(1)["zones"]}
    assert sorted(floors) == list(range(1, 10)) and floors[1] == "wild"
    actions = list(floors.values())
    assert actions.count("astronaut") == 2
    assert actions.count("astronaut") + actions.count("water") == 3
    assert actions.count("robot") + actions.count("planning") == 3
    assert actions.count("energy") == 1 and actions.count("plant") == 1


def test_adventure_2_scoring():
    sheet = table(2)
    assert sheet["most_zones"] == [20, 10, 5]  # "earn 20 points, the second one earns 10 points, and the third ... 5"
    assert sheet["longest_zone"] == 1  # "one point per numbered space for the longest complete zone"
    energy = sheet["energy"]
    assert (energy["start"], energy["per_wall"], energy["from_errors"]) == (1, 2, 2)  # Energy action, System Error
    assert len(sheet["stations"]) == 4  # "the 4 stations"
    assert [c["per_wild"] for c in sheet["crew"]] == [2, 2]  # 2 crossed off Astronauts / Planning: a Wild action


def test_adventure_3_scoring():
    sheet = table(3)
    assert {(q["first"], q["later"]) for q in sheet["quarters"]} == {(15, 5)}  # "highest bonus of 15 ... lowest 5"
    assert len(sheet["quarters"]) == 4  # "four quarters"
    assert sheet["greenhouses"] == [1, 1, 1, 2]  # each greenhouse 1 plant, "the fourth ... 2 plants"
    assert sheet["astronauts"]["places"] == [20, 10, 5]  # "earn 20 points, the second ones 10 ..., the third ones 5"
    ready = {r["kind"]: r for r in sheet["ready"]}
    assert ready["landing"]["at"] == [1, 1] and ready["observatory"]["at"] == [6, 8]  # bottom left, top right
    assert ready["observatory"]["antennas"] == 3  # "immediately circle its 3 antennas"
    assert sum(r["kind"] == "built" for r in sheet["ready"]) == 2  # "the two buildings marked with an X"
    assert sum(bool(t.get("built")) for t in sheet["tunnels"]) == 2  # "2 tunnels built from the landing site"


def test_adventure_3_planning_subtracts_the_lowest_value_still_open():
    """"Subtract the lowest value still visible" after crossing off the lowest box each time: a player
    who never plans loses the first box's value, so it must be 0, and the sheet must say so."""
    assert table(3)["planning"][0] == 0


def test_adventure_4_factories():
    sheet = table(4)
    assert len(sheet["zones"]) == 3  # "3 underground levels"
    assert sheet["extraction"]["spaces"] == 3  # "If you have numbered 3 spaces of a column"
    kinds = [f["kind"] for f in sheet["factories"]]
    assert len(kinds) == 6 and kinds.count("main") == 4 and kinds.count("control") == 2  # "six columns"
    assert len(sheet["secondary"]) == 5  # "The five small boxes at the top"
    control = {f["action"]: f["values"] for f in sheet["factories"] if f["kind"] == "control"}
    assert control["astronaut"] == {"top": 0, "bottom": 3}  # nothing until upgraded, then 3 per astronaut
    assert control["planning"] == {"top": -3, "bottom": 0}  # lose 3 per planning until upgraded, then nothing


def test_adventure_5_scoring():
    sheet = table(5)
    assert sheet["starts"] == [-1, 1]  # the first level above or below the surface
    assert sheet["scoring"]["tower"]["rows"][0] == [2, 5, 9]  # "the 3 '2/5/9' boxes"
    assert len(sheet["scoring"]["missions"]["columns"]) == 2 and len(sheet["scoring"]["astronauts"]["columns"]) == 2
    assert {tuple(sorted(level["symbols"])) for level in sheet["tower"]["levels"]} == {("plant", "plant", "water")}


def test_adventure_6_block():
    sheet = table(6)
    assert len(sheet["zones"]) == 5  # "5 floors"
    assert sheet["quarter_spaces"] == 5  # "quarters of 5 housing spaces"
    per_floor = [sum(q["floor"] == f for q in sheet["quarters"]) for f in range(1, 6)]
    assert set(per_floor) <= {2, 3}  # "divided in 2 or 3 quarters"
    assert sheet["spread_from"] == [2, 3]  # "the 2nd and 3rd System Error box"
    assert sheet["infected_penalty"] == 1  # "You lose 1 point for each infected ... space"
    assert [c["per_wild"] for c in sheet["crew"]] == [2, 2]


# ---- the missions' numbers --------------------------------------------------------------------------

# Every number in each mission's requirement, in the order our wording gives them ("The Missions").
MISSION_NUMBERS = {
    "m1a-crew-deck": [3], "m1a-machine-deck": [3], "m1b-power-core": [], "m1b-life-support": [],
    "m1c-scaffolding": [10], "m1c-hard-lessons": [5],
    "m2a-supply-chain": [3], "m2a-orbital-garden": [2], "m2b-twin-legs": [2, 6], "m2b-three-stages": [3, 6, 4, 2],
    "m2c-reservoir": [6], "m2c-pipeline": [4],
    "m3a-towers": [3], "m3a-avenues": [3], "m3b-deep-link": [], "m3b-full-signal": [2], "m3c-harvest": [10],
    "m3c-wellspring": [2],
    "m4a-five-shafts": [5, 5], "m4a-long-gallery": [4], "m4b-industrial-ring": [5], "m4b-full-power": [6],
    "m4c-underground-garden": [8], "m4c-deep-springs": [5],
    "m5a-skyline": [1], "m5a-twin-spires": [2], "m5b-seedbeds": [2, 3], "m5b-full-rows": [3, 2], "m5c-sealed": [],
    "m5c-fast-track": [4],
    "m6a-two-exits": [2], "m6a-floor-cleared": [1], "m6b-three-wards": [3], "m6b-cordon": [], "m6c-power-grid": [2],
    "m6c-hydroponics": [2],
}


def test_every_mission_asks_the_rulebooks_numbers():
    found = {mid: [int(n) for n in re.findall(r"\d+", m["text"])] for mid, m in missions().items()}
    assert found == MISSION_NUMBERS


@pytest.mark.parametrize("mission,actions", [
    ("m1a-crew-deck", {"astronaut", "water"}),  # "Number the 3 Astronaut & Water floors completely"
    ("m1a-machine-deck", {"robot", "planning"}),  # "Number the 3 Robot & Planning floors completely"
    ("m1b-power-core", {"energy"}),  # "Number the Energy floor completely"
    ("m1b-life-support", {"plant", "wild"}),  # "Number the Plant and Wild floors completely"
])
def test_adventure_1_floor_missions_name_the_rulebooks_floors(mission, actions):
    text = missions()[mission]["text"].lower()
    named = {a for a in ("robot", "water", "plant", "energy", "astronaut", "planning", "wild") if a in text}
    assert named == actions


# ---- the printed sheets ---------------------------------------------------------------------------------

@pytest.mark.parametrize("sheet,printed", [
    ("adventure-1", ["8 tie-break rockets", "150"]),
    ("adventure-2", ["1st 20, 2nd 10, 3rd 5"]),
    # the rulebook's "lowest value still visible": the first box still open (boxes read 0, -1, ...: issue 30)
    ("adventure-3", ["most 20 · 2nd 10 · 3rd 5", "the points in the first box still open"]),
])
def test_the_sheets_print_the_published_numbers(built, sheet, printed):
    out, _ = built
    text = " ".join(text_of(out / f"{sheet}.pdf").split())
    for words in printed:
        assert words in text, words


def test_the_adventure_1_sheet_draws_8_tie_break_rockets(built):
    """The rockets are circles in the launch box; 8 must fit beside each other inside it."""
    template = yaml.safe_load((REPO / "templates/moon/adventure-1.yaml").read_text())
    el = {e.get("name"): e for e in template["elements"]}
    launch, rockets = el["launch"], el["tie-break"]
    mm = lambda v: float(str(v).removesuffix("mm"))  # noqa: E731
    width = 8 * mm(rockets["size"]) + 7 * mm(rockets["gap"])
    assert mm(rockets["x"]) + width <= mm(launch["x"]) + mm(launch["w"])
    assert mm(rockets["y"]) + mm(rockets["size"]) <= mm(launch["y"]) + mm(launch["h"])


def test_the_published_numbers_are_marked_in_the_yaml():
    """Each number taken from the rulebook carries a comment naming its section."""
    for adventure, key in ((1, "tie_break:"), (1, "launch_score:"), (2, "most_zones:"), (3, "greenhouses:"),
                           (3, "astronauts:"), (3, "planning:")):
        lines = (MOON / f"adventure-{adventure}.yaml").read_text().splitlines()
        at = next(i for i, line in enumerate(lines) if line.startswith(key))
        context = "\n".join(lines[max(0, at - 4):at + 2])
        assert f"rulebook: Adventure {adventure}" in context, (adventure, key)


@pytest.mark.slow  # a whole check of the game
def test_a_mission_asking_more_x_than_the_sheet_builds_is_caught(moon):
    edit(moon / "cards/moon/missions.yaml", "Write 10 X with", "Write 20 X with")
    edit(moon / "cards/moon/missions.yaml", "goal: build, count: 10,", "goal: build, count: 20,")  # as its text
    errors = errors_of(run_pnp("check", "moon", "--format", "json", cwd=moon))
    assert [e["rule"] for e in errors] == ["build-supply"]
    assert "asks for 20 X from Build effects; the sheet's quarters give 12" in errors[0]["message"]


@pytest.mark.slow  # a whole check of the game
def test_a_planning_track_that_costs_a_player_who_never_plans_is_caught(moon):
    edit(moon / "cards/moon/adventure-3.yaml", "planning: [0, 1, 2,", "planning: [1, 2,")
    errors = errors_of(run_pnp("check", "moon", "--format", "json", cwd=moon))
    assert [e["rule"] for e in errors] == ["colony-scoring"]
    assert "the first Planning box is 1" in errors[0]["message"]
