"""The card grid: as many cards as fit, cut marks outside every face and inside the printable area."""

import pytest

from pnp.layout.scene import Face
from pnp.model.schema.fields import CARD_SIZES, PAPERS
from pnp.model.units import MM
from pnp.output.impose.cards import HALO, cut_marks, impose_cards, mirror, plan_grid, slots

MARGIN = 5 * MM
BLEED = 3 * MM


def boxes_overlap(a, b, eps=1e-6):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw - eps and bx < ax + aw - eps and ay < by + bh - eps and by < ay + ah - eps


@pytest.mark.parametrize("paper,card,expected", [
    ("A4", "poker", 9), ("letter", "poker", 9), ("A4", "mini", 16), ("A4", "square", 12),
    ("letter", "square", 12), ("A4", "tarot", 4), ("A4", "bridge", 9),
])
def test_grid_counts(paper, card, expected):
    grid = plan_grid(PAPERS[paper], MARGIN, CARD_SIZES[card], BLEED)
    assert grid.per_page == expected


@pytest.mark.parametrize("paper", ["A4", "letter", "A3", "tabloid"])
@pytest.mark.parametrize("card", ["poker", "bridge", "mini", "square", "tarot"])
@pytest.mark.parametrize("bleed", [0.0, BLEED])
def test_every_cut_line_has_a_mark_at_both_ends_never_over_a_face(paper, card, bleed):
    pw, ph = PAPERS[paper]
    grid = plan_grid((pw, ph), MARGIN, CARD_SIZES[card], bleed)
    cells = [clip for _, _, clip in slots(grid)]
    trims = [(x, y, grid.card_w, grid.card_h) for x, y, _ in slots(grid)]
    marks = cut_marks(grid, (pw, ph), 1 * MM)
    half = (0.5 + HALO) / 2  # the mark and the white line under it
    for x1, y1, x2, y2 in marks:
        box = (min(x1, x2) - half, min(y1, y2) - half, abs(x2 - x1) + 2 * half, abs(y2 - y1) + 2 * half)
        assert not any(boxes_overlap(box, trim) for trim in trims)  # over a bleed band at most, never a face
        assert max(abs(x2 - x1), abs(y2 - y1)) >= 0.9 * MM  # long enough to lay a ruler on
        for x, y in ((x1, y1), (x2, y2)):
            assert MARGIN - 1e-6 <= x <= pw - MARGIN + 1e-6 and MARGIN - 1e-6 <= y <= ph - MARGIN + 1e-6
    # every trim line, vertical and horizontal, has a mark at its top and bottom (left and right) end
    xs = {round(v, 3) for x, _, _, _ in trims for v in (x, x + grid.card_w)}
    ys = {round(v, 3) for _, y, _, _ in trims for v in (y, y + grid.card_h)}
    top, bottom = min(y for _, y, _, _ in trims), max(y + grid.card_h for _, y, _, _ in trims)
    left, right = min(x for x, _, _, _ in trims), max(x + grid.card_w for x, _, _, _ in trims)
    for x in xs:
        ends = [m for m in marks if abs(m[0] - x) < 0.01 and abs(m[2] - x) < 0.01]
        assert any(max(m[1], m[3]) <= top for m in ends) and any(min(m[1], m[3]) >= bottom for m in ends), x
    for y in ys:
        ends = [m for m in marks if abs(m[1] - y) < 0.01 and abs(m[3] - y) < 0.01]
        assert any(max(m[0], m[2]) <= left for m in ends) and any(min(m[0], m[2]) >= right for m in ends), y
    for cx, cy, cw, ch in cells:  # faces with their bleed stay on the printable area too
        assert cx >= MARGIN - 1e-6 and cy >= MARGIN - 1e-6
        assert cx + cw <= pw - MARGIN + 1e-6 and cy + ch <= ph - MARGIN + 1e-6
    for a in range(len(cells)):  # cells never overlap
        for b in range(a + 1, len(cells)):
            assert not boxes_overlap(cells[a], cells[b])


@pytest.mark.parametrize("paper,card,bleed_mm", [
    ("A4", "poker", (3.0, 3.0)), ("letter", "poker", (3.0, 1.35)), ("A4", "square", (3.0, 3.0)),
    ("A4", "mini", (3.0, 3.0)), ("A3", "poker", (3.0, 3.0)), ("tabloid", "poker", (3.0, 3.0)),
])
def test_the_outer_bleed_is_all_the_margin_holds(paper, card, bleed_mm):
    """A4 poker 3-across printed 1.75 mm of bleed at its sides to make room for marks; the bleed comes first."""
    grid = plan_grid(PAPERS[paper], MARGIN, CARD_SIZES[card], BLEED)
    assert (grid.cols.outer_bleed / MM, grid.rows.outer_bleed / MM) == pytest.approx(bleed_mm, abs=0.01)


def test_a_face_next_to_an_empty_slot_keeps_its_bleed():
    grid = plan_grid(PAPERS["A4"], MARGIN, CARD_SIZES["poker"], BLEED)  # 3 x 3, abutting
    seven = slots(grid, 7)  # rows 1-2 full, row 3 holds one card
    for i in range(7):
        x, y, (cx, cy, cw, ch) = seven[i]
        right, bottom = cx + cw - x - grid.card_w, cy + ch - y - grid.card_h
        r, c = divmod(i, 3)
        assert right == pytest.approx(BLEED if (r == 2 or c == 2) else 0.0)  # card 7's right neighbour is empty
        assert bottom == pytest.approx(BLEED if (r == 2 or (r == 1 and c > 0)) else 0.0)  # nothing below 5, 6
    # marks: only the lines of filled slots
    marks = cut_marks(grid, PAPERS["A4"], 1 * MM, 2)
    verticals = {round(m[0], 3) for m in marks if m[0] == m[2]}
    horizontals = {round(m[1], 3) for m in marks if m[1] == m[3]}
    assert len(verticals) == 3 and len(horizontals) == 2


def test_gap_auto_prefers_full_bleed_when_it_fits_as_many():
    # tarot on A4: 2 x 2 fit either way, so each card gets its full bleed
    grid = plan_grid(PAPERS["A4"], MARGIN, CARD_SIZES["tarot"], BLEED)
    assert grid.cols.gap == pytest.approx(2 * BLEED)
    # poker on A4: abutting fits 9, apart only 4
    grid = plan_grid(PAPERS["A4"], MARGIN, CARD_SIZES["poker"], BLEED)
    assert grid.cols.gap == 0 and grid.per_page == 9


def test_every_trim_edge_gets_marks():
    grid = plan_grid(PAPERS["A4"], MARGIN, CARD_SIZES["poker"], BLEED)
    marks = cut_marks(grid, PAPERS["A4"], 1 * MM)
    verticals = {round(x1, 3) for x1, y1, x2, y2 in marks if x1 == x2}
    horizontals = {round(y1, 3) for x1, y1, x2, y2 in marks if y1 == y2}
    assert len(verticals) == grid.cols.count + 1 and len(horizontals) == grid.rows.count + 1


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_backs_land_behind_their_fronts(duplex):
    paper = PAPERS["A4"]
    grid = plan_grid(paper, MARGIN, CARD_SIZES["poker"], BLEED)
    front, back = Face(*CARD_SIZES["poker"], BLEED), Face(*CARD_SIZES["poker"], BLEED)
    entries = [(front, back, {"id": str(i)}) for i in range(11)]
    pages = impose_cards(entries, grid, paper, duplex, 1 * MM, 0.5)
    assert [p.side for p in pages] == ["front", "back", "front", "back"]
    for fronts, backs in ((pages[0], pages[1]), (pages[2], pages[3])):
        for f, b in zip(fronts.placements, backs.placements, strict=True):
            assert f.meta["id"] == b.meta["id"]
            # flip the sheet the way the printer does and the back sits exactly on the front
            x, y = mirror(b.x, b.y, front.w, front.h, paper, duplex)
            assert (x, y) == pytest.approx((f.x, f.y), abs=0.1 * MM)
            assert b.rotate == (duplex == "short")


def test_duplex_none_has_no_backs():
    paper = PAPERS["A4"]
    grid = plan_grid(paper, MARGIN, CARD_SIZES["poker"], BLEED)
    face = Face(*CARD_SIZES["poker"], BLEED)
    pages = impose_cards([(face, face, {})] * 10, grid, paper, "none", 1 * MM, 0.5)
    assert [p.side for p in pages] == ["front", "front"]
