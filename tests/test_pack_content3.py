"""Issue 30.2: the content fixes of Sleeping Gods, Intrepid and Welcome to the Moon, each held by a rule where
one can hold it: the journey log holds a save, the crew carry the 7 synergy effects, the contents say what else
is needed, Japan's dice track follows the rulebook's example, the checklist shows where the rulebook's lists
disagree, the capacity track says its overflow, Moon's Planning reads as meant and every Moon text reads at
4.5:1 (and the contrast check measures text on a polygon)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import REPO, edit, errors_of, run_pnp
from pdfcheck import text_of


def copy_of(tmp_path: Path, game: str) -> Path:
    root = tmp_path / game
    for folder in (f"cards/{game}", f"templates/{game}", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def rule_errors(root: Path, game: str, rule: str) -> list[dict]:
    result = run_pnp("check", game, "--format", "json", cwd=root)
    assert result.code in (1, 2), result.out + result.err
    return [e for e in errors_of(result) if e["rule"] == rule] if result.code == 1 else []


def load(game: str, name: str) -> dict:
    return yaml.safe_load((REPO / "cards" / game / name).read_text())


def faces(manifest: dict, component: str, side: str = "front") -> list[dict]:
    return [f for f in manifest["faces"] if f["component"] == component and f["side"] == side]


# ---- Sleeping Gods ----

def test_the_journey_log_back_holds_a_save_per_line(shared_build):
    out, manifest = shared_build("sleeping-gods")
    campaign = load("sleeping-gods", "campaign.yaml")
    assert campaign["save_lines"] >= 20
    assert len(faces(manifest, "journey-log", "back")) == len(faces(manifest, "journey-log"))
    text = text_of(out / "journey-log.pdf")
    back = text.split("JOURNEY LOG · SAVE LINES")[1]
    rooms = [r["name"] for r in load("sleeping-gods", "ship.yaml")["rooms"]]
    for room in rooms:
        assert room in " ".join(back.split())  # the key to the room cells
    columns = {c["id"]: c for c in campaign["save_columns"]}
    assert columns["ship-damage"]["cells"] == rooms
    assert columns["hands"]["cells"] == ["P1", "P2", "P3", "P4"]
    assert columns["hands"]["width"] / 4 >= 6 * campaign["hand_limit"]  # room for 3 codes a player
    numbers = [int(n) for n in re.findall(r"^(\d+)$", back, re.M)]
    assert list(range(1, campaign["save_lines"] + 1)) == [n for n in numbers if n <= campaign["save_lines"]][
        :campaign["save_lines"]]
    front = text.split("JOURNEY LOG · SAVE LINES")[0]
    assert "QUEST CARDS GAINED" in front and "ARTIFACTS" in front and "ON THE BACK OF THIS SHEET" in front


def test_every_ability_card_prints_its_code(shared_build):
    out, _ = shared_build("sleeping-gods")
    codes = [c["code"] for c in load("sleeping-gods", "abilities.yaml")["cards"]]
    assert len(set(codes)) == len(codes) == 30
    printed = set(re.findall(r"\b[SCVPK]\d\b", text_of(out / "ability.pdf")))
    assert printed == set(codes)


def test_the_crew_carry_the_seven_synergy_effects():
    synergies = [c["synergy"] for c in load("sleeping-gods", "crew.yaml")["cards"]]
    assert len(synergies) == 9 and len(set(synergies)) == 7
    assert synergies.count("This attack deals +1 Damage.") == 3
    captain = next(c for c in load("sleeping-gods", "crew.yaml")["cards"] if c.get("captain"))
    assert "diagonal" in captain["synergy"]


def test_the_contents_page_names_what_else_is_needed(shared_build):
    out, _ = shared_build("sleeping-gods")
    text = " ".join(text_of(out / "sleeping-gods-pnp.pdf").split())
    also = text.split("Also needed")[1][:1500]
    for name in ("Adventure box", "Explore token", "Achievement sheet", "Storybook", "Atlas"):
        assert name.lower() in also.lower(), name
    assert "quest cards" in also.lower() and "artifacts" in also.lower()


@pytest.mark.slow  # a whole check of a broken copy
def test_the_journey_log_and_synergy_rules_fail_when_broken(tmp_path):
    root = copy_of(tmp_path, "sleeping-gods")
    edit(root / "cards/sleeping-gods/campaign.yaml", "save_lines: 24", "save_lines: 8")
    edit(root / "cards/sleeping-gods/campaign.yaml", "cells: [Bridge, Galley, Deck, Quarters, Sick Bay]",
         "cells: [Bridge, Galley, Deck, Quarters]")
    edit(root / "cards/sleeping-gods/abilities.yaml", '{code: S2, name: "Iron Grip"', '{code: S1, name: "Iron Grip"')
    edit(root / "cards/sleeping-gods/crew.yaml", 'synergy: "This attack gets +2 Accuracy."',
         'synergy: "This attack gets +2 Block."')
    result = run_pnp("check", "sleeping-gods", "--format", "json", cwd=root)
    assert result.code == 1
    failed = {e["rule"] for e in errors_of(result)}
    assert {"save-lines-for-a-campaign", "save-damage-per-room", "unique-ability-codes",
            "seven-synergy-effects"} <= failed


# ---- Intrepid ----

def test_japans_dice_track_follows_the_rulebooks_example():
    example = load("intrepid", "examples.yaml")["dice_track"]
    japan = next(c for c in load("intrepid", "country-boards.yaml")["cards"] if c["id"] == example["country"])
    assert japan["costs"][japan["track"].index(example["dice"])] == example["cost"] == 8


@pytest.mark.slow  # a whole check of a broken copy
def test_a_dice_track_against_the_example_and_a_capacity_without_overflow_are_caught(tmp_path):
    root = copy_of(tmp_path, "intrepid")
    edit(root / "cards/intrepid/country-boards.yaml", "track: [3, 4, 5, 6, 7], costs: [5, 8, 10, 13]",
         "track: [3, 4, 5, 6, 7], costs: [5, 7, 10, 13]")
    edit(root / "cards/intrepid/resources.yaml", "overflow: 35}", "overflow: 30}")
    result = run_pnp("check", "intrepid", "--format", "json", cwd=root)
    assert result.code == 1
    failed = {e["rule"]: e for e in errors_of(result)}
    assert "dice-track-as-the-example" in failed and "Japan, rolling 4 dice" in failed[
        "dice-track-as-the-example"]["message"]
    assert "capacity-overflow" in failed


def test_the_checklist_shows_the_rulebooks_lists_where_they_disagree(shared_build):
    out, _ = shared_build("intrepid")
    lines = text_of(out / "intrepid-pnp.pdf").splitlines()
    training = next(i for i, line in enumerate(lines) if line.startswith("Training Simulator"))
    assert "5 (rules: 10)" in " ".join(lines[training:training + 6])
    marker = next(i for i, line in enumerate(lines) if line.startswith("Track Marker"))
    assert "not stated" not in " ".join(lines[marker:marker + 3])


def test_a_listed_count_without_a_note_is_a_located_error(tmp_path):
    root = copy_of(tmp_path, "intrepid")
    game = root / "cards/intrepid/game.yaml"
    text = game.read_text()
    start = text.index("  training-simulator: {count: 10, listed: 5")
    end = text.index("\n", start)
    game.write_text(text[:start] + "  training-simulator: {count: 10, listed: 5}" + text[end:])
    result = run_pnp("check", "intrepid", "--format", "json", cwd=root)
    assert result.code == 1
    said = [e for e in errors_of(result) if e["rule"] == "contents"]
    line = next(i for i, t in enumerate(game.read_text().splitlines(), 1) if "listed: 5" in t)
    assert [(e["file"], e["line"]) for e in said] == [("cards/intrepid/game.yaml", line)]
    assert "says 5 and its rules need 10" in said[0]["message"]


def test_the_capacity_track_says_its_overflow(shared_build):
    out, _ = shared_build("intrepid")
    capacity = load("intrepid", "resources.yaml")["capacity"]
    assert capacity["overflow"] == capacity["last"] - capacity["first"] + 1
    text = " ".join(text_of(out / "resource-board.pdf").split())
    assert f"PAST {capacity['last']}: A 2ND BLUE ON 0 = {capacity['overflow']}" in text


# ---- Welcome to the Moon ----

def test_planning_reads_the_next_open_box_left_to_right(moon_built):
    out, _ = moon_built
    text = " ".join(text_of(out / "adventure-3.pdf").split())
    assert "cross off the next open box, left to right" in text
    assert "lowest open box" not in text and "lose the points in the first box still open" in text


def test_every_moon_text_reads_at_wcag_aa():
    assert load("moon", "game.yaml")["print"]["contrast"] == 4.5
    result = run_pnp("check", "moon", "--print", "--format", "json")
    assert result.code == 0, result.err
    said = [w["message"] for w in json.loads(result.out)["games"][0]["warnings"] if "contrast" in w["message"]]
    assert said == []


def test_text_on_a_solid_polygon_is_measured():
    from pnp.layout.scene import Polygon, Text, TextRun
    from pnp.output.preflight.contrast import low_contrast

    mustard, cream = (0.85, 0.60, 0.04), (0.98, 0.95, 0.85)
    run = TextRun(20, 30, "Lato", 7, mustard, "Energy")
    label = Text(20, 22, 60, 10, [run], 7, 1)
    floor = Polygon([(0, 0), (100, 0), (100, 50), (0, 50)], cream)
    assert [r.text for _, r, _, _ in low_contrast([floor, label], least=4.5)] == ["Energy"]
    assert list(low_contrast([floor, label])) == []  # the floor, 2:1, passes it (2.2:1)
    outside = Polygon([(60, 0), (100, 0), (100, 50)], cream)  # a triangle that does not reach the text
    assert list(low_contrast([outside, label], base=(0.0, 0.0, 0.0), least=4.5)) == []  # black under: readable


def test_a_games_contrast_setting_is_checked_and_bounded(project):
    game = project / "cards/mini/game.yaml"
    text = game.read_text()
    game.write_text(text.replace("print:\n", "print:\n  contrast: 30\n", 1) if "print:\n" in text
                    else text + "\nprint:\n  contrast: 30\n")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2 and "contrast" in result.err
