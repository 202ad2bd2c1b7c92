"""What a type hint is, for the schema reader (reader.py): a dataclass's fields once per class, what a hint is
called in an error ("an integer", "one of 'a', 'b'"), the plain type under Annotated and Optional, a Literal's
choices, and a designer's likely slip said with what they meant."""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable
from dataclasses import MISSING
from typing import Any, Literal, Union, get_args, get_origin

from pnp.core.errors import echo
from pnp.model.units import UNQUOTED

_HINTS: dict[type, list[tuple[str, str, Any, Any]]] = {}


def class_fields(cls: type) -> list[tuple[str, str, Any, Any]]:
    """(attribute, yaml key, hint, default) per field, computed once per class."""
    found = _HINTS.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls, include_extras=True)
        found = []
        for f in dataclasses.fields(cls):
            default = f.default if f.default is not MISSING else (
                f.default_factory if f.default_factory is not MISSING else MISSING)
            found.append((f.name, f.metadata.get("alias", f.name), hints[f.name], default))
        _HINTS[cls] = found
    return found


def described(hint: Any) -> str:
    origin = get_origin(hint)
    if hint is int:
        return "an integer"
    if hint is float:
        return "a number"
    if hint is str:
        return "text"
    if hint is bool:
        return "true or false"
    if hint is dict:
        return "a mapping"
    if origin in (list, tuple):
        return "a list"
    if origin is dict or dataclasses.is_dataclass(hint):
        return "a mapping"
    if origin is Literal:
        return "one of " + ", ".join(repr(a) for a in get_args(hint))
    if origin is typing.Annotated:
        return described(get_args(hint)[0])
    if origin in (Union, types.UnionType):
        return " or ".join(described(a) for a in get_args(hint) if a is not type(None))
    return "a value"


def got_said(hint: Any, value: Any) -> str:
    """`got 'x'`, with what the designer most likely meant when the slip is a common one."""
    if value is None:
        return UNQUOTED
    bare = bare_type(hint)
    if isinstance(value, str) and bare in (int, float):
        try:
            number = int(value) if bare is int else float(value)
        except ValueError:
            return f"got {echo(value)}"
        if not math.isfinite(number):
            return f"got {echo(value)}, which is no number pnp can use; write a smaller one"
        return f"got {echo(value)} in quotes, which makes it text: write {number!r} without the quotes"
    if dataclasses.is_dataclass(bare) and isinstance(bare, type):
        names = [f.name for f in dataclasses.fields(bare)]
        shown = ", ".join(f"{n}: ..." for n in names[:4]) + (", ..." if names[4:] else "")
        return f"got {echo(value)}: write it as {{{shown}}}"
    return f"got {echo(value)}"


def bare_type(hint: Any) -> Any:
    """The one plain type under Annotated and Optional, else None."""
    while get_origin(hint) is typing.Annotated:
        hint = get_args(hint)[0]
    if get_origin(hint) in (Union, types.UnionType):
        args = [a for a in get_args(hint) if a is not type(None)]
        return bare_type(args[0]) if len(args) == 1 else None
    return hint


def literal_choices(hint: Any) -> list[Any]:
    """The values a Literal allows (inside Annotated or a union too), to suggest one for a typo."""
    origin = get_origin(hint)
    if origin is Literal:
        return list(get_args(hint))
    if origin is typing.Annotated:
        return literal_choices(get_args(hint)[0])
    if origin in (Union, types.UnionType):
        return [c for a in get_args(hint) for c in literal_choices(a)]
    return []


def own_required(cls: type, fields: list[tuple[str, str, Any, Any]]) -> tuple[Callable | None, set[str]]:
    """A class may say its own missing fields in its own words, null or empty ones among them (a rule's kind:
    "a copies rule needs `deck:`"): its `said_missing`, and the required fields it adds to its base's."""
    said = getattr(cls, "said_missing", None)
    if said is None:
        return None, set()
    base = cls.__mro__[1]
    inherited = {key for _, key, _, default in class_fields(base) if default is MISSING} \
        if dataclasses.is_dataclass(base) else set()
    return said, {key for _, key, _, default in fields if default is MISSING and key not in inherited}


def tag_hint(cls: type, tag: str = "type") -> Any:
    for attr, _, hint, _ in class_fields(cls):
        if attr == tag:
            return hint
    raise TypeError(f"{cls.__name__} has no `{tag}` field")
