"""Model (expressions): what a failed look-up in an expression says. A key missing from a data table is said as the
table's (`data.oob has no 'elves' (it has dwarf, elf, human); did you mean 'elf'?`), not as a card
field no card has; a list read past its end or an empty list says so.

Jinja's undefined values are replaced by `Missing`, which keeps what was looked up and in what, so the
message can name the mapping by its place among the names the expression reads.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from jinja2 import StrictUndefined
from jinja2.exceptions import UndefinedError
from jinja2.utils import missing

from pnp.core.errors import did_you_mean

_SEARCHED = 20_000  # values looked through to find where a mapping lies among the names


class MissingLookup(UndefinedError):
    """An undefined value was used: `obj` is what was looked into (None for a name), `name` the key."""

    def __init__(self, message: str, obj: Any, name: Any):
        super().__init__(message)
        self.obj, self.name = obj, name


class Missing(StrictUndefined):
    """StrictUndefined that says what it was looked up in: its error is a MissingLookup."""

    __slots__ = ()

    def __init__(self, hint: str | None = None, obj: Any = missing, name: str | None = None,
                 exc: type[UndefinedError] = UndefinedError):
        super().__init__(hint, obj, name, exc)
        self._undefined_exception = partial(  # type: ignore[assignment]
            MissingLookup, obj=None if obj is missing else obj, name=name)


def place_of(target: Any, names: dict[str, Any]) -> str | None:
    """Where `target` lies among the names (`data.oob.units`), found by identity; None when not found."""
    todo: list[tuple[str, Any]] = [(k, v) for k, v in names.items() if not k.startswith("_")]
    seen = 0
    while todo and seen < _SEARCHED:
        path, value = todo.pop(0)
        seen += 1
        if value is target:
            return path
        value = getattr(value, "fields", value)  # a setup's card Record
        if isinstance(value, dict):
            todo.extend((f"{path}.{k}" if isinstance(k, str) and k.isidentifier() else f"{path}[{k!r}]", v)
                        for k, v in value.items() if isinstance(v, dict | list))
        elif isinstance(value, list):
            todo.extend((f"{path}[{i}]", v) for i, v in enumerate(value) if isinstance(v, dict | list))
    return None


def lookup_said(source: str, exc: BaseException, names: dict[str, Any] | None) -> str | None:
    """The message for a look-up into a data table or list that missed; None where the usual one fits (a card
    field, a name the expression has not got)."""
    if "No first item, sequence was empty" in str(exc) or "No last item, sequence was empty" in str(exc):
        return f"{source}: a list it reads is empty here, so it has no {str(exc).split()[1]} item; check the data " \
               "this card points at, or write `| first | default(...)`"
    if not isinstance(exc, MissingLookup) or names is None or exc.obj is None:
        return None
    obj = getattr(exc.obj, "fields", exc.obj)
    if obj is getattr(names.get("card"), "fields", names.get("card")):
        return None  # a card field: said as one, with the near field names
    where = place_of(exc.obj, names)
    if where is None or not where.startswith(("data", "game", "tables", "deck", "decks")):
        return None  # a die face's or a row's field: said as before, with how to ask for it
    if isinstance(obj, dict):
        keys = [str(k) for k in obj]
        listed = ", ".join(keys[:12]) + (", ..." if len(keys) > 12 else "")
        if not keys:
            return f"{source}: {where} has no {exc.name!r}: it is empty"
        return f"{source}: {where} has no {exc.name!r} (it has {listed}){did_you_mean(str(exc.name), keys)}"
    if isinstance(obj, list | tuple):
        return f"{source}: {where} has {len(obj)} item{'s' if len(obj) != 1 else ''}; [{exc.name!r}] is not one of them"
    return None
