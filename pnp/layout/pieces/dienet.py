"""Foldable nets for paper dice (d6 cube, d8 octahedron, d10 pentagonal trapezohedron): pure geometry, no drawing.

Each die is built as a 3D solid, and its faces are unfolded along a spanning tree of the face-adjacency graph by laying
every face's true 2D shape edge-to-edge with its parent, so fold lines match exactly and shapes are those of the solid.
Coordinates are points, y pointing down, origin at the net's top-left corner. The printed side becomes the outside of
the die: fold every line away from the viewer. Face polygons run counter-clockwise as seen on the page.

Numbering (index = die number - 1 for d6/d8, index = the digit for d10):
- d6: opposite faces (0, 5), (1, 4), (2, 3), pips index+1 sum to 7; 1-2-3 run counter-clockwise round their corner.
- d8: opposite faces i and 7 - i (numbers sum to 9); faces 0, 6, 2, 4 (numbers 1, 7, 3, 5) meet at one vertex.
- d10: opposite digits sum to 9; even digits meet at one apex, odd at the other; round the belt, counter-clockwise
  seen from the even apex: 0 7 4 1 6 9 2 5 8 3 (each shares an edge with its neighbours in this cycle).
`angle` turns a face's content clockwise on the page, in degrees (the scene's convention): content drawn upright and
turned by `angle` about `center` reads upright on the die, its top towards the apex for d8/d10.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise as pairs

Point = tuple[float, float]
Segment = tuple[Point, Point]
Vec3 = tuple[float, float, float]

# spanning trees (child, parent), parents placed first: d6 a cross, d8/d10 a fan round one apex with the other
# half hinged outwards on it
_TREES = {
    "d6": ((0, 1), (5, 1), (2, 1), (3, 1), (4, 0)),
    "d8": ((6, 0), (2, 6), (4, 2), (5, 0), (3, 6), (7, 2), (1, 4)),
    "d10": ((4, 0), (6, 4), (2, 6), (8, 2), (7, 0), (1, 4), (9, 6), (5, 2), (3, 8)),
}
_DEPTHS = (0.25, 0.2, 0.15, 0.11, 0.08)  # glue tab depths x edge, by preference
# angles between a tab's base and its sides, by preference: steeper ones fit the narrow gaps between faces at a vertex
_SLOPES = ((50, 50), (50, 30), (30, 50), (30, 30), (50, 18), (18, 50), (18, 18))


@dataclass(frozen=True)
class NetFace:
    """One face of a net: `polygon` in points (y down, counter-clockwise on the page; d8 triangles and d10 kites start
    at the apex that their content's top points to). Draw content upright, turned clockwise by `angle` degrees about
    `center`, and within `inner_radius` of it (the face's incircle)."""

    index: int
    polygon: tuple[Point, ...]
    center: Point
    angle: float
    inner_radius: float


@dataclass(frozen=True)
class Net:
    """A die's net: faces, fold lines between faces, glue tabs (the first side of each, tab[0] -> tab[1], lies on its
    face's edge and folds too), cut lines (`outline`) and the bounding box of faces and tabs, from (0, 0)."""

    kind: str
    faces: tuple[NetFace, ...]
    folds: tuple[Segment, ...]
    tabs: tuple[tuple[Point, ...], ...]
    outline: tuple[Segment, ...]
    width: float
    height: float


def faces_count(kind: str) -> int:
    """Number of faces of a die kind: 6, 8 or 10. Raises ValueError for another kind."""
    if kind not in _TREES:
        raise ValueError(f"unknown die {kind!r}: expected one of {', '.join(_TREES)}")
    return len(_TREES[kind]) + 1


def _sub(a: Vec3, b: Vec3) -> Vec3:
    return (a[0] - b[0], a[1] - b[1], a[2] - b[2])


def _dot(a: Vec3, b: Vec3) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: Vec3, b: Vec3) -> Vec3:
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


def _unit(a: Vec3) -> Vec3:
    n = math.sqrt(_dot(a, a))
    return (a[0] / n, a[1] / n, a[2] / n)


def _ccw(verts: list[Vec3], ids: list[int], first: int) -> tuple[int, ...]:
    """`ids` (a convex face of a solid centred on the origin) counter-clockwise seen from outside, from `first`."""
    c = tuple(sum(verts[i][k] for i in ids) / len(ids) for k in range(3))
    n = _unit((c[0], c[1], c[2]))
    v = verts[ids[0]]
    u = _unit(_sub(v, (n[0] * _dot(n, v), n[1] * _dot(n, v), n[2] * _dot(n, v))))  # in the plane normal to n
    w = _cross(n, u)
    ids = sorted(ids, key=lambda i: math.atan2(_dot(w, verts[i]), _dot(u, verts[i])))
    return tuple(ids[ids.index(first) :] + ids[: ids.index(first)])


def _solid(kind: str, edge: float) -> tuple[list[Vec3], list[tuple[int, ...]], list[Vec3]]:
    """The die in 3D, centred on the origin: vertices, each face's vertex ids (counter-clockwise seen from outside,
    listed by face index) and each face's "up" direction for its content."""
    if kind == "d6":  # faces +z, -y, +x, -x, +y, -z
        verts = [(x * edge / 2, y * edge / 2, z * edge / 2) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)]
        axes = [(2, 1), (1, -1), (0, 1), (0, -1), (1, 1), (2, -1)]
        ids = [[i for i, v in enumerate(verts) if v[a] * s > 0] for a, s in axes]
        faces = [_ccw(verts, f, f[0]) for f in ids]
        ups: list[Vec3] = [(0, 1, 0), (0, 0, 1), (0, 0, 1), (0, 0, 1), (0, 0, -1), (0, -1, 0)]
        return verts, faces, ups
    if kind == "d8":  # vertices +-x, +-y, +-z; faces 0, 6, 2, 4 round +z (counter-clockwise from above), i opposite 7-i
        r = edge / math.sqrt(2)
        verts = [(r, 0, 0), (0, r, 0), (-r, 0, 0), (0, -r, 0), (0, 0, r), (0, 0, -r)]
        order = {0: (0, 1), 6: (1, 2), 2: (2, 3), 4: (3, 0)}
        faces = [(0, 0, 0)] * 8
        for i, (a, b) in order.items():
            faces[i] = _ccw(verts, [4, a, b], 4)
            faces[7 - i] = _ccw(verts, [5, (a + 2) % 4, (b + 2) % 4], 5)
        return verts, faces, [(0, 0, 1) if 4 in f else (0, 0, -1) for f in faces]
    # d10: ring radius 1 before scaling; heights chosen so each kite is planar (the dual of the uniform antiprism)
    c = math.cos(math.pi / 5)
    s = edge / math.sqrt(1 + 4 * c * c)  # long edge: apex (0, 0, 1 + c) to ring vertex at height 1 - c
    verts = [(0, 0, (1 + c) * s), (0, 0, -(1 + c) * s)]
    for k in range(10):  # upper ring (even ids) at 72k degrees, lower ring (odd ids) 36 degrees further
        t = k * math.pi / 5
        verts.append((s * math.cos(t), s * math.sin(t), (1 - c) * s * (1 if k % 2 == 0 else -1)))
    ring = lambda k: 2 + k % 10  # noqa: E731
    faces = [(0, 0, 0, 0)] * 10
    for k in range(5):  # upper kite k: apex, ring 2k .. 2k+2; lower kite k: apex, ring 2k+1 .. 2k+3
        faces[(0, 4, 6, 2, 8)[k]] = _ccw(verts, [0, ring(2 * k), ring(2 * k + 1), ring(2 * k + 2)], 0)
        faces[(7, 1, 9, 5, 3)[k]] = _ccw(verts, [1, ring(2 * k + 1), ring(2 * k + 2), ring(2 * k + 3)], 1)
    return verts, faces, [_sub(verts[f[0]], verts[f[2]]) for f in faces]


def _area(poly: list[Point] | tuple[Point, ...]) -> float:
    """Signed area (positive: counter-clockwise in y-up axes, i.e. clockwise on a y-down page)."""
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, [*poly[1:], poly[0]], strict=True)) / 2


def _overlap(subject: list[Point] | tuple[Point, ...], clip: list[Point] | tuple[Point, ...]) -> float:
    """Area shared by two convex polygons, 0 when they only touch (Sutherland-Hodgman clipping)."""
    if min(x for x, _ in subject) >= max(x for x, _ in clip) or min(x for x, _ in clip) >= max(x for x, _ in subject):
        return 0.0
    if _area(clip) < 0:
        clip = clip[::-1]
    out = list(subject)
    for a, b in zip(clip, [*clip[1:], clip[0]], strict=True):
        side = lambda p: (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])  # noqa: E731, B023
        pts, out = out, []
        for p, q in zip(pts, [*pts[1:], pts[0]], strict=True) if pts else ():
            sp, sq = side(p), side(q)
            if sp >= 0:
                out.append(p)
            if (sp >= 0) != (sq >= 0):
                t = sp / (sp - sq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return abs(_area(out)) if len(out) > 2 else 0.0


def _incircle(poly: tuple[Point, ...]) -> tuple[Point, float]:
    """Centre and radius of the inscribed circle of a tangential polygon (triangles, squares, kites)."""
    radius = 2 * abs(_area(poly)) / sum(math.dist(p, q) for p, q in zip(poly, [*poly[1:], poly[0]], strict=True))
    p, q, o = poly[:3]  # the centre lies on the bisector of the angle at q, radius / sin(angle / 2) away
    (ax, ay), (bx, by) = (((v[0] - q[0]) / math.dist(v, q), (v[1] - q[1]) / math.dist(v, q)) for v in (p, o))
    along = radius / math.sqrt((1 - ax * bx - ay * by) / 2) / math.hypot(ax + bx, ay + by)
    return (q[0] + (ax + bx) * along, q[1] + (ay + by) * along), radius


def _tab(p: Point, q: Point, depth: float, inside: Point, slopes: tuple[float, float]) -> tuple[Point, ...]:
    """Glue tab on the edge p -> q, a trapezoid on the side away from `inside`: (p, q, q', p'); its sides make
    angles `slopes` (degrees, at p and q) with the edge, and its outer side keeps >= 30% of the edge."""
    length = math.dist(p, q)
    dx, dy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    nx, ny = (-dy, dx) if dx * (inside[1] - p[1]) - dy * (inside[0] - p[0]) < 0 else (dy, -dx)
    cot_p, cot_q = (1 / math.tan(math.radians(a)) for a in slopes)
    depth = min(depth, 0.7 * length / (cot_p + cot_q))
    return (p, q, (q[0] + (nx - dx * cot_q) * depth, q[1] + (ny - dy * cot_q) * depth),
            (p[0] + (nx + dx * cot_p) * depth, p[1] + (ny + dy * cot_p) * depth))


def net(kind: str, edge: float) -> Net:
    """The net of a die. kind: d6 | d8 | d10. `edge`: for d6/d8 the face edge length; for d10 the length of the
    kite's long edges (its short edges are (3 - sqrt(5)) / 2 = 0.382 times that). Raises ValueError for an unknown
    kind or a non-positive edge."""
    count = faces_count(kind)
    if not (edge > 0 and math.isfinite(edge)):
        raise ValueError(f"a die's edge must be a positive length, got {edge!r}")
    verts, faces, ups = _solid(kind, edge)

    def flat(i: int) -> tuple[list[Point], Point]:  # face i in its own plane, seen from outside, and its up vector
        p0 = verts[faces[i][0]]
        u = _unit(_sub(verts[faces[i][1]], p0))
        w = _cross(_unit(_cross(_sub(verts[faces[i][1]], p0), _sub(verts[faces[i][2]], p0))), u)
        return [(_dot(u, _sub(verts[j], p0)), -_dot(w, _sub(verts[j], p0))) for j in faces[i]], (
            _dot(u, ups[i]), -_dot(w, ups[i]))

    root = _TREES[kind][0][1]
    shape, vec = flat(root)
    polys, up = {root: shape}, {root: vec}
    hinges: list[tuple[int, int]] = []  # (face, corner) starting each fold, on the parent
    for child, parent in _TREES[kind]:
        pts, vec = flat(child)
        a, b = (v for v in faces[child] if v in faces[parent])
        ia, ib = faces[parent].index(a), faces[parent].index(b)
        (ax, ay), (bx, by) = polys[parent][ia], polys[parent][ib]
        (px, py), (qx, qy) = pts[faces[child].index(a)], pts[faces[child].index(b)]
        turn = math.atan2(by - ay, bx - ax) - math.atan2(qy - py, qx - px)
        c, s = math.cos(turn), math.sin(turn)
        tx, ty = ax - (px * c - py * s), ay - (px * s + py * c)
        polys[child] = [(x * c - y * s + tx, x * s + y * c + ty) for x, y in pts]
        up[child] = (vec[0] * c - vec[1] * s, vec[0] * s + vec[1] * c)
        hinges.append((parent, ia if (ia + 1) % len(faces[parent]) == ib else ib))
    folded = {frozenset((faces[i][j], faces[i][(j + 1) % len(faces[i])])) for i, j in hinges}
    free: dict[frozenset[int], list[tuple[int, int]]] = {}
    for i, f in enumerate(faces):
        for j in range(len(f)):
            if (key := frozenset((f[j], f[(j + 1) % len(f)]))) not in folded:
                free.setdefault(key, []).append((i, j))

    shapes = [polys[i] for i in range(count)]
    mids = [(sum(x for x, _ in f) / len(f), sum(y for _, y in f) / len(f)) for f in shapes]
    tabs: list[tuple[Point, ...]] = []
    tabbed: list[tuple[int, int]] = []
    for sides in free.values():  # one tab per pair of edges glued together: the deepest that fits, either side
        found = next(((i, j, t) for depth in _DEPTHS for slopes in _SLOPES for i, j in sides
                      if all(_overlap(t := _tab(shapes[i][j], shapes[i][(j + 1) % len(shapes[i])], depth * edge,
                                                mids[i], slopes), other) < 1e-6 * edge * edge
                             for other in shapes + tabs)), None)
        if found is None:  # pragma: no cover - the tests check every net has all its tabs
            raise RuntimeError(f"no room for a glue tab on the {kind} net")
        tabbed.append(found[:2])
        tabs.append(found[2])

    pts = [p for shape in shapes + tabs for p in shape]

    def box(deg: float) -> tuple[float, float, float, float]:
        c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
        xs, ys = [x * c - y * s for x, y in pts], [x * s + y * c for x, y in pts]
        return min(xs), min(ys), max(xs), max(ys)

    # candidate turns: those laying a face edge square to the page (the smallest box has a hull edge square to it)
    turns = {round(-math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 90, 6) for f in shapes for p, q in pairs(f)}
    deg = min(sorted(turns), key=lambda d: round((box(d)[2] - box(d)[0]) * (box(d)[3] - box(d)[1]), 6))
    x0, y0, x1, y1 = box(deg)
    if x1 - x0 > y1 - y0:  # portrait
        deg += 90
        x0, y0, x1, y1 = box(deg)
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))

    def tf(p: Point) -> Point:
        return (p[0] * c - p[1] * s - x0, p[0] * s + p[1] * c - y0)

    out_faces = []
    for i in range(count):
        polygon = tuple(tf(p) for p in shapes[i])
        center, radius = _incircle(polygon)
        ux, uy = up[i][0] * c - up[i][1] * s, up[i][0] * s + up[i][1] * c
        out_faces.append(NetFace(i, polygon, center, round(math.degrees(math.atan2(ux, -uy)), 9) + 0.0, radius))
    ends = lambda i, j: (out_faces[i].polygon[j], out_faces[i].polygon[(j + 1) % len(faces[i])])  # noqa: E731
    outline = [ends(i, j) for sides in free.values() for i, j in sides if (i, j) not in tabbed]
    out_tabs = tuple(tuple(tf(p) for p in tab) for tab in tabs)
    outline += [(t[k], t[(k + 1) % 4]) for t in out_tabs for k in (1, 2, 3)]
    return Net(kind, tuple(out_faces), tuple(ends(i, j) for i, j in hinges), out_tabs, tuple(outline), x1 - x0, y1 - y0)


def solid(kind: str, edge: float) -> tuple[list[Vec3], list[tuple[int, ...]]]:
    """The die in 3D (points, centred on the origin): its vertices and each face's vertex ids, listed in the order
    of its net's polygon: `net(kind, edge).faces[i].polygon[k]` is where vertex `solid(kind, edge)[1][i][k]` lies
    on the page (a model textured with the net, as Tabletop Simulator's dice are, maps each face onto itself)."""
    faces_count(kind)
    verts, faces, _ = _solid(kind, edge)
    return verts, faces
