"""Intrepid's setup deals every player's setup step the rulebook names for a printed component, per player count and
Disaster option, and `pnp setup` says steps 1 to 11, then the group's; boosts and markers are named as they
print, and a marker lettered against its colour or a boost named apart is caught."""

from __future__ import annotations

import pytest

from conftest import cards, copy_of, data, deal, edit, errors_of, ids, run_pnp, side

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
