"""What `pnp import` writes beside a new deck: its line in game.yaml (its front: pnp/commands/import_layout.py).

game.yaml is the designer's file, comments and all: the deck is added by editing its text where
`decks:` is written (a `[...]` list on one line, or `- ` items), and the result is read back to
make sure it says what was meant; a manifest written some other way is left alone, with what to add.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, Problem, Where
from pnp.model.load import display_path, load_text


def template_names(root: Path) -> list[str]:
    """The project's templates by name (`voyage/ability`)."""
    from pnp.layout.templates import template_names as under

    return under(root / "templates")


def _flow_add(text: str, key: str, item: str) -> str | None:
    """`key: [a, b]` -> `key: [a, b, item]` (and `{...}` likewise); None when `key` is not written so."""
    m = re.search(rf"(?m)^{key}:[ \t]*([\[{{])(.*?)([\]}}])[ \t]*(#.*)?$", text)
    if m is None:
        return None
    sep = ", " if m[2].strip() else ""
    return text[:m.end(2)].rstrip() + sep + item + text[m.start(3):]


def _block_add(text: str, key: str, item: str) -> str | None:
    """`key:` followed by `- a` lines -> one more `- item` line after them; None when not written so."""
    m = re.search(rf"(?m)^{key}:[ \t]*(#.*)?\n((?:[ \t]*(?:-[ \t].*|#.*)?\n)+)", text)
    if m is None or "-" not in m[2]:
        return None
    lines = m[2].splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if line.lstrip().startswith("-"))
    indent = lines[last][:len(lines[last]) - len(lines[last].lstrip())]
    at = m.start(2) + sum(len(line) for line in lines[:last + 1])
    return text[:at] + f"{indent}- {item}\n" + text[at:]


def add_to_manifest(manifest: Path, deck_file: str, deck_id: str, count: int, root: Path) -> str:
    """Add `deck_file` to game.yaml's `decks:` (and `deck_id: count` to `contents:` when it is a `{...}` on one
    line); the file as shown. InputError, with the line to add, when `decks:` is written another way."""
    shown = display_path(manifest, root)
    text = manifest.read_text()
    data: Any = load_text(text, shown).data
    if not isinstance(data, dict):
        raise InputError([Problem(Where(shown, 1, 1), "game.yaml is not a mapping of settings; fix it (`pnp check` "
                                  "says how), then import again")])
    decks = data.get("decks")
    if isinstance(decks, list) and deck_file in decks:
        return shown
    if decks is None and not re.search(r"(?m)^decks:", text):
        new: str | None = text + ("" if text.endswith("\n") or not text else "\n") + f"decks: [{deck_file}]\n"
    else:
        new = _flow_add(text, "decks", deck_file) or _block_add(text, "decks", deck_file)
    data = load_text(new, shown).data if new is not None else None
    if new is None or not isinstance(data, dict) or deck_file not in (data.get("decks") or []):
        raise InputError([Problem(Where(shown), f"add {deck_file} to `decks:` by hand (pnp could not tell where "
                                  "its list ends); the deck was not written")])
    contents = data.get("contents")
    if isinstance(contents, dict) and deck_id not in contents:
        new = _flow_add(new, "contents", f"{deck_id}: {count}") or new
    manifest.write_text(new)
    return shown
