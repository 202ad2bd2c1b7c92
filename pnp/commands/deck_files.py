"""What `pnp import` writes beside a new deck: its line in game.yaml, and a plain front for its fields.

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


def front_template(deck_id: str, fields: dict[str, dict[str, Any]]) -> str:
    """A plain poker-size front naming its card (`name`, else the first text field) and listing its other
    fields, each only when the card has it: a deck that builds at once, for the designer to make their own."""
    names = list(fields)
    title = "name" if "name" in fields else next((n for n in names if fields[n]["type"] == "text"), None)
    lines = []
    for name in names:
        if name == title:
            continue
        kind, ref = fields[name]["type"], f"card['{name}']"  # `card['items']`: not the mapping's own method
        value = {"list": f"{ref} | join(', ')", "boolean": f"'yes' if {ref} else 'no'"}.get(kind, ref)
        label = name.replace("_", " ").capitalize()
        lines.append(f"{{% if {ref} is not none %}}{label}: {{{{ {value} }}}}\n{{% endif %}}")
    ref = f"card['{title}']"
    heading = f"{{{{ {ref} if {ref} is not none else card.id }}}}" if title else "{{ card.id }}"
    body = "".join(lines)
    return (f"# A plain front for the deck {deck_id}, made by `pnp import`: make it your own (docs/format.md, "
            "\"Elements\").\n"
            "size: poker\n"
            "safe: 3mm\n"
            "text: {size: 9pt, min_size: 5pt, color: \"#1d2230\"}\n"
            "elements:\n"
            "  - {name: paper, type: rect, bleed: true, fill: \"#fbf8f1\"}\n"
            "  - {name: frame, type: rect, x: 3mm, y: 3mm, w: 57.5mm, h: 82.9mm, radius: 2mm, stroke: \"#1d2230\", "
            "stroke_width: 1pt}\n"
            f"  - {{name: title, type: text, x: 5mm, y: 5mm, w: 53.5mm, h: 10mm, text: {_quote(heading)}, "
            "size: 12pt, align: center, valign: middle, glossary: false}\n"
            f"  - {{name: body, type: text, x: 5mm, y: 18mm, w: 53.5mm, h: 64mm, text: {_quote(body)}}}\n")


def _quote(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted string
