"""Typed models from YAML trees: dataclasses checked against their type hints.

A small, fast replacement for pydantic (whose import and per-class schema building cost more
than the rest of a build of a normal game; see benchmarks/README.md). It reads the dataclass's
type hints once and converts a YAML tree into instances, reporting every problem with its
file:line:col and field path: unknown fields (with the known ones), wrong types, missing fields,
values outside a range, choices.

Supported hints: str, int, float, bool, Any, Literal[...], X | None, unions of those,
list[X], dict[str, X], tuple[X, ...], nested dataclasses, and `Annotated[X, Check(...)]`;
a union of dataclasses with a `type: Literal[...]` field is chosen by its `type` (or by the field their
`TAG` names: a rule's `kind`, read as a field of choices). Records whose
fields a file declares (a card, a row of a list-of-records field) are `Annotated[dict, Record(...)]`:
read into a plain dict, each value checked and located like a dataclass's.
"""

from __future__ import annotations

import dataclasses
import math
import re
import types
import typing
from collections.abc import Callable, Iterable
from dataclasses import MISSING
from typing import Any, Literal, TypeVar, Union, get_args, get_origin

from pnp.core.errors import Problem, did_you_mean, echo, near_name
from pnp.model.load import Doc, Path_
from pnp.model.schema.hints import class_fields, described, got_said, literal_choices, own_required, tag_hint
from pnp.model.units import MM

T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class Check:
    """Constraints for `Annotated[...]`: range, pattern, or a converter raising ValueError."""

    ge: float | None = None  # (for a list: its number of items)
    le: float | None = None
    pattern: str | None = None
    convert: Callable[[Any], Any] | None = None
    mm: bool = False  # the bounds are lengths (in points): say them, and the value, in mm
    # the JSON Schema of what `convert` accepts (for `pnp schema`, pnp/model/schema/json_schemas.py)
    json: dict[str, Any] | None = dataclasses.field(default=None, hash=False, compare=False)


@dataclasses.dataclass(frozen=True)
class DeclaredFields:
    """For `Annotated[dict, Record(...)]`: a mapping whose fields are declared in a file, not in Python.
    `fields`: (name, hint, required, default) each; `fix` says where to declare an unknown key."""

    fields: tuple[tuple[str, Any, bool, Any], ...]
    fix: str = "remove it"


def field_path(loc: Path_) -> str:
    """('cards', 3, 'cost') -> 'cards[3].cost'."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def alias(name: str, default: Any = None, **kw: Any) -> Any:
    """A dataclass field spelled differently in YAML (`if:` for the field `if_`)."""
    return dataclasses.field(default=default, metadata={"alias": name}, **kw)


class _Fail(Exception):
    pass


class Reader:
    """Converts one document's trees, collecting problems."""

    def __init__(self, doc: Doc):
        self.doc = doc
        self.problems: list[Problem] = []

    def fail(self, path: Path_, message: str) -> None:
        self.problems.append(Problem(self.doc.where(path), message, field_path(path)))

    def read(self, hint: Any, value: Any, path: Path_) -> Any:
        """Convert `value`; on failure record a problem and raise _Fail."""
        kind = type(value)
        if (hint is str and kind is str) or (hint is int and kind is int):  # most values: no more to check
            return value
        origin = get_origin(hint)
        if hint is Any:
            return value
        if origin is typing.Annotated:
            base, *checks = get_args(hint)
            if isinstance(checks[0], DeclaredFields):
                return self.record(checks[0], value, path)
            # a converter reads the raw value itself ("3mm" for a float); other checks follow the base type
            if isinstance(value, list):  # a list's length, and each of its items: both worth saying
                short = False
                for check in (c for c in checks if isinstance(c, Check)):  # (a Kind is for editors)
                    try:
                        self._check(check, value, path)
                    except _Fail:
                        short = True
                out = self.read(base, value, path)
                if short:
                    raise _Fail
                return out
            out = value if any(isinstance(c, Check) and c.convert for c in checks) else self.read(base, value, path)
            for check in checks:
                if isinstance(check, Check):
                    out = self._check(check, out, path)
            return out
        if origin in (Union, types.UnionType):
            return self._union(hint, value, path)
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self.model(hint, value, path)
        if hint is str:
            if isinstance(value, str):
                return value
            if isinstance(value, int | float) and not isinstance(value, bool):
                return str(value)
        elif hint is bool:
            if isinstance(value, bool):
                return value
        elif hint is int:
            if isinstance(value, int) and not isinstance(value, bool):
                if abs(value) >= 2**63:
                    self.fail(path, f"{echo(value)} is too large; a whole number here is below 2**63")
                    raise _Fail
                return value
        elif hint is float:
            if isinstance(value, int | float) and not isinstance(value, bool):
                if not math.isfinite(value):  # NaN passes every min and max; an infinity breaks geometry
                    self.fail(path, f"expected a number, got {echo(value)}; write a finite number (.nan and .inf "
                                    "are not numbers pnp can use)")
                    raise _Fail
                return float(value)
        elif origin is Literal:
            if value in get_args(hint):
                return value
        elif origin is list:
            if isinstance(value, list):
                return self._items(get_args(hint)[0], value, path)
        elif origin is tuple:
            args = get_args(hint)
            if isinstance(value, list) and (len(args) == 2 and args[1] is Ellipsis or len(value) == len(args)):
                items = [self.read(args[0] if args[-1] is Ellipsis else args[i], v, (*path, i))
                         for i, v in enumerate(value)]
                return tuple(items)
            if isinstance(value, list):
                self.fail(path, f"expected a list of {len(args)} values, got {len(value)}")
                raise _Fail
        elif origin is dict:
            if isinstance(value, dict):
                _, vt = get_args(hint)
                out, bad = {}, False
                for k, v in value.items():
                    try:
                        out[str(k)] = self.read(vt, v, (*path, k))
                    except _Fail:
                        bad = True
                if bad:
                    raise _Fail
                return out
        else:  # pragma: no cover - a hint this reader does not know is a programming error
            raise TypeError(f"unsupported type hint {hint!r}")
        self.fail(path, f"expected {described(hint)}, {got_said(hint, value)}"
                        f"{did_you_mean(value, literal_choices(hint))}")
        raise _Fail

    def _items(self, hint: Any, values: list, path: Path_) -> list:
        out, bad = [], False
        for i, v in enumerate(values):
            try:
                out.append(self.read(hint, v, (*path, i)))
            except _Fail:
                bad = True
        if bad:
            raise _Fail
        return out

    def _union(self, hint: Any, value: Any, path: Path_) -> Any:
        args = get_args(hint)
        if value is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        classes = [a for a in options if dataclasses.is_dataclass(a)]
        tag = getattr(classes[0], "TAG", None) if len(classes) > 1 else None
        if tag:  # tagged by the field they name (a rule's `kind`)
            return self._tagged(tag, classes, value, path)
        if len(classes) > 1 and isinstance(value, dict):  # tagged by `type:`
            kinds = {get_args(tag_hint(c))[0]: c for c in classes if isinstance(c, type)}
            kind = value.get("type")
            if not isinstance(kind, str) or kind not in kinds:  # (a list or a mapping cannot even be looked up)
                said = f"unknown type {echo(kind)}" if "type" in value else "no `type`"
                self.fail((*path, "type") if "type" in value else path,
                          f"{said}: use one of {', '.join(kinds)}{did_you_mean(kind, kinds)}")
                raise _Fail
            return self.model(kinds[kind], value, path)
        for option in options:  # the first option whose Python type matches, checked strictly
            if _matches(option, value):
                return self.read(option, value, path)
        self.fail(path, f"expected {described(hint)}, {got_said(hint, value)}")
        raise _Fail

    def _tagged(self, tag: str, classes: list[Any], value: Any, path: Path_) -> Any:
        """A mapping read as the class its `tag` field names, the tag read as a field of choices; when it names
        none, the fields every class shares are read too (each of their problems said)."""
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping, got {echo(value)}")
            raise _Fail
        kinds = {get_args(tag_hint(c, tag))[0]: c for c in classes}
        if isinstance(value.get(tag), str) and value[tag] in kinds:
            return self.model(kinds[value[tag]], value, path)
        shared = [f for f in class_fields(classes[0])
                  if all(f[1] in {k for _, k, _, _ in class_fields(c)} for c in classes)]
        self.fields(value, [(key, Literal[tuple(kinds)] if key == tag else hint, default is MISSING, default)
                            for _, key, hint, default in shared], path)
        raise _Fail

    def _check(self, check: Check, value: Any, path: Path_) -> Any:
        if check.convert is not None:
            try:
                return check.convert(value)
            except ValueError as exc:
                self.fail(path, str(exc))
                raise _Fail from None
        if isinstance(value, list):  # a list's bounds are on its length
            if check.ge is not None and len(value) < check.ge or check.le is not None and len(value) > check.le:
                bounds = [f"at least {check.ge:g}" if check.ge is not None else "",
                          f"at most {check.le:g}" if check.le is not None else ""]
                allowed = f"exactly {check.ge:g}" if check.ge == check.le else " and ".join(b for b in bounds if b)
                self.fail(path, f"has {len(value)} item{'s' if len(value) != 1 else ''}; it may have {allowed}")
                raise _Fail
            return value
        shown = (lambda x: f"{x / MM:g} mm") if check.mm else (lambda x: f"{x:g}")
        if check.ge is not None and value < check.ge:
            self.fail(path, f"must be at least {shown(check.ge)}, got {shown(value) if check.mm else repr(value)}")
            raise _Fail
        if check.le is not None and value > check.le:
            self.fail(path, f"must be at most {shown(check.le)}, got {shown(value) if check.mm else repr(value)}")
            raise _Fail
        if check.pattern is not None and not re.fullmatch(check.pattern, str(value)):
            self.fail(path, f"{echo(value)} is not a valid id: use lower-case letters, digits and dashes")
            raise _Fail
        return value

    def unknown_keys(self, value: dict, known: set[str], path: Path_, fix: str,
                     required: Iterable[str] = ()) -> set[str] | None:
        """Report every key of `value` not in `known`; None when there was none, else the required fields a
        mistyped key stands for (each missing field said as its typo, not again as missing)."""
        explained: set[str] = set()
        bad = False
        for key in value:
            if key not in known:
                near = near_name(key, known)
                hint = f"; did you mean {near!r}?" if near else ""
                if near is not None and near in required and near not in value:
                    explained.add(near)
                    hint += " (a required field, missing)"
                self.fail((*path, key), f"unknown field{hint} (known fields: {', '.join(sorted(known))}); "
                          f"{'or ' if hint else 'check its spelling or '}{fix}")
                bad = True
        return explained if bad else None

    def record(self, record: DeclaredFields, value: Any, path: Path_) -> dict[str, Any]:
        """A mapping of declared fields: each value read by its hint, defaults filled in, every problem located."""
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping of {', '.join(name for name, *_ in record.fields)}, got {echo(value)}")
            raise _Fail
        required = {name for name, _, needed, _ in record.fields if needed}
        typos = self.unknown_keys(value, {name for name, *_ in record.fields}, path, record.fix, required)
        out, bad_field = self.fields(value, record.fields, path, typos or ())
        if typos is not None or bad_field:
            raise _Fail
        return out

    def fields(self, value: dict[str, Any], fields: Iterable[tuple[str, Any, bool, Any]], path: Path_,
               typos: Iterable[str] = ()) -> tuple[dict[str, Any], bool]:
        """Read each named field of a mapping (name, type, required, default); True if any failed. A missing
        field in `typos` was already said as the mistyped key that stands for it."""
        out: dict[str, Any] = {}
        bad = False
        for name, hint, required, default in fields:
            if name in value and value[name] is not None:
                try:
                    out[name] = self.read(hint, value[name], (*path, name))
                except _Fail:
                    bad = True
            elif required:
                if name not in typos:
                    self.fail((*path, name), "missing required field")
                bad = True
            else:
                out[name] = default
        return out, bad

    def model(self, cls: type[T], value: Any, path: Path_ = ()) -> T:
        fields = class_fields(cls)
        if value is None and not path:  # a file with nothing in it (or comments only)
            needed = [key for _, key, _, default in fields if default is MISSING]
            self.fail(path, "the file is empty (or holds only comments): write its fields"
                      f"{' (' + ', '.join(needed) + ' at least)' if needed else ''}, or restore it from your last "
                      "saved copy")
            raise _Fail
        if not isinstance(value, dict):
            self.fail(path, f"expected a mapping, got {echo(value)}")
            raise _Fail
        required = {key for _, key, _, default in fields if default is MISSING}
        typos = self.unknown_keys(value, {key for _, key, _, _ in fields}, path, "remove it", required)
        bad = typos is not None
        said_missing, own = own_required(cls, fields)
        missing = []
        kwargs = {}
        for attr, key, hint, default in fields:
            if key in value and not (key in own and value[key] in (None, "")):
                try:
                    kwargs[attr] = self.read(hint, value[key], (*path, key))
                except _Fail:
                    bad = True
            elif default is MISSING:
                if key not in (typos or ()):
                    if key in own:
                        missing.append(key)
                    else:
                        self.fail((*path, key), "missing required field")
                bad = True
        if said_missing is not None and missing:
            subject, message = said_missing(value, missing)
            self.problems.append(Problem(self.doc.where(path), message, subject))
        if bad:
            raise _Fail
        return cls(**kwargs)


def _matches(hint: Any, value: Any) -> bool:
    origin = get_origin(hint)
    if origin is typing.Annotated:
        base, *checks = get_args(hint)
        return any(isinstance(c, Check) and c.convert for c in checks) or _matches(base, value)
    if hint is Any:
        return True
    if hint is dict:
        return isinstance(value, dict)
    if hint is str:
        return isinstance(value, str)
    if hint is bool:
        return isinstance(value, bool)
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if hint is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if origin is Literal:
        return value in get_args(hint)
    if origin in (list, tuple):
        return isinstance(value, list)
    if origin is dict or dataclasses.is_dataclass(hint):
        return isinstance(value, dict)
    return False


def read(cls: type[T], data: Any, doc: Doc, path: Path_ = ()) -> tuple[T | None, list[Problem]]:
    """Convert `data` (found at `path` in `doc`) to `cls`; (None, problems) when it cannot."""
    reader = Reader(doc)
    try:
        return reader.model(cls, data, path), reader.problems
    except _Fail:
        return None, reader.problems
