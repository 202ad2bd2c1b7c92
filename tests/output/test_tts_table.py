"""The whole game on one Tabletop Simulator table: `pnp export GAME --to tts` writes `<game>_table.json`, a saved
game (TTS's save format) holding every component, laid out as the game's setup deals it, every object with
a GUID of its own, the same for the same game."""

from __future__ import annotations

import dataclasses
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pnp.output.export.tts.whole_table import Component, whole_table

from conftest import REPO, run_pnp


def walk(obj: dict[str, Any]):
    yield obj
    for inner in obj.get("ContainedObjects", []):
        yield from walk(inner)


def every_object(save: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for top in save["ObjectStates"] for o in walk(top)]


def pieces(save: dict[str, Any]) -> Counter:
    """What lies on the table, piece by piece (a deck or bag counts what it holds)."""
    return Counter(o["Nickname"] for o in every_object(save) if o["Name"] not in ("DeckCustom", "Bag"))


def card(n: int, name: str) -> dict[str, Any]:
    return {"Name": "Card", "Transform": {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
                                          "rotZ": 180.0, "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0},
            "Nickname": name, "CardID": 100 + n, "CustomDeck": {"1": {"FaceURL": "a.png"}}}


def game() -> list[Component]:
    cards = [card(i, f"c{i}") for i in range(6)]
    deck = {"Name": "DeckCustom", "Transform": dict(cards[0]["Transform"]), "Nickname": "Cards",
            "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": {"1": {}}, "ContainedObjects": cards}
    board = {**card(0, "Board"), "Name": "Custom_Board"}
    tiles = [{**card(0, "coin"), "Name": "Custom_Tile"} for _ in range(3)]
    bag = {"Name": "Bag", "Transform": dict(cards[0]["Transform"]), "Nickname": "Coins (3)", "ContainedObjects": tiles}
    return [Component("card", "Cards", "deck", deck, [f"c{i}" for i in range(6)], (63.5, 88.9)),
            Component("board", "Board", "board", board, ["board"], (300.0, 300.0)),
            Component("coin", "Coins", "tiles", bag, ["coin"] * 3, (20.0, 20.0))]


DEALT = {"game": "g", "players": 2, "seed": 1, "options": {},
         "table": {"market": ["c0", "c1"], "score": 0},
         "hands": [{"hand": ["c2"], "purse": ["coin", "coin"]}, {"hand": ["c3"], "first": "yes"}]}


def test_every_piece_is_on_the_table_once_with_a_guid_of_its_own():
    for dealt in (None, DEALT):
        save = whole_table("G 1.0", "g", game(), dealt)
        assert json.loads(json.dumps(save)) == save  # plain JSON
        assert pieces(save) == Counter({"c0": 1, "c1": 1, "c2": 1, "c3": 1, "c4": 1, "c5": 1, "Board": 1, "coin": 3})
        guids = [o["GUID"] for o in every_object(save)]
        assert len(guids) == len(set(guids)) and all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids)
        assert whole_table("G 1.0", "g", game(), dealt) == save  # the same game, the same file
        assert save["SaveName"] == "G 1.0" and save["Table"] and isinstance(save["ObjectStates"], list)


def test_the_board_in_the_middle_and_the_setup_where_it_says():
    save = whole_table("G 1.0", "g", game(), DEALT)
    at = {o["Nickname"]: (o["Transform"]["posX"], o["Transform"]["posZ"]) for o in save["ObjectStates"]}
    assert at["Board"] == (0.0, 0.0)
    half = 300 * 2.2 / 63.5 / 2  # the board's half side, TTS units
    assert at["Cards"][1] > half and at["coin"][1] > half  # what is left of the components: beyond the board
    market = [o for o in save["ObjectStates"] if o.get("Description") == "table: market"]
    assert len(market) == 2 and all(o["Transform"]["rotZ"] == 0.0 for o in market)  # face up, each apart
    assert all(-half - 4 < o["Transform"]["posZ"] < -half for o in market)  # by the board, on the other side
    p1, p2 = (next(o for o in save["ObjectStates"] if o["Nickname"] == c) for c in ("c2", "c3"))
    assert (p1["Description"], p2["Description"]) == ("player 1: hand", "player 2: hand")
    top = max(o["Transform"]["posZ"] for o in save["ObjectStates"] if not o.get("Description", "").startswith("p"))
    assert p1["Transform"]["posZ"] < min(o["Transform"]["posZ"] for o in market) < 0 < at["Cards"][1] <= top \
        < p2["Transform"]["posZ"]  # player 1 at the foot of the table, player 2 facing them, beyond everything
    assert p1["Transform"]["rotZ"] == 180.0  # a hand lies face down
    purse = next(o for o in save["ObjectStates"] if o["Nickname"].startswith("player 1: purse"))
    assert purse["Name"] == "Bag" and len(purse["ContainedObjects"]) == 2
    assert "table: score 0" in save["Note"] and "player 2: first yes" in save["Note"]


@pytest.mark.slow
def test_export_writes_the_table_save_of_the_dealt_setup(project: Path, tmp_path: Path):
    out = tmp_path / "tts"
    result = run_pnp("export", "tiny", "--to", "tts", "--out", str(out), cwd=project)
    assert result.code == 0, result.err
    save = json.loads((out / "tiny_table.json").read_text())
    manifest = json.loads((out / "manifest.json").read_text())
    assert "tiny_table.json" in {f["path"] for f in manifest["files"]}
    for component in ("card", "sheet"):  # every piece of every component, as in its own saved object
        [obj] = json.loads((out / f"{component}.json").read_text())["ObjectStates"]
        for name, n in Counter(o["Nickname"] for o in walk(obj) if o["Name"] not in ("DeckCustom", "Bag")).items():
            assert pieces(save)[name] == n, (component, name)
    guids = [o["GUID"] for o in every_object(save)]
    assert len(guids) == len(set(guids)) == len(every_object(save))
    hands = [o for o in save["ObjectStates"] if o["Nickname"].startswith("player ")]
    assert sorted(o["Nickname"] for o in hands) == ["player 1: card", "player 2: card"]  # 2 players, 2 cards each
    assert all(len(o["ContainedObjects"]) == 2 for o in hands)
    assert "--players 2 --seed 1" in save["Note"] and "start" in save["Note"]  # the die's roll: a value, noted
    readme = (out / "README.txt").read_text()
    assert "tiny_table.json" in readme and "Tabletop Simulator/Saves" in readme
    again = tmp_path / "again"
    assert run_pnp("export", "tiny", "--to", "tts", "--out", str(again), cwd=project).code == 0
    assert (again / "tiny_table.json").read_bytes() == (out / "tiny_table.json").read_bytes()


@pytest.mark.slow
def test_voyage_lays_its_board_in_the_middle(tmp_path: Path):
    from pnp.commands.build import BuildOptions, prepare
    from pnp.commands.tabledeal import dealt_for_table
    from pnp.output.export.tts.components import export_tts

    prep = prepare(REPO, "voyage", BuildOptions())
    prep = dataclasses.replace(prep, decks=[d for d in prep.decks if d[0].id in ("ship-board", "captain", "marker")])
    export_tts(prep, tmp_path, None, None, True, dealt_for_table(prep.game))
    save = json.loads((tmp_path / "voyage_table.json").read_text())
    [board] = [o for o in save["ObjectStates"] if o["Name"] == "Custom_Board"]
    assert (board["Transform"]["posX"], board["Transform"]["posZ"]) == (0.0, 0.0)
    captains = [o for o in save["ObjectStates"] if o.get("Description", "").startswith("player ")]
    assert len(captains) == 2 and {o["Name"] for o in captains} == {"Card"}  # a captain dealt to each player
    assert pieces(save)["Ship Board"] == 1 and sum(pieces(save).values()) == sum(len(e) for _, e, _ in prep.decks)
