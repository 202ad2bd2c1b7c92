"""Laid-out faces as plain values (numbers, text, tuples, lists, dicts) and back, for pnp's disk cache
(pnp/core/disk_cache.py keeps only what marshal writes): a deck's entries, every face and item in them, the
template's element sources that findings are located by, and the layout's own findings.

What is shared stays shared: a face printed on many copies, a back shared by a deck, a template's fixed items (a
`Static`) and the sources dict of a template's faces are one object each after decoding, as before. Only the scene's
own kinds are made again (no other class is ever named by what is read back); anything else in a face is not kept
(`Unkept`), and the deck is laid out as usual.
"""

from __future__ import annotations

from typing import Any

from pnp.core.errors import Problem, Where
from pnp.layout.scene import (
    ElementSource,
    Ellipse,
    Entry,
    Face,
    GridCells,
    Icon,
    Image,
    Label,
    Line,
    Polygon,
    Rect,
    Static,
    Text,
    TextRun,
    Transform,
)

KINDS = (Rect, Ellipse, Line, Polygon, TextRun, Icon, Image, Text, Label, Static, Transform)
_NUMBER = {kind: n for n, kind in enumerate(KINDS)}
_FIELDS = [kind.__slots__ for kind in KINDS]  # a dataclass's slots: its fields, in order
_ITEM_LISTS = {(Text, "runs"), (Static, "items"), (Transform, "items")}
_LIST_AT = [tuple(i for i, name in enumerate(fields) if (kind, name) in _ITEM_LISTS)
            for kind, fields in zip(KINDS, _FIELDS, strict=True)]  # which of a kind's fields hold items
_PLAIN = (int, float, str, bool, type(None))


class Unkept(Exception):
    """Something in the faces that has no plain form: the deck is not kept."""


def encoded(entries: list[Entry], problems: list[Problem]) -> tuple:
    """A deck's entries and the layout's findings on it, as plain values."""
    state = _Encoder()
    rows = [(state.face(e.front), None if e.back is None else state.face(e.back), _plain_dict(e.meta)) for e in entries]
    sources = [[(state.items[i], _where(s.where), tuple(s.names)) for i, s in d.items() if i in state.items]
               for d in state.dicts]
    return (rows, state.faces, state.defs, sources, [_problem(p) for p in problems])


def decoded(value: Any) -> tuple[list[Entry], list[Problem]]:
    """What `encoded` made, as objects again (raises on anything else: the caller lays the deck out)."""
    rows, faces, defs, sources, problems = value
    objects: list[Any] = []
    for d in defs:
        objects.append(_item(d, objects))
    dicts = [{id(objects[i]): ElementSource(_where_of(w), tuple(names)) for i, w, names in s} for s in sources]
    made = [Face(w, h, bleed, [objects[i] for i in items], None if src is None else dicts[src], stamp,
                 tuple(GridCells(shape, cells) for shape, cells in grids), cut)
            for w, h, bleed, items, src, stamp, grids, cut in faces]
    entries = [Entry(made[f], None if b is None else made[b], dict(meta)) for f, b, meta in rows]
    return entries, [Problem(_where_of(w), m, s, sev, r) for w, m, s, sev, r in problems]


class _Encoder:
    def __init__(self) -> None:
        self.items: dict[int, int] = {}  # id(item) -> its number (after its own items: children come first)
        self.defs: list[tuple] = []
        self.face_no: dict[int, int] = {}
        self.faces: list[tuple] = []
        self.dict_no: dict[int, int] = {}
        self.dicts: list[dict[int, ElementSource]] = []  # (every object numbered is held by the entries meanwhile)

    def face(self, face: Face) -> int:
        n = self.face_no.get(id(face))
        if n is None:
            items = [self.item(i) for i in face.items]
            src = None
            if face.sources is not None:
                src = self.dict_no.get(id(face.sources))
                if src is None:
                    src = self.dict_no[id(face.sources)] = len(self.dicts)
                    self.dicts.append(face.sources)
            grids = tuple((g.shape, g.cells) for g in face.grids)
            self.faces.append((face.w, face.h, face.bleed, items, src, face.stamp, grids, face.cut))
            n = self.face_no[id(face)] = len(self.faces) - 1
        return n

    def item(self, item: Any) -> int:
        n = self.items.get(id(item))
        if n is not None:
            return n
        kind = _NUMBER.get(type(item))
        if kind is None:
            raise Unkept(type(item).__name__)
        values: list[Any] = [kind]
        for name in _FIELDS[kind]:
            value = getattr(item, name)
            if (type(item), name) in _ITEM_LISTS:
                values.append([self.item(i) for i in value])
            else:
                values.append(_plain(value))
        self.defs.append(tuple(values))
        n = self.items[id(item)] = len(self.defs) - 1
        return n


def _item(d: tuple, objects: list[Any]) -> Any:
    kind = d[0]
    lists = _LIST_AT[kind]
    if not lists:
        return KINDS[kind](*d[1:])
    values = list(d[1:])
    for at in lists:
        values[at] = [objects[i] for i in values[at]]
    return KINDS[kind](*values)


def _plain(value: Any) -> Any:
    """A field's value, as marshal writes it (lists and tuples stay what they are), or Unkept."""
    if _is_plain(value):
        return value
    raise Unkept(type(value).__name__)


def _is_plain(value: Any) -> bool:
    return isinstance(value, _PLAIN) or isinstance(value, tuple | list) and all(map(_is_plain, value))


def _plain_dict(meta: dict) -> dict:
    if not all(isinstance(k, str) and isinstance(v, _PLAIN) for k, v in meta.items()):
        raise Unkept("entry")
    return dict(meta)


def _where(where: Any) -> tuple | None:
    if where is None:
        return None
    if type(where) is not Where:
        raise Unkept(type(where).__name__)
    return (where.file, where.line, where.col)


def _where_of(value: tuple | None) -> Where | None:
    return None if value is None else Where(*value)


def _problem(p: Problem) -> tuple:
    return (_where(p.where), p.message, p.subject, p.severity, p.rule)
