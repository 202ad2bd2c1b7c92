"""Templates as laid out, for rules: where each named element lands on each face, in mm.

`template(game, name)` (public: `from pnp.rules import template`) lays a template out for every card of
every deck that prints it, as a build does, and keeps the box of every named element: a `rect` or
`text` gives its box, a `boxes` element one box per write-in box, a `group` the box around all it
draws. Boxes are clipped to the trim (what is left once the face is cut out). Custom rules and the
`fits` rule kind read sizes from here instead of reading template files by hand.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass, field
from typing import Any

from pnp.core.errors import Problems, Where, did_you_mean
from pnp.layout import scene
from pnp.layout.cardtext import filled
from pnp.layout.templates import PlacedElement
from pnp.model.game import Deck, Game
from pnp.model.units import MM


@dataclass(frozen=True, repr=False)
class Box:
    """One laid-out box of a named element (part of the public rule API)."""

    x: float  # mm, from the trimmed face's left edge
    y: float  # mm, from its top edge
    w: float  # mm
    h: float  # mm
    element: str  # the element's `name`
    where: Where  # the element's line in its template file
    face: str  # the face it was laid out for: "deck/card" ("deck/card back" for a back)
    round: bool = False  # an ellipse (or a circle of a `boxes` element)

    def __repr__(self) -> str:
        return f"Box({self.element} on {self.face}: {self.w:.1f} x {self.h:.1f} mm at {self.x:.1f}, {self.y:.1f})"

    @property
    def size(self) -> str:
        """`11.4 x 11.2 mm`"""
        return f"{self.w:.1f} x {self.h:.1f} mm"

    def contains(self, other: Box) -> bool:
        """`other` lies inside this box (within 0.01 mm)."""
        eps = 0.01
        return (self.x - eps <= other.x and other.x + other.w <= self.x + self.w + eps
                and self.y - eps <= other.y and other.y + other.h <= self.y + self.h + eps)

    def overlaps(self, other: Box) -> bool:
        """The two shapes share some area (touching edges do not count). A round box is the ellipse
        inside it: two circles in neighbouring hexes that touch do not overlap, though their boxes do."""
        eps = 0.01
        if not (self.x < other.x + other.w - eps and other.x < self.x + self.w - eps
                and self.y < other.y + other.h - eps and other.y < self.y + self.h - eps):
            return False
        if not (self.round or other.round):
            return True
        if self.round and other.round and abs(self.w - self.h) < eps and abs(other.w - other.h) < eps:
            (ax, ay), (bx, by) = self.centre, other.centre
            return math.hypot(ax - bx, ay - by) < (self.w + other.w) / 2 - eps
        return _convex_overlap(self.outline(), other.outline(), eps)

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2

    def outline(self) -> list[tuple[float, float]]:
        """The shape as a convex polygon: its corners, or 64 points on its ellipse (within 0.12 % of it)."""
        if not self.round:
            return [(self.x, self.y), (self.x + self.w, self.y), (self.x + self.w, self.y + self.h),
                    (self.x, self.y + self.h)]
        (cx, cy), rx, ry = self.centre, self.w / 2, self.h / 2
        return [(cx + rx * math.cos(2 * math.pi * i / 64), cy + ry * math.sin(2 * math.pi * i / 64)) for i in range(64)]


def _convex_overlap(a: list[tuple[float, float]], b: list[tuple[float, float]], eps: float) -> bool:
    """Two convex polygons overlap by more than `eps` unless an edge of one separates them (the
    separating axis theorem)."""
    for poly in (a, b):
        for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
            nx, ny = y1 - y0, x0 - x1
            length = math.hypot(nx, ny) or 1.0
            pa = [(x * nx + y * ny) / length for x, y in a]
            pb = [(x * nx + y * ny) / length for x, y in b]
            if max(pa) <= min(pb) + eps or max(pb) <= min(pa) + eps:
                return False
    return True


@dataclass(repr=False, eq=False)
class TemplateLayout:
    """A template laid out for the cards that print it (part of the public rule API)."""

    name: str  # `sleeping-gods/crew`
    size: tuple[float, float]  # the trimmed face, mm
    vars: dict[str, Any]  # its `vars`, those of the templates it extends included
    where: Where  # its file
    decks: list[str]  # the decks laid out with it
    faces: dict[str, dict[str, list[Box]]] = field(default_factory=dict)  # "deck/card" -> element -> boxes
    files: list[Any] = field(default_factory=list)  # the template's file and those it extends (Docs)
    names: list[str] = field(default_factory=list)  # every named element of the template

    def boxes(self, element: str) -> list[Box]:
        """Every box of a named element on every face; a KeyError naming the elements if none was drawn."""
        found = [box for boxes in self.faces.values() for box in boxes.get(element, [])]
        if not found:
            names = self.names or sorted({name for boxes in self.faces.values() for name in boxes})
            raise KeyError(f"template {self.name!r} draws no element named {element!r} (named elements: "
                           f"{', '.join(names) or 'none'})")
        return found

    def where_of(self, *path: str | int) -> Where:
        """The place of a node (`where_of("vars", "square")`, `where_of("size")`) in the template's file, or
        in the nearest template it extends that says it; the template's own file when none does."""
        for doc in self.files:
            node: Any = doc.data
            for key in path:
                node = node.get(key) if isinstance(node, dict) else None
            if node is not None:
                return doc.where(path)
        return self.where


def template(game: Game, name: str, elements: list[str] | None = None) -> TemplateLayout:
    """The template `name` laid out for every card of every deck that prints it (front or back); a KeyError
    naming the game's templates when no deck prints it. `elements`: lay out only these named elements (and
    the groups around them), which is much faster than the whole face."""
    used = [(d, side) for d in game.decks for side, t in (("front", d.template), ("back", d.back)) if t == name]
    if not used:
        names = sorted({t for d in game.decks for t in (d.template, d.back) if t})
        raise KeyError(f"no deck of {game.id} prints template {name!r} (templates: {', '.join(names)})"
                       f"{did_you_mean(name, names)}")
    return _laid_out(game, name, used, elements)


def deck_layout(game: Game, deck: Deck, side: str = "front", elements: list[str] | None = None) -> TemplateLayout:
    """A deck's front (or back) template, laid out for that deck's cards only."""
    name = deck.template if side == "front" else deck.back
    if not name:
        raise KeyError(f"deck {deck.id!r} has no {side} template")
    return _laid_out(game, name, [(deck, side)], elements)


def _laid_out(game: Game, name: str, used: list[tuple[Deck, str]], elements: list[str] | None) -> TemplateLayout:
    from pnp.layout.whole_game import geometry_kept

    cache = geometry_kept(game)
    only = frozenset(elements) if elements is not None else None
    key = (name, tuple(used), only)
    if key not in cache:
        cache[key] = _lay_out(game, name, used, only)
    return cache[key]


def _lay_out(game: Game, name: str, used: list[tuple[Deck, str]], only: frozenset[str] | None) -> TemplateLayout:
    from pnp.layout.template_engine import CompiledTemplate
    from pnp.layout.templates import template_doc, template_files
    from pnp.layout.whole_game import card_names, deck_context, layout_env, template_store

    env = layout_env(game, Problems())  # the build's, when the build has laid the game out
    t = template_store(game).get(name)
    out = TemplateLayout(name, (t.size[0] / MM, t.size[1] / MM), dict(t.vars), t.where, [d.id for d, _ in used],
                         files=[template_doc(p, game.root) for p in template_files(game.root, name)],
                         names=sorted(_names(t.elements)))
    if only is not None:
        t = dataclasses.replace(t, elements=_pruned(t.elements, only))
    problems = Problems()  # the check reports layout problems; here only the boxes matter
    drawn: list[tuple[PlacedElement, list[scene.Item]]] = []
    for deck, side in used:
        drawn.clear()
        base = deck_context(game, deck)
        compiled = CompiledTemplate(t, env, 0.0, problems, base, deck.id + "-geometry",
                                    on_element=lambda placed, items: drawn.append((placed, items)))
        shared = list(drawn)
        for card in deck.cards:
            drawn[:] = []
            names = card_names(game, base)
            compiled.face({"card": filled(deck, card, problems, names)}, f"{deck.id}/{card.id}", problems)
            face = f"{deck.id}/{card.id}" + (" back" if side == "back" else "")
            out.faces[face] = _boxes(shared + drawn, face, out.size)
    return out


def _names(elements: list[PlacedElement]) -> set[str]:
    return {n for p in elements for n in ([p.element.name] if p.element.name else []) + sorted(_names(p.children))}


def _pruned(elements: list[PlacedElement], only: frozenset[str]) -> list[PlacedElement]:
    """The elements named in `only` (whole), and the groups that hold one of them (with just those)."""
    out = []
    for placed in elements:
        if placed.element.name in only:
            out.append(placed)
        elif placed.children:
            kids = _pruned(placed.children, only)
            if kids:
                out.append(dataclasses.replace(placed, children=kids))
    return out


def _boxes(drawn: list[tuple[PlacedElement, list[scene.Item]]], face: str, size: tuple[float, float]
           ) -> dict[str, list[Box]]:
    out: dict[str, list[Box]] = {}
    for placed, items in drawn:
        el = placed.element
        if el.type == "boxes":  # one box per write-in box (its marks, labels and crosses left out)
            shapes: list[list[scene.Item]] = [[i] for i in items if isinstance(i, scene.Rect | scene.Ellipse)]
        else:
            shapes = [items] if items else []
        for shape in shapes:
            clipped = _clip(_extent(shape), size)
            if clipped:
                rnd = len(shape) == 1 and isinstance(shape[0], scene.Ellipse)
                out.setdefault(el.name, []).append(Box(*clipped, el.name, placed.where, face, rnd))
    return out


def _extent(items: list) -> tuple[float, float, float, float]:
    """The box around some items, in mm."""
    xs: list[float] = []
    ys: list[float] = []
    _corners(items, xs, ys)
    if not xs:
        return (0.0, 0.0, 0.0, 0.0)
    return min(xs) / MM, min(ys) / MM, (max(xs) - min(xs)) / MM, (max(ys) - min(ys)) / MM


def _corners(items: list, xs: list[float], ys: list[float]) -> None:
    for item in items:
        if isinstance(item, scene.Static):
            _corners(item.items, xs, ys)
        elif isinstance(item, scene.Line):
            xs += [item.x1, item.x2]
            ys += [item.y1, item.y2]
        elif isinstance(item, scene.Polygon):
            xs += [p[0] for p in item.points]
            ys += [p[1] for p in item.points]
        elif hasattr(item, "w"):
            xs += [item.x, item.x + item.w]
            ys += [item.y, item.y + item.h]


def _clip(box: tuple[float, float, float, float], size: tuple[float, float]
          ) -> tuple[float, float, float, float] | None:
    x, y, w, h = box
    x0, y0 = max(x, 0.0), max(y, 0.0)
    x1, y1 = min(x + w, size[0]), min(y + h, size[1])
    if x1 - x0 <= 0.01 or y1 - y0 <= 0.01:
        return None
    return round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3)
