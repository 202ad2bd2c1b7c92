"""Sleeping Gods' setup deals every step of the rulebook's setup that concerns a printed component, per player count
and mode, and `pnp setup` says them in the group's order (the table, each player, then the group again); the
enemies, the campaign's notes and the combat shares it reads are held by rules."""

from __future__ import annotations

import json

import pytest

from conftest import cards, copy_of, data, deal, edit, errors_of, ids, run_pnp, side

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
