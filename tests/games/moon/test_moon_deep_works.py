"""Welcome to the Moon, adventure 4 (Deep Works) end to end: the mine sheet prints from its table, one to a
page on A4 and Letter; its missions print; the setup deals them; the rules that check the sheet's table
hold, report what it holds, and each one bites with a located message."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest
import yaml
from together import checked_together

from conftest import REPO, check_json_and_text, edit, errors_of, run_pnp
from pdfcheck import text_of


@pytest.fixture
def built(moon_built):
    return moon_built


SHEET = "cards/moon/adventure-4.yaml"


def missions() -> dict[str, dict]:
    return {m["id"]: m for m in yaml.safe_load((REPO / "cards/moon/missions.yaml").read_text())["cards"]}


def line_of(path: Path, text: str) -> int:
    """The 1-based line of the first line that holds `text`."""
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_the_mine_sheet_prints_one_to_a_page_from_its_table(built):
    out, _ = built
    text = text_of(out / "adventure-4.pdf")
    table = yaml.safe_load((REPO / SHEET).read_text())
    words = ["Deep Works", "ADVENTURE 4", "SECONDARY FACTORIES", "PUMPS", "SYSTEM ERRORS", "MISSIONS", "TOTAL",
             "Extract", "first to fill"]
    words += [f["name"].upper() for f in table["factories"]] + [s["name"].upper() for s in table["secondary"]]
    for word in words:
        assert word in text, word
    # the mine's level badges and the factories' values come from the table
    page = text.split("\f")[0]
    for level in table["mine"]["levels"]:
        assert str(level["level"]) in page
    assert "×5" in page and "−3" in page


def test_six_missions_of_adventure_4_print(built):
    out, manifest = built
    ours = {k: m for k, m in missions().items() if m["adventure"] == 4}
    assert Counter(m["letter"] for m in ours.values()) == {"A": 2, "B": 2, "C": 2}
    assert all(k.startswith(f"m4{m['letter'].lower()}-") for k, m in ours.items())
    printed = {f["id"] for f in manifest["faces"] if f["component"] == "mission" and f["side"] == "front"}
    assert set(ours) <= printed
    text = text_of(out / "mission.pdf")
    for mission in ours.values():
        assert mission["name"] in text, mission["name"]
    assert "DEEP WORKS" in text


def test_check_passes_and_says_what_the_mine_holds(shared_check):
    result = shared_check("moon", "--strict", "--format", "json")
    assert result.code == 0, result.out
    report = json.loads(result.out)["games"][0]
    assert report["errors"] == [] and report["warnings"] == []
    [info] = [i for i in report["infos"] if i["rule"] == "mine-budget"]
    assert info["severity"] == "info" and info["file"] == SHEET
    assert info["message"].startswith("27 cavities on 3 levels × 9 columns (9 plant, 7 water, 6 crystal, 5 ore)")
    assert info["message"].endswith("; 6 missions")


# (old, new, rule, message, the text on the line the error must point at)
BREAKS = [
    ("cavities: [plant, water, plant, crystal, plant, water, plant, ore, water]",
     "cavities: [plant, water, plant, crystal, plant, water, plant, ore]", "mine",
     "has 8 cavities; the mine is 9 columns wide", "{level: 1, zone: level-1"),
    ("cavities: [water, plant, ore,", "cavities: [robot, plant, ore,", "mine",
     "cavity 1 holds 'robot'", "{level: 2, zone: level-2"),
    ("{id: level-3, level: 3, boxes: 9,", "{id: level-3, level: 3, boxes: 10,", "mine",
     "has 10 boxes; the mine is 9 columns wide", "{id: level-3, level: 3"),
    ("{id: level-2, level: 2, boxes: 9, order: ascending-left-to-right}", "{id: level-2, level: 2, boxes: 9}",
     "mine", "a level is numbered left to right", "{id: level-2, level: 2"),
    ("extraction: {spaces: 3, pumps: 9}", "extraction: {spaces: 3, pumps: 8}", "mine",
     "8 pumps for 9 columns", "extraction:"),
    ("extraction: {spaces: 3, pumps: 9}", "extraction: {spaces: 4, pumps: 9}", "mine",
     "a column has 4 spaces to extract, but the mine has 3 levels", "extraction:"),
    ("values: {top: 1, bottom: 3}, bonus: 8}", "values: {top: 3, bottom: 1}, bonus: 8}", "mine-factories",
     "upgrading never pays", "{id: plants, kind: main"),
    ("{id: ore, kind: main, resource: ore,", "{id: ore, kind: main, resource: crystal,", "mine-factories",
     "processes 'crystal'", "{id: ore, kind: main"),
    ("{id: planning, kind: control, action: planning,", "{id: planning, kind: control, action: robot,",
     "mine-factories", "controls 'robot'", "{id: planning, kind: control"),
    ("{id: hydroponics, name: Hydroponics, cost: {energy: 2}, gives: {plant: 2}}",
     "{id: hydroponics, name: Hydroponics, cost: {energy: 2}, gives: {astronaut: 2}}", "mine-secondary",
     "gives 'astronaut', which the sheet has no place for", "{id: hydroponics"),
    ("{id: condenser, name: Condenser, cost: {robot: 2},", "{id: condenser, name: Condenser, cost: {water: 2},",
     "mine-secondary", "a secondary factory costs Energy and Robot symbols", "{id: condenser"),
    ("  - {id: workshop, name: Workshop, cost: {energy: 2, robot: 2}, gives: {energy: 1, robot: 1}}\n", "",
     "mine-secondary", "4 secondary factories; the top of the sheet holds 5", "secondary:"),
    ("slots: 8, upgrade: {energy: 2, robot: 1}, values: {top: 1, bottom: 3}",
     "slots: 12, upgrade: {energy: 2, robot: 1}, values: {top: 1, bottom: 3}", "mine-supply",
     "has 12 slots, but the mine holds 9 plant and the secondary factories give 2", "{id: plants, kind: main"),
]


# The cases broken together on one copy, checked once: one case of each rule and no two on one line. A group's
# cases checked one by one report together exactly the errors its copy reports (tests/together.py).
TOGETHER = [(0, 6, 9), (1, 7, 10, 12), (2, 8, 11), (3,), (4,), (5,)]


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    return checked_together(tmp_path_factory.mktemp, "moon", TOGETHER,
                            lambda root, i: edit(root / SHEET, BREAKS[i][0], BREAKS[i][1]),
                            lambda root: check_json_and_text(root, "moon"))


@pytest.mark.slow  # a whole check of the game per group of cases
@pytest.mark.xdist_group("moon-deep-works-broken")  # one worker checks the copies these cases share
@pytest.mark.parametrize("old,new,rule,message,anchor", BREAKS, ids=[b[3][:40] for b in BREAKS])
def test_a_broken_mine_is_caught_where_it_is_broken(broken, old, new, rule, message, anchor):
    moon, (result, text) = broken(BREAKS.index((old, new, rule, message, anchor)))
    path = moon / SHEET
    assert result.code == 1, result.out
    errors = errors_of(result)
    found = [e for e in errors if e["rule"] == rule and message in e["message"]]
    assert found, errors
    assert {(e["file"], e["line"]) for e in found} == {(SHEET, line_of(path, anchor))}
    # the text report names the file and line too
    assert f"{SHEET}:{line_of(path, anchor)}:" in text


def test_the_mine_takes_the_same_numbers_as_every_sheet(moon):
    edit(moon / SHEET, "numbers: {min: 0, max: 17}", "numbers: {min: 1, max: 17}")
    result = run_pnp("check", "moon", "--format", "json", cwd=moon)
    assert result.code == 1
    assert [e["rule"] for e in errors_of(result)] == ["adventure-4-numbers"]
