"""Dice nets: the geometry folds into the real solid, glue tabs close every seam, nothing overlaps."""

from __future__ import annotations

import itertools
import math

import pytest

from pnp.layout.pieces import dienet
from pnp.layout.pieces.dienet import Net, faces_count, net

MM = 72 / 25.4
EDGES = {"d6": 12, "d8": 12, "d10": 20}  # the solids' edge counts
OPPOSITE = {"d6": 5, "d8": 7, "d10": 9}  # face i is opposite face N - i
KINDS = list(EDGES)
EDGE = 20 * MM
TOL = 1e-6 * EDGE

Point = tuple[float, float]


def _d10_short() -> float:
    """Short edge of the kite over its long edge, from the 3D solid: apex (0, 0, 1 + c), upper ring at radius 1 and
    height 1 - c (angles 0, 72...), lower ring at -(1 - c) (angles 36, 108...), c = cos 36 degrees."""
    c, s = math.cos(math.pi / 5), math.sin(math.pi / 5)
    long = math.hypot(1, 2 * c)
    short = math.sqrt((1 - c) ** 2 + s**2 + (2 * (1 - c)) ** 2)
    return short / long


def _sides(poly: tuple[Point, ...]) -> list[tuple[Point, Point]]:
    return list(zip(poly, poly[1:] + poly[:1], strict=True))


def _close(p: Point, q: Point) -> bool:
    return math.dist(p, q) < TOL


def _same(s: tuple[Point, Point], t: tuple[Point, Point]) -> bool:
    return (_close(s[0], t[0]) and _close(s[1], t[1])) or (_close(s[0], t[1]) and _close(s[1], t[0]))


def _signed_area(poly: tuple[Point, ...]) -> float:
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in _sides(poly)) / 2


def _interiors_overlap(a: tuple[Point, ...], b: tuple[Point, ...]) -> bool:
    """Separating axis test for convex polygons: True when no edge normal separates them (by more than -TOL)."""
    for poly in (a, b):
        for p, q in _sides(poly):
            n = (q[1] - p[1], p[0] - q[0])
            length = math.hypot(*n)
            pa = [(x * n[0] + y * n[1]) / length for x, y in a]
            pb = [(x * n[0] + y * n[1]) / length for x, y in b]
            if min(max(pa), max(pb)) - max(min(pa), min(pb)) <= TOL:
                return False
    return True


def _side(p: Point, q: Point, c: Point) -> float:
    """Negative when c is left of p -> q on a y-down page."""
    return (q[0] - p[0]) * (c[1] - p[1]) - (q[1] - p[1]) * (c[0] - p[0])


def _line_distance(c: Point, p: Point, q: Point) -> float:
    return abs((q[0] - p[0]) * (c[1] - p[1]) - (q[1] - p[1]) * (c[0] - p[0])) / math.dist(p, q)


@pytest.fixture(params=KINDS)
def the_net(request: pytest.FixtureRequest) -> Net:
    return net(request.param, EDGE)


def test_faces_count() -> None:
    assert [faces_count(k) for k in KINDS] == [6, 8, 10]
    for bad in ("d20", "", "D6", "d4"):
        with pytest.raises(ValueError):
            faces_count(bad)


@pytest.mark.parametrize("kind, edge", [("d12", 10.0), ("d6", 0.0), ("d8", -5.0), ("d10", math.nan), ("d6", math.inf)])
def test_bad_input_raises(kind: str, edge: float) -> None:
    with pytest.raises(ValueError):
        net(kind, edge)


def test_face_indices(the_net: Net) -> None:
    assert the_net.kind in KINDS
    assert [f.index for f in the_net.faces] == list(range(faces_count(the_net.kind)))


def test_edge_lengths(the_net: Net) -> None:
    for face in the_net.faces:
        lengths = [math.dist(p, q) for p, q in _sides(face.polygon)]
        if the_net.kind == "d10":  # from the apex: long, short, short, long
            short = _d10_short() * EDGE
            assert lengths == pytest.approx([EDGE, short, short, EDGE], rel=1e-9)
        else:
            assert lengths == pytest.approx([EDGE] * (3 if the_net.kind == "d8" else 4), rel=1e-9)


def test_d10_short_edge_is_golden() -> None:
    assert _d10_short() == pytest.approx((3 - math.sqrt(5)) / 2, rel=1e-12)


def test_folds_join_two_faces_into_one_piece(the_net: Net) -> None:
    n = len(the_net.faces)
    assert len(the_net.folds) == n - 1
    group = list(range(n))

    def root(i: int) -> int:
        while group[i] != i:
            i = group[i]
        return i

    for fold in the_net.folds:
        sharing = [f.index for f in the_net.faces if any(_same(fold, side) for side in _sides(f.polygon))]
        assert len(sharing) == 2, fold
        group[root(sharing[0])] = root(sharing[1])
    assert len({root(i) for i in range(n)}) == 1


def test_tabs_one_per_seam_on_free_edges(the_net: Net) -> None:
    n = len(the_net.faces)
    assert len(the_net.tabs) == EDGES[the_net.kind] - (n - 1)
    bases = [(t[0], t[1]) for t in the_net.tabs]
    for i, (tab, base) in enumerate(zip(the_net.tabs, bases, strict=True)):
        assert len(tab) == 4
        assert not any(_same(base, fold) for fold in the_net.folds)
        assert not any(_same(base, other) for other in bases[i + 1 :])
        owners = [f for f in the_net.faces if any(_same(base, side) for side in _sides(f.polygon))]
        assert len(owners) == 1
        # a trapezoid on the far side of the edge from its face, narrower outside, about a quarter edge deep
        inside = _side(*base, owners[0].center)
        assert inside * _side(*base, tab[2]) < 0 and inside * _side(*base, tab[3]) < 0
        assert math.dist(tab[2], tab[3]) < math.dist(*base)
        depth = _line_distance(tab[2], *base)
        assert depth == pytest.approx(_line_distance(tab[3], *base))
        assert 0.05 * EDGE < depth <= 0.25 * EDGE + TOL


def test_folds_and_tabs_close_every_edge_of_the_solid(the_net: Net) -> None:
    """Map each net corner to its 3D vertex: folds plus tab bases are every edge of the solid exactly once, and
    each fold hinges two faces on the same 3D edge."""
    verts, faces, _ = dienet._solid(the_net.kind, EDGE)
    used = []
    for seg in [*the_net.folds, *((t[0], t[1]) for t in the_net.tabs)]:
        ids = {frozenset((faces[f.index][k], faces[f.index][(k + 1) % len(f.polygon)]))
               for f in the_net.faces for k, side in enumerate(_sides(f.polygon)) if _same(seg, side)}
        assert len(ids) == 1, "the faces on either side of a fold meet on different 3D edges"
        used.append(ids.pop())
    solid_edges = {frozenset((f[k], f[(k + 1) % len(f)])) for f in faces for k in range(len(f))}
    assert len(solid_edges) == EDGES[the_net.kind]
    assert len(used) == len(set(used)) and set(used) == solid_edges


def test_faces_are_the_solids_faces(the_net: Net) -> None:
    """Every face is congruent to its 3D face (same distances between all corners), none mirrored."""
    verts, faces, _ = dienet._solid(the_net.kind, EDGE)
    assert len(verts) - EDGES[the_net.kind] + len(faces) == 2  # Euler
    for f in the_net.faces:
        ids = faces[f.index]
        for (a, p), (b, q) in itertools.combinations(zip(ids, f.polygon, strict=True), 2):
            assert math.dist(p, q) == pytest.approx(math.dist(verts[a], verts[b]), rel=1e-9)
        assert _signed_area(f.polygon) < 0  # counter-clockwise on a y-down page, like all the others
        normal = _normal(verts, ids)
        assert all(abs(_dot3(normal, _sub3(verts[v], verts[ids[0]]))) < TOL for v in ids)  # planar


def _sub3(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    return tuple(x - y for x, y in zip(a, b, strict=True))


def _dot3(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True))


def _normal(verts: list[tuple[float, float, float]], ids: tuple[int, ...]) -> tuple[float, ...]:
    """Unit normal of a face, by its first three corners (outwards for counter-clockwise corners)."""
    a, b = _sub3(verts[ids[1]], verts[ids[0]]), _sub3(verts[ids[2]], verts[ids[0]])
    n = (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])
    length = math.sqrt(_dot3(n, n))
    return tuple(x / length for x in n)


@pytest.mark.parametrize("kind", KINDS)
def test_solid_faces_point_outwards_and_opposites(kind: str) -> None:
    verts, faces, _ = dienet._solid(kind, EDGE)
    normals = [_normal(verts, f) for f in faces]
    for i, f in enumerate(faces):
        centre = tuple(sum(verts[v][k] for v in f) / len(f) for k in range(3))
        assert _dot3(normals[i], centre) > 0
        assert _dot3(normals[i], normals[OPPOSITE[kind] - i]) == pytest.approx(-1)


def test_d6_one_two_three_counter_clockwise() -> None:
    verts, faces, _ = dienet._solid("d6", EDGE)
    a, b, c = (_normal(verts, faces[i]) for i in range(3))
    assert _dot3(a, (b[1] * c[2] - b[2] * c[1], b[2] * c[0] - b[0] * c[2], b[0] * c[1] - b[1] * c[0])) > 0.99


def test_d10_numbering() -> None:
    """Even digits round one apex, odd round the other; the belt reads 0 7 4 1 6 9 2 5 8 3."""
    verts, faces, _ = dienet._solid("d10", EDGE)
    assert len(set.intersection(*(set(faces[i]) for i in range(0, 10, 2)))) == 1
    assert len(set.intersection(*(set(faces[i]) for i in range(1, 10, 2)))) == 1
    belt = [0, 7, 4, 1, 6, 9, 2, 5, 8, 3]
    for a, b in zip(belt, belt[1:] + belt[:1], strict=True):
        assert len(set(faces[a]) & set(faces[b])) == 2
    for a in range(10):
        assert len(set(faces[a]) & set(faces[9 - a])) == 0


def test_d10_kites_congruent() -> None:
    the_net = net("d10", 25 * MM)
    shapes = set()
    for f in the_net.faces:
        s = [math.dist(p, q) for p, q in _sides(f.polygon)]
        assert s[0] == pytest.approx(s[3]) and s[1] == pytest.approx(s[2]) and s[0] > 2 * s[1]
        diagonals = (math.dist(f.polygon[0], f.polygon[2]), math.dist(f.polygon[1], f.polygon[3]))
        shapes.add(tuple(round(v, 6) for v in (*sorted(s), *diagonals)))
    assert len(shapes) == 1


def test_nothing_overlaps(the_net: Net) -> None:
    pieces = [f.polygon for f in the_net.faces] + list(the_net.tabs)
    for a, b in itertools.combinations(pieces, 2):
        assert not _interiors_overlap(a, b)


def test_overlap_check_detects_overlaps() -> None:
    square = ((0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0))
    assert _interiors_overlap(square, tuple((x + 5, y + 5) for x, y in square))
    assert not _interiors_overlap(square, tuple((x + 10, y) for x, y in square))  # sharing an edge
    assert dienet._overlap(square, tuple((x + 5, y + 5) for x, y in square)) == pytest.approx(25)
    assert dienet._overlap(square, tuple((x + 10, y + 3) for x, y in square)) == 0


def test_bounding_box(the_net: Net) -> None:
    pts = [p for f in the_net.faces for p in f.polygon] + [p for t in the_net.tabs for p in t]
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    assert min(xs) == pytest.approx(0, abs=TOL) and min(ys) == pytest.approx(0, abs=TOL)
    assert max(xs) == pytest.approx(the_net.width) and max(ys) == pytest.approx(the_net.height)
    assert the_net.height >= the_net.width  # portrait


def test_outline_is_every_free_edge_once(the_net: Net) -> None:
    joined = [*the_net.folds, *((t[0], t[1]) for t in the_net.tabs)]
    expected = [s for f in the_net.faces for s in _sides(f.polygon) if not any(_same(s, j) for j in joined)]
    expected += [s for t in the_net.tabs for s in _sides(t)[1:]]
    got = list(the_net.outline)
    assert len(got) == len(expected)
    for seg in expected:
        assert sum(_same(seg, g) for g in got) == 1
    points: list[Point] = []  # distinct corners, and how many cut segments end at each
    degree: list[int] = []
    for p in (p for seg in got for p in seg):
        k = next((k for k, q in enumerate(points) if _close(p, q)), len(points))
        if k == len(points):
            points.append(p)
            degree.append(0)
        degree[k] += 1
    assert all(d % 2 == 0 for d in degree)  # the cut line closes


def test_inner_circle_fits(the_net: Net) -> None:
    for f in the_net.faces:
        distances = [_line_distance(f.center, p, q) for p, q in _sides(f.polygon)]
        assert f.inner_radius > 0.2 * EDGE
        assert min(distances) == pytest.approx(f.inner_radius)  # the incircle: touches, never crosses
        assert all(_side(p, q, f.center) < 0 for p, q in _sides(f.polygon))  # and the centre is inside


def test_angle_points_content_up_towards_the_apex(the_net: Net) -> None:
    for f in the_net.faces:
        assert -180 < f.angle <= 180
        up = (math.sin(math.radians(f.angle)), -math.cos(math.radians(f.angle)))  # turned clockwise on the page
        if the_net.kind == "d6":
            assert f.angle % 90 == pytest.approx(0, abs=1e-6) or f.angle % 90 == pytest.approx(90, abs=1e-6)
        else:  # the apex (polygon[0]) is straight above the label's centre
            apex = f.polygon[0]
            d = math.dist(apex, f.center)
            assert (apex[0] - f.center[0]) / d == pytest.approx(up[0], abs=1e-9)
            assert (apex[1] - f.center[1]) / d == pytest.approx(up[1], abs=1e-9)


@pytest.mark.parametrize("kind", KINDS)
def test_scales_with_edge(kind: str) -> None:
    small, big = net(kind, 20 * MM), net(kind, 25 * MM)
    assert big.width == pytest.approx(small.width * 1.25) and big.height == pytest.approx(small.height * 1.25)
    for a, b in zip(small.faces, big.faces, strict=True):
        assert a.angle == pytest.approx(b.angle) and b.inner_radius == pytest.approx(a.inner_radius * 1.25)


def test_d10_fits_a4_inside_5mm_margins() -> None:
    for kind in KINDS:
        n = net(kind, 25 * MM)
        assert n.width <= 200 * MM and n.height <= 287 * MM
