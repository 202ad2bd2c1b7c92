"""How `pnp import` makes a new deck of a game look like a card, checked before anything is written.

- Its back is the game's: the `back:` most of the game's decks name (when it reads no field the sheet lacks).
- Its front is `--template`, checked against the sheet's columns: a card field the template reads that no
  column holds is an error at the template's line. Without `--template`, the game's own front where every
  field it reads is a column filled in on every row; else a clean front made for the sheet: its title, its
  cost in a badge, its text, and the other fields below it, in the back's size.

What a template reads is found in its text (and in the templates it `extends`): `card.cost`, `card['cost']`;
a field it only reads behind `is defined` (or `'x' in card`, `card.get('x')`) is not needed.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, Problem, Where, did_you_mean
from pnp.model.load import load_file
from pnp.rules.placeholders import strings

_READS = re.compile(r"\bcard(?:\.([A-Za-z_]\w*)|\[\s*['\"]([^'\"]+)['\"]\s*\])")
_GUARDED = re.compile(r"\bcard(?:\.(\w+)|\[\s*['\"]([^'\"]+)['\"]\s*\])\s+is\s+(?:not\s+)?(?:defined|undefined)"
                      r"|['\"](\w+)['\"]\s+(?:not\s+)?in\s+card\b|\bcard\.get\(\s*['\"](\w+)")
_OWN = {"id", "copies", "index", "get", "items", "keys", "values"}  # a card's own, whatever its fields
TITLES, COSTS, TEXTS = ("name", "title", "card_name"), ("cost", "price"), ("text", "rules", "effect", "ability",
                                                                          "description", "body")


def template_reads(root: Path, name: str) -> dict[str, Where]:
    """The card fields template `name` (and those it extends) reads, each with the first place that reads it."""
    from pnp.layout.templates import template_doc, template_files

    found: dict[str, Where] = {}
    guarded: set[str] = set()
    for path in template_files(root, name):
        if not path.is_file():
            continue
        doc = template_doc(path, root)
        for sub, text in strings(doc.data, ()):
            for m in _GUARDED.finditer(text):
                guarded.update(g for g in m.groups() if g)
            for m in _READS.finditer(text):
                field = m.group(1) or m.group(2)
                if field not in _OWN:
                    found.setdefault(field, doc.where(sub))
    return {k: v for k, v in found.items() if k not in guarded}


def check_template(root: Path, template: str, fields: dict[str, dict[str, Any]], sheet: str) -> None:
    """InputError at each place where `--template` reads a field that no column of the sheet holds."""
    columns = ", ".join(fields) or "none"
    problems = [Problem(where, f"--template {template!r} reads this field, and {sheet} has no column for it (its "
                        f"columns as fields: {columns}){did_you_mean(name, list(fields))}; add the column to the "
                        "sheet, or leave out --template for a front made for its columns", name)
                for name, where in template_reads(root, template).items() if name not in fields]
    if problems:
        raise InputError(problems)


def _deck_docs(root: Path, game: str) -> Iterator[dict[str, Any]]:
    """The game's deck files as written (each read alone: one that cannot be read is passed over)."""
    game_dir = root / "cards" / game
    try:
        manifest = load_file(game_dir / "game.yaml", root).data
    except InputError:
        return
    decks = manifest.get("decks") if isinstance(manifest, dict) else None
    for name in decks if isinstance(decks, list) else []:
        try:
            data = load_file(game_dir / str(name), root).data
        except (InputError, OSError):
            continue
        if isinstance(data, dict):
            yield data


def game_faces(root: Path, game: str, fields: dict[str, dict[str, Any]]) -> tuple[str | None, str | None]:
    """(front, back) for a new deck of `game` with `fields`: the game's own front that every card can fill (None:
    none can), and the back most of its decks name (None: they name none, or it reads a field they lack)."""
    docs = list(_deck_docs(root, game))
    filled = {n for n, f in fields.items() if f.get("required", True)}
    front = None
    for data in docs:
        name = data.get("template")
        if isinstance(name, str) and (root / "templates" / f"{name}.yaml").is_file():
            reads = template_reads(root, name)
            if reads and set(reads) <= filled:
                front = name
                break
    backs = Counter(d["back"] for d in docs if isinstance(d.get("back"), str)
                    and (root / "templates" / f"{d['back']}.yaml").is_file())
    back = backs.most_common(1)[0][0] if backs else None
    if back is not None and not set(template_reads(root, back)) <= filled:
        back = None
    return front, back


def face_size(root: Path, name: str | None) -> Any:
    """The `size:` template `name` (or what it extends) is written with; `poker` when it says none."""
    from pnp.layout.templates import template_doc, template_files

    for path in template_files(root, name):
        data = template_doc(path, root).data if path.is_file() else None
        if isinstance(data, dict) and data.get("size") is not None:
            return data["size"]
    return "poker"


def _pick(fields: dict[str, dict[str, Any]], names: tuple[str, ...], kinds: tuple[str, ...],
          taken: set[str]) -> str | None:
    free = [n for n in fields if n not in taken and fields[n]["type"] in kinds]
    return next((n for n in free if n in names), None) or next(iter(free), None)


def front_template(deck_id: str, fields: dict[str, dict[str, Any]], size: Any = "poker") -> str:
    """A clean front for a new deck: its title in a coloured band, its cost in a badge, its text in the middle
    and its other fields below (each only when the card has it); placed in fractions of the card, so it suits
    the back's size. A deck that builds at once, for the designer to make their own."""
    title = _pick(fields, TITLES, ("text", "choice"), set())
    cost = _pick(fields, COSTS, ("integer", "number"), {title} if title else set())
    taken = {n for n in (title, cost) if n}
    texts = [n for n in fields if n not in taken and fields[n]["type"] == "text"]
    text = next((n for n in texts if n in TEXTS), None) or next(iter(texts), None)
    lines = []
    if text:
        lines.append(f"{{% if {_ref(text)} is not none %}}{{{{ {_ref(text)} }}}}\n\n{{% endif %}}")
    for name in fields:
        if name in (title, cost, text):
            continue
        kind, ref = fields[name]["type"], _ref(name)
        value = {"list": f"{ref} | join(', ')", "boolean": f"'yes' if {ref} else 'no'"}.get(kind, ref)
        label = name.replace("_", " ").capitalize()
        lines.append(f"{{% if {ref} is not none %}}**{label}:** {{{{ {value} }}}}\n{{% endif %}}")
    heading = f"{{{{ {_ref(title)} if {_ref(title)} is not none else card.id }}}}" if title else "{{ card.id }}"
    shown = size if isinstance(size, str) else "{" + ", ".join(f"{k}: {v}" for k, v in size.items()) + "}"
    out = [f"# A front for the deck {deck_id}, made by `pnp import` for its columns: make it your own "
           "(docs/format.md, \"Elements\").",
           f"size: {shown}", "safe: 3mm", "text: {size: 10pt, min_size: 5pt, color: \"#1d2230\"}", "elements:",
           "  - {name: background, type: rect, bleed: true, fill: \"#2f4f9c\"}",
           "  - {name: panel, type: rect, x: 4.7%, y: 17%, w: 90.6%, h: 76%, radius: 2mm, fill: \"#fbf8f1\"}",
           f"  - {{name: title, type: text, x: 7%, y: 4.5%, w: {69 if cost else 86}%, h: 10%, text: "
           f"{_quote(heading)}, size: 13pt, min_size: 7pt, color: \"#fbf8f1\", valign: middle, glossary: false}}"]
    if cost:
        shows = _quote(f"{{{{ {_ref(cost)} is not none }}}}")
        out += [f"  - {{name: badge, type: ellipse, if: {shows}, x: 78.7%, y: 3.9%, w: 15.7%, h: 11.3%, "
                "fill: \"#e8b23a\"}",
                f"  - {{name: cost, type: text, if: {shows}, x: 78.7%, y: 3.9%, w: 15.7%, h: 11.3%, text: "
                f"{_quote('{{ ' + _ref(cost) + ' }}')}, size: 14pt, min_size: 7pt, align: center, valign: middle, "
                "glossary: false}"]
    if lines:
        out.append(f"  - {{name: body, type: text, x: 9.4%, y: 20%, w: 81.2%, h: 70%, text: {_quote(''.join(lines))}, "
                   "align: center, valign: middle}")
    return "\n".join(out) + "\n"


def _ref(name: str | None) -> str:
    return f"card['{name}']"  # `card['items']`: not the mapping's own method


def _quote(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)  # a JSON string is a YAML double-quoted string

