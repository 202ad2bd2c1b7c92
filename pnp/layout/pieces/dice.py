"""Dice as printable nets: a die component's faces (from a data table) drawn on its folding net.

Each face is filled with its colour and carries its symbol and number, turned to read upright on
the folded die, in dark ink or white, whichever reads better on its colour (WCAG's contrast ratio); a
face with a symbol and no number shows the symbol alone, centred and as large as the face allows; the
wild face is white with a ring of every colour. A number that reads as another upside down (6 and 9)
is underlined. A deck may instead lay out each face with a `template`, like any face: its box is the
square around the face's inscribed circle, turned and scaled onto the face. Fold lines are dashed, glue
tabs grey, cut lines solid. The result is one `Face` (plain scene data), imposed like a board.
A mistyped colour or symbol is reported at its line in the data table.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from pnp.core import bounds
from pnp.core.errors import InputError, Problem, Problems, Where
from pnp.core.watchdog import time_limit
from pnp.layout.pieces.dienet import Net, NetFace, Point, Segment, faces_count, net
from pnp.layout.precompile import precompile
from pnp.layout.rotatable import mark
from pnp.layout.scene import Entry, Face, Icon, Item, Line, Polygon, Text, Transform
from pnp.layout.template_engine import CompiledTemplate, LayoutEnv
from pnp.layout.text import Style, fit, parse
from pnp.model.colour import ratio
from pnp.model.game import Deck, Game
from pnp.model.load import Doc
from pnp.model.translation.table_words import printed_tables
from pnp.model.units import RGB, hex_of, parse_colour

INK: RGB = (0.11, 0.13, 0.19)
WHITE: RGB = (1.0, 1.0, 1.0)
TAB: RGB = (0.86, 0.86, 0.86)
FaceWhere = Callable[[int, str], Where | None]  # (face index, key) -> its place in the data table


def _faces(deck: Deck, game: Game) -> tuple[list[dict[str, Any]], Doc]:
    spec = deck.spec
    table = game.data.get(spec.faces or "")
    faces = table.data.get("faces") if table is not None and isinstance(table.data, dict) else None
    where = deck.doc.where(("faces",))
    if table is None or not isinstance(faces, list):
        raise InputError([Problem(where, f"`faces` names no data table with a `faces:` list (data tables: "
                                  f"{', '.join(game.data) or 'none'})", "faces")])
    try:
        want = faces_count(spec.die or "")
    except ValueError:
        raise InputError([Problem(deck.doc.where(("die",)), f"unknown die {spec.die!r}: use d6, d8 or d10",
                                  "die")]) from None
    if len(faces) != want:
        raise InputError([Problem(where, f"a {spec.die} has {want} faces; {spec.faces} lists {len(faces)}", "faces")])
    bad = [Problem(table.where(("faces", i)), f"expected a mapping such as {{color: red, number: 1, symbol: "
                   f"circle}}, got {face!r}", f"faces[{i}]")
           for i, face in enumerate(faces) if not isinstance(face, dict)]
    if bad:
        raise InputError(bad)
    return faces, table


def _rotated(dx: float, dy: float, angle: float) -> tuple[float, float]:
    a = math.radians(angle)
    return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


def _checked(faces: list[dict[str, Any]], env: LayoutEnv, problems: Problems, subject: str,
             where: FaceWhere) -> list[tuple[RGB, str | None]] | None:
    """Each face's fill and symbol icon; None when a colour or a symbol is wrong (each reported at its line)."""
    out: list[tuple[RGB, str | None]] = []
    symbols = sorted(name[4:] for name in env.icons if name.startswith("sym-"))
    ok = True
    for i, data in enumerate(faces):
        fill = WHITE
        if not data.get("wild"):
            try:
                fill = parse_colour(data.get("color"), env.palette) or WHITE
            except ValueError as exc:
                problems.add(where(i, "color"), f"faces[{i}].color: {exc}", subject)
                ok = False
        symbol = data.get("symbol")
        icon = f"sym-{symbol}" if symbol not in (None, "") else None
        if icon is not None and icon not in env.icons:
            problems.add(where(i, "symbol"), f"faces[{i}].symbol: unknown symbol {symbol!r}: a symbol names the "
                         f"icon `sym-<symbol>` in the game's icons (symbols: {', '.join(symbols) or 'none'})", subject)
            ok = False
        out.append((fill, icon))
    return out if ok else None


def die_face(the_net: Net, faces: list[dict[str, Any]], env: LayoutEnv, problems: Problems, subject: str,
             where: FaceWhere = lambda i, key: None, template: CompiledTemplate | None = None,
             card: dict[str, Any] | None = None, bleed: float = 0.0) -> Face:
    """The whole net, its faces drawn from their data, or by `template` (with `face` and `card` to read); `bleed`:
    how far each face's colour (and each tab's grey) runs on past the net's cut line."""
    checked = _checked(faces, env, problems, subject, where) or [(WHITE, None)] * len(faces)
    family = env.families.get("title") or next(iter(env.families.values()))
    shapes = [(nf.polygon, checked[nf.index][0]) for nf in the_net.faces] + [(tab, TAB) for tab in the_net.tabs]
    cut = cut_line(shapes, the_net.outline)
    items: list[Item] = bleeds(cut, bleed) if bleed > 0 else []
    items += [Polygon(list(tab), TAB, None, 0) for tab in the_net.tabs]
    colours = [fill for (fill, _), f in zip(checked, faces, strict=True) if not f.get("wild")]
    for nf in the_net.faces:
        data, (fill, icon) = faces[nf.index], checked[nf.index]
        wild = bool(data.get("wild"))
        ink = INK if wild or ratio(INK, fill) > ratio(WHITE, fill) else WHITE  # whichever reads better on it
        items.append(Polygon(list(nf.polygon), fill, None, 0))
        if template is not None:
            items.append(_templated(nf, data, fill, ink, template, card or {}, problems, subject))
        else:
            items.extend(_drawn(nf, data, wild, fill, ink, icon, colours, family, problems, subject))
    folds = [*the_net.folds, *((tab[0], tab[1]) for tab in the_net.tabs)]  # a tab's base folds too
    for a, b in folds:
        items.append(Line(a[0], a[1], b[0], b[1], (0.45, 0.45, 0.45), 0.5, (2.0, 2.0)))
    for a, b in the_net.outline:
        items.append(Line(a[0], a[1], b[0], b[1], (0.0, 0.0, 0.0), 0.6))
    return Face(the_net.width, the_net.height, bleed, items,
                cut=tuple((a, b, n) for a, b, n, _ in cut))


MITRE = 4.0  # a corner's bleed reaches this many times the bleed at most (a sharper one is cut square)


Cut = list[tuple[Point, Point, Point, RGB]]  # the net's cut edges: (a, b), their outward unit normal, the colour inside


def cut_line(shapes: list[tuple[tuple[Point, ...], RGB]], outline: tuple[Segment, ...]) -> Cut:
    """Each edge of the net's cut line with its outward normal and the colour of the face or tab it bounds."""
    out: Cut = []
    for a, b in outline:
        shape = next(((poly, fill) for poly, fill in shapes if _has_edge(poly, a, b)), None)
        if shape is None:
            continue
        poly, fill = shape
        cx, cy = sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly)
        length = math.hypot(b[0] - a[0], b[1] - a[1]) or 1.0
        nx, ny = (b[1] - a[1]) / length, -(b[0] - a[0]) / length
        if (a[0] - cx) * nx + (a[1] - cy) * ny < 0:  # away from the shape
            nx, ny = -nx, -ny
        out.append((a, b, (nx, ny), fill))
    return out


def bleeds(cut: Cut, bleed: float) -> list[Item]:
    """The bleed past the net's cut line: a band `bleed` wide outside each cut edge, in the colour of the face or tab
    it bounds, and at each corner of the line the wedge that joins the bands of its two edges (mitred, so that the
    bleed reaches `bleed` out from a corner too), drawn under the faces and tabs (which hide what falls inside)."""
    out: list[Item] = []
    ends: dict[tuple[int, int], list[tuple[Point, RGB]]] = {}
    for a, b, (ux, uy), fill in cut:
        nx, ny = ux * bleed, uy * bleed
        out.append(Polygon([a, b, (b[0] + nx, b[1] + ny), (a[0] + nx, a[1] + ny)], fill, None, 0))
        for v in (a, b):
            ends.setdefault((round(v[0] * 100), round(v[1] * 100)), []).append(((nx, ny), fill))
    for (kx, ky), meeting in ends.items():
        if len(meeting) != 2:
            continue
        x, y = kx / 100, ky / 100
        ((ax, ay), fill), ((bx, by), _) = meeting
        cos = (ax * bx + ay * by) / (bleed * bleed)
        corner = [(x + (ax + bx) / (1 + cos), y + (ay + by) / (1 + cos))] if 1 + cos > 2 / MITRE ** 2 else []
        out.append(Polygon([(x, y), (x + ax, y + ay), *corner, (x + bx, y + by)], fill, None, 0))
    return out


def _has_edge(polygon: tuple[Point, ...], a: Point, b: Point) -> bool:
    n = len(polygon)
    return any({polygon[k], polygon[(k + 1) % n]} == {a, b} for k in range(n))


def _drawn(nf: NetFace, data: dict[str, Any], wild: bool, fill: RGB, ink: RGB, icon: str | None,
           colours: list[RGB], family: Any, problems: Problems, subject: str) -> list[Item]:
    """A face drawn from its data: its symbol and number (the symbol alone centred and large)."""
    items: list[Item] = []
    r, (cx, cy) = nf.inner_radius, nf.center
    if wild:  # a ring of every colour round the burst
        for k, colour in enumerate(colours):
            dx, dy = _rotated(0, -0.78 * r, 360 * k / max(len(colours), 1))
            items.append(Polygon(_dot(cx + dx, cy + dy, 0.16 * r), colour, None, 0))
    number = None if wild or data.get("number") in (None, "") else str(data["number"])
    if number is None:  # the symbol alone: centred, as large as the inscribed circle allows (the wild face keeps
        size = 1.0 * r if wild else 1.4 * r  # room for its ring)
        ux, uy = 0.0, 0.0
    else:
        size = 0.8 * r
        ux, uy = _rotated(0, -0.42 * r, nf.angle)
    if icon is not None:
        items.append(Icon(icon, cx + ux - size / 2, cy + uy - size / 2, size, size, ink, nf.angle, fill))
    if number is not None:
        box = (cx - ux - 0.6 * r, cy - uy - 0.35 * r, 1.2 * r, 0.7 * r) if icon else \
            (cx - 0.8 * r, cy - 0.5 * r, 1.6 * r, r)
        fitted = fit(parse(number, None, "bold", None), Style(family, ink, ink, None), box,
                     0.62 * r if icon else 0.9 * r, 6, 1.0, 0, "center", "middle")
        if fitted is None:
            problems.add(None, f"face {nf.index}: the number does not fit; use a bigger `edge`", subject,
                         rule="text-overflow")
        else:
            text = Text(*box, fitted[0], fitted[1], fitted[2], nf.angle)
            items.append(text)
            items.extend(mark(text, family))  # 6 and 9 say which way is up
    return items


def _templated(nf: NetFace, data: dict[str, Any], fill: RGB, ink: RGB, template: CompiledTemplate,
               card: dict[str, Any], problems: Problems, subject: str) -> Transform:
    """A face laid out by the deck's template, its box the square round the face's inscribed circle."""
    face = {**data, "index": nf.index, "fill": hex_of(fill), "ink": hex_of(ink)}
    laid = template.face({"card": card, "face": face}, f"{subject} face {nf.index}", problems)
    scale = 2 * nf.inner_radius / max(laid.w, laid.h)
    return Transform(nf.center[0], nf.center[1], scale, nf.angle, laid.w, laid.h, laid.items)


def _dot(x: float, y: float, r: float, n: int = 12) -> list[tuple[float, float]]:
    return [(x + r * math.cos(2 * math.pi * k / n), y + r * math.sin(2 * math.pi * k / n)) for k in range(n)]


def lay_out_die(deck: Deck, game: Game, env: LayoutEnv, problems: Problems, store: Any = None, bleed: float = 0.0,
                ) -> list[Entry]:
    faces, table = _faces(deck, game)
    edge = deck.spec.edge or 22 * 72 / 25.4
    template = None
    if deck.template and store is not None:
        base = {"game": {"id": game.id, "name": game.manifest.name, "palette": game.manifest.palette},
                "deck": {"id": deck.id, "name": deck.name, "count": deck.faces},
                "data": printed_tables(game)}
        laid_out = store.get(deck.template, deck.doc.where(("template",)))
        precompile(laid_out)  # compiling is not laying out: outside the time limit
        with time_limit(bounds.FACE_SECONDS):
            template = CompiledTemplate(laid_out, env, 0.0, problems, base, deck.id, rotatable="underline")

    def where(i: int, key: str) -> Where:
        return table.where(("faces", i, key))

    out: list[Entry] = []
    for card in deck.cards:
        with time_limit(bounds.FACE_SECONDS * len(faces)):  # a face's time for each face of the die
            face = die_face(net(deck.spec.die or "", edge), faces, env, problems, f"{deck.id}/{card.id}", where,
                            template, card.data, bleed)
        out.extend(Entry(face, None, {"component": deck.id, "id": card.id, "copy": k})
                   for k in range(1, card.copies + 1))
    return out
