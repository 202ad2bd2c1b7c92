"""Packing Intrepid into 29 sheets on A4, by means any game's pieces use: identical
round tokens share their bleed, a partial last row of a block leaves its empty cells free, a best-fit placement in
which tokens split over the room on pages printed anyway, and that room on card sheets too (between their cut lines:
the empty slots of a deck's last sheet, the strips beside a grid)."""

from __future__ import annotations

from collections import defaultdict
from types import SimpleNamespace
from typing import Any

import pytest
from pypdf import PdfReader

from pnp.layout.scene import Ellipse, Face, Rect
from pnp.model.game import PrintSettings
from pnp.model.schema.fields import PAPERS
from pnp.model.units import MM
from pnp.output.impose.cards import impose_cards, mirror
from pnp.output.impose.turned import plan_cards
from pnp.output.packing.maxrects import place
from pnp.output.packing.pieces import _pages, alike, block_of, pieces_area, sheets
from pnp.output.packing.room import grid_room

A4 = PAPERS["A4"]


def _deck(kind: str = "tokens", shape: str = "round") -> Any:
    return SimpleNamespace(id="t", name="Token", spec=SimpleNamespace(kind=kind, shape=shape))


def _token(d: float, colour: tuple[float, float, float]) -> Face:
    return Face(d * MM, d * MM, 3 * MM, [Ellipse(-3 * MM, -3 * MM, (d + 6) * MM, (d + 6) * MM, colour)])


def _card(w: float, h: float) -> Face:
    return Face(w * MM, h * MM, 3 * MM, [Rect(-3 * MM, -3 * MM, (w + 6) * MM, (h + 6) * MM, (0.2, 0.3, 0.4), None, 0)])


def _entries(n: int, front: Face, back: Face | None) -> list:
    return [(front, back, {"component": "t", "id": "t", "copy": i + 1}) for i in range(n)]


def _boxes_overlap(a: tuple, b: tuple, tol: float = 0.01) -> bool:
    return (min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]) > tol
            and min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]) > tol)


def test_identical_round_tokens_share_their_bleed_and_their_backs_still_line_up():
    """50 tokens of one front and one back, 16 mm with 3 mm bleed: 19 mm apart (not 22), each one's bleed reaching just
    to its neighbours' cut lines, never over a neighbour's trim; each back at the mirror image of its front, with its
    cut outline. Tokens of several faces, or square ones, keep their whole bleed apart."""
    s = PrintSettings()
    front, back = _token(16, (0.5, 0.3, 0.6)), _token(16, (0.4, 0.5, 0.2))
    block = block_of(_deck(), _entries(50, front, back), (16 * MM, 16 * MM), s)
    assert block.shared and block.step() == pytest.approx((19 * MM, 19 * MM))
    assert not alike(_entries(2, front, back) + _entries(1, back, front), _deck(), 3 * MM, 3 * MM)
    assert not alike(_entries(4, front, back), _deck(shape="rect"), 3 * MM, 3 * MM)
    assert not block_of(_deck(), _entries(1, front, back), (16 * MM, 16 * MM), s).shared
    area = pieces_area(s, A4)
    planned = place([block], [0], area)
    assert sheets(planned) == 1
    fronts_page, backs_page = _pages(planned[0], s, A4, area)
    placed = fronts_page.placements
    assert len(placed) == 50
    xs = sorted({round(p.x / MM, 3) for p in placed})
    assert [b - a for a, b in zip(xs, xs[1:], strict=False)] == pytest.approx([19.0] * (len(xs) - 1))
    for p in placed:
        for q in placed:
            if p is not q:
                assert not _boxes_overlap(p.clip, q.box), "a bleed over a neighbour's trim"
    assert len(backs_page.placements) == 50
    for p, q in zip(placed, backs_page.placements, strict=True):
        assert (q.x, q.y) == pytest.approx(mirror(p.x, p.y, p.face.w, p.face.h, A4, "long"))
    outlines = [e for e in backs_page.extras if isinstance(e, Ellipse)]
    assert sorted((round(e.x, 3), round(e.y, 3)) for e in outlines) == sorted(
        (round(q.x, 3), round(q.y, 3)) for q in backs_page.placements)


def test_a_partial_last_row_leaves_its_empty_cells_free():
    """Three 70 x 120 mm cards lie 2 + 1 on a sheet: the fourth cell takes another block's card (one sheet, not two)."""
    s = PrintSettings()
    three = block_of(_deck("cards"), _entries(3, _card(70, 120), None), (70 * MM, 120 * MM), s)
    one = block_of(_deck("cards"), _entries(1, _card(70, 120), None), (70 * MM, 120 * MM), s)
    for best in (False, True):
        planned = place([three, one], [0, 1], pieces_area(s, A4), True, (), best)
        assert sheets(planned) == 1, best
        (sheet,) = planned
        boxes = [(fx, fy, *block.size(cols, -(-len(take) // cols))) for block, take, fx, fy, cols, _ in sheet.placed]
        assert len(boxes) == 2 and boxes[0][2] > boxes[1][2]


def test_best_fit_splits_tokens_over_the_room_on_pages_printed_anyway():
    """Beside a tile only a whole block, in first fit; in best fit tokens split over that room and a sheet."""
    s = PrintSettings()
    block = block_of(_deck(), _entries(30, _token(16, (0.5, 0.3, 0.6)), None), (16 * MM, 16 * MM), s)
    room = [(object(), (5 * MM, 200 * MM, 200 * MM, 45 * MM))]  # two rows of 10
    first = place([block], [0], pieces_area(s, A4), True, room, False)
    best = place([block], [0], pieces_area(s, A4), True, room, True)
    assert [len(sh.placed) for sh in first] == [0, 1]
    assert [sum(len(take) for _, take, *_ in sh.placed) for sh in best] == [20, 10]


def _poker_sheet(n: int) -> tuple[Any, Any]:
    s = PrintSettings()
    grid, turned = plan_cards(A4, s.margin, (63.5 * MM, 88.9 * MM), 3 * MM, "auto", True, s.mark_length,
                              s.mark_offset, s.center)
    assert not turned and grid.per_page == 9
    page = impose_cards(_entries(n, _card(63.5, 88.9), _card(63.5, 88.9)), grid, A4, "long", s.mark_offset,
                        s.mark_width)[0]
    return grid, page


def test_the_empty_slots_of_a_last_card_sheet_are_room_between_its_cut_lines():
    """7 poker cards of 9: the two empty slots, less the bleed their neighbours keep towards them, are room; no cut
    line of the grid crosses it, no card or bleed lies in it. A full sheet's centred grid leaves no room."""
    s = PrintSettings()
    grid, page = _poker_sheet(7)
    room = grid_room(page, grid, pieces_area(s, A4))
    assert len(room) == 2
    lines_x = {round(m[0], 3) for m in page.marks if m[0] == m[2]}
    lines_y = {round(m[1], 3) for m in page.marks if m[1] == m[3]}
    for box in room:
        assert box[2] > 60 * MM and box[3] > 85 * MM
        assert not [x for x in lines_x if box[0] - 0.01 < x < box[0] + box[2] + 0.01]
        assert not [y for y in lines_y if box[1] - 0.01 < y < box[1] + box[3] + 0.01]
        assert not [p for p in page.placements if _boxes_overlap(p.clip, box)]
    full_grid, full = _poker_sheet(9)
    assert grid_room(full, full_grid, pieces_area(s, A4)) == []


def _lines(page: dict) -> tuple[set[float], set[float]]:
    marks = page.get("cut_marks_mm", [])
    return {m[0] for m in marks if abs(m[0] - m[2]) < 1e-6}, {m[1] for m in marks if abs(m[1] - m[3]) < 1e-6}


def _crossed(lo: float, hi: float, lines: set[float]) -> list[float]:
    return [v for v in lines if lo + 0.05 < v < hi - 0.05]


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("game", ["intrepid", "voyage", "sleeping-gods", "arkship"])
def test_no_cut_line_of_a_card_sheet_crosses_a_piece_on_it(shared_build, game, paper):
    """A card sheet is cut right across along each of its grid's lines (each marked at both ends): a piece in the room
    on that sheet lies, with its bleed, between them, and a card's trim is never crossed."""
    out, manifest = shared_build(game, *(("--paper", paper) if paper != "A4" else ()))
    doc = manifest["files"][0]["path"]
    pages = {p["page"]: p for p in manifest["pages"] if p["file"] == doc and p.get("group", "").startswith("cards")}
    faces: dict[int, list[dict]] = defaultdict(list)
    for f in manifest["document_faces"]:
        if f["file"] == doc and f["page"] in pages and f["side"] == "front":
            faces[f["page"]].append(f)
    pieces = 0
    for n, page in pages.items():
        xs, ys = _lines(page)
        cw, ch = (float(v) for v in page["group"].split()[1:4:2])  # "cards 63.5 x 88.9 mm"
        for f in faces[n]:
            x, y, w, h = f["x_mm"], f["y_mm"], f["w_mm"], f["h_mm"]
            assert not _crossed(x, x + w, xs) and not _crossed(y, y + h, ys), (n, f["component"], f["id"])
            if sorted((round(w, 1), round(h, 1))) != sorted((round(cw, 1), round(ch, 1))):  # a piece: its bleed too
                pieces += 1
                left, top, right, bottom = f.get("bleed_mm", [0, 0, 0, 0])
                assert not _crossed(x - left, x + w + right, xs), (n, f["component"])
                assert not _crossed(y - top, y + h + bottom, ys), (n, f["component"])
    how = " ".join(PdfReader(out / doc).pages[1].extract_text().split())
    assert ("Some print on card sheets" in how) == (pieces > 0)  # the how-to page says so, and how to cut them
    if game == "intrepid" and paper == "A4":
        assert pieces > 20  # the poker cards' last sheet and the player aids' sheet hold tokens


@pytest.mark.slow
def test_intrepid_scenario_tokens_lie_a_trim_and_a_bleed_apart(shared_build):
    """Intrepid's 50 Scenario tokens (one Debris front, one Leak back): 19 mm from one to the next, not 22."""
    _, manifest = shared_build("intrepid")
    doc = manifest["files"][0]["path"]
    by_page: dict[int, list[dict]] = defaultdict(list)
    for f in manifest["document_faces"]:
        if f["file"] == doc and f["component"] == "scenario-token" and f["side"] == "front":
            by_page[f["page"]].append(f)
    assert sum(len(v) for v in by_page.values()) == 50
    steps = []
    for faces in by_page.values():
        rows: dict[float, list[float]] = defaultdict(list)
        for f in faces:
            rows[round(f["y_mm"], 2)].append(f["x_mm"])
        for xs in rows.values():
            xs.sort()
            steps += [round(b - a, 2) for a, b in zip(xs, xs[1:], strict=False) if b - a < 40]  # not the next strip
    assert len(steps) > 20 and set(steps) == {19.0}
