"""JSON Schemas of the files a designer writes, made from the same dataclasses the loader reads.

`pnp schema` writes them so that an editor (VS Code's YAML extension, any yaml-language-server)
completes field names and underlines a mistake as it is typed. Nothing here is written by hand: each
dataclass becomes a definition (its fields, their types, which are required, no others allowed), its
field comments become descriptions, and a union of dataclasses tagged by `type:` becomes a choice by
`type` (so a new element kind appears in the schema the moment it is registered, pnp/layout/elements/). A test
validates every bundled file against these schemas, so the schema and the loader cannot drift apart.

The hints understood are those of pnp/model/schema/reader.py. A field may name the class its free-form
value is read as later (`field(metadata={"schema": TextDefaults})`); an `Annotated` converter says
what it accepts with `Check(json=...)`.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import re
import types
import typing
from dataclasses import MISSING
from typing import Any, Literal, Union, get_args, get_origin

from pnp.model.schema.kinds import kind_of
from pnp.model.schema.reader import Check

DRAFT = "https://json-schema.org/draft/2020-12/schema"
_PRIMITIVE = {int: "integer", float: "number", bool: "boolean", type(None): "null"}
_COMMENT = re.compile(r"^\s+(\w+)\s*:.*?\s\s#\s+(.+?)\s*$")  # `name: hint = default  # what it is`


class Builder:
    """Turns type hints into schemas, collecting one definition per dataclass in `defs`."""

    def __init__(self, names: dict[str, list[str]] | None = None) -> None:
        self.defs: dict[str, dict[str, Any]] = {}
        self.names = names  # the game's names by kind (colour, font, icon, template): what a `Kind` offers


    def hint(self, hint: Any) -> dict[str, Any]:
        origin = get_origin(hint)
        if hint is Any:
            return {}
        if hint is str:  # the loader takes a number as text too (`version: 2`)
            return {"type": ["string", "number"]}
        if hint in _PRIMITIVE:
            return {"type": _PRIMITIVE[hint]}
        if origin is typing.Annotated:
            base, *checks = get_args(hint)
            kind = kind_of(hint)
            if kind is not None:  # what the value names: the game's names, a form, fixed choices
                out = kind.json(self.names)
                return {"anyOf": [*out.get("anyOf", [out]), {"type": "null"}]} if _nullable(base) else out
            out = self.hint(base)
            for check in checks:
                if isinstance(check, Check):
                    out = _constrained(out, check)
                elif isinstance(getattr(check, "fields", None), tuple):  # a Record: fields declared in a file
                    out = self.record(check.fields)
            return out
        if origin is Literal:
            return {"enum": list(get_args(hint))}
        if origin in (Union, types.UnionType):
            return self.union(get_args(hint))
        if origin in (list, tuple):
            args = get_args(hint)
            if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
                return {"type": "array", "prefixItems": [self.hint(a) for a in args], "minItems": len(args),
                        "maxItems": len(args)}
            return {"type": "array", "items": self.hint(args[0]) if args else {}}
        if origin is dict:
            key, value = get_args(hint)
            out = {"type": "object", "additionalProperties": self.hint(value)}
            if key is int:  # YAML's integer keys, written as JSON's strings
                out = {"type": "object", "patternProperties": {"^-?[0-9]+$": self.hint(value)},
                       "additionalProperties": False}
            return out
        if isinstance(hint, type) and dataclasses.is_dataclass(hint):
            return self.model(hint)
        return {}  # a hint this generator does not know: anything (the loader still checks it)

    def record(self, fields: tuple) -> dict[str, Any]:
        """A mapping whose fields a file declares: (name, hint, required, default) each."""
        props = {name: self.hint(hint) if required else {"anyOf": [self.hint(hint), {"type": "null"}]}
                 for name, hint, required, _ in fields}
        out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
        needed = [name for name, _, required, _ in fields if required]
        return {**out, "required": needed} if needed else out

    def union(self, args: tuple[Any, ...]) -> dict[str, Any]:
        classes = [a for a in args if isinstance(a, type) and dataclasses.is_dataclass(a)]
        if len(classes) > 1:  # tagged by `type:` (or the field their `TAG` names), as the loader chooses
            tag = getattr(classes[0], "TAG", "type")
            kinds = {_tag(c, tag): c for c in classes}
            return {"type": "object", "required": [tag],
                    "properties": {tag: {"enum": list(kinds), "description": "which kind: " + ", ".join(kinds)}},
                    "allOf": [{"if": {"properties": {tag: {"const": k}}}, "then": self.model(c)}
                              for k, c in kinds.items()]}
        options = [self.hint(a) for a in args]
        simple: list[str] = []
        for o in options:
            if set(o) == {"type"}:
                simple += [t for t in ([o["type"]] if isinstance(o["type"], str) else o["type"]) if t not in simple]
        rest = [o for o in options if set(o) != {"type"}]
        if not rest:
            return {"type": simple}
        return {"anyOf": [{"type": simple}, *rest] if simple else rest}

    def model(self, cls: type) -> dict[str, Any]:
        name = cls.__name__
        if name not in self.defs:
            self.defs[name] = {}  # placeholder: a class that contains itself (a group's elements)
            self.defs[name] = self.definition(cls)
        return {"$ref": f"#/$defs/{name}"}

    def definition(self, cls: type) -> dict[str, Any]:
        hints = type_hints(cls)
        notes = comments(cls)
        props: dict[str, Any] = {}
        required = []
        for f in dataclasses.fields(cls):
            key = f.metadata.get("alias", f.name)
            named = f.metadata.get("schema")
            prop = self.model(named) if named is not None else self.hint(hints[f.name])
            kind = kind_of(hints[f.name])
            said = [s for s in (notes.get(f.name), kind.describe() if kind else None) if s]
            if said:
                prop = {**prop, "description": ": ".join(said)}
            default = f.default if f.default is not MISSING else MISSING
            if default is not MISSING and isinstance(default, str | int | float | bool) and "$ref" not in prop:
                prop = {**prop, "default": default}
            props[key] = prop
            if f.default is MISSING and f.default_factory is MISSING:
                required.append(key)
        out: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
        doc = inspect.getdoc(cls)
        if doc and not doc.startswith(f"{cls.__name__}("):  # not the signature dataclasses write
            out["description"] = " ".join(doc.split("\n\n")[0].split())
        if required:
            out["required"] = required
        return out


def _nullable(hint: Any) -> bool:
    return get_origin(hint) in (Union, types.UnionType) and type(None) in get_args(hint)


def _tag(cls: type, tag: str = "type") -> str:
    hint = type_hints(cls)[tag]
    return get_args(get_args(hint)[0] if get_origin(hint) is typing.Annotated else hint)[0]


def _constrained(schema: dict[str, Any], check: Check) -> dict[str, Any]:
    if check.json is not None:
        return dict(check.json)
    out = dict(schema)
    array = out.get("type") == "array"  # a list's bounds are on its length
    if check.ge is not None:
        out["minItems" if array else "minimum"] = int(check.ge) if array else check.ge
    if check.le is not None:
        out["maxItems" if array else "maximum"] = int(check.le) if array else check.le
    if check.pattern is not None:
        out["pattern"] = f"^(?:{check.pattern})$"
    return out


@functools.cache  # evaluating a class's hints (its annotations are text) costs more than the rest: once per class
def type_hints(cls: type) -> dict[str, Any]:
    """`typing.get_type_hints(cls, include_extras=True)`, once per class. (Shared between calls: read it, do not
    change it.)"""
    return typing.get_type_hints(cls, include_extras=True)


@functools.cache  # reading a class's source parses its whole module: once per class, not once per deck
def comments(cls: type) -> dict[str, str]:
    """Field name -> the comment after it in the class's source (and its bases'): the field's description.
    (Shared between calls: read it, do not change it.)"""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__[:-1]):
        try:
            lines = inspect.getsourcelines(klass)[0]
        except (OSError, TypeError):
            continue
        for line in lines:
            m = _COMMENT.match(line)
            if m:
                found[m.group(1)] = m.group(2)
    return found


def document(cls: type, title: str, builder: Builder | None = None,
             names: dict[str, list[str]] | None = None) -> dict[str, Any]:
    """A whole schema whose root is `cls`, with every class it uses under `$defs`; `names` are the game's, by
    kind (what a field declared a `Kind` offers: its palette, fonts, icons, templates)."""
    b = builder or Builder(names)
    root = b.definition(cls)
    return {"$schema": DRAFT, "title": title, **root, "$defs": dict(sorted(b.defs.items()))}


def _or_expression(prop: dict[str, Any]) -> dict[str, Any]:
    """`prop`, or an expression over the game's data (`{{ data.table[card.id] }}`, evaluated at load); a value
    that is neither is said as `prop` says it ('three' is not of type 'integer')."""
    return {"if": {"type": "string", "pattern": r"\{\{"}, "then": True, "else": prop}


def deck_document(spec: Any, title: str, names: dict[str, list[str]] | None = None,
                  verbs: dict[str, str] | None = None) -> dict[str, Any]:
    """The schema of one deck file: a deck file's fields, and its cards typed by the deck's own `fields:`
    (so `cost:` completes, and `cost: three` is underlined); `verbs`: the game's own verbs, name -> what each does."""
    from pnp.model.game import DeckFile
    from pnp.model.schema.fields import card_hints

    b = Builder(names)
    doc = document(DeckFile, title, b)
    props: dict[str, Any] = {"id": b.hint(type_hints(DeckFile)["id"]),
                             "copies": {"type": "integer", "minimum": 0,
                                        "description": "copies of this card (default: the deck's)"}}
    props["id"]["description"] = "the card's id (default: made from its name)"
    props["copies"] = {**_or_expression(props["copies"]), "description": props["copies"]["description"]}
    if "name" not in spec.fields:
        props["name"] = {"type": "string", "description": "the card's name (also its id, when it has none)"}
    if "effect" not in spec.fields:
        from pnp.model.effects.verbs import effect_json_schema

        props["effect"] = effect_json_schema(verbs)
    required = []
    for name, (hint, needed, _default) in card_hints(spec.fields).items():
        prop = b.hint(hint)
        if spec.fields[name].type != "text":  # or an expression over the game's data, evaluated at load
            prop = _or_expression(prop)
        if not needed:  # an empty value is the default
            prop = {"anyOf": [prop, {"type": "null"}]}
        declared = spec.fields[name]
        props[name] = {**prop, "description": declared.description or f"{declared.type}, declared under `fields:` "
                       "(its `description:` is said here)"}
        if needed:
            required.append(name)
    card: dict[str, Any] = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        card["required"] = required
    doc["properties"]["cards"] = {**doc["properties"]["cards"], "items": card}
    doc["$defs"] = dict(sorted(b.defs.items()))
    return doc
