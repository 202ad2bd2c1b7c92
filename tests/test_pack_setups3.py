"""Issue 30.1: the Sleeping Gods and Intrepid setups deal every step of their rulebooks' setups that
concerns a printed component, per player count and option, and `pnp setup` says them in the group's
order (the table, each player, then the group again); the `note` and `then:` steps they need."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import REPO, edit, errors_of, run_pnp


def deal(game: str, players: int, seed: int = 1, *options: str) -> dict:
    args = [a for o in options for a in ("--option", o)]
    result = run_pnp("setup", game, "--players", str(players), "--seed", str(seed), *args, "--format", "json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def cards(game: str, name: str) -> list[dict]:
    return yaml.safe_load((REPO / "cards" / game / name).read_text())["cards"]


def data(game: str, name: str) -> dict:
    return yaml.safe_load((REPO / "cards" / game / name).read_text())


def ids(value: object) -> list[str]:
    return value["cards"] if isinstance(value, dict) else value  # type: ignore[return-value]


def side(value: object) -> str | None:
    return value.get("side") if isinstance(value, dict) else None


def copy_of(tmp_path: Path, game: str) -> Path:
    root = tmp_path / game
    for folder in (f"cards/{game}", f"templates/{game}", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


# ---- Sleeping Gods ----

ENEMIES = sorted(cards("sleeping-gods", "enemies.yaml"), key=lambda c: c["number"])
CAMPAIGN = data("sleeping-gods", "campaign.yaml")


@pytest.mark.parametrize("mode", ["normal", "brutal"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_sleeping_gods_deals_every_setup_step(players, mode):
    dealt = deal("sleeping-gods", players, 7, f"mode={mode}")
    table = dealt["table"]
    assert dealt["options"] == {"mode": mode}
    assert f"page {CAMPAIGN['start']['page']}" in table["atlas"] and CAMPAIGN["start"]["page"] == 2
    assert ids(table["ship-token"]) == ["ship-token"]
    # the enemy deck face down in number order, enemy 1 on top
    numbers = {c["name"]: c["number"] for c in ENEMIES}
    names = {c.get("id") or c["name"].lower().replace(" ", "-"): c["name"] for c in ENEMIES}
    enemy = ids(table["enemy-deck"])
    assert [numbers[names[e]] for e in enemy] == sorted(numbers.values()) and side(table["enemy-deck"]) == "back"
    searches = sum(c.get("copies", 1) for c in cards("sleeping-gods", "search-tokens.yaml"))
    assert len(ids(table["search-stack"])) == searches
    assert side(table["search-stack"]) == "back"
    assert len(table["synergy-tokens"]) == 9 and len(table["level-cards"]) == 9
    abilities = sum(c.get("copies", 1) for c in cards("sleeping-gods", "abilities.yaml"))
    assert len(ids(table["ability-deck"])) == abilities - players  # each player drew one
    assert len(ids(table["market-deck"])) == len(cards("sleeping-gods", "market.yaml"))
    assert table["journey-log"] == ["journey-log"]
    assert f"tick the {mode} box" in table["journey-log-entries"] and "date" in table["journey-log-entries"]
    assert "every player's name" in table["journey-log-entries"]
    # the combat tokens stay in the supply, handed out at each combat
    assert table["combat-actions"] == ["combat-action"] * 4
    assert not any("combat-actions" in hand for hand in dealt["hands"])
    share = next(r for r in CAMPAIGN["combat_actions"]["by_players"] if r["players"] == players)
    said = table["combat-action-share"]
    assert said.startswith("At each combat")
    assert (f"all {share['active']}" if players == 1 else f"{share['active']} to each player"
            if share["active"] == share["others"] else f"{share['active']} to the active player") in said
    assert dealt["then"][0] == "ability-deck" and dealt["then"][-1] == "combat-action-share"


def test_sleeping_gods_setup_is_said_in_the_groups_order():
    result = run_pnp("setup", "sleeping-gods", "--players", "2", "--seed", "1")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    heads = [line for line in lines if not line.startswith(" ")][1:]
    assert heads == ["table", "player 1", "player 2", "then, as a group"]
    keys = [line.split()[0] for line in lines if line.startswith("  ")]
    assert keys.index("atlas") < keys.index("ship-board") < keys.index("crew") < keys.index("ability-deck") \
        < keys.index("enemy-deck") < keys.index("journey-log-entries")
    assert "  combat-action-share" in result.out and "2 to each player" in result.out


def test_a_recorded_sleeping_gods_setup_need_not_write_the_notes(tmp_path):
    dealt = deal("sleeping-gods", 3, 4, "mode=brutal")
    for label in ("atlas", "ship-token-region", "adventure-box", "supply", "journey-log-entries",
                  "combat-action-share"):
        del dealt["table"][label]
    recorded = tmp_path / "setup.json"
    recorded.write_text(json.dumps(dealt))
    result = run_pnp("check", "sleeping-gods", "--setup", str(recorded))
    assert result.code == 0, result.out + result.err


@pytest.mark.slow  # a whole check of a broken copy
def test_enemies_out_of_number_order_are_caught(tmp_path):
    root = copy_of(tmp_path, "sleeping-gods")
    path = root / "cards/sleeping-gods/enemies.yaml"
    edit(path, 'name: "Reef Crab", number: 1,', 'name: "Reef Crab", number: 13,')
    result = run_pnp("check", "sleeping-gods", "--format", "json", cwd=root)
    assert result.code == 1
    found = [e for e in errors_of(result) if e["rule"] == "enemy-number-order"]
    assert found and "number order" in found[0]["message"]


@pytest.mark.slow  # a whole check of a broken copy
def test_a_combat_share_typed_by_hand_that_differs_is_caught(tmp_path):
    root = copy_of(tmp_path, "sleeping-gods")
    rules = root / "cards/sleeping-gods/rules.yaml"
    text = rules.read_text()
    start = text.index('    - {note: "{% set share')
    rules.write_text(text[:start] + '    - {note: "At each combat: 1 to each player", label: combat-action-share}\n')
    result = run_pnp("check", "sleeping-gods", "--format", "json", cwd=root)
    assert result.code == 1
    said = [e["message"] for e in errors_of(result) if e["rule"] == "combat-action-shares"]
    assert any(m.startswith("1 players: the setup's combat-action-share note should say 'all 4'") for m in said)
    assert any(m.startswith("3 players:") and "'2 to the active player'" in m for m in said)


# ---- Intrepid ----

LIGHT = {c["id"]: c["light"] for c in cards("intrepid", "resource-boards.yaml")}
TILES = cards("intrepid", "station-tiles.yaml")
SETUP = data("intrepid", "setup.yaml")


def tiles_of(country: str, keep) -> list[str]:
    return [t["id"] for t in TILES if t["country"] == country and keep(t["tier"])]


@pytest.mark.parametrize("disaster", ["training-simulator", "meteor-shower", "toxic-leak"])
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_intrepid_deals_every_players_setup_step(players, disaster):
    dealt = deal("intrepid", players, 3, f"disaster={disaster}")
    for hand in dealt["hands"]:
        boards = len(hand["boards"])
        country = ids(hand["country"])[0]
        assert side(hand["country"]) == ("back" if players == 1 else "front")  # solo side, or the standard one
        assert hand["country-aid"] == [f"aid-{country}"]
        assert len(hand.get("blank-country-boards", [])) == boards - 1  # a blank one on each other board
        assert len(hand["career-badges"]) == boards  # a badge per board
        up = SETUP["tile_side"][LIGHT[hand["boards"][0]]]
        assert ids(hand["starter-tiles"]) == tiles_of(country, lambda t: t == 0) and side(hand["starter-tiles"]) == up
        assert ids(hand["offer-row"]) == tiles_of(country, lambda t: t == 1) and side(hand["offer-row"]) == up
        assert ids(hand["tier-stacks"]) == tiles_of(country, lambda t: t > 1) and side(hand["tier-stacks"]) == up
        assert hand["red-markers"] == ["red-marker"] * boards and hand["white-markers"] == ["white-marker"] * boards
        assert hand["bonus-tracks"] == 0 and hand["blue-marker"] == ["blue-marker"]
        assert hand["yellow-marker"] == ["yellow-marker"] and hand["dice-track"] == 1
        assert f"{SETUP['dice_per_colour']} dice" in hand["dice"]
        assert ("stash" in hand) == (players == 1)
        assert ("converters" in hand) == (country == "canada")
        if country == "canada":
            assert hand["converters"] == ["converter-token"] * 4
        if players == 1:
            assert f"Roll {SETUP['solo_stash']} dice" in hand["stash"]
            boost1, boost2 = hand["boost-1"], hand["boost-2"]
            assert ids(boost1) == [f"{LIGHT[hand['boards'][0]]}-boost"] and side(boost1) == "front"
            assert ids(boost2) != ids(boost1) and side(boost2) == "back"
    table = dealt["table"]
    assert table["game-board"] == ["game-board"]
    assert table["research-marker"] == ["research-marker"] and table["research"] == 1
    assert table["emergency-marker"] == ["emergency-marker"]
    assert table["disable-tokens"] == ["disable-token"] * 8
    assert table["disaster-aid"] == [f"aid-{disaster}"]
    assert table["dice-per-persistent-disaster"] == (1 if players <= 2 else 2)
    scenario = disaster != "training-simulator"
    assert ("scenario-tokens" in table) == scenario and ("disaster-die" in table) == scenario
    if scenario:
        assert len(table["scenario-tokens"]) == 50 and table["disaster-die"] == ["disaster-die"]
    assert "disaster-dice" not in table  # the old, misleading name


def test_intrepid_setup_is_said_steps_1_to_11_then_as_a_group():
    result = run_pnp("setup", "intrepid", "--players", "2", "--seed", "1", "--option", "disaster=toxic-leak")
    assert result.code == 0, result.err
    heads = [line for line in result.out.splitlines() if not line.startswith(" ")][1:]
    assert heads == ["table", "player 1", "player 2", "then, as a group"]
    group = result.out.split("then, as a group")[1]
    for label in ("disaster-deck", "dice-per-persistent-disaster", "scenario-tokens", "disaster-die",
                  "disable-tokens", "amplify-strain", "missions"):
        assert f"  {label} " in group
    assert "  wheels " in result.out.split("then, as a group")[0]


def test_the_setup_names_boosts_and_markers_as_they_print():
    boosts = {c["id"]: c for c in cards("intrepid", "boost-tiles.yaml")}
    result = run_pnp("setup", "intrepid", "--players", "1", "--seed", "1")
    for tile in boosts.values():
        assert f"{tile['front']['name']} / {tile['back']['name']}" in result.out
    assert "Red Boost" not in result.out and "Blue Boost" not in result.out
    letters = {c["id"]: c["letter"] for c in cards("intrepid", "markers.yaml")}
    assert letters == {"red-marker": "R", "white-marker": "W", "blue-marker": "B", "yellow-marker": "Y"}


@pytest.mark.slow  # a whole check of a broken copy
def test_a_marker_lettered_against_its_colour_and_a_boost_named_apart_are_caught(tmp_path):
    root = copy_of(tmp_path, "intrepid")
    edit(root / "cards/intrepid/markers.yaml", 'letter: "W"', 'letter: "B"')
    edit(root / "cards/intrepid/boost-tiles.yaml", 'name: "Heat Cascade / Red Relay"', 'name: "Red Boost"')
    result = run_pnp("check", "intrepid", "--format", "json", cwd=root)
    assert result.code == 1
    found = {(e["rule"], e["subject"]) for e in errors_of(result)}
    assert ("marker-letter-is-its-colour", "board-marker/white-marker") in found
    assert ("boost-names-as-printed", "boost-tile/red-boost") in found


# ---- the steps themselves ----

def test_a_note_without_a_label_is_bad_input_at_its_line(project):
    rules = project / "cards/mini/rules.yaml"
    rules.write_text("setup:\n  players: {min: 1, max: 2}\n  table:\n    - {note: \"Write the date\"}\n")
    result = run_pnp("setup", "mini", "--players", "1", "--seed", "1", cwd=project)
    assert result.code == 2
    assert "cards/mini/rules.yaml:4:7" in result.err and "a note needs a `label`" in result.err


def test_a_note_fills_in_its_expressions_and_a_bad_one_is_located(project):
    rules = project / "cards/mini/rules.yaml"
    rules.write_text("setup:\n  players: {min: 1, max: 3}\n  options: {mode: [calm, wild]}\n  then:\n"
                     "    - {note: \"{{ players }} players, {{ mode }} mode\", label: said}\n")
    result = run_pnp("setup", "mini", "--players", "3", "--seed", "1", "--option", "mode=wild", cwd=project)
    assert result.code == 0, result.err
    assert "then, as a group" in result.out and "3 players, wild mode" in result.out
    rules.write_text("setup:\n  players: {min: 1, max: 3}\n  table:\n"
                     "    - {note: \"{{ nothing.here }} to say\", label: said}\n")
    result = run_pnp("setup", "mini", "--players", "1", "--seed", "1", cwd=project)
    assert result.code == 2 and "cards/mini/rules.yaml:4" in result.err and "nothing" in result.err
