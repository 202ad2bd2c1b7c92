"""`pnp schema`, second half: write the schemas and wire every file of the project to its own.

A file that names its schema in a first comment (`# yaml-language-server: $schema=...`, as `pnp new`'s
decks do) keeps that line, pointed at its schema again if the deck's id or the schema folder changed.
Every other file is mapped in `.vscode/settings.json` (`yaml.schemas`: globs for game, rules and
template files, each deck file by its path), which VS Code's YAML extension reads; `.vscode/
extensions.json` recommends that extension. Settings of the designer's own are kept. A schema file
`pnp schema` no longer writes (a deleted deck's) is removed, so the folder holds only live schemas.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.commands.schema import SchemaPlan, plan
from pnp.core.errors import Problems, Where

MODELINE = re.compile(r"#\s*yaml-language-server:\s*\$schema=(\S*)")
EXTENSION = "redhat.vscode-yaml"  # VS Code's YAML extension (yaml-language-server)
SUFFIX = ".schema.json"
_TITLE = re.compile(rb'"title": "pnp ')  # a schema pnp wrote (pnp/model/schema/json_schemas.py `document`)


@dataclass
class Wired:
    schemas: list[Path] = field(default_factory=list)  # every schema written (or already up to date)
    removed: list[Path] = field(default_factory=list)  # schema files no longer written
    changed: list[Path] = field(default_factory=list)  # files whose `$schema` line or settings changed
    warnings: Problems = field(default_factory=Problems)  # what could not be wired, and why


def write_schemas(root: Path, folder: Path, skipped: Problems | None = None) -> Wired:
    """Write every schema under `folder`, remove the ones no longer made, and wire each file to its schema;
    the decks that got none are in `skipped`."""
    made = plan(root, skipped)
    out = Wired()
    for name, schema in made.schemas.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        _write(path, json.dumps(schema, indent=1, ensure_ascii=False) + "\n")
        out.schemas.append(path)
    out.removed = _remove_stale(folder, set(out.schemas))
    _wire(root, folder, made, out)
    return out


def _write(path: Path, text: str) -> bool:
    """Write `text` unless the file holds it already (an editor watching it sees no change); True if written."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)
    return True


def _remove_stale(folder: Path, kept: set[Path]) -> list[Path]:
    """Remove the schemas pnp wrote before (titled `pnp ...`) that it writes no more; others are left alone."""
    found = sorted(folder.rglob(f"*{SUFFIX}")) if folder.is_dir() else []
    removed = [p for p in found if p not in kept and _TITLE.search(p.read_bytes()[:400])]
    for path in removed:
        path.unlink()
    for sub in sorted({p.parent for p in removed}, key=lambda p: -len(p.parts)):
        if sub != folder and sub.is_dir() and not any(sub.iterdir()):
            sub.rmdir()
    return removed


def _wire(root: Path, folder: Path, made: SchemaPlan, out: Wired) -> None:
    """Each file's `$schema` line pointed at its schema, the others mapped in settings.json; the extension."""
    mapping: dict[str, list[str]] = {_ref(root, folder / name): list(globs) for name, globs in made.globs.items()}
    globbed = {p for globs in made.globs.values() for g in globs for p in root.glob(g)}
    for path, name in sorted(made.files.items()):
        schema = folder / name
        found = _modeline(path, Path(os.path.relpath(schema, path.parent)).as_posix())
        if found is None and path not in globbed:
            mapping.setdefault(_ref(root, schema), []).append(path.relative_to(root).as_posix())
        elif found:
            out.changed.append(path)
    settings = root / ".vscode" / "settings.json"
    current = _json(settings, out.warnings)
    if current is not None:
        ours = _ref(root, folder) + "/"
        mapped = current.get("yaml.schemas")
        kept = {k: v for k, v in (mapped if isinstance(mapped, dict) else {}).items()
                if not (k.startswith(ours) and k.endswith(SUFFIX))}
        if _update(settings, {**current, "yaml.schemas": {**kept, **mapping}}):
            out.changed.append(settings)
    extensions = root / ".vscode" / "extensions.json"
    current = _json(extensions, out.warnings)
    if current is not None:
        listed = current.get("recommendations")
        wanted = list(listed) if isinstance(listed, list) else []
        if _update(extensions, {**current, "recommendations": wanted + [EXTENSION] * (EXTENSION not in wanted)}):
            out.changed.append(extensions)


def _ref(root: Path, schema: Path) -> str:
    """A schema as settings.json names it: from the project's root (VS Code's workspace) when inside it."""
    try:
        return "./" + schema.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return schema.resolve().as_posix()


def _modeline(path: Path, wanted: str) -> bool | None:
    """The file's `$schema` line, among its first comments, pointed at `wanted`: None when it has none, True when
    the line was changed, False when it was right already."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    lines = text.splitlines(keepends=True)
    for i, line in enumerate(lines):
        if not line.startswith("#"):
            return None
        m = MODELINE.match(line)
        if m:
            if m.group(1) == wanted:
                return False
            lines[i] = line[:m.start(1)] + wanted + line[m.end(1):]
            _write(path, "".join(lines))
            return True
    return None


def _json(path: Path, warnings: Problems) -> dict[str, Any] | None:
    """An editor's settings file as a mapping ({} when there is none); None, with a warning, when it cannot be
    read as JSON (VS Code allows comments in it: then it is left as it is)."""
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, OSError) as exc:
        warnings.add(Where(f".vscode/{path.name}"), f"not plain JSON ({exc}), so pnp left it as it is: remove its "
                     "comments, or map the schemas yourself (docs/format.md, \"Editors\")", severity="warning")
        return None
    if not isinstance(data, dict):
        warnings.add(Where(f".vscode/{path.name}"), "not a JSON object, so pnp left it as it is", severity="warning")
        return None
    return data


def _update(path: Path, data: dict[str, Any]) -> bool:
    path.parent.mkdir(parents=True, exist_ok=True)
    return _write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n")
