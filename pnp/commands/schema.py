"""`pnp schema`: the JSON Schemas of a project's files, for editors to complete and check as one types.

One schema per kind of file (game.yaml, templates, rules.yaml, icons.yaml) and one per deck, with that
deck's own card fields typed. Each is made from the dataclasses the loader reads
(pnp/model/jsonschema.py), so what the editor accepts is what `pnp build` accepts.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pnp.errors import InputError, Problems
from pnp.layout.icons import IconFile
from pnp.layout.templates import TemplateFile
from pnp.model.game import DeckFile, Manifest
from pnp.model.jsonschema import deck_document, document
from pnp.model.load import load_file
from pnp.model.project import list_games, outside
from pnp.model.schema import read
from pnp.rules.spec import RulesFile

# the schema of each kind of file, and the files it is for (as VS Code's `yaml.schemas` globs them)
COMMON: dict[str, tuple[type, str, list[str]]] = {
    "game.schema.json": (Manifest, "pnp game (cards/<game>/game.yaml)", ["cards/*/game.yaml"]),
    "template.schema.json": (TemplateFile, "pnp layout template (templates/**/*.yaml)", ["templates/**/*.yaml"]),
    "rules.schema.json": (RulesFile, "pnp rules and setup (cards/<game>/rules.yaml)", ["cards/*/rules.yaml"]),
    "icons.schema.json": (IconFile, "pnp icon set (cards/<game>/icons.yaml)", ["cards/*/icons.yaml"]),
}


def deck_schema_path(game: str, deck_id: str) -> str:
    return f"{game}/{deck_id}.schema.json"


def schemas(root: Path, skipped: Problems | None = None) -> dict[str, dict[str, Any]]:
    """Every schema of the project by its path under the schema folder. A schema helps most while a file is
    wrong, so a mistake elsewhere in a game or deck does not stop it: only a deck whose `id` or `fields:`
    cannot be read gets no schema (said in `skipped`)."""
    out = {name: document(cls, title) for name, (cls, title, _) in COMMON.items()}
    problems = skipped if skipped is not None else Problems()
    for game in list_games(root):
        folder = root / "cards" / game
        try:
            data = load_file(folder / "game.yaml", root).data
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        decks = data.get("decks") if isinstance(data, dict) else None
        for name in decks if isinstance(decks, list) else []:
            path = folder / str(name)
            if outside(root, path) or not path.is_file():
                continue  # `pnp check` says why
            try:
                doc = load_file(path, root)
            except InputError as exc:
                problems.extend(exc.problems)
                continue
            raw = doc.data if isinstance(doc.data, dict) else {}
            spec, found = read(DeckFile, {"id": raw.get("id"), "name": "", "fields": raw.get("fields") or {}}, doc)
            problems.extend(found)
            if spec is not None:
                out[deck_schema_path(game, spec.id)] = deck_document(spec, f"pnp deck {spec.id} ({game}/{name})")
    return out


def write_schemas(root: Path, folder: Path, skipped: Problems | None = None) -> list[Path]:
    """Write every schema under `folder`; the decks that got none are in `skipped`."""
    made = schemas(root, skipped)
    written = []
    for name, schema in made.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(schema, indent=1, ensure_ascii=False) + "\n"
        if not path.is_file() or path.read_text() != text:
            path.write_text(text)
        written.append(path)
    return written


def vscode_settings(schema_folder: str = "schemas") -> dict[str, Any]:
    """`.vscode/settings.json`: each common schema for its files (deck files name theirs in a first line)."""
    return {"yaml.schemas": {f"./{schema_folder}/{name}": globs for name, (_, _, globs) in COMMON.items()}}
