"""`pnp schema`: the JSON Schemas of a project's files, for editors to complete and check as one types.

One schema per kind of file (game.yaml, rules.yaml, icons.yaml), one per folder of templates (offering
the palette colours, fonts and icons of the games that use them, and every template's name) and one per
deck, with that deck's own card fields typed. Each is made from the dataclasses the loader reads
(pnp/model/schema/json_schemas.py, pnp/model/schema/kinds.py), so what the editor accepts is what `pnp build` accepts.
Then every file is wired to its schema (pnp/commands/editor.py).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, Problems
from pnp.layout.art.icons import IconFile
from pnp.layout.templates import TemplateFile, template_files, template_names
from pnp.model.game import DeckFile, Manifest
from pnp.model.load import load_file
from pnp.model.project import list_games, outside
from pnp.model.schema.json_schemas import deck_document, document
from pnp.model.schema.reader import read
from pnp.rules.spec import RulesFile

# the schema of each kind of file, and the files it is for (as VS Code's `yaml.schemas` globs them)
COMMON: dict[str, tuple[type, str, list[str]]] = {
    "game.schema.json": (Manifest, "pnp game (cards/<game>/game.yaml)", ["cards/*/game.yaml"]),
    "template.schema.json": (TemplateFile, "pnp layout template (templates/*.yaml)", ["templates/*.yaml"]),
    "rules.schema.json": (RulesFile, "pnp rules and setup (cards/<game>/rules.yaml)", ["cards/*/rules.yaml"]),
    "icons.schema.json": (IconFile, "pnp icon set (cards/<game>/icons.yaml)", ["cards/*/icons.yaml"]),
}
TEMPLATES = "_templates.schema.json"  # a folder of templates' schema (no deck id has an underscore)


def deck_schema_path(game: str, deck_id: str) -> str:
    return f"{game}/{deck_id}.schema.json"


def template_schema_path(folder: str) -> str:
    """The schema of the templates in templates/<folder>/ (and below it); the top level's is the common one."""
    return f"{folder}/{TEMPLATES}" if folder else "template.schema.json"


@dataclass
class SchemaPlan:
    """Every schema by its path under the schema folder, and the files each is for."""

    schemas: dict[str, dict[str, Any]] = field(default_factory=dict)
    globs: dict[str, list[str]] = field(default_factory=dict)  # schema -> globs of its files, from the root
    files: dict[Path, str] = field(default_factory=dict)  # every file pnp reads of the project -> its schema


@dataclass
class _Game:
    names: dict[str, list[str]]  # colour, font, icon: the game's own names
    used: set[str] = field(default_factory=set)  # the folders under templates/ whose templates its decks use


def plan(root: Path, skipped: Problems | None = None) -> SchemaPlan:
    """A schema helps most while a file is wrong, so a mistake elsewhere in a game or deck does not stop it:
    only a deck whose `id` or `fields:` cannot be read gets no schema (said in `skipped`)."""
    problems = skipped if skipped is not None else Problems()
    templates = sorted(template_names(root / "templates"))
    out = SchemaPlan()
    for name, (cls, title, globs) in COMMON.items():
        out.schemas[name] = document(cls, title, names={"template": templates})
        out.globs[name] = list(globs)
    games = {}
    for game in list_games(root):
        games[game] = _read_game(root, game, templates, out, problems)
    base = root / "templates"
    folders = ["", *sorted({p.relative_to(base).parts[0] for p in base.glob("*/**/*.yaml")})] if base.is_dir() else [""]
    for folder in folders:
        users = [g for g in games.values() if folder in g.used] + ([games[folder]] if folder in games else [])
        names: dict[str, list[str]] = {"template": templates}
        for kind in ("colour", "font", "icon"):
            if users:
                names[kind] = sorted({n for g in users for n in g.names[kind]})
        schema = template_schema_path(folder)
        shown = f"templates/{folder}/" if folder else "templates/*.yaml"
        out.schemas[schema] = document(TemplateFile, f"pnp layout template ({shown})", names=names)
        out.globs[schema] = [f"templates/{folder}/**/*.yaml" if folder else "templates/*.yaml"]
        for path in sorted((root / "templates" / folder).glob("**/*.yaml" if folder else "*.yaml")):
            out.files[path] = schema
    return out


def _read_game(root: Path, game: str, templates: list[str], out: SchemaPlan, problems: Problems) -> _Game:
    """A game's names, its decks' schemas, and the files they are for."""
    folder = root / "cards" / game
    found = _Game({"colour": [], "font": [], "icon": []})
    try:
        data = load_file(folder / "game.yaml", root).data
    except InputError as exc:
        problems.extend(exc.problems)
        return found
    out.files[folder / "game.yaml"] = "game.schema.json"
    if (folder / "rules.yaml").is_file():
        out.files[folder / "rules.yaml"] = "rules.schema.json"
    data = data if isinstance(data, dict) else {}
    for kind, key in (("colour", "palette"), ("font", "fonts")):
        found.names[kind] = sorted(map(str, data[key])) if isinstance(data.get(key), dict) else []
    icons = data.get("icons")
    icons_path = Path(os.path.normpath(folder / icons)) if isinstance(icons, str) else None
    if icons_path is not None and icons_path.is_file() and not outside(root, icons_path):
        out.files[icons_path] = "icons.schema.json"
        try:
            raw = load_file(icons_path, root).data
            found.names["icon"] = sorted(map(str, raw["icons"])) if isinstance(raw.get("icons"), dict) else []
        except (InputError, AttributeError):
            pass  # `pnp check` says why
    declared: Any = data.get("verbs")
    declared = declared if isinstance(declared, dict) else {}
    verbs = {str(name): str(spec.get("does", "")) if isinstance(spec, dict) else "" for name, spec in declared.items()}
    decks = data.get("decks")
    for name in decks if isinstance(decks, list) else []:
        path = Path(os.path.normpath(folder / str(name)))
        if outside(root, path) or not path.is_file():
            continue  # `pnp check` says why
        try:
            doc = load_file(path, root)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        raw = doc.data if isinstance(doc.data, dict) else {}
        for key in ("template", "back", "wheel"):
            for used in template_files(root, raw.get(key)) if isinstance(raw.get(key), str) else []:
                parts = used.relative_to(root / "templates").parts
                found.used.add(parts[0] if len(parts) > 1 else "")
        spec, said = read(DeckFile, {"id": raw.get("id"), "name": "", "fields": raw.get("fields") or {}}, doc)
        problems.extend(said)
        if spec is not None:
            schema = deck_schema_path(game, spec.id)
            out.schemas[schema] = deck_document(spec, f"pnp deck {spec.id} ({game}/{name})",
                                                {**found.names, "template": templates}, verbs)
            out.files[path] = schema
    return found


def schemas(root: Path, skipped: Problems | None = None) -> dict[str, dict[str, Any]]:
    """Every schema of the project by its path under the schema folder."""
    return plan(root, skipped).schemas
