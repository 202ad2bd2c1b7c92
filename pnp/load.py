"""Stage 1, load: YAML files -> plain Python trees that remember where every node came from.

A `Doc` holds the data of one file and a table from each node's path (a tuple of keys and list
indexes, the same shape as pydantic's error locations) to its line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
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
    marks: dict[Path_, tuple[int, int]] = field(default_factory=dict)

    def where(self, path: Path_ = ()) -> Where:
        """The place of the node at `path`, or of its nearest ancestor that exists."""
        path = tuple(path)
        while path not in self.marks and path:
            path = path[:-1]
        line, col = self.marks.get(path, (0, 0))
        return Where(self.file, line, col)


_constructor = yaml.constructor.SafeConstructor()


def _scalar(node: yaml.ScalarNode) -> Any:
    if node.tag == "tag:yaml.org,2002:str":
        return node.value
    return _constructor.construct_object(node, deep=True)


def _convert(node: yaml.Node, path: Path_, marks: dict, problems: list[Problem], file: str) -> Any:
    marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        _constructor.flatten_mapping(node)
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            key = _scalar(key_node) if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, str | int):
                mark = key_node.start_mark
                problems.append(Problem(Where(file, mark.line + 1, mark.column + 1),
                                        "a mapping key must be a plain name"))
                continue
            if key in out:
                mark = key_node.start_mark
                problems.append(Problem(Where(file, mark.line + 1, mark.column + 1),
                                        f"duplicate key {key!r}: each key may appear once in a mapping"))
            sub = (*path, key)
            marks[sub] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
            out[key] = _convert(value_node, sub, marks, problems, file)
            # the key's own position is more useful than the value's for messages about the field
            marks[sub] = (key_node.start_mark.line + 1, key_node.start_mark.column + 1)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_convert(item, (*path, i), marks, problems, file) for i, item in enumerate(node.value)]
    try:
        return _scalar(node)  # type: ignore[arg-type]
    except yaml.constructor.ConstructorError as exc:
        problems.append(Problem(Where(file, marks[path][0], marks[path][1]), f"bad value: {exc.problem}"))
        return None


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
        return Doc(file, None, {(): (1, 1)})
    marks: dict[Path_, tuple[int, int]] = {}
    problems: list[Problem] = []
    data = _convert(node, (), marks, problems, file)
    if problems:
        raise InputError(problems)
    return Doc(file, data, marks)


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
