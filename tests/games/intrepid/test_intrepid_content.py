"""Intrepid's content, held by rules: Japan's dice track follows the rulebook's example, the checklist shows where the
rulebook's lists disagree (a listed count needs a note), and the capacity track says its overflow."""

from __future__ import annotations

import pytest

from conftest import copy_of, data, edit, errors_of, run_pnp
from pdfcheck import text_of


def test_japans_dice_track_follows_the_rulebooks_example():
    example = data("intrepid", "examples.yaml")["dice_track"]
    japan = next(c for c in data("intrepid", "country-boards.yaml")["cards"] if c["id"] == example["country"])
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
    capacity = data("intrepid", "resources.yaml")["capacity"]
    assert capacity["overflow"] == capacity["last"] - capacity["first"] + 1
    text = " ".join(text_of(out / "resource-board.pdf").split())
    assert f"PAST {capacity['last']}: A 2ND BLUE ON 0 = {capacity['overflow']}" in text
