"""Welcome to the Moon, adventure 5 (Glass Dome) end to end: the sheet prints one to a page on A4 and
Letter with its skyscrapers, research tower, dome and scoring areas; the setup deals its missions
and sheets; every rule that checks its table bites, at the line of the mistake."""

from __future__ import annotations

import json

import pytest
import yaml
from together import checked_together

from conftest import REPO, edit, errors_of, run_pnp
from pdfcheck import text_of


@pytest.fixture
def built(moon_built):
    return moon_built


TABLE = "cards/moon/adventure-5.yaml"
MISSIONS = "cards/moon/missions.yaml"


def line_of(path, anchor: str) -> int:
    """The 1-based line of the first line holding `anchor`."""
    return next(n for n, line in enumerate(path.read_text().splitlines(), 1) if anchor in line)


def test_the_sheet_prints_one_to_a_page_with_all_its_parts(built):
    out, _ = built
    text = text_of(out / "adventure-5.pdf")
    table = yaml.safe_load((REPO / TABLE).read_text())
    words = ["Glass Dome", "ADVENTURE 5", "RESEARCH TOWER", "DOME", "MISSIONS", "ASTRONAUTS", "SYSTEM ERRORS",
             "TOTAL", "Energy", "unbuilt", "Each turn"]
    words += [z["name"].upper() for z in table["zones"]]
    for word in words:
        assert word in text, word
    # every value of every scoring row is printed (the dome's as a penalty)
    for key, area in table["scoring"].items():
        for row in area["rows"]:
            for value in row:
                assert (f"−{value}" if key == "dome" else str(value)) in text, (key, value)


def test_the_missions_print_on_cards_with_their_adventure(built):
    out, _ = built
    text = text_of(out / "mission.pdf")
    for word in ("Skyline", "Twin Spires", "Seedbeds", "Full Rows", "Sealed", "Fast Track", "GLASS DOME"):
        assert word in text, word


def test_check_reports_what_the_sheet_holds(shared_check):
    result = shared_check("moon", "--strict", "--format", "json")
    assert result.code == 0, result.out
    report = json.loads(result.out)["games"][0]
    [budget] = [i for i in report["infos"] if i["rule"] == "dome-budget"]
    assert budget["severity"] == "info" and budget["file"] == TABLE
    assert budget["message"].startswith("44 levels in 6 skyscrapers (12 starting levels); 21 links to the "
                                        "9-level research tower (27 symbols;")
    assert "10 dome sections (5 odd, 5 even); 12 Energy upgrades" in budget["message"]


# (file, text to replace, its replacement, rule, message, the text of the line the error must point to)
BROKEN = [
    (TABLE, "{id: plato, name: Plato, boxes: 6,", "{id: plato, name: Plato, boxes: 7,", "skyscrapers",
     "has 7 boxes but 3 levels below and 3 above the surface (6)", "{id: plato,"),
    (TABLE, "links: [3, -2, -3]", "links: [4, -2, -3]", "skyscrapers",
     "links level 4, which it does not have (its levels are -3..-1 and 1..3)", "{id: plato,"),
    (TABLE, "{id: euler, name: Euler, boxes: 5, below: 2, above: 3, order: ascending-bottom-to-top,",
     "{id: euler, name: Euler, boxes: 5, below: 2, above: 3,", "skyscrapers", "`order` must be", "{id: euler,"),
    (TABLE, "top: {first: 10, later: 5}, bottom: {first: 5, later: 2}}",
     "top: {first: 10, later: 5}, bottom: {first: 2, later: 2}}", "skyscrapers",
     "bottom bonus first 2, later 2", "links: [5, 2, -1], top:"),
    (TABLE, "starts: [-1, 1]", "starts: [1, 2]", "skyscrapers", "the starting levels are [1, 2]", "starts:"),
    (TABLE, "- {level: 6, symbols: [plant, plant, water]}", "- {level: 7, symbols: [plant, plant, water]}",
     "research-tower", "no skyscraper level links to it", "{level: 7,"),
    (TABLE, "- {level: 1, symbols: [plant, plant, water]}", "- {level: 1, symbols: [plant, energy, water]}",
     "research-tower", "each level holds plant and/or water symbols", "{level: 1,"),
    (TABLE, "- {level: 2, symbols: [plant, plant, water]}", "- {level: 2, symbols: [plant, plant, water, water]}",
     "research-tower", "the tower's scoring columns are [1, 2, 3]; a level holds up to 4 symbols", "tower: {columns"),
    (TABLE, "{id: e1, side: east, step: 1, parity: even}", "{id: e1, side: east, step: 2, parity: even}",
     "dome-sections", "is step 2 on the east side", "{id: e1,"),
    (TABLE, "{id: w3, side: west, step: 3, parity: odd}", "{id: w3, side: west, step: 3, parity: prime}",
     "dome-sections", "`parity` must be odd or even", "{id: w3,"),
    (TABLE, "dome: {columns: [penalty], rows: [[5], [4], [3], [2]]}",
     "dome: {columns: [penalty], rows: [[5], [6], [3], [2]]}", "dome-scoring",
     "column 'penalty' reads [5, 6, 3, 2] from the top", "dome: {columns"),
    (TABLE, "rows: [[5, 2], [8, 3], [11, 5], [15, 7]]", "rows: [[5, 2], [8, 3], [11, 12], [15, 17]]",
     "dome-scoring", "row 3 [11, 12]: the most column must pay more than the others one", "astronauts: {columns"),
    (MISSIONS, '{id: m5b-seedbeds, adventure: 5, letter: B, name: "Seedbeds", first: 10,',
     '{id: m5b-seedbeds, adventure: 5, letter: B, name: "Seedbeds", first: 12,', "dome-scoring",
     "pays first 12, later 5; in adventure 5 a mission pays what the sheet's mission area shows", "m5b-seedbeds"),
]


# The cases broken together on one copy, checked once: one case of each rule and no two on one line. A group's
# cases checked one by one report together exactly the errors its copy reports (tests/together.py).
TOGETHER = [(0, 5, 8, 10), (1, 6, 9, 11), (2, 7, 12), (3,), (4,)]


@pytest.fixture(scope="module")
def broken(tmp_path_factory):
    return checked_together(tmp_path_factory.mktemp, "moon", TOGETHER,
                            lambda root, i: edit(root / BROKEN[i][0], BROKEN[i][1], BROKEN[i][2]),
                            lambda root: run_pnp("check", "moon", "--format", "json", cwd=root))


@pytest.mark.slow  # a whole check of the game per group of cases
@pytest.mark.xdist_group("moon-glass-dome-broken")  # one worker checks the copies these cases share
@pytest.mark.parametrize("path,old,new,rule,message,anchor", BROKEN, ids=[f"{b[3]}-{i}" for i, b in enumerate(BROKEN)])
def test_a_broken_adventure_5_table_is_caught_where_it_is_broken(broken, path, old, new, rule, message, anchor):
    moon, result = broken(BROKEN.index((path, old, new, rule, message, anchor)))
    assert result.code == 1, result.out
    found = [e for e in errors_of(result) if e["rule"] == rule and message in e["message"]]
    assert found, errors_of(result)
    assert {(e["file"], e["line"]) for e in found} == {(path, line_of(moon / path, anchor))}, found


def test_the_numbers_must_match_the_other_sheets_and_a_broken_sheet_is_not_printed(moon):
    edit(moon / TABLE, "numbers: {min: 0, max: 17}", "numbers: {min: 1, max: 17}")
    result = run_pnp("check", "moon", "--format", "json", cwd=moon)
    assert result.code == 1
    refused = run_pnp("build", "moon", "--out", str(moon / "out"), cwd=moon)
    assert refused.code == 1 and not (moon / "out" / "adventure-5.pdf").exists()
    assert [(e["rule"], e["file"]) for e in errors_of(result)] == [("adventure-5-numbers", "cards/moon/rules.yaml")]
