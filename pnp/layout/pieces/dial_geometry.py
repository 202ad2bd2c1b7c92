"""A dial's geometry, checked: each value shows whole and alone in the window at its step, the window,
the thumb hole and the values lie on the wheel, and the wheel fits the base.

Everything is measured from the pin, in points, y down; a compass angle a at distance d is the point
(d sin a, -d cos a). Value i is printed at the window's distance and at the window's angle less i
steps (in the turning direction), turned by the same angle, so that the wheel turned i steps brings
it upright under the window. The ink of each value is measured from the font's own glyph outlines.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass

from pnp.model.dial_spec import DialSpec
from pnp.model.units import MM

Point = tuple[float, float]


def polar(angle: float, distance: float) -> Point:
    a = math.radians(angle)
    return distance * math.sin(a), -distance * math.cos(a)


def box(cx: float, cy: float, w: float, h: float, turn: float = 0.0) -> list[Point]:
    """The corners of a w x h box centred on (cx, cy), turned `turn` degrees clockwise."""
    a = math.radians(turn)
    c, s = math.cos(a), math.sin(a)
    return [(cx + dx * c - dy * s, cy + dx * s + dy * c) for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2),
                                                                       (w / 2, h / 2), (-w / 2, h / 2))]


def _segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy or 1.0)))
    return math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)


def _cross(o: Point, a: Point, b: Point) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _inside(p: Point, poly: list[Point]) -> bool:
    signs = {_cross(poly[i], poly[(i + 1) % len(poly)], p) > 0 for i in range(len(poly))}
    return len(signs) == 1


def gap(p: list[Point], q: list[Point]) -> float:
    """The distance between two convex polygons; -1 when they touch or overlap."""
    if any(_inside(v, q) for v in p) or any(_inside(v, p) for v in q):
        return -1.0
    edges_p = [(p[i], p[(i + 1) % len(p)]) for i in range(len(p))]
    edges_q = [(q[i], q[(i + 1) % len(q)]) for i in range(len(q))]
    for a, b in edges_p:
        for c, d in edges_q:
            if _cross(a, b, c) * _cross(a, b, d) < 0 and _cross(c, d, a) * _cross(c, d, b) < 0:
                return -1.0
    return min(min(_segment(v, a, b) for v in p for a, b in edges_q),
               min(_segment(v, a, b) for v in q for a, b in edges_p))


def ink(font: object, text: str, size: float) -> tuple[float, float, float, float]:
    """The ink box of `text` set in a reportlab TrueType font: (x0, y0, x1, y1) in points from the start
    of the baseline, y up, from each glyph's outline box (the `glyf` table) placed at its advance."""
    face = font.face  # type: ignore[attr-defined]
    start, _ = face.get_table_pos("glyf")
    scale = size / face.unitsPerEm
    x, boxes = 0.0, []
    for ch in text:
        glyph = face.charToGlyph.get(ord(ch))
        if glyph is not None and face.glyphPos[glyph] != face.glyphPos[glyph + 1]:
            at = start + face.glyphPos[glyph]
            _, x0, y0, x1, y1 = struct.unpack(">hhhhh", face._ttf_data[at:at + 10])
            boxes.append((x + x0 * scale, y0 * scale, x + x1 * scale, y1 * scale))
        x += font.stringWidth(ch, size)  # type: ignore[attr-defined]
    if not boxes:
        return 0.0, 0.0, 0.0, 0.0
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


@dataclass(frozen=True)
class Ring:
    """Where things sit on the dial, derived from its spec."""

    spec: DialSpec
    slots: int
    step: float  # degrees between neighbouring values

    @property
    def sign(self) -> int:
        return 1 if self.spec.turn == "clockwise" else -1

    def printed(self, slot: int) -> float:
        """The compass angle slot `slot` is printed at on the wheel (at rest), and its turn."""
        return self.spec.window.angle - self.sign * slot * self.step

    def at_step(self, slot: int, step: int) -> float:
        """The compass angle of slot `slot` once the wheel has turned `step` steps: also its turn."""
        return self.spec.window.angle + self.sign * (step - slot) * self.step


def ring(spec: DialSpec) -> Ring:
    slots = spec.slots or len(spec.values) + (1 if spec.end_mark else 0)
    return Ring(spec, slots, 360.0 / slots)


def mm(v: float) -> str:
    return f"{v / MM:.1f} mm"


def check(spec: DialSpec, inks: list[tuple[float, float]], base: tuple[float, float],
          shown: list[str]) -> list[tuple[tuple, str]]:
    """What keeps the dial from working on paper: (path in the deck file, message) pairs. `inks` are
    the values' ink sizes (w, h), `shown` their text."""
    out: list[tuple[tuple, str]] = []
    r = ring(spec)
    win, clear, n = spec.window, spec.clearance, len(spec.values)
    need = n + (1 if spec.end_mark else 0)
    if r.slots < need:
        out.append((("dial", "slots"), f"{r.slots} slots hold {n} values{' and the end mark' if spec.end_mark else ''} "
                    f"only with {need}"))
        return out
    window = box(*polar(win.angle, win.distance), win.width, win.height)
    far = max(math.hypot(x, y) for x, y in window)
    if far > spec.radius - clear + 1e-6:
        out.append((("dial", "window"), f"a corner of the window is {mm(far)} from the pin and the wheel's radius is "
                    f"{mm(spec.radius)}: what lies under the base would show (keep {mm(clear)} inside the wheel)"))
    for i, (w, h) in enumerate(inks):
        spare = min((win.width - w) / 2, (win.height - h) / 2)
        if spare < clear - 1e-6:
            out.append((("dial", "values", i), f"{shown[i]} inks {mm(w)} x {mm(h)} at {spec.text.size:g} pt: the "
                        f"{mm(win.width)} x {mm(win.height)} window leaves {mm(max(spare, 0))} round it, and "
                        f"{mm(clear)} is needed for it to show whole (a wider window or a smaller text)"))
    half = max((math.hypot(w, h) / 2 for w, h in inks), default=0.0)
    if win.distance + half > spec.radius - clear + 1e-6:
        out.append((("dial", "radius"), f"the values reach {mm(win.distance + half)} from the pin; the wheel's radius "
                    f"is {mm(spec.radius)}"))
    out += _alone(spec, r, inks, window, shown)
    out += _thumb(spec, window, half)
    cx, cy = spec.center
    if cx - spec.radius < -1e-6 or cy - spec.radius < -1e-6 or cx + spec.radius > base[0] + 1e-6 or \
            cy + spec.radius > base[1] + 1e-6:
        out.append((("dial", "center"), f"the wheel ({mm(2 * spec.radius)} across, its pin at {mm(cx)}, {mm(cy)}) "
                    f"does not fit the {mm(base[0])} x {mm(base[1])} base: move the pin or shrink the wheel"))
    if spec.hole / 2 + clear > win.distance - half:
        out.append((("dial", "hole"), f"the pin hole ({mm(spec.hole)}) runs into the values"))
    return out


def _alone(spec: DialSpec, r: Ring, inks: list[tuple[float, float]], window: list[Point],
           shown: list[str]) -> list[tuple[tuple, str]]:
    """At each step, every other value and the end mark stay `clearance` outside the window."""
    pieces = list(enumerate(inks))
    if spec.end_mark:
        pieces.append((len(inks), (spec.end_mark.size, spec.end_mark.size)))
    for step in range(len(inks)):
        for slot, (w, h) in pieces:
            if slot == step:
                continue
            angle = r.at_step(slot, step)
            g = gap(box(*polar(angle, spec.window.distance), w, h, angle - spec.window.angle), window)
            if g < spec.clearance - 1e-6:
                what = shown[slot] if slot < len(inks) else "the end mark"
                where = ("dial", "values", slot) if slot < len(inks) else ("dial", "end_mark")
                return [(where, f"with {shown[step]} in the window, {what} comes "
                         f"{'into it' if g < 0 else mm(g) + ' from it'}; keep it {mm(spec.clearance)} clear (more "
                         "slots, a bigger radius, a smaller text or window)")]
    return []


def _thumb(spec: DialSpec, window: list[Point], half: float) -> list[tuple[tuple, str]]:
    t = spec.thumb
    if t is None:
        return []
    out = []
    reach, inner = t.distance + t.size / 2, t.distance - t.size / 2
    if reach > spec.radius - spec.clearance + 1e-6:
        out.append((("dial", "thumb"), f"the thumb hole reaches {mm(reach)} from the pin, past the wheel"))
    ring_in, ring_out = spec.window.distance - half, spec.window.distance + half
    if reach > ring_in - spec.clearance and inner < ring_out + spec.clearance:
        out.append((("dial", "thumb"), f"the thumb hole ({mm(inner)} to {mm(reach)} from the pin) shows the ring of "
                    f"values ({mm(ring_in)} to {mm(ring_out)})"))
    cx, cy = polar(t.angle, t.distance)
    disc = [polar(a, t.size / 2 / math.cos(math.radians(7.5))) for a in range(0, 360, 15)]  # round the hole
    if gap([(cx + x, cy + y) for x, y in disc], window) < spec.clearance:
        out.append((("dial", "thumb"), "the thumb hole runs into the window"))
    if inner < spec.hole / 2 + spec.clearance:
        out.append((("dial", "thumb"), "the thumb hole runs into the pin hole"))
    return out
