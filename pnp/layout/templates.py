"""Layout templates: YAML files under templates/, resolved through `extends:` into one flat template.

A template names a size, bleed and safe zone and lists elements. A child template overrides the
settings of its parent; an element with the `name` of a parent's element replaces it in place, and
the others are appended. Cycles in `extends` are refused.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from pnp.core import bounds
from pnp.core.errors import InputError, Problem, Problems, Where, did_you_mean
from pnp.layout.elements import Container, Element, TextDefaults, check_choices, check_text_defaults
from pnp.model.load import Doc, display_path, load_bytes
from pnp.model.project import OUTSIDE, outside, read_input
from pnp.model.schema.fields import CARD_SIZES
from pnp.model.schema.kinds import Kind
from pnp.model.schema.reader import read
from pnp.model.units import MM, parse_length

RESERVED_NAMES = ("card", "deck", "game", "data", "vars", "item", "index", "row", "face", "players")
_NAME = re.compile(r"(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]*")  # relative, no `..`
STAMPS = ("center", "left", "right", "top", "top-left", "top-right")
Stamp = Annotated[str | None, Kind("length", STAMPS, expression=False)]

@dataclass(repr=False, eq=False)
class TemplateFile:
    """A template file as written: what it extends, its size, defaults and elements."""
    """A layout template: a face's size, bleed and safe zone, its text defaults, and the elements it draws."""

    extends: Annotated[str | None, Kind("template", expression=False)] = None  # the template this one changes
    size: Annotated[str | dict[str, str] | None, Kind("size", expression=False)] = None  # the face's size
    bleed: Annotated[str | None, Kind("length", expression=False)] = None  # art beyond the trim (default: game's)
    safe: Annotated[str | None, Kind("length", expression=False)] = None  # text and icons stay this far inside the trim
    text: dict[str, Any] = field(default_factory=dict, metadata={"schema": TextDefaults})  # text defaults
    vars: dict[str, Any] = field(default_factory=dict)  # values for `{{ vars.x }}`; children override
    let: dict[str, Any] = field(default_factory=dict)  # named values computed once per face, read below by name
    rotatable: bool | str | None = None  # this face is turned in play: numbers like 6 and 9 get a mark
    stamp: Stamp = None  # where the playtest stamp goes along the foot: its middle (`70%`, `117mm`), or a side
    elements: list[Element] = field(default_factory=list)  # what to draw, in order (later on top)


@dataclass(repr=False, eq=False)
class PlacedElement:
    """An element of a resolved template, with its place in the file that wrote it."""
    element: Any  # one of the element models
    where: Where  # the element's place in its template file
    children: list[PlacedElement] = field(default_factory=list)  # a group's elements


def _placed(elements: list[Any], doc: Doc, path: tuple[str | int, ...]) -> list[PlacedElement]:
    return [PlacedElement(el, doc.where((*path, i)),
                          _placed(el.elements, doc, (*path, i, "elements")) if isinstance(el, Container) else [])
            for i, el in enumerate(elements)]


@dataclass(repr=False, eq=False)
class Template:
    """A template resolved along its `extends` chain: size, bleed, safe zone, elements."""
    name: str
    where: Where
    size: tuple[float, float]
    bleed: float | None
    safe: float
    text: TextDefaults
    elements: list[PlacedElement]
    vars: dict[str, Any]
    rotatable: str | None = None  # the mark of numbers that read otherwise upside down: underline, dot, or none
    stamp: str = "center"  # where the playtest stamp goes along the foot of a card front
    let: dict[str, Any] = field(default_factory=dict)  # named values, each an expression or a constant
    local_where: dict[tuple[str, str], Where] = field(default_factory=dict)  # ("vars" or "let", name) -> its line


def _size(raw: str | dict[str, str] | None, doc: Doc, problems: Problems) -> tuple[float, float] | None:

    if raw is None:
        return None
    if isinstance(raw, str):
        if raw in CARD_SIZES:
            return CARD_SIZES[raw]
        problems.add(doc.where(("size",)), f"unknown size {raw!r}: use one of {', '.join(CARD_SIZES)} "
                     "or {width: 63.5mm, height: 88.9mm}", "size")
        return None
    try:
        size = parse_length(raw.get("width")), parse_length(raw.get("height"))
    except ValueError as exc:
        problems.add(doc.where(("size",)), str(exc), "size")
        return None
    if not all(bounds.FACE_MIN <= v <= bounds.FACE_MAX for v in size):
        problems.add(doc.where(("size",)), f"{size[0] / MM:g} x {size[1] / MM:g} mm: a face is from "
                     f"{bounds.FACE_MIN / MM:g} mm to {bounds.FACE_MAX / MM:g} mm a side", "size")
        return None
    return size


class TemplateStore:
    """Loads templates by name from a project's templates/ folder, once each."""

    def __init__(self, root: Path):
        self.root = root
        self._cache: dict[str, Template] = {}

    def names(self) -> list[str]:
        """The templates resolved so far."""
        return list(self._cache)

    def get(self, name: str, used_at: Where | None = None) -> Template:
        if name not in self._cache:
            self._cache[name] = self._resolve(name, used_at, ())
        return self._cache[name]

    def _resolve(self, name: str, used_at: Where | None, chain: tuple[str, ...]) -> Template:
        if name in chain:
            cycle = " -> ".join((*chain, name))
            raise InputError([Problem(used_at, f"circular `extends`: {cycle}", "extends")])
        if len(chain) >= bounds.EXTENDS:
            raise InputError([Problem(used_at, f"`extends` chain of more than {bounds.EXTENDS} templates "
                                      f"({' -> '.join((*chain[:3], '...', *chain[-2:]))} -> {name}): let templates "
                                      "extend a shared base instead of one another in a line", "extends")])
        path = self.root / "templates" / f"{name}.yaml"
        if not _NAME.fullmatch(name) or outside(self.root, path):
            raise InputError([Problem(used_at, f"template {name!r} {OUTSIDE}" if _NAME.fullmatch(name) else
                                      f"{name!r} is not a template name: a name is a path under templates/ "
                                      "without the .yaml (`voyage/ability`), of letters, digits, `-`, `_`, `/`",
                                      "template")])
        if not os.path.exists(path):
            raise InputError([Problem(used_at, f"template {name!r} not found (expected templates/{name}.yaml)"
                                      f"{did_you_mean(name, template_names(self.root / 'templates'))}",
                                      "template")])
        doc, spec = _parsed(path, self.root)
        problems = Problems()
        size = _size(spec.size, doc, problems)
        placed = _placed(spec.elements, doc, ("elements",))
        check_choices(spec.elements, doc, ("elements",), problems)
        text_raw = spec.text
        variables, lets = dict(spec.vars), dict(spec.let)
        wheres = {(kind, k): doc.where((kind, k)) for kind in ("vars", "let") for k in getattr(spec, kind)}
        parent = None
        if spec.extends:
            parent = self._resolve(spec.extends, doc.where(("extends",)), (*chain, name))
            size = size or parent.size
            text_raw = {**dataclasses.asdict(parent.text), **spec.text}
            placed = _merge(parent.elements, placed)
            variables = {**parent.vars, **spec.vars}
            lets = {**parent.let, **spec.let}
            wheres = {**parent.local_where, **wheres}
        for local in lets:
            if local in RESERVED_NAMES:
                problems.add(wheres[("let", local)], f"let: {local!r} is a name templates read already "
                             f"({', '.join(RESERVED_NAMES)}): call it something else", "let")
        text, found = read(TextDefaults, text_raw, doc, ("text",))
        problems.extend(found)
        if text is not None:
            check_text_defaults(text, doc, problems)
        if size is None and not problems.errors:
            problems.add(doc.where(), "a template needs a `size` (poker, bridge, mini, tarot, square or "
                         "{width, height}) or an `extends`", "size")

        bleed, safe = (parent.bleed, parent.safe) if parent else (None, 3 * 72 / 25.4)
        for key in ("bleed", "safe"):
            raw = getattr(spec, key)
            if raw is None:
                continue
            try:
                value = parse_length(raw)
            except ValueError as exc:
                problems.add(doc.where((key,)), str(exc), key)
                continue
            low, high = bounds.BLEED if key == "bleed" else bounds.SAFE
            if not low <= value <= high:
                bound = "0 or more" if value < low else f"at most {high / MM:g} mm"
                problems.add(doc.where((key,)), f"{raw}: a {key} is {bound}", key)
                continue
            bleed, safe = (value, safe) if key == "bleed" else (bleed, value)
        rotatable = parent.rotatable if parent else None
        if spec.rotatable is not None:
            from pnp.layout.rotatable import style_of

            try:
                rotatable = style_of(spec.rotatable)
            except ValueError as exc:
                problems.add(doc.where(("rotatable",)), str(exc), "rotatable")
        stamp = spec.stamp or (parent.stamp if parent else "center")
        if spec.stamp is not None and spec.stamp not in STAMPS:
            try:
                at = parse_length(spec.stamp, 100.0)
            except ValueError:
                at = -1.0
            if not 0 <= at <= (100.0 if spec.stamp.strip().endswith("%") else size[0] if size else at):
                problems.add(doc.where(("stamp",)), f"{spec.stamp!r}: use center, left, right, or where the stamp's "
                             "middle lies along the foot, on the face (`70%`, `117mm`)"
                             f"{did_you_mean(spec.stamp, STAMPS)}", "stamp")
        problems.raise_if_errors()
        assert size is not None and text is not None
        return Template(name, doc.where(), size, bleed, safe, text, placed, variables, rotatable, stamp, lets, wheres)


_PARSED: dict[tuple[str, bytes], tuple[Doc, TemplateFile]] = {}  # (shown path, sha1 of the text) -> parsed
_DOCS: dict[tuple[str, bytes], Doc | InputError] = {}  # (shown path, sha1 of the text) -> its YAML, or why not


def template_doc(path: Path, root: Path) -> Doc:
    """A template file's YAML, parsed once per text (the layout, the placeholder scan and the `extends` chains
    all read it); an InputError where it is not YAML. (Templates are only read, never changed: shared.)"""
    import hashlib

    shown = display_path(path, root)
    raw = read_input(root, path, shown, "a YAML file", bounds.FILE_BYTES, "; split it")  # says what is wrong with it
    key = (shown, hashlib.sha1(raw).digest())
    if key not in _DOCS:
        if len(_DOCS) > 2000:
            _DOCS.clear()
        try:
            _DOCS[key] = load_bytes(raw, shown)
        except InputError as exc:  # said once: an alias bomb is not expanded again by each reader of the file
            _DOCS[key] = exc
    found = _DOCS[key]
    if isinstance(found, InputError):
        raise InputError(found.problems)
    return found


def _parsed(path: Path, root: Path) -> tuple[Doc, TemplateFile]:
    """A template file read and typed, once per text: `pnp watch` and checks of copies of a project parse a
    template again only when it changed. (Templates are only read, never changed, so sharing is safe.)"""
    import hashlib

    try:
        shown = display_path(path, root)
        key = (shown, hashlib.sha1(read_input(root, path, shown, "a YAML file", bounds.FILE_BYTES)).digest())
    except InputError:
        key = None  # template_doc says what is wrong with the file
    if key is not None and key in _PARSED:
        return _PARSED[key]
    doc = template_doc(path, root)
    spec, found = read(TemplateFile, doc.data if doc.data is not None else {}, doc)
    if spec is None:
        raise InputError(found)
    if key is not None:
        if len(_PARSED) > 2000:
            _PARSED.clear()
        _PARSED[key] = (doc, spec)
    return doc, spec


def _merge(parent: list[PlacedElement], child: list[PlacedElement]) -> list[PlacedElement]:
    out = list(parent)
    index = {p.element.name: i for i, p in enumerate(out) if p.element.name}
    for placed in child:
        name = placed.element.name
        if name and name in index:
            out[index[name]] = placed
        else:
            out.append(placed)
    return out


_CHAINS: dict[tuple[Path, str], tuple[list[Path], list[tuple[int, int] | None]]] = {}


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        st = path.stat()
        return st.st_mtime_ns, st.st_size
    except OSError:
        return None


def template_files(root: Path, name: str | None) -> list[Path]:
    """A template's file and the files it extends, read cheaply (for change detection): read again only
    when one of them changed since the last call (`pnp watch` asks for every deck on every save)."""
    if not name:
        return []
    known = _CHAINS.get((root, name))
    if known is not None and [_stamp(p) for p in known[0]] == known[1]:
        return list(known[0])
    out = _template_files(root, name)
    if len(_CHAINS) > 2000:
        _CHAINS.clear()
    _CHAINS[(root, name)] = (out, [_stamp(p) for p in out])
    return list(out)


def _template_files(root: Path, name: str | None) -> list[Path]:
    out: list[Path] = []
    while name and len(out) <= bounds.EXTENDS and _NAME.fullmatch(name):
        path = root / "templates" / f"{name}.yaml"
        if outside(root, path):
            break
        out.append(path)
        try:
            data = template_doc(path, root).data or {}
        except InputError:  # (a file that cannot be read is one too)
            break
        name = data.get("extends") if isinstance(data, dict) else None
    return out


def template_names(folder: Path, most: int = 5000) -> list[str]:
    """The templates under `folder` by name (`voyage/ability`), the first `most` found: candidates for a typo."""
    return [p.relative_to(folder).with_suffix("").as_posix()
            for p in itertools.islice(folder.rglob("*.yaml"), most)] if folder.is_dir() else []
