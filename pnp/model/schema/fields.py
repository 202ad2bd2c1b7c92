"""Field types: the card fields a deck declares (`fields:`) and the types shared by the models (lengths in
points, ids, paper and card sizes).

A deck declares its fields as data (`cost: {type: integer, min: 1}`); `card_hints` turns each into the
type hint the schema reader checks a card's value against, so a card field is checked and located like
any field of a file. A `list` field may hold typed items: `of: integer`, or records
`of: {item: text, qty: {type: integer, min: 1}}` (rows for a `table`), each value checked at its line.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pnp.core.errors import did_you_mean
from pnp.model.schema.reader import Check, DeclaredFields
from pnp.model.units import LENGTH_TEXT as LENGTH
from pnp.model.units import MM, parse_length

Length = Annotated[float, Check(convert=parse_length, json={  # "3mm" in YAML -> points
    "anyOf": [{"type": "string", "pattern": LENGTH.pattern}, {"const": 0}],
    "description": "a length with its unit: 3mm, 0.5in, 9pt, 1cm, 50%"})]
Id = Annotated[str, Check(pattern=r"[a-z0-9][a-z0-9-]*")]

PAPERS: dict[str, tuple[float, float]] = {  # portrait width, height in points
    "A4": (210 * MM, 297 * MM),
    "letter": (8.5 * 72, 11 * 72),
    "A3": (297 * MM, 420 * MM),
    "tabloid": (11 * 72, 17 * 72),
}

CARD_SIZES: dict[str, tuple[float, float]] = {  # width, height in points
    "poker": (63.5 * MM, 88.9 * MM),
    "bridge": (57.15 * MM, 88.9 * MM),
    "mini": (44.45 * MM, 63.5 * MM),
    "tarot": (70 * MM, 120 * MM),
    "square": (63.5 * MM, 63.5 * MM),
}


ItemType = Literal["text", "integer", "number", "boolean", "any", "choice", "list"]  # choice: of the field's choices
_PY_TYPES: dict[str, Any] = {"text": str, "integer": int, "number": float, "boolean": bool,
                             "any": Any}  # any: tables and lists the rules check


@dataclass(repr=False, eq=False)
class FieldSpec:
    """One card field a deck declares (also a field of a list's records)."""

    type: Literal["text", "integer", "number", "boolean", "choice", "list", "any"] = "text"  # what its value is
    required: bool = True  # every card must give it (else the default fills in)
    default: Any = None  # the value of a card that leaves it out
    choices: list[str] | None = None  # a choice: the values allowed
    min: float | None = None  # a number's bounds; a list's number of items
    max: float | None = None  # a number's upper bound; a list's most items
    of: ItemType | dict[str, ItemType | FieldSpec] | None = None  # a list's items: a type, or records' fields
    item: FieldSpec | None = None  # a list's items as a field of their own: a list of lists, bounded items
    description: str = ""  # what it means: shown in the editor
    scores: bool = False  # a number the card pays (points, rockets): a blank of the card pays 0 (`--ablate`)


_BOUNDED = ("integer", "number", "list")  # the types `min` and `max` apply to


def field_problems(name: str, fs: FieldSpec) -> list[tuple[tuple[str | int, ...], str]]:
    """What is wrong with a field's declaration: (path below the field, message) each."""
    out: list[tuple[tuple[str | int, ...], str]] = []
    if fs.type == "choice" and not fs.choices:
        out.append(((), "a choice field needs `choices:`"))
    if fs.choices and fs.type not in ("choice", "list"):
        out.append((("choices",), f"`choices` lists a choice's values; this field is of type {fs.type}: make it "
                                  "`type: choice` (or a list `of: choice`)"))
    if fs.type == "choice" and fs.choices and fs.default is not None and fs.default not in fs.choices:
        choices = ", ".join(map(str, fs.choices))
        out.append((("default",), f"default {fs.default!r} is not one of the choices ({choices})"
                                  f"{did_you_mean(fs.default, fs.choices)}"))
    if (fs.min is not None or fs.max is not None) and fs.type not in _BOUNDED:
        key = "min" if fs.min is not None else "max"
        out.append(((key,), f"`min` and `max` bound a number (or a list's number of items); this field is of type "
                            f"{fs.type}{' (the default)' if fs.type == 'text' else ''}: make it `type: integer` "
                            "or `type: number`, or remove them"))
    if fs.min is not None and fs.max is not None and fs.min > fs.max:
        out.append((("min",), f"min {fs.min:g} is above max {fs.max:g}: no value could pass; swap them"))
    if fs.scores and fs.type not in ("integer", "number"):
        out.append((("scores",), f"`scores` marks a number the card pays; this field is of type {fs.type}: make it "
                                 "`type: integer` or `type: number`, or remove `scores`"))
    if fs.of is not None and fs.type != "list":
        out.append((("of",), f"`of` describes a list's items; this field is of type {fs.type}: "
                             "make it `type: list` or remove `of`"))
    if fs.item is not None and fs.type != "list":
        out.append((("item",), f"`item` describes a list's items; this field is of type {fs.type}: "
                               "make it `type: list` or remove `item`"))
    if fs.item is not None and fs.of is not None:
        out.append((("item",), "a list's items are described once: by `of` or by `item`, not both"))
    if fs.item is not None:
        out.extend(((("item", *path)), message) for path, message in field_problems(name, fs.item))
    if fs.type == "list" and fs.of == "choice" and not fs.choices:
        out.append((("of",), "a list of choices needs `choices:` (the values each item may take)"))

    if isinstance(fs.of, dict):
        if not fs.of:
            out.append((("of",), "a record needs at least one field: `of: {item: text, qty: integer}`"))
        for key, sub in fs.of.items():
            if sub == "choice":
                out.append((("of", key), "a record's choice needs its values: write it as "
                                         "`{type: choice, choices: [...]}`"))
            if isinstance(sub, FieldSpec):
                out.extend(((("of", key, *path)), message) for path, message in field_problems(key, sub))
    return out


def field_hint(fs: FieldSpec) -> Any:
    """The type hint a value of this field is read with (its checks included)."""
    kind: Any
    if fs.type == "choice":
        kind = Literal[tuple(fs.choices or ("",))]
    elif fs.type == "list":
        kind = list[field_hint(fs.item) if fs.item else _item_hint(fs.of, fs.choices)]  # type: ignore[misc]
    else:
        kind = _PY_TYPES[fs.type]
    if (fs.min is not None or fs.max is not None) and fs.type in _BOUNDED:
        kind = Annotated[kind, Check(ge=fs.min, le=fs.max)]
    return kind


def _item_hint(of: str | dict[str, Any] | None, choices: list[str] | None = None) -> Any:
    if of is None:
        return str  # a plain list is a list of text
    if of == "choice":
        return Literal[tuple(choices or ("",))]
    if of == "list":
        return list[str]  # a list of lists of text (`item:` for lists of numbers)
    if isinstance(of, str):
        return _PY_TYPES[of]
    fields = tuple((key, *_spec(sub)) for key, sub in of.items())
    return Annotated[dict, DeclaredFields(fields, "declare it under the field's `of:`")]


def _spec(fs: str | FieldSpec) -> tuple[Any, bool, Any]:
    if isinstance(fs, str):
        return _item_hint(fs), True, None
    return field_hint(fs), fs.required and fs.default is None, fs.default


def card_hints(fields: dict[str, FieldSpec]) -> dict[str, tuple[Any, bool, Any]]:
    """Per declared field: (type hint with its checks, required, default)."""
    return {name: _spec(fs) for name, fs in fields.items()}
