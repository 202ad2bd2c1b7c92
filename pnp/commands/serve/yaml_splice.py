"""The live page's edits, written into a YAML file's text: only the values changed, every other byte kept.

A YAML library's round trip (ruamel.yaml) keeps comments and key order but lays the file out again as it
would write it: on this repository's own templates and decks, loading and dumping them unchanged rewrote
124 of 234 files (a flow mapping over two lines joined into one, indents, quotes). So the file is parsed
for the place of each node (PyYAML's composer: start and end of every scalar and mapping), the new values
are spliced into the text at those places, a missing key is added after the mapping's last entry in the
mapping's own style, and the result is parsed again: it must hold the old data with exactly these
values changed, or nothing is written.
"""

from __future__ import annotations

import json
import re
from typing import Any

import yaml

from pnp.core.errors import InputError, Problem, Where

# libyaml's parser where the wheel has it: the same nodes, and marks that count characters as the pure one does
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_PLAIN = re.compile(r"[A-Za-z0-9#][A-Za-z0-9 ._%#+-]*")  # safe as a plain scalar in block and flow style


def compose(text: str, file: str) -> Any:
    """The file's node tree (each node with its start and end in the text)."""
    try:
        return yaml.compose(text, Loader=_LOADER)
    except yaml.YAMLError as exc:
        raise InputError([Problem(Where(file), f"cannot read it to edit ({exc}); fix the file, then edit")]) from None


def mapping_at(text: str, file: str, line: int, col: int, root: Any = None
               ) -> tuple[yaml.MappingNode, tuple[Any, ...]]:
    """The mapping node that starts at line:col (both from 1), and its path in the data (`root`: the text's nodes,
    composed already)."""
    found = _find(compose(text, file) if root is None else root, line - 1, col - 1, ())
    if found is None:
        raise InputError([Problem(Where(file, line, col), "nothing to edit here any more (the file changed since "
                                  "the page was drawn): wait for the page to redraw, then edit again")])
    return found


def _find(node: Any, line: int, col: int, path: tuple[Any, ...]) -> tuple[yaml.MappingNode, tuple[Any, ...]] | None:
    if isinstance(node, yaml.MappingNode):
        if (node.start_mark.line, node.start_mark.column) == (line, col):
            return node, path
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode):
                got = _find(value, line, col, (*path, key.value))
                if got is not None:
                    return got
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            got = _find(item, line, col, (*path, i))
            if got is not None:
                return got
    return None


def scalars(node: yaml.MappingNode) -> dict[str, Any]:
    """The mapping's keys and their values as written: a scalar's text (its tag kept apart), None otherwise."""
    out: dict[str, Any] = {}
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode):
            out[key.value] = value.value if isinstance(value, yaml.ScalarNode) else None
    return out


def set_values(text: str, file: str, line: int, col: int, changes: dict[str, Any]) -> str:
    """`text` with the mapping at line:col given these values (str, int or float), each key set in place or
    added; raises InputError (naming the file and line) when that cannot be written safely."""
    node, path = mapping_at(text, file, line, col)
    entries = {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}
    splices: list[tuple[int, int, str]] = []
    added: list[str] = []
    for key, value in changes.items():
        old = entries.get(key)
        if old is None:
            added.append(f"{key}: {_scalar(value, flow=True)}")
        elif not isinstance(old, yaml.ScalarNode):
            raise InputError([Problem(Where(file, old.start_mark.line + 1, old.start_mark.column + 1),
                                      f"{key} is not a single value here: edit it in the file")])
        else:
            splices.append((old.start_mark.index, old.end_mark.index, _written(text, old, value, node.flow_style)))
    if added:
        splices.append(_addition(text, node, added))
    out = text
    for start, end, new in sorted(splices, reverse=True):
        out = out[:start] + new + out[end:]
    _verify(text, out, file, line, path, changes)
    return out


def _written(text: str, old: yaml.ScalarNode, value: Any, flow: bool) -> str:
    """The new value, in the old one's style where it can hold it (plain stays plain, quotes stay quotes)."""
    style = old.style
    if isinstance(value, str) and style == '"':
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, str) and style == "'" and "\n" not in value:
        return "'" + value.replace("'", "''") + "'"
    if isinstance(value, str) and style in ("|", ">"):
        return _block(text, old, value)
    return _scalar(value, flow)


def _scalar(value: Any, flow: bool) -> str:
    if isinstance(value, bool) or not isinstance(value, str | int | float):
        raise TypeError(f"not a value to write: {value!r}")
    if not isinstance(value, str):
        return f"{value:g}" if isinstance(value, float) else str(value)
    plain = _PLAIN.fullmatch(value) and not value.endswith(" ") and " #" not in value and not value.startswith("#")
    if plain and yaml.load(f"k: {value}", Loader=_LOADER) == {"k": value}:
        return value
    return json.dumps(value, ensure_ascii=False)


def _block(text: str, old: yaml.ScalarNode, value: str) -> str:
    """A block scalar (`|`, `>-`) kept a block: its header line as written, the new text at its indent."""
    start, end = old.start_mark.index, old.end_mark.index
    header_end = text.index("\n", start)
    header = text[start:header_end]
    body = text[header_end + 1:end]
    lines = [ln for ln in body.splitlines() if ln.strip()]
    indent = " " * (len(lines[0]) - len(lines[0].lstrip())) if lines else " " * (old.start_mark.column + 2)
    if header.startswith(">"):
        paragraphs = [_wrap(p, max((len(ln) for ln in lines), default=100) - len(indent)) for p in value.split("\n")]
        new_lines = [ln for i, p in enumerate(paragraphs) for ln in ([""] if i else []) + p]
    else:
        new_lines = value.split("\n")
    tail = body[len(body.rstrip("\n")):] if body.endswith("\n") else ""
    return header + "\n" + "\n".join(indent + ln if ln else "" for ln in new_lines) + (tail or "")


def _wrap(paragraph: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(paragraph, max(width, 40), break_long_words=False, break_on_hyphens=False) or [""]


def _addition(text: str, node: yaml.MappingNode, added: list[str]) -> tuple[int, int, str]:
    """Where and how new keys go: before a flow mapping's `}`, or on lines after a block mapping's last entry."""
    if node.flow_style:
        close = node.end_mark.index - 1
        assert text[close] == "}"
        before = text[:close].rstrip()
        sep = "" if before.endswith("{") else ", "
        return close, close, sep + ", ".join(added)
    last = node.value[-1][1]
    indent = " " * node.value[0][0].start_mark.column
    pos = last.end_mark.index
    if pos > 0 and text[pos - 1] == "\n":  # a block value ends at the start of the next line
        return pos, pos, "".join(f"{indent}{a}\n" for a in added)
    eol = text.find("\n", pos)
    eol = len(text) if eol < 0 else eol  # after a trailing comment on the last entry's line
    return eol, eol, "".join(f"\n{indent}{a}" for a in added)


def _verify(old: str, new: str, file: str, line: int, path: tuple[Any, ...], changes: dict[str, Any]) -> None:
    """The new text holds the old data with exactly `changes` made at `path`, or InputError."""
    try:
        want, got = yaml.load(old, Loader=_LOADER), yaml.load(new, Loader=_LOADER)
    except yaml.YAMLError:
        got = want = None
    if want is not None:
        target = want
        for part in path:
            target = target[part]
        target.update(changes)
    if want is None or got != want:
        raise InputError([Problem(Where(file, line), "this edit cannot be written here without changing something "
                                  "else: edit the file by hand")])
