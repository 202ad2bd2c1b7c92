"""Layout of a dial (`kind: dial`): each card's base, with its window, thumb hole and pin hole cut,
and its wheel, with the values round its rim; the geometry checked with the font's real ink.

The base and wheel templates draw what is particular to the game (tracks, colours, grips); both read
the dial as `dial` (lengths in mm: `dial.center`, `dial.radius`, `dial.window.x` and `.y`, the window's
centre on the base, `dial.thumb.x` and `.y`, `dial.step`, ...). The engine draws the rest: the holes
on the base, and on the wheel each value at its slot, turned so that it reads upright in the window.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from pnp.core import bounds
from pnp.core.errors import Problems
from pnp.core.watchdog import Overtime, time_limit
from pnp.layout.fonts.families import unknown_font
from pnp.layout.pieces.dial_geometry import check, ink, polar, ring
from pnp.layout.scene import Ellipse, Entry, Icon, Item, Line, Rect, Text, TextRun
from pnp.layout.template_engine import CompiledTemplate, LayoutEnv
from pnp.layout.templates import TemplateStore
from pnp.model.dial_spec import DialSpec
from pnp.model.game import Deck, Game
from pnp.model.translation.table_words import printed_tables
from pnp.model.units import MM, parse_colour

HOLE = (1.0, 1.0, 1.0)  # what is cut out prints white, with its cut line
CUT = (0.2, 0.2, 0.2)


def shown(value: object) -> str:
    """A value as the wheel prints it: negative numbers with a true minus sign."""
    if isinstance(value, int | float) and not isinstance(value, bool) and value < 0:
        return "\u2212" + f"{-value:g}"
    return f"{value:g}" if isinstance(value, float) else str(value)


def names(spec: DialSpec) -> dict[str, Any]:
    """The dial as templates read it: `dial.*`, lengths in mm."""
    r = ring(spec)
    cx, cy = spec.center
    wx, wy = polar(spec.window.angle, spec.window.distance)
    out: dict[str, Any] = {
        "center": [cx / MM, cy / MM], "radius": spec.radius / MM, "hole": spec.hole / MM, "slots": r.slots,
        "step": r.step, "values": list(spec.values), "turn": spec.turn,
        "window": {"angle": spec.window.angle, "distance": spec.window.distance / MM, "width": spec.window.width / MM,
                   "height": spec.window.height / MM, "x": (cx + wx) / MM, "y": (cy + wy) / MM},
        "text": {"size": spec.text.size}, "thumb": None}
    if spec.thumb:
        tx, ty = polar(spec.thumb.angle, spec.thumb.distance)
        out["thumb"] = {"angle": spec.thumb.angle, "distance": spec.thumb.distance / MM, "size": spec.thumb.size / MM,
                        "x": (cx + tx) / MM, "y": (cy + ty) / MM}
    return out


def _pin(x: float, y: float, d: float) -> list[Item]:
    arm = d / 2 + 1.5 * MM
    return [Ellipse(x - d / 2, y - d / 2, d, d, HOLE, CUT, 0.6), Line(x - arm, y, x + arm, y, CUT, 0.3),
            Line(x, y - arm, x, y + arm, CUT, 0.3)]


def holes(spec: DialSpec) -> list[Item]:
    """What is cut out of the base: the window, the thumb hole, the pin hole."""
    cx, cy = spec.center
    w = spec.window
    wx, wy = polar(w.angle, w.distance)
    items: list[Item] = [Rect(cx + wx - w.width / 2, cy + wy - w.height / 2, w.width, w.height, HOLE, CUT, 0.6)]
    if spec.thumb:
        tx, ty = polar(spec.thumb.angle, spec.thumb.distance)
        s = spec.thumb.size
        items.append(Ellipse(cx + tx - s / 2, cy + ty - s / 2, s, s, HOLE, CUT, 0.6))
    return items + _pin(cx, cy, spec.hole)


def values_ring(spec: DialSpec, face_name: str, font: object, colour: tuple[float, float, float],
                mark: tuple[float, float, float]) -> list[Item]:
    """The wheel's values, each turned to read upright in the window, the end mark, the pin hole."""
    r, c = ring(spec), spec.radius
    items: list[Item] = []
    size = spec.text.size
    for slot, value in enumerate(spec.values):
        angle = r.printed(slot)
        px, py = polar(angle, spec.window.distance)
        text = shown(value)
        x0, y0, x1, y1 = ink(font, text, size)
        run = TextRun(c + px - (x0 + x1) / 2, c + py + (y0 + y1) / 2, face_name, size, colour, text)
        items.append(Text(c + px - (x1 - x0) / 2, c + py - (y1 - y0) / 2, x1 - x0, y1 - y0, [run], size, 1,
                          angle - spec.window.angle))
    if spec.end_mark:
        angle = r.printed(len(spec.values))
        px, py = polar(angle, spec.window.distance)
        s = spec.end_mark.size
        items.append(Icon(spec.end_mark.icon, c + px - s / 2, c + py - s / 2, s, s, mark, angle - spec.window.angle))
    return items + _pin(c, c, spec.hole)


def lay_out_dial(deck: Deck, game: Game, store: TemplateStore, env: LayoutEnv, bleed: float,
                 problems: Problems) -> list[Entry]:
    """Each card's base (front) and wheel (`part: wheel`), one entry per copy; problems at the deck file."""
    spec = deck.spec.dial
    assert spec is not None and deck.template is not None and deck.spec.wheel is not None
    at = deck.doc.where
    base_t = store.get(deck.template, at(("template",)))
    wheel_t = store.get(deck.spec.wheel, at(("wheel",)))
    before = len(problems.items)
    if any(abs(v - 2 * spec.radius) > 0.01 * MM for v in wheel_t.size):
        problems.add(at(("wheel",)), f"the wheel template {deck.spec.wheel!r} is {wheel_t.size[0] / MM:g} x "
                     f"{wheel_t.size[1] / MM:g} mm; the dial's radius makes it {2 * spec.radius / MM:g} mm across "
                     f"(size: {{width: {2 * spec.radius / MM:g}mm, height: {2 * spec.radius / MM:g}mm}})", "wheel")
    family = env.families.get(spec.text.font)
    if family is None:
        problems.add(at(("dial", "text", "font")), unknown_font(spec.text.font, env.families), deck.id)
        return []
    face = family.face(spec.text.style)
    texts = [shown(v) for v in spec.values]
    for i, text in enumerate(texts):
        if face.missing(text):
            problems.add(at(("dial", "values", i)), f"{text!r}: the font {face.file} has no glyph for "
                         f"{''.join(sorted(face.missing(text)))!r}", deck.id)
    if spec.end_mark and spec.end_mark.icon not in env.icons:
        problems.add(at(("dial", "end_mark", "icon")), f"unknown icon {spec.end_mark.icon!r}", deck.id)
    try:
        colour = parse_colour(spec.text.color, env.palette) or (0.0, 0.0, 0.0)
        mark = parse_colour(spec.end_mark.color, env.palette) or (0.0, 0.0, 0.0) if spec.end_mark else colour
    except ValueError as exc:
        problems.add(at(("dial", "text")), str(exc), deck.id)
        return []
    if len(problems.items) > before:
        return []
    inks = [(x1 - x0, y1 - y0) for x0, y0, x1, y1 in (ink(face.font, t, spec.text.size) for t in texts)]
    for path, message in check(spec, inks, base_t.size, texts):
        problems.add(at(path), message, deck.id, rule="dial")
    cut, rim = holes(spec), values_ring(spec, face.name, face.font, colour, mark)
    base = {"game": {"id": game.id, "name": game.manifest.name, "palette": game.manifest.palette},
            "deck": {"id": deck.id, "name": deck.name, "count": deck.faces},
            "data": printed_tables(game), "dial": names(spec)}
    bleed_b = base_t.bleed if base_t.bleed is not None and bleed else bleed
    bleed_w = wheel_t.bleed if wheel_t.bleed is not None and bleed else bleed
    bases: list[Entry] = []
    wheels: list[Entry] = []
    try:
        with time_limit(bounds.FACE_SECONDS):
            front = CompiledTemplate(base_t, env, bleed_b, problems, base, deck.id)
            disc = CompiledTemplate(wheel_t, env, bleed_w, problems, base, deck.id + "-wheel")
        for card in deck.cards:
            ctx, subject, where = {"card": card.data}, f"{deck.id}/{card.id}", partial(deck.where, card)
            with time_limit(bounds.FACE_SECONDS):
                b = front.face(ctx, subject, problems, where)
                w = disc.face(ctx, subject + " wheel", problems, where)
            b.items.extend(cut)
            w.items.extend(rim)
            for copy in range(1, card.copies + 1):
                bases.append(Entry(b, None, {"component": deck.id, "id": card.id, "copy": copy}))
                wheels.append(Entry(w, None, {"component": deck.id, "id": card.id, "copy": copy, "part": "wheel"}))
    except Overtime as exc:  # reported at the element that ran over, else at the deck
        if not getattr(exc, "reported", False):
            problems.add(deck.doc.where(("template",)), f"laying out this dial took more than "
                         f"{bounds.FACE_SECONDS:g} s a face: draw less per face", deck.id)
        return []
    return bases + wheels
