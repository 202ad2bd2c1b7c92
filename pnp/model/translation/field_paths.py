"""The words inside a structured field: a card field of type `any` that holds a list or a mapping of strings (the
player aid's `steps: [{name, text}, ...]`) is translated string by string, each named by its path, as
`steps.0.text` (the list's first item, its `text`). A plain field is its own path (`name`)."""

from __future__ import annotations

import copy
import re
from collections.abc import Iterator
from typing import Any

ID = re.compile(r"[a-z0-9_./-]*")  # an id or a file's name (`meteor-impact`), not words a player reads
MAX_DEPTH = 4  # how deep a structured field's words are looked for


def leaf(data: dict, path: str) -> Any:
    """The value at `path` in a card's data (None where there is none)."""
    value: Any = data
    for part in path.split("."):
        if isinstance(value, dict):
            value = value.get(part)
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return None
    return value


def word_leaves(name: str, value: Any, depth: int = 0) -> Iterator[str]:
    """The paths of the strings a player reads inside a structured field's `value` (ids left out)."""
    if depth > MAX_DEPTH:
        return
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, inner in items:
        path = f"{name}.{key}"
        if isinstance(inner, str):
            if inner.strip() and not ID.fullmatch(inner):
                yield path
        else:
            yield from word_leaves(path, inner, depth + 1)


def with_leaves(data: dict, said: dict[str, str]) -> dict:
    """A copy of a card's data with each path of `said` set to its words (the source's structure kept)."""
    out = dict(data)
    for path, text in said.items():
        if "." not in path:
            out[path] = text
            continue
        head, *rest = path.split(".")
        if not isinstance(out.get(head), (dict, list)):
            continue
        if out[head] is data.get(head):
            out[head] = copy.deepcopy(data[head])
        place: Any = out[head]
        for part in rest[:-1]:
            place = place[int(part)] if isinstance(place, list) else place[part]
        place[int(rest[-1]) if isinstance(place, list) else rest[-1]] = text
    return out
