"""Stage 1, load: YAML files -> plain Python trees that remember where every node came from.

A `Doc` holds the data of one file and its YAML node tree; `where(path)` finds the line and
column of any node by its path (a tuple of keys and list indexes, the same shape as a field path
`cards[3].cost`), so a problem found at any later stage can name its place.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import yaml

from pnp.errors import InputError, Problem, Where

try:  # libyaml's C parser when the wheel has it: the same nodes and marks, several times faster
    _Loader: Any = yaml.CSafeLoader
except AttributeError:  # pragma: no cover
    _Loader = yaml.SafeLoader

Path_ = tuple[str | int, ...]


@dataclass
class Doc:
    file: str  # path as shown to the user (relative to the project root)
    data: Any
    root: yaml.Node | None = None

    def where(self, path: Path_ = ()) -> Where:
        """The place of the node at `path` (for a mapping entry, its key), or of its nearest ancestor."""
        node = self.root
        if node is None:
            return Where(self.file, 1 if self.data is not None else 0, 1 if self.data is not None else 0)
        mark = node.start_mark
        for part in path:
            if isinstance(node, yaml.MappingNode):
                for key, value in node.value:
                    if isinstance(key, yaml.ScalarNode) and _scalar(key) == part:
                        mark, node = key.start_mark, value
                        break
                else:
                    break
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and 0 <= part < len(node.value):
                node = node.value[part]
                mark = node.start_mark
            else:
                break
        return Where(self.file, mark.line + 1, mark.column + 1)


_constructor = yaml.constructor.SafeConstructor()
_STR, _INT, _NULL = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:null"
_DECIMAL = re.compile(r"[-+]?[0-9]+")


def _scalar(node: yaml.ScalarNode) -> Any:
    tag = node.tag
    if tag == _STR:
        return node.value
    if tag == _INT and _DECIMAL.fullmatch(node.value):  # the common case, without the constructor's detour
        return int(node.value)
    if tag == _NULL:
        return None
    return _constructor.construct_object(node, deep=True)


def _convert(node: yaml.Node, problems: list[Problem], file: str) -> Any:
    if isinstance(node, yaml.ScalarNode):
        try:
            return _scalar(node)
        except yaml.constructor.ConstructorError as exc:
            mark = node.start_mark
            problems.append(Problem(Where(file, mark.line + 1, mark.column + 1), f"bad value: {exc.problem}"))
            return None
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, problems, file) for item in node.value]
    _constructor.flatten_mapping(node)  # type: ignore[arg-type]  # a MappingNode: the only kind left
    out: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = _scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else None
        if not isinstance(key, str | int) or key in out:
            mark = key_node.start_mark
            message = (f"duplicate key {key!r}: each key may appear once in a mapping" if key in out
                       else "a mapping key must be a plain name")
            problems.append(Problem(Where(file, mark.line + 1, mark.column + 1), message))
            continue
        out[key] = _convert(value_node, problems, file)
    return out


def load_text(text: str, file: str) -> Doc:
    """Parse YAML text; raise InputError with the place of a syntax error."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = Where(file, mark.line + 1, mark.column + 1) if mark else Where(file)
        what = exc.problem or exc.context or "not valid YAML"
        raise InputError([Problem(where, f"YAML syntax error: {what}")]) from None
    except yaml.YAMLError as exc:  # pragma: no cover - other parser failures carry no mark
        raise InputError([Problem(Where(file), f"YAML syntax error: {exc}")]) from None
    if node is None:
        return Doc(file, None)
    problems: list[Problem] = []
    data = _convert(node, problems, file)
    if problems:
        raise InputError(problems)
    return Doc(file, data, node)


def load_file(path: Path, root: Path) -> Doc:
    shown = display_path(path, root)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise InputError([Problem(Where(shown), "file not found")]) from None
    except UnicodeDecodeError as exc:
        raise InputError([Problem(Where(shown), f"not UTF-8 text ({exc.reason})")]) from None
    return load_text(text, shown)


@lru_cache(maxsize=256)
def display_path(path: Path, root: Path) -> str:
    """A path as the user should read it: relative to the project root when inside it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)
