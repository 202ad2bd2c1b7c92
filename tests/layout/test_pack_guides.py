"""The pack guides of the three published games (Sleeping Gods, Intrepid, Welcome to the Moon):
built from the game, with live counts, the contents, how to assemble the pieces and the setup table, and
checked like any rulebook."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import REPO, edit, errors_of, run_pnp
from pdfcheck import text_of

GUIDES = ["sleeping-gods", "intrepid", "moon"]
SETUP = {"sleeping-gods": "Setting up a new campaign", "intrepid": "Setting up a game", "moon": "Setting up a game"}


def counted(manifest: dict) -> dict[str, int]:
    out: dict[str, int] = {}
    for face in manifest["faces"]:
        if face["side"] == "front" and face.get("tile") in (None, "A1"):
            out[face["component"]] = out.get(face["component"], 0) + 1
    return out


@pytest.mark.parametrize("game", GUIDES)
def test_each_guide_is_a_pack_guide_with_contents_assembly_and_setup(shared_build, game):
    out, manifest = shared_build(game)
    assert any(f["path"] == f"{game}-rulebook.pdf" for f in manifest["files"])
    text = " ".join(text_of(out / f"{game}-rulebook.pdf").split())
    assert "pack guide" in text and "not the game's rules" in text
    for heading in ("What is in the pack", "Putting it together", "Setting up", "Icons and terms"):
        assert heading in text, heading
    if game == "moon":  # nothing differs by player count: no table, the adventure is the option
        assert "Each player tears 1 sheet off the chosen adventure's pad." in text and "(sheet)" not in text
        assert "Option Adventure" in text
    else:
        assert "1 player 2 players 3 players 4 players" in text  # the setup table, a column per player count


@pytest.mark.parametrize("game", GUIDES)
def test_each_guide_passes_the_strict_check(game):
    result = run_pnp("check", game, "--strict")
    assert result.code == 0, result.out + result.err


def test_the_guides_counts_follow_the_build(shared_build):
    out, manifest = shared_build("sleeping-gods")
    text = " ".join(text_of(out / "sleeping-gods-rulebook.pdf").split())
    printed = counted(manifest)
    assert f"Ability cards ({printed['ability']})" in text
    assert f"Crew boards ({printed['crew']})" in text
    assert "24 save lines" in text and "Open the atlas at page 2" in text
    assert "The first player takes the captain token" in text
    assert "At each combat" in text and "2 to the active player, 1 to each other player" in text
    out, manifest = shared_build("intrepid")
    text = " ".join(text_of(out / "intrepid-rulebook.pdf").split())
    assert f"Station tiles ({counted(manifest)['station-tile']}, 19 per country)" in text
    assert "The player of Canada takes the Converter tokens" in text and "With Meteor Shower or Toxic Leak" in text
    assert "The resource dials" in text and "brad" in text and "The disaster die" in text
    out, manifest = shared_build("moon")
    text = " ".join(text_of(out / "moon-rulebook.pdf").split())
    assert f"The {counted(manifest)['starship']} Starship cards" in text


@pytest.mark.slow  # a whole check of a broken copy
def test_a_count_changed_in_yaml_changes_the_guide_and_a_stale_literal_is_caught(tmp_path):
    root = tmp_path / "sg"
    for folder in ("cards/sleeping-gods", "templates/sleeping-gods", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    edit(root / "cards/sleeping-gods/campaign.yaml", "save_lines: 24", "save_lines: 22")
    result = run_pnp("build", "sleeping-gods", "--out", str(root / "out"), cwd=root)
    assert result.code == 0, result.out + result.err
    assert "22 save lines" in " ".join(text_of(root / "out/sleeping-gods-rulebook.pdf").split())
    guide = root / "cards/sleeping-gods/rulebook.md"
    edit(guide, "- **Ability cards** ({{ count('ability') }})", "- 44 Ability cards")
    result = run_pnp("check", "sleeping-gods", "--format", "json", cwd=root)
    assert result.code == 1
    stale = [e for e in errors_of(result) if e["file"] == "cards/sleeping-gods/rulebook.md"]
    assert stale and "count('ability')" in stale[0]["message"]


def test_the_guides_draw_faces_that_exist(tmp_path: Path):
    root = tmp_path / "moon"
    for folder in ("cards/moon", "templates/moon", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    edit(root / "cards/moon/rulebook.md", "```pnp face starship/s01 starship/s20 width=34mm",
         "```pnp face starship/s99 width=45mm")
    result = run_pnp("check", "moon", cwd=root)
    assert result.code == 2 and "cards/moon/rulebook.md:" in result.err and "s99" in result.err


def _setup_text(out: Path, game: str) -> str:
    """The guide's setup chapter as printed: from its heading (the second time it is printed: the first is the
    table of contents) to the icons."""
    text = " ".join(text_of(out / f"{game}-rulebook.pdf").split())
    return text.split(SETUP[game])[2].split("Icons and terms")[0]


def _ids(game: str) -> set[str]:
    """What only the pack's files call things: each setup step's label, each option's values, each deck's id (the
    ones of two words or more, which no sentence of a player's says)."""
    setup = yaml.safe_load((REPO / "cards" / game / "rules.yaml").read_text())["setup"]
    steps = [s for part in ("table", "each_player", "then") for s in setup.get(part, [])]
    labels = {s.get("label") for s in steps} | {s.get(k) for s in steps for k in ("draw", "place", "track")}
    values = {str(v) for vs in setup.get("options", {}).values() for v in vs}
    return {w for w in labels | values if isinstance(w, str) and "-" in w and "{" not in w}


@pytest.mark.parametrize("game", GUIDES)
def test_each_guides_setup_reads_as_sentences_a_player_follows(shared_build, game):
    """Counts, where and which, in the game's words: no ids, no commands, no "(label)" parentheses, no "deck, the
    label" a machine wrote, a sheet torn off its pad."""
    out, _ = shared_build(game)
    said = _setup_text(out, game)
    assert "Shuffle each deck" in said  # (the chapter was found)
    assert "pnp " not in said and "--" not in said, said
    leaked = sorted(i for i in _ids(game) if i in said)
    assert not leaked, leaked
    assert not re.search(r"\([a-z]+(-[a-z0-9]+)*\)", said), re.findall(r"\([a-z\-0-9]+\)", said)
    assert " deck, the " not in said and "Place all the" not in said and " pieces" not in said, said
    assert "Sheet deck" not in said and "Log deck" not in said
    if game == "moon":  # the chosen adventure's missions and pad, never adventure 1's alone
        assert "Lay the chosen adventure's missions face up beside the stacks, one of each letter" in said
        assert "Mission deck" not in said and "mission A" not in said.replace("missions", "")
        assert said.count("tears") == 1 and "Adventure 2" not in said
    if game == "intrepid":  # the Resource Boards dealt once, by seat where the seats differ
        assert said.count("Resource Boards; two boards of one player share a light") == 2  # the step and its row
        assert "share a light 4 2 2, 1, 1 1" in said
        assert "Set the " not in said and "track track" not in said
        assert "Option Disaster: Training Simulator, Meteor Shower, Toxic Leak" in said
    if game == "sleeping-gods":  # the combat tokens said for each player count; coins, never a deck of them
        assert "At each combat, the 4 combat action tokens are handed out: with 1 player, all 4 to the player; " \
            "with 2 players, 2 to each player; with 3 players, 2 to the active player, 1 to each other player" in said
        assert "Coin" not in said and "Put 3 coins of value 1 in the ship's hold" in said
        assert "Tear a journey log sheet off its pad" in said
