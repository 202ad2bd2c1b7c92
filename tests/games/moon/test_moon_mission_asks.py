"""Adventure 1's mission goals (`goal`, `floors`, `count` on the mission cards: what the simulation checks) agree
with the cards' text, or the check names the card and the field."""

from __future__ import annotations

import pytest

from conftest import edit, errors_of, run_pnp


@pytest.mark.slow  # a whole check of the game
def test_a_goal_that_disagrees_with_its_text_is_caught_at_its_field(moon):
    missions = moon / "cards" / "moon" / "missions.yaml"
    edit(missions, "goal: build, count: 10,", "goal: build, count: 9,")
    edit(missions, "goal: fill, floors: [plant, wild],", "goal: fill, floors: [plant],")
    edit(missions, "goal: fill, floors: [energy],", "goal: fill, floors: [robot],")
    result = run_pnp("check", "moon", "--format", "json", cwd=moon)
    assert result.code != 0
    errors = errors_of(result)
    goals = sorted((e["subject"], e["file"]) for e in errors if e["rule"] == "mission-goals")
    assert goals == [("mission/m1b-life-support", "cards/moon/missions.yaml"),
                     ("mission/m1b-power-core", "cards/moon/missions.yaml"),
                     ("mission/m1c-scaffolding", "cards/moon/missions.yaml")], errors
    text = " ".join(e["message"] for e in errors if e["rule"] == "mission-goals")
    assert "`count` is 9 but the text says 10" in text and "the text names plant, wild" in text
