"""`pnp new`: a game, or a whole project, that builds, checks and deals a setup the moment it is made."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
import yaml

from pnp.model.load import load_file

from conftest import run_pnp


def made_game_works(root: Path, game: str) -> None:
    """Build, check (strictly) and deal a setup of `game`, from inside the project, as a designer would."""
    built = run_pnp("build", game, cwd=root)
    assert built.code == 0, built.err
    assert (root / "output" / game / "card.pdf").is_file() and (root / "output" / game / "aid.pdf").is_file()
    checked = run_pnp("check", game, "--strict", cwd=root)
    assert checked.code == 0, checked.out + checked.err
    dealt = run_pnp("setup", game, "--players", "4", "--seed", "3", "--format", "json", cwd=root)
    assert dealt.code == 0, dealt.err
    hands = json.loads(dealt.out)["hands"]
    assert len(hands) == 4 and all(h["aid"] == ["turn"] and len(h["hand"]) == 1 for h in hands)


def test_pnp_new_project_makes_a_whole_project_that_works(tmp_path: Path):
    result = run_pnp("new", "--project", "space-pirates", cwd=tmp_path)
    assert result.code == 0, result.err
    root = tmp_path / "space-pirates"
    assert "output/" in (root / ".gitignore").read_text().splitlines()
    workflow = yaml.safe_load((root / ".github/workflows/pnp.yml").read_text())
    steps = [s.get("run") for s in workflow["jobs"]["check"]["steps"]]
    assert "pnp check --all --strict --format github" in steps
    assert (root / "fonts/Lato-Regular.ttf").stat().st_size > 100_000
    assert "License: OFL-1.1" in (root / "fonts/LICENSE-Lato.txt").read_text()
    assert yaml.safe_load((root / "cards/space-pirates/game.yaml").read_text())["name"] == "Space Pirates"
    made_game_works(root, "space-pirates")


def test_the_schemas_are_wired_in_and_accept_the_new_files(tmp_path: Path):
    assert run_pnp("new", "--project", str(tmp_path / "p"), "dice-tower", "--name", "Dice: the Tower").code == 0
    root = tmp_path / "p"
    settings = json.loads((root / ".vscode/settings.json").read_text())["yaml.schemas"]
    checked = 0
    for schema, globs in settings.items():
        for pattern in globs:
            for path in root.glob(pattern):
                validate(root, path, root / schema)
                checked += 1
    for deck in ("cards", "aid"):
        path = root / f"cards/dice-tower/{deck}.yaml"
        line = path.read_text().splitlines()[0]
        m = re.fullmatch(r"# yaml-language-server: \$schema=(\S+)", line)
        assert m, line
        validate(root, path, (path.parent / m.group(1)).resolve())
        checked += 1
    assert checked == 8  # game, rules, 3 templates, 2 decks, the icon set
    assert load_file(root / "cards/dice-tower/game.yaml", root).data["name"] == "Dice: the Tower"


def validate(root: Path, path: Path, schema: Path) -> None:
    data = load_file(path, root).data
    jsonschema.Draft202012Validator(json.loads(schema.read_text())).validate(data)


def test_pnp_new_adds_a_game_to_the_current_project(project: Path):
    result = run_pnp("new", "heist", cwd=project / "cards")  # anywhere inside the project
    assert result.code == 0, result.err
    assert (project / "templates/heist/front.yaml").is_file()
    made_game_works(project, "heist")
    assert run_pnp("check", "--all", cwd=project).code == 0


@pytest.mark.parametrize("args, said", [
    (["new", "mini"], "cards/mini/ already exists: choose another name"),
    (["new", "Big Game"], "'Big Game' is not a game id"),
    (["new", "-x"], "No such option"),
    (["new"], "name the new game"),
])
def test_a_clashing_or_invalid_name_is_refused(project: Path, args: list[str], said: str):
    result = run_pnp(*args, cwd=project)
    assert result.code == 2
    assert said in result.err, result.err
    assert sorted(p.name for p in (project / "cards").iterdir()) == ["mini", "tiny"]


def test_a_project_folder_that_is_not_empty_is_refused(tmp_path: Path):
    (tmp_path / "p").mkdir()
    (tmp_path / "p/notes.txt").write_text("mine")
    result = run_pnp("new", "--project", str(tmp_path / "p"))
    assert result.code == 2 and "already exists and is not empty" in result.err
    assert [p.name for p in (tmp_path / "p").iterdir()] == ["notes.txt"]


def test_the_scaffold_ships_inside_the_package():
    from importlib import resources

    scaffold = resources.files("pnp.commands") / "scaffold"
    names = {p.name for p in (scaffold / "game").iterdir()}
    assert names == {"game.yaml", "cards.yaml", "aid.yaml", "rules.yaml", "rulebook.md", "play.yaml", "icons.yaml"}
    assert (scaffold / "fonts" / "LICENSE-Lato.txt").is_file()
