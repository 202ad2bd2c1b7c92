"""Dice as printable nets: a die component's faces (from a data table) drawn on its folding net.

Each face is filled with its colour and carries its symbol and number, turned to read upright on
the folded die; the wild face is white with a ring of every colour. Fold lines are dashed, glue
tabs grey, cut lines solid. The result is one `Face` (plain scene data), imposed like a board.
"""

from __future__ import annotations

import math
from typing import Any

from pnp.errors import InputError, Problem, Problems
from pnp.layout.dienet import Net, faces_count, net
from pnp.layout.engine import LayoutEnv
from pnp.layout.scene import Face, Icon, Item, Line, Polygon, Text
from pnp.layout.text import Style, fit, parse
from pnp.model.game import Deck, Game
from pnp.model.units import RGB, parse_colour

INK: RGB = (0.11, 0.13, 0.19)
WHITE: RGB = (1.0, 1.0, 1.0)
TAB: RGB = (0.86, 0.86, 0.86)


def _faces(deck: Deck, game: Game) -> list[dict[str, Any]]:
    spec = deck.spec
    table = game.data.get(spec.faces or "")
    faces = table.data.get("faces") if table is not None and isinstance(table.data, dict) else None
    where = deck.doc.where(("faces",))
    if not isinstance(faces, list):
        raise InputError([Problem(where, f"`faces` names no data table with a `faces:` list (data tables: "
                                  f"{', '.join(game.data) or 'none'})", "faces")])
    try:
        want = faces_count(spec.die or "")
    except ValueError:
        raise InputError([Problem(deck.doc.where(("die",)), f"unknown die {spec.die!r}: use d6, d8 or d10",
                                  "die")]) from None
    if len(faces) != want:
        raise InputError([Problem(where, f"a {spec.die} has {want} faces; {spec.faces} lists {len(faces)}", "faces")])
    return faces


def _rotated(dx: float, dy: float, angle: float) -> tuple[float, float]:
    a = math.radians(angle)
    return dx * math.cos(a) - dy * math.sin(a), dx * math.sin(a) + dy * math.cos(a)


def die_face(the_net: Net, faces: list[dict[str, Any]], env: LayoutEnv, problems: Problems, subject: str) -> Face:
    palette = env.palette
    family = env.families.get("title") or next(iter(env.families.values()))
    items: list[Item] = [Polygon(list(tab), TAB, None, 0) for tab in the_net.tabs]
    colours = [parse_colour(f.get("color"), palette) for f in faces if not f.get("wild")]
    for nf in the_net.faces:
        data = faces[nf.index]
        wild = bool(data.get("wild"))
        fill = WHITE if wild else (parse_colour(data.get("color"), palette) or WHITE)
        ink = INK if wild or sum(fill) > 2.1 else WHITE
        items.append(Polygon(list(nf.polygon), fill, None, 0))
        r, (cx, cy) = nf.inner_radius, nf.center
        if wild:  # a ring of every colour round the burst
            for k, colour in enumerate(c for c in colours if c is not None):
                dx, dy = _rotated(0, -0.78 * r, 360 * k / max(len(colours), 1))
                items.append(Polygon(_dot(cx + dx, cy + dy, 0.16 * r), colour, None, 0))
        size = 1.0 * r if wild else 0.8 * r
        ux, uy = _rotated(0, -0.42 * r, nf.angle) if not wild else (0.0, 0.0)
        symbol = f"sym-{data.get('symbol')}"
        if symbol in env.icons:
            items.append(Icon(symbol, cx + ux - size / 2, cy + uy - size / 2, size, size, ink, nf.angle, fill))
        if not wild and data.get("number") is not None:
            box = (cx - ux - 0.6 * r, cy - uy - 0.35 * r, 1.2 * r, 0.7 * r)
            fitted = fit(parse(str(data["number"]), None, "bold", None), Style(family, ink, ink, None), box,
                         0.62 * r, 6, 1.0, 0, "center", "middle")
            if fitted is None:
                problems.add(None, f"face {nf.index}: the number does not fit; use a bigger `edge`", subject,
                             rule="text-overflow")
            else:
                items.append(Text(*box, fitted[0], fitted[1], fitted[2], nf.angle))
    folds = [*the_net.folds, *((tab[0], tab[1]) for tab in the_net.tabs)]  # a tab's base folds too
    for a, b in folds:
        items.append(Line(a[0], a[1], b[0], b[1], (0.45, 0.45, 0.45), 0.5, (2.0, 2.0)))
    for a, b in the_net.outline:
        items.append(Line(a[0], a[1], b[0], b[1], (0.0, 0.0, 0.0), 0.6))
    return Face(the_net.width, the_net.height, 0.0, items)


def _dot(x: float, y: float, r: float, n: int = 12) -> list[tuple[float, float]]:
    return [(x + r * math.cos(2 * math.pi * k / n), y + r * math.sin(2 * math.pi * k / n)) for k in range(n)]


def lay_out_die(deck: Deck, game: Game, env: LayoutEnv, problems: Problems,
                ) -> list[tuple[Face, Face | None, dict[str, Any]]]:
    faces = _faces(deck, game)
    edge = deck.spec.edge or 22 * 72 / 25.4
    out: list[tuple[Face, Face | None, dict[str, Any]]] = []
    for card in deck.cards:
        face = die_face(net(deck.spec.die or "", edge), faces, env, problems, f"{deck.id}/{card.id}")
        out.extend((face, None, {"component": deck.id, "id": card.id, "copy": k}) for k in range(1, card.copies + 1))
    return out
