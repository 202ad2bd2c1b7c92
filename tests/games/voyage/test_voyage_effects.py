"""Voyage plays what its cards print: an Ability Card's effect is its YAML (`effect:`), played by the game's
verbs (cards/voyage/play/verbs.py), never recognised by its id. A card renamed plays exactly as before; a new
card made of existing verbs plays with no Python; a verb nobody defines is refused at its line."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
import yaml

from conftest import REPO, copy_of, edit, run_pnp

DECKS_ON_EFFECTS = ("abilities.yaml", "rooms.yaml", "events.yaml", "captains.yaml")  # every deck that acts


def _simulate(root: Path, *args: str) -> dict:
    result = run_pnp("simulate", "voyage", "--players", "2", "--games", "150", "--seed", "4", "--jobs", "1",
                     "--format", "json", *args, cwd=root)
    assert result.code == 0, result.err
    return json.loads(result.out)


def _in_order(report: dict) -> dict:
    """A report with each group's cards in the order of their names (a report lists them by id)."""
    for group in report["groups"]:
        group["cards"].sort(key=lambda c: c["card"])
    return report


def _ids(deck_file: str) -> list[str]:
    return [c["id"] for c in yaml.safe_load((REPO / "cards" / "voyage" / deck_file).read_text())["cards"]]


def test_no_card_of_a_deck_on_effects_is_named_in_the_play_package():
    """Every string in cards/voyage/play/*.py, read as Python: none is the id of a card whose deck plays from
    its effects (a rule by id would not follow a renamed card)."""
    ids = {card for deck in DECKS_ON_EFFECTS for card in _ids(deck)}
    named = []
    for path in sorted((REPO / "cards" / "voyage" / "play").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in ids:
                named.append(f"{path.name}:{node.lineno}: {node.value}")
    assert ids and not named, named


@pytest.mark.slow
@pytest.mark.parametrize("deck, card", [("ability", "complaint-form"), ("ability", "jetpack"),
                                        ("ability", "duct-tape"), ("room", "machine-shop"), ("room", "zero-g-spa"),
                                        ("captain", "quill"), ("captain", "ines-vasquez")])
def test_a_renamed_card_plays_exactly_as_before(tmp_path: Path, deck: str, card: str):
    """The same games with one card's id changed (every field the same): the same report, but for its name.
    Before its effect was data, a renamed card did nothing (and nothing said so)."""
    root = copy_of(tmp_path, "voyage")
    before = _simulate(root)
    file = {"ability": "abilities.yaml", "room": "rooms.yaml", "captain": "captains.yaml"}[deck]
    edit(root / "cards" / "voyage" / file, f"  - id: {card}\n", "  - id: renamed-card\n")
    after = _simulate(root)
    renamed = json.loads(json.dumps(before).replace(f'"{deck}/{card}"', f'"{deck}/renamed-card"'))
    assert _in_order(renamed) == _in_order(after)
    played = [c for group in after["groups"] for c in group["cards"] if c["card"] == f"{deck}/renamed-card"]
    assert played and played[0]["played_games"] > 0, played


@pytest.mark.slow
@pytest.mark.parametrize("card", ["electrical-fire", "gremlins", "meteor-shower", "quarantine"])
def test_a_renamed_event_card_plays_exactly_as_before(tmp_path: Path, card: str):
    """The same games with one Event Card's id changed: the same report, but for its name (drawn, resolved)."""
    root = copy_of(tmp_path, "voyage")
    before = _simulate(root)
    edit(root / "cards" / "voyage" / "events.yaml", f"  - id: {card}\n", "  - id: renamed-card\n")
    after = _simulate(root)
    said = json.dumps(before).replace(f'"event/{card}"', '"event/renamed-card"')
    renamed = json.loads(said.replace(f'"resolved {card}"', '"resolved renamed-card"'))
    assert _in_order(renamed) == _in_order(after)
    drawn = [c for group in after["groups"] for c in group["cards"] if c["card"] == "event/renamed-card"]
    assert drawn and drawn[0]["played_games"] > 0, drawn


@pytest.mark.slow
def test_a_new_card_made_of_existing_verbs_plays_with_no_python(tmp_path: Path):
    root = copy_of(tmp_path, "voyage")
    edit(root / "cards" / "voyage" / "abilities.yaml", "  # ---- Cleaning ----\n", """  - id: patch-kit
    name: "Patch Kit"
    art: bandage-roll
    cost: 2
    repair: 2
    text: "Remove {{ card.repair }} Damage Tokens from any Room. Increase Happiness by {{ card.happiness }}%."
    happiness: 10
    effect:
      - {repair: {place: {choose: [damaged]}, tokens: "{{ card.repair }}"}}
      - {change: {track: happiness, by: "{{ card.happiness }}"}}

  # ---- Cleaning ----
""")
    report = _simulate(root)
    played = [c for group in report["groups"] for c in group["cards"] if c["card"] == "ability/patch-kit"]
    assert played and played[0]["played_games"] > 0, played


def test_a_verb_nobody_defines_is_refused_at_its_line(tmp_path: Path):
    root = copy_of(tmp_path, "voyage")
    path = root / "cards" / "voyage" / "abilities.yaml"
    edit(path, "effect: [{clear: here}]", "effect: [{clean-up: here}]")
    line = next(i for i, text in enumerate(path.read_text().splitlines(), 1) if "clean-up" in text)
    result = run_pnp("simulate", "voyage", "--games", "5", cwd=root)
    assert result.code == 2, result.err
    assert f"abilities.yaml:{line}:" in result.err and "unknown verb `clean-up`" in result.err, result.err
    assert "Traceback" not in result.err
