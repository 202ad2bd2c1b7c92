"""The JSON Schemas `pnp schema` writes accept every file the loader accepts, and refuse its mistakes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml

from pnp.commands.schema import COMMON, deck_schema_path, schemas
from pnp.model.load import load_file
from pnp.model.project import list_games

from conftest import DATA, REPO, edit, run_pnp

PROJECTS = [REPO, DATA / "proj", REPO / "benchmarks"]


def plain(value: Any) -> Any:
    """A YAML value as JSON would hold it: keys as strings, dates as text."""
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value if value is None or isinstance(value, str | int | float | bool) else str(value)


def files_and_schemas(root: Path) -> list[tuple[Path, str]]:
    """Every YAML file a designer writes in the project, with the schema it is checked against."""
    pairs = [(p, "template.schema.json") for p in sorted((root / "templates").rglob("*.yaml"))]
    for game in list_games(root):
        folder = root / "cards" / game
        manifest = yaml.load((folder / "game.yaml").read_text(), Loader=yaml.CSafeLoader)
        pairs.append((folder / "game.yaml", "game.schema.json"))
        if (folder / "rules.yaml").is_file():
            pairs.append((folder / "rules.yaml", "rules.schema.json"))
        if manifest.get("icons"):
            pairs.append((folder / manifest["icons"], "icons.schema.json"))
        for name in manifest.get("decks", []):
            deck_id = yaml.load((folder / name).read_text(), Loader=yaml.CSafeLoader)["id"]
            pairs.append((folder / name, deck_schema_path(game, deck_id)))
    return pairs


def problems(root: Path, made: dict[str, dict]) -> list[str]:
    found = []
    for path, name in files_and_schemas(root):
        validator = jsonschema.Draft202012Validator(made[name])
        data = plain(load_file(path, root).data)
        found += [f"{path.relative_to(root)}: {'.'.join(map(str, e.absolute_path))}: {e.message}"
                  for e in validator.iter_errors(data)]
    return found


@pytest.mark.parametrize("root", PROJECTS, ids=lambda p: p.name)
def test_every_bundled_file_validates_against_its_generated_schema(root: Path):
    made = schemas(root)
    # each schema is a valid JSON Schema: its own part, and its `$defs` (which the deck schemas share, five
    # different blocks for eighty decks: each block checked once, as the metaschema checks `$defs` on its own)
    defs = {json.dumps(schema.get("$defs", {}), sort_keys=True): schema.get("$defs", {}) for schema in made.values()}
    for block in defs.values():
        jsonschema.Draft202012Validator.check_schema({"$defs": block})
    for schema in made.values():
        jsonschema.Draft202012Validator.check_schema({k: v for k, v in schema.items() if k != "$defs"})
    checked = files_and_schemas(root)
    assert len(checked) > 5
    assert problems(root, made) == []


@pytest.mark.parametrize("file, old, new, said", [
    ("cards/mini/spells.yaml", "cost: 3", "cost: three", "'three' is not of type 'integer'"),
    ("cards/mini/spells.yaml", "cost: 3", "cost: 11", "11 is greater than the maximum of 10"),
    ("cards/mini/spells.yaml", "cost: 3", "costs: 3", "Additional properties are not allowed ('costs'"),
    ("cards/mini/game.yaml", "name: Mini Test Game", "name: Mini\nplayer: {min: 1}", "('player' was unexpected)"),
    ("templates/mini/front.yaml", "fill: accent}", "fill: accent, colour: red}", "('colour' was unexpected)"),
    ("templates/mini/front.yaml", "type: rect, bleed", "type: rectangle, bleed", "'rectangle' is not one of"),
    ("templates/mini/front.yaml", "color: ink}", "color: ink, leading: tight}", "'tight' is not of type 'number'"),
    ("cards/mini/icons.yaml", "icons:", "icon:", "'icons' is a required property"),
])
def test_a_planted_mistake_fails_both_the_schema_and_the_loader(project: Path, file: str, old: str, new: str,
                                                                said: str):
    made = schemas(project)
    assert problems(project, made) == []
    edit(project / file, old, new)
    found = problems(project, schemas(project))
    assert any(said in f for f in found), found
    assert run_pnp("--root", str(project), "check", "mini").code == 2  # the loader refuses it too


def test_a_rules_file_mistake_fails_the_schema(project: Path):
    (project / "cards/mini/rules.yaml").write_text("rules:\n  - {id: x, kind: copies, deck: spell, copise: 2}\n")
    found = problems(project, schemas(project))
    assert any("'copise' was unexpected" in f for f in found), found
    (project / "cards/mini/rules.yaml").write_text("rules:\n  - {id: x, kind: copy, deck: spell}\n")
    assert any("'copy' is not one of" in f for f in problems(project, schemas(project)))


def test_a_deck_schema_types_that_decks_own_fields(project: Path):
    card = schemas(project)[deck_schema_path("mini", "spell")]["properties"]["cards"]["items"]
    cost = card["properties"]["cost"]  # an integer, or an expression evaluated at load ("{{ data.costs.x }}")
    assert cost["if"] == {"type": "string", "pattern": r"\{\{"} and cost["then"] is True
    assert cost["else"] == {"type": "integer", "minimum": 0, "maximum": 10}
    assert card["required"] == ["name", "cost", "text"] and card["additionalProperties"] is False


def test_pnp_schema_writes_them_for_the_editor(project: Path):
    result = run_pnp("--root", str(project), "schema")
    assert result.code == 0, result.err
    written = sorted(p.relative_to(project / "schemas").as_posix() for p in (project / "schemas").rglob("*.json"))
    assert written == sorted([*COMMON, "mini/_templates.schema.json", "mini/spell.schema.json", "tiny/card.schema.json",
                              "tiny/sheet.schema.json"])
    game = json.loads((project / "schemas/game.schema.json").read_text())
    assert "name" in game["required"] and "decks" in game["properties"]
    assert game["properties"]["credits"]["description"].startswith("lines in the document's credits")


def test_a_new_element_kind_is_in_the_template_schema_without_touching_the_generator():
    import typing

    from pnp.layout import templates

    kinds = {typing.get_type_hints(c)["type"].__args__[0] for c in typing.get_args(templates.Element)}
    schema = schemas(DATA / "proj")["template.schema.json"]
    assert set(schema["properties"]["elements"]["items"]["properties"]["type"]["enum"]) == kinds


def test_lists_of_records_and_bounded_lists_become_their_schemas():
    from typing import Annotated

    from pnp.model.schema.json_schemas import Builder
    from pnp.model.schema.reader import Check

    class Record:  # the shape of pnp.model.schema.reader.Record: fields a file declares
        fields = (("item", str, True, None), ("qty", Annotated[int, Check(ge=1)], False, None))

    schema = Builder().hint(Annotated[list[Annotated[dict, Record()]], Check(le=8)])
    assert schema["maxItems"] == 8 and "maximum" not in schema
    validator = jsonschema.Draft202012Validator(schema)
    assert list(validator.iter_errors([{"item": "rope", "qty": 2}, {"item": "oil"}])) == []
    assert sorted(e.message for e in validator.iter_errors([{"qty": 0, "colour": 1}])) == [
        "'item' is a required property", "0 is not valid under any of the given schemas",
        "Additional properties are not allowed ('colour' was unexpected)"]
