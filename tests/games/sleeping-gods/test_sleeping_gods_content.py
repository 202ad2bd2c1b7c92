"""Sleeping Gods' content, each fix held by a rule where one can hold it: the journey log's back holds a save per
line, every Ability Card prints its code, the crew carry the seven synergy effects, and the contents page names
what else is needed."""

from __future__ import annotations

import re

import pytest

from conftest import copy_of, data, edit, errors_of, run_pnp
from pdfcheck import text_of


def faces(manifest: dict, component: str, side: str = "front") -> list[dict]:
    return [f for f in manifest["faces"] if f["component"] == component and f["side"] == side]


def test_the_journey_log_back_holds_a_save_per_line(shared_build):
    out, manifest = shared_build("sleeping-gods")
    campaign = data("sleeping-gods", "campaign.yaml")
    assert campaign["save_lines"] >= 20
    assert len(faces(manifest, "journey-log", "back")) == len(faces(manifest, "journey-log"))
    text = text_of(out / "journey-log.pdf")
    back = text.split("JOURNEY LOG · SAVE LINES")[1]
    rooms = [r["name"] for r in data("sleeping-gods", "ship.yaml")["rooms"]]
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
    codes = [c["code"] for c in data("sleeping-gods", "abilities.yaml")["cards"]]
    assert len(set(codes)) == len(codes) == 30
    printed = set(re.findall(r"\b[SCVPK]\d\b", text_of(out / "ability.pdf")))
    assert printed == set(codes)


def test_the_crew_carry_the_seven_synergy_effects():
    synergies = [c["synergy"] for c in data("sleeping-gods", "crew.yaml")["cards"]]
    assert len(synergies) == 9 and len(set(synergies)) == 7
    assert synergies.count("This attack deals +1 Damage.") == 3
    captain = next(c for c in data("sleeping-gods", "crew.yaml")["cards"] if c.get("captain"))
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
