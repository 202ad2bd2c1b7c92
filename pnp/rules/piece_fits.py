"""The `fits` rule kind: a piece (a token, a card, a card's strip) fits the space it sits on.

Both sizes come from the laid-out templates (pnp/rules/layouts.py), never from reading template
files: what is compared is what prints. A failure is located at the space's element in its template
and gives both sizes in mm.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from pnp.core.errors import InputError, Problem, Where
from pnp.model.game import Deck, Game
from pnp.model.load import Doc
from pnp.model.units import MM
from pnp.rules.layouts import Box, TemplateLayout, deck_layout, template
from pnp.rules.shared_options import Part, Play
from pnp.rules.spec import RulesFile


class FitsEngine(Protocol):
    """What this rule kind reads of the rules engine (pnp/rules/engine.py)."""

    game: Game
    spec: RulesFile
    doc: Doc
    decks: dict[str, Deck]

    def deck(self, name: str | None, at: tuple) -> Deck: ...

    def expr(self, source: str, extra: dict[str, Any], at: tuple) -> Any: ...


class FitsRuleSpec(Protocol):
    """What this kind's check reads of its rule (pnp/rules/kinds/fits.py)."""

    piece: Part | None
    space: Part | None
    play: Play
    axes: list[Literal["width", "height"]]
    count: int | str | None
    tuck: bool


Found = tuple[Where, str, str]


@dataclass(frozen=True)
class FitShape:
    w: float
    h: float
    round: bool
    face: tuple[float, float]  # the face it lies on (mm): a tucked piece hides the rest of its face
    box: Box | None  # the element's box on that face (None: the whole face)


def check_fits(engine: FitsEngine, rule: FitsRuleSpec, at: tuple) -> Iterator[Found]:
    assert rule.piece and rule.space
    piece_layout, pieces = _shapes(engine, rule.piece, (*at, "piece"))
    space_layout, spaces = _boxes(engine, rule.space, (*at, "space"))
    what = _name(rule.piece, piece_layout)
    lo, hi = rule.play.min / MM, None if rule.play.max is None else rule.play.max / MM
    axes = [("width", "w", "wide"), ("height", "h", "tall")]
    axes = [a for a in axes if a[0] in rule.axes]
    failed: dict[tuple, list[Box]] = {}  # one report per (piece size, space element and size)
    for shape in pieces:
        for box in spaces:
            need = math.hypot(shape.w, shape.h) if box.round and not shape.round else None
            says = []
            for axis, attr, adjective in axes:
                size = need if need is not None else getattr(shape, attr)
                play = getattr(box, attr) - size
                if play < lo - 0.005:
                    says.append(f"{abs(play):.1f} mm too {adjective}" if lo == 0 and play < 0 else
                                f"{play:.1f} mm of play in {axis}, at least {lo:g} mm")
                elif hi is not None and play > hi + 0.005:
                    says.append(f"{play:.1f} mm of play in {axis}, at most {hi:g} mm")
            if rule.tuck:
                says += _tucked(shape, box, space_layout)
            if says:
                key = (round(shape.w, 2), round(shape.h, 2), shape.round, box.where, round(box.w, 2),
                       round(box.h, 2), ", ".join(says))
                failed.setdefault(key, []).append(box)
    for (w, h, rnd, _, _, _, says), boxes in failed.items():
        box, faces = boxes[0], list(dict.fromkeys(b.face for b in boxes))
        shown = "diagonal " if box.round and not rnd else ""
        on = _faces(faces)
        yield (box.where, f"{space_layout.name}: {box.element or 'face'}",
               f"{what} ({w:.1f} x {h:.1f} mm{', round' if rnd else ''}; template {piece_layout.name}) does not "
               f"fit {box.element or space_layout.name} ({box.size}{', round' if box.round else ''}) on {on}: "
               f"{shown}{says}")
    if rule.count is not None:
        yield from _count(engine, rule, at, space_layout, spaces)


def _tucked(shape: FitShape, box: Box, layout: TemplateLayout) -> list[str]:
    """A tucked piece slides under the space's face across the edge the space touches: the part of the
    piece that does not show must stay under that face."""
    fw, fh = layout.size
    edges = {"bottom": fh - (box.y + box.h), "top": box.y, "left": box.x, "right": fw - (box.x + box.w)}
    edge = min(edges, key=lambda e: edges[e])
    if edges[edge] > 0.5:
        return [f"a tuck slot lies on an edge of {layout.name}, this one is {edges[edge]:.1f} mm from the nearest"]
    vertical = edge in ("bottom", "top")
    shown = (shape.box.h if vertical else shape.box.w) if shape.box else 0.0
    hidden = (shape.face[1] if vertical else shape.face[0]) - shown
    room = fh if vertical else fw
    if hidden > room + 0.005:
        return [f"tucked, it hides {hidden:.1f} mm under a face {room:.1f} mm {'high' if vertical else 'wide'}: "
                f"it would stick out {hidden - room:.1f} mm on the far side"]
    return []


def _count(engine: FitsEngine, rule: FitsRuleSpec, at: tuple, layout: TemplateLayout,
           spaces: list[Box]) -> Iterator[Found]:
    """`count` spaces on every face, none overlapping another: said once for the faces it is true of."""
    want = rule.count if isinstance(rule.count, int) else engine.expr(str(rule.count), {}, (*at, "count"))
    by_face: dict[str, list[Box]] = {}
    for box in spaces:
        by_face.setdefault(box.face, []).append(box)
    found: dict[tuple[Where, str], list[str]] = {}
    for face in layout.faces:
        boxes = by_face.get(face, [])
        where = boxes[0].where if boxes else engine.doc.where((*at, "space"))
        if len(boxes) != want:
            found.setdefault((where, f"{len(boxes)} {rule.space.element if rule.space else 'space'} on this face; the "
                              f"rule wants {want}"), []).append(face)
        pair = _first_overlap(boxes)
        if pair:
            i, j = pair
            a, b = boxes[i], boxes[j]
            found.setdefault((a.where, f"{a.element} {i + 1} ({a.x:.1f}, {a.y:.1f} mm, {a.size}) overlaps {a.element} "
                              f"{j + 1} ({b.x:.1f}, {b.y:.1f} mm): the spaces must lie side by side"), []).append(face)
    for (where, message), faces in found.items():
        yield (where, _faces(faces), message)


def _first_overlap(boxes: list[Box]) -> tuple[int, int] | None:
    """The first two spaces (in order) that overlap. Spaces are put in the cells of a grid as large as
    the largest space, and only spaces sharing a cell are compared: a board of thousands of spaces is
    not compared pair by pair."""
    if len(boxes) < 2:
        return None
    cell = max(max(b.w, b.h) for b in boxes) or 1.0
    grid: dict[tuple[int, int], list[int]] = {}
    for i, b in enumerate(boxes):
        for gx in range(int(b.x // cell), int((b.x + b.w) // cell) + 1):
            for gy in range(int(b.y // cell), int((b.y + b.h) // cell) + 1):
                grid.setdefault((gx, gy), []).append(i)
    found = {(i, j) for members in grid.values() for n, i in enumerate(members) for j in members[n + 1:]
             if boxes[i].overlaps(boxes[j])}
    return min(found) if found else None


def _faces(faces: list[str]) -> str:
    """`crew/holt`, or `crew/holt and 8 other faces`."""
    more = len(faces) - 1
    return faces[0] + (f" and {more} other face{'s' if more > 1 else ''}" if more else "")


def _wanted(engine: FitsEngine, part: Part) -> list[str]:
    """Every element the game's `fits` rules name on this part's template: laid out together, once."""
    same = [p for r in engine.spec.rules if r.kind == "fits" for p in (r.piece, r.space)
            if p and (p.deck, p.template, p.side) == (part.deck, part.template, part.side) and p.element]
    return sorted({p.element for p in same if p.element})


def _face(engine: FitsEngine, part: Part, at: tuple) -> TemplateLayout:
    """A deck's (or a template's) face, not laid out: its name, size and place."""
    from pnp.layout.whole_game import template_store

    name = part.template
    if part.deck:
        deck = engine.deck(part.deck, at)
        name = deck.template if part.side == "front" else deck.back
        if not name:
            raise InputError([Problem(engine.doc.where(at), f"deck {deck.id!r} has no {part.side} template")])
    if not name:
        raise InputError([Problem(engine.doc.where(at), "a piece or space names a `deck` or a `template`")])
    t = template_store(engine.game).get(name, engine.doc.where(at))
    return TemplateLayout(name, (t.size[0] / MM, t.size[1] / MM), dict(t.vars), t.where, [part.deck or name])


def _layout(engine: FitsEngine, part: Part, at: tuple) -> TemplateLayout:
    try:
        if part.deck:
            deck = engine.deck(part.deck, at)
            return deck_layout(engine.game, deck, part.side, _wanted(engine, part))
        if part.template:
            return template(engine.game, part.template, _wanted(engine, part))
    except KeyError as exc:
        raise InputError([Problem(engine.doc.where(at), str(exc.args[0]))]) from None
    raise InputError([Problem(engine.doc.where(at), "a piece or space names a `deck` or a `template`")])


def _boxes(engine: FitsEngine, part: Part, at: tuple) -> tuple[TemplateLayout, list[Box]]:
    if not part.element:  # the whole face: its template's size is enough, nothing need be laid out
        layout = _face(engine, part, at)
        return layout, [Box(0.0, 0.0, *layout.size, "", layout.where, layout.decks[0] if layout.decks else "")]
    layout = _layout(engine, part, at)
    try:
        return layout, layout.boxes(part.element)
    except KeyError as exc:
        raise InputError([Problem(engine.doc.where((*at, "element")), str(exc.args[0]))]) from None


def _shapes(engine: FitsEngine, part: Part, at: tuple) -> tuple[TemplateLayout, list[FitShape]]:
    layout, boxes = _boxes(engine, part, at)
    deck = engine.decks.get(part.deck or "")
    round_face = bool(deck and deck.spec.kind == "tokens" and deck.spec.shape == "round")
    seen: dict[tuple, FitShape] = {}
    for box in boxes:
        shape = FitShape(box.w, box.h, box.round or (not part.element and round_face), layout.size,
                      box if part.element else None)
        seen.setdefault((round(box.w, 2), round(box.h, 2), shape.round, round(box.x, 2), round(box.y, 2)), shape)
    return layout, list(seen.values())


def _name(part: Part, layout: TemplateLayout) -> str:
    base = part.deck or layout.name
    return f"{base}'s {part.element}" if part.element else base
