"""Welcome to the Moon end to end: the starship deck prints its numbers and, behind them, its actions;
the missions and the adventure 1 sheet build; the rules hold and bite; the setup deals three stacks."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader
from together import checked_together

from conftest import REPO, check_json_and_text, edit, errors_of, run_pnp
from pdfcheck import placed_text, text_of

MM = 72 / 25.4
DISTRIBUTION = {1: 2, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 6, 8: 7, 9: 6, 10: 6, 11: 5, 12: 4, 13: 3, 14: 2, 15: 2}
ACTIONS = ("robot", "water", "plant", "energy", "astronaut", "planning")
STARSHIP = REPO / "cards/moon/starship.yaml"


@pytest.fixture
def built(moon_built) -> tuple[Path, dict]:
    return moon_built


def adventures() -> dict[int, str]:
    """The adventures the pack prints: number -> title, from cards/moon/adventures.yaml."""
    table = yaml.safe_load((REPO / "cards/moon/adventures.yaml").read_text())["adventures"]
    return {a["number"]: a["name"] for a in table}


def starship_cards() -> dict[str, dict]:
    return {c["id"]: c for c in yaml.safe_load(STARSHIP.read_text())["cards"]}


def inside(face: dict, x: float, y: float) -> bool:
    return face["x_mm"] <= x <= face["x_mm"] + face["w_mm"] and face["y_mm"] <= y <= face["y_mm"] + face["h_mm"]


def the_text_on(face: dict, texts: dict[int, list], size: float) -> list[str]:
    return [t for t, s, x, y in texts[face["page"]] if s == size and inside(face, x, y)]



def test_everything_prints(built):
    out, manifest = built
    fronts = Counter(f["component"] for f in manifest["faces"] if f["side"] == "front")
    missions = 6 * len(adventures())  # six missions per adventure, two of each letter
    assert adventures().keys() >= {1, 2, 3}
    assert fronts == {"starship": 63, "mission": missions} | {f"adventure-{a}": 6 for a in adventures()}
    backs = Counter(f["component"] for f in manifest["faces"] if f["side"] == "back")
    assert backs == {"starship": 63, "mission": missions}  # sheets are written on, one side only
    assert (out / "moon-pnp.pdf").is_file()


def test_every_starship_front_prints_its_number_and_they_follow_the_distribution(built):
    out, manifest = built
    cards = starship_cards()
    texts = placed_text(out / "starship.pdf")
    printed = Counter()
    for face in (f for f in manifest["faces"] if f["component"] == "starship" and f["side"] == "front"):
        big = the_text_on(face, texts, 58.0)  # the number on the moon, one per card
        assert big == [str(cards[face["id"]]["number"])], face
        printed[int(big[0])] += 1
    assert printed == DISTRIBUTION and sum(printed.values()) == 63


def test_the_backs_carry_each_cards_action_mirrored_behind_its_front(built):
    out, manifest = built
    cards = starship_cards()
    texts = placed_text(out / "starship.pdf")
    page_w = PdfReader(out / "starship.pdf").pages[0].mediabox.width / MM
    fronts = {f["id"]: f for f in manifest["faces"] if f["component"] == "starship" and f["side"] == "front"}
    backs = [f for f in manifest["faces"] if f["component"] == "starship" and f["side"] == "back"]
    assert len(backs) == 63
    split = Counter()
    for back in backs:
        front = fronts[back["id"]]
        assert back["page"] == front["page"] + 1
        # long-edge flip: the back lands at the mirror image of its front across the page's vertical axis
        assert back["x_mm"] == pytest.approx(page_w - front["x_mm"] - front["w_mm"], abs=0.1)
        assert back["y_mm"] == pytest.approx(front["y_mm"], abs=0.1)
        action = cards[back["id"]]["action"]
        assert the_text_on(back, texts, 20.0) == [action.upper()], back
        split[action] += 1
    assert set(split) == set(ACTIONS) and set(split.values()) <= {10, 11}


def test_missions_print_with_letter_and_adventure_on_the_back(built):
    out, manifest = built
    missions = {m["id"]: m for m in yaml.safe_load((REPO / "cards/moon/missions.yaml").read_text())["cards"]}
    names = {number: name.upper() for number, name in adventures().items()}
    assert Counter((m["adventure"], m["letter"]) for m in missions.values()) == {
        (a, letter): 2 for a in names for letter in "ABC"}
    texts = placed_text(out / "mission.pdf")
    backs = [f for f in manifest["faces"] if f["component"] == "mission" and f["side"] == "back"]
    assert len(backs) == len(missions)
    for back in backs:
        mission = missions[back["id"]]
        assert the_text_on(back, texts, 54.0) == [mission["letter"]], back
        assert the_text_on(back, texts, 9.0) == [f"ADVENTURE {mission['adventure']} · {names[mission['adventure']]}"]
    text = text_of(out / "mission.pdf")
    for word in ("Crew Deck", "Hard Lessons", "Wellspring", "FIRST", "LATER"):
        assert word in text


@pytest.mark.parametrize("adventure", sorted(adventures()))
def test_every_adventure_sheet_is_one_to_an_a4_page_written_on_one_side(built, adventure):
    _, manifest = built
    faces = [f for f in manifest["faces"] if f["component"] == f"adventure-{adventure}"]
    assert len(faces) == 6 and len({f["page"] for f in faces}) == 6
    assert all(f["w_mm"] == 194 and f["h_mm"] == 263 and f["side"] == "front" for f in faces)


def test_the_adventure_1_sheet_prints_its_parts(built):
    out, _ = built
    text = text_of(out / "adventure-1.pdf")
    for word in ("Liftoff", "LAUNCH TOWER", "SYSTEM ERRORS", "MISSIONS", "150", "125"):
        assert word in text


@pytest.fixture
def letter(shared_build) -> dict:
    """The manifest of the Moon pack built on Letter paper."""
    return shared_build("moon", "--paper", "letter")[1]


@pytest.mark.parametrize("adventure", sorted(adventures()))
def test_every_adventure_sheet_is_one_to_a_letter_page_too(letter, adventure):
    pages = [f for f in letter["faces"] if f["component"] == f"adventure-{adventure}"]
    assert len(pages) == 6 and len({f["page"] for f in pages}) == 6
    assert all(f["x_mm"] >= 5 and f["x_mm"] + f["w_mm"] <= 215.9 - 5 for f in pages)
    assert all(f["y_mm"] >= 5 and f["y_mm"] + f["h_mm"] <= 279.4 - 5 for f in pages)


@pytest.mark.parametrize("sheet,words", [
    ("adventure-2", ("The Crossing", "ENERGY", "HALO", "VESTA", "LUMEN", "TYCHO", "MOON", "EARTH", "MISSIONS")),
    ("adventure-3", ("Moonbase", "GARDENS", "LOOKOUT", "DOCKSIDE", "FOUNDRY", "Observatory", "PLANNING", "ASTRONAUTS")),
])
def test_the_adventure_2_and_3_sheets_print_from_their_tables(built, sheet, words):
    out, _ = built
    text = text_of(out / f"{sheet}.pdf")
    for word in words:
        assert word in text, word


def test_check_passes_strictly_and_reports_the_action_split(shared_check):
    result = shared_check("moon", "--strict", "--format", "json")
    assert result.code == 0, result.out
    report = json.loads(result.out)["games"][0]
    assert report["errors"] == [] and report["warnings"] == []
    split = [i for i in report["infos"] if i["rule"] == "starship-action-split"]
    assert len(split) == 1 and split[0]["severity"] == "info"
    assert split[0]["message"].startswith("robot 11, water 11, plant 11, energy 10, astronaut 10, planning 10")
    assert split[0]["file"] == "cards/moon/starship.yaml"


def test_a_broken_distribution_is_caught_with_its_message_and_place(moon):
    edit(moon / "cards/moon/starship.yaml", "{id: s63, number: 15,", "{id: s63, number: 14,")
    result, text = check_json_and_text(moon, "moon")
    assert result.code == 1
    found = [e for e in errors_of(result) if e["rule"] == "starship-numbers"]
    assert {e["message"] for e in found} == {"number 14: 3 cards, the distribution wants 2",
                                            "number 15: 1 card, the distribution wants 2"}
    line = STARSHIP.read_text().splitlines().index("cards:") + 1
    assert {(e["file"], e["line"], e["subject"]) for e in found} == {("cards/moon/starship.yaml", line, "starship")}
    assert f"cards/moon/starship.yaml:{line}:1: starship: number 14: 3 cards, the distribution wants 2" in text
    refused = run_pnp("build", "moon", "--out", str(moon / "out"), cwd=moon)
    assert refused.code == 1 and not (moon / "out" / "starship.pdf").exists()


def test_an_uneven_action_split_and_a_wrong_mission_count_are_caught(moon):
    edit(moon / "cards/moon/starship.yaml", "{id: s01, number: 1, action: robot}",
         "{id: s01, number: 1, action: water}")
    edit(moon / "cards/moon/missions.yaml", "adventure: 2, letter: A, name: \"Supply Chain\"",
         "adventure: 2, letter: B, name: \"Supply Chain\"")
    errors = errors_of(run_pnp("check", "moon", "--format", "json", cwd=moon))
    assert any(e["rule"] == "starship-actions-even" and "12 Starship cards with action 'water'" in e["message"]
               for e in errors)
    assert any(e["rule"] == "missions-per-adventure" and e["message"].startswith("adventure 2 has 1 mission A")
               for e in errors)


ZONES = [
    ("{zone: floor-3, first: 5, boxes: 2, ignite: 1}", "{zone: floor-3, first: 6, boxes: 1, ignite: 1}",
     "starts at space 6, a gap after space 4"),
    ("{id: floor-9, floor: 9, action: robot, boxes: 3, order: ascending-left-to-right}",
     "{id: floor-9, floor: 9, action: robot, boxes: 4, order: ascending-left-to-right}",
     "its quarters cover 3 spaces; the zone has 4"),
    ("{id: floor-6, floor: 6, action: planning, boxes: 5, order: ascending-left-to-right}",
     "{id: floor-6, floor: 6, action: planning, boxes: 5}", "`order` must be one of"),
]
COLONY = [
    ("  - {id: col-6, col: 6, boxes: 8, order: ascending-bottom-to-top}\n", "", "colony",
     "the grid's col-6 has no zone"),
    ("antennas: [[3, 1],", "antennas: [[1, 1],", "colony", "on a ready building (landing)"),
    ("water: [[1, 3],", "water: [[1, 9],", "colony", "outside the 6x8 grid"),
    ("cols: [4, 6], rows: [1, 4]", "cols: [4, 6], rows: [1, 5]", "colony", "overlaps quarter lookout"),
    ("{from: [2, 1], to: [3, 1]}", "{from: [2, 1], to: [4, 1]}", "colony-tunnels", "not neighbours"),
    ("  - {from: [5, 7], to: [6, 8]}\n  - {from: [6, 7], to: [6, 8]}\n", "", "colony-tunnels",
     "the tunnels never reach [6, 8] from the landing site"),
    ("planning: [0, 1, 2, 4,", "planning: [0, 2, 1, 4,", "colony-scoring", "must rise from left to right"),
    ("places: [20, 10, 5]", "places: [10, 20, 5]", "colony-scoring", "must fall"),
]
# every zone and colony case as (file, text, its replacement): a case's index in BROKEN names it
BROKEN = [("cards/moon/adventure-1.yaml", old, new) for old, new, _ in ZONES] + [
    ("cards/moon/adventure-3.yaml", old, new) for old, new, _, _ in COLONY]
# The cases broken together on one copy, checked once: one case of each rule (zones in adventure-1.yaml; colony,
# colony-tunnels and colony-scoring in adventure-3.yaml) and no two on one line. A group's cases checked one by
# one report together exactly the errors its copy reports (tests/together.py). The broken trajectories are
# checked one to a copy: each must be the only error of its check.
TOGETHER = [(0, 3, 7, 9), (1, 4, 8, 10), (2, 5), (6,)]


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    return checked_together(tmp_path_factory.mktemp, "moon", TOGETHER,
                            lambda root, i: edit(root / BROKEN[i][0], BROKEN[i][1], BROKEN[i][2]),
                            lambda root: errors_of(run_pnp("check", "moon", "--format", "json", cwd=root)))


@pytest.mark.parametrize("old,new,message", ZONES)
@pytest.mark.slow  # a whole check of the game per group of cases
@pytest.mark.xdist_group("moon-broken")  # one worker checks the copies these cases share
def test_a_zone_that_does_not_add_up_is_caught(broken, old, new, message):
    _, errors = broken(ZONES.index((old, new, message)))
    zones = [e for e in errors if e["rule"] == "zones"]
    assert any(message in e["message"] and e["file"] == "cards/moon/adventure-1.yaml" for e in zones), errors


def test_the_number_range_follows_the_deck(moon):
    edit(moon / "cards/moon/adventure-1.yaml", "numbers: {min: 0, max: 17}", "numbers: {min: 1, max: 15}")
    errors = errors_of(run_pnp("check", "moon", "--format", "json", cwd=moon))
    # the deck's range is checked on adventure 1; every other adventure must take the same numbers
    assert [e["rule"] for e in errors] == ["number-range"] + [f"adventure-{a}-numbers" for a in adventures() if a > 1]


def test_setup_deals_three_stacks_of_21_and_one_mission_of_each_letter(tmp_path):
    result = run_pnp("setup", "moon", "--players", "4", "--seed", "7", "--format", "json")
    assert result.code == 0, result.err
    dealt = json.loads(result.out)
    stacks = [dealt["table"][f"stack-{i}"] for i in (1, 2, 3)]
    assert [len(s) for s in stacks] == [21, 21, 21]
    assert sorted(sum(stacks, [])) == sorted(starship_cards())  # every card once
    missions = yaml.safe_load((REPO / "cards/moon/missions.yaml").read_text())["cards"]
    by_id = {m["id"]: m for m in missions}
    for letter in "ABC":
        [mission_id] = dealt["table"][f"mission-{letter}"]  # drawn from the deck, filtered by `where`
        assert (by_id[mission_id]["adventure"], by_id[mission_id]["letter"]) == (1, letter)
    assert [h["sheet"] for h in dealt["hands"]] == [["adventure-1"]] * 4
    recorded = tmp_path / "setup.json"
    recorded.write_text(result.out)
    assert run_pnp("check", "moon", "--setup", str(recorded)).code == 0
    assert run_pnp("setup", "moon", "--players", "7").code == 2
    refused = run_pnp("setup", "moon", "--players", "2", "--option", "adventure=8")  # 7 and 8 are not in the pack
    choices = ", ".join(str(a) for a in sorted(adventures()))
    assert refused.code == 2 and f"option adventure=8: choose one of {choices}" in refused.err
    seven = run_pnp("setup", "moon", "--players", "2", "--option", "adventure=seven")
    assert seven.code == 2 and "option adventure=seven: choose one of" in seven.err
    assert run_pnp("setup", "moon", "--players", "6", "--seed", "1").code == 0


def test_the_text_setup_names_starship_cards_by_number_and_action(moon):
    text = run_pnp("setup", "moon", "--players", "1", "--seed", "7").out
    cards = {c["id"]: c for c in yaml.safe_load((REPO / "cards/moon/starship.yaml").read_text())["cards"]}
    stack = text.split("stack-1", 1)[1].splitlines()[0].split(", ")
    assert len(stack) == 21
    for entry in stack:  # "8 Planning (s30)": the deck's `title:` expression, then the id
        number, action, card_id = entry.strip().replace("(", "").replace(")", "").split()
        assert (int(number), action.lower()) == (cards[card_id]["number"], cards[card_id]["action"])
    edit(moon / "cards/moon/starship.yaml", "{{ card.number }}", "{{ card.value }}")
    result = run_pnp("setup", "moon", "--players", "1", cwd=moon)
    assert result.code == 2 and "Traceback" not in result.err
    assert result.err.startswith("cards/moon/starship.yaml:10:") and "'value'" in result.err


@pytest.mark.parametrize("old,new,rule,message", [
    ("{zone: trajectory, leg: 3, first: 17, boxes: 8, heading: right}",
     "{zone: trajectory, leg: 3, first: 18, boxes: 8, heading: right}", "trajectory",
     "starts at space 18; the leg below ends at space 16"),
    ("{zone: trajectory, leg: 2, first: 9, boxes: 8, heading: left}",
     "{zone: trajectory, leg: 2, first: 9, boxes: 8, heading: right}", "trajectory", "heads 'right'"),
    ("{space: 38, value: 4}", "{space: 41, value: 4}", "trajectory", "hangs off the trajectory: spaces are 1-40"),
    ("dock: 22,", "dock: 5,", "trajectory", "docks on space 5, which is not on leg 2 or 3"),
    ("multipliers: {first: 3, later: 2}", "multipliers: {first: 2, later: 2}", "trajectory", "multipliers first 2"),
    ("most_zones: [20, 10, 5]", "most_zones: [10, 20, 5]", "most-zones-fall", "the most complete zones"),
])
@pytest.mark.slow  # a whole check of the game per case
def test_a_broken_trajectory_is_caught(moon, old, new, rule, message):
    edit(moon / "cards/moon/adventure-2.yaml", old, new)
    errors = errors_of(run_pnp("check", "moon", "--format", "json", cwd=moon))
    assert [e["rule"] for e in errors] == [rule], errors
    # an `expect` rule is an expression over the whole game: it is placed at its line in rules.yaml
    where = "cards/moon/rules.yaml" if rule == "most-zones-fall" else "cards/moon/adventure-2.yaml"
    assert message in errors[0]["message"] and errors[0]["file"] == where


@pytest.mark.parametrize("old,new,rule,message", COLONY)
@pytest.mark.slow  # a whole check of the game per group of cases
@pytest.mark.xdist_group("moon-broken")
def test_a_broken_colony_is_caught(broken, old, new, rule, message):
    _, errors = broken(len(ZONES) + COLONY.index((old, new, rule, message)))
    assert rule in {e["rule"] for e in errors}, errors
    assert any(message in e["message"] and e["file"] == "cards/moon/adventure-3.yaml"
               for e in errors if e["rule"] == rule), errors


@pytest.mark.slow  # a setup and a check of it per adventure
@pytest.mark.parametrize("adventure", sorted(set(adventures()) - {1}))
def test_the_adventure_option_deals_its_missions_and_sheets(adventure, tmp_path):
    result = run_pnp("setup", "moon", "--players", "3", "--seed", "5", "--option", f"adventure={adventure}",
                     "--format", "json")
    assert result.code == 0, result.err
    dealt = json.loads(result.out)
    assert dealt["options"] == {"adventure": adventure}
    by_id = {m["id"]: m for m in yaml.safe_load((REPO / "cards/moon/missions.yaml").read_text())["cards"]}
    for letter in "ABC":
        [mission_id] = dealt["table"][f"mission-{letter}"]
        assert mission_id.startswith(f"m{adventure}{letter.lower()}-")
        assert (by_id[mission_id]["adventure"], by_id[mission_id]["letter"]) == (adventure, letter)
    assert [h["sheet"] for h in dealt["hands"]] == [[f"adventure-{adventure}"]] * 3
    recorded = tmp_path / "setup.json"
    recorded.write_text(result.out)
    assert run_pnp("check", "moon", "--setup", str(recorded)).code == 0
    # a recorded setup that mixes in adventure 1's mission is refused
    wrong = next(m for m in by_id.values() if m["adventure"] == 1 and m["letter"] == "A")
    dealt["table"]["mission-A"] = [wrong["id"]]
    recorded.write_text(json.dumps(dealt))
    check = run_pnp("check", "moon", "--setup", str(recorded), "--format", "json")
    assert check.code == 1
    assert [e["message"].split(" is not one")[0] for e in errors_of(check)] == [f"mission card {wrong['id']!r}"]
