"""Packing: the assembly map beside a tile, a deck that fits on one sheet kept on one sheet, deck
ends and small pieces on shared sheets (and in the room beside a board's tiles), every back behind its front; and the
sheet counts on A4 the issue aims at, with no game's count worse than before on A4 or Letter."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from pnp.layout.scene import Face, Rect
from pnp.model.units import MM
from pnp.output.impose.cards import mirror
from pnp.output.tiling.tiles import impose_board

# the sheets each game's document took before this work (A4, Letter): none may take more
BEFORE = {"voyage": (17, 18), "sleeping-gods": (24, 26), "intrepid": (33, 37), "arkship": (28, 29), "moon": (48, 50)}
PAPER_MM = {"A4": (210.0, 297.0), "letter": (215.9, 279.4)}
TILED = {"voyage": "ship-board", "sleeping-gods": "ship-board", "intrepid": "game-board"}


def _build(shared_build, game: str, paper: str = "A4"):
    return shared_build(game, *(("--paper", paper) if paper != "A4" else ()))


def _doc(manifest: dict) -> str:
    return manifest["files"][0]["path"]


def _sheets(manifest: dict) -> int:
    return (sum(1 for p in manifest["pages"] if p["file"] == _doc(manifest)) + 1) // 2


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("game", sorted(BEFORE))
def test_no_game_takes_more_sheets_than_before(shared_build, game, paper):
    _, manifest = _build(shared_build, game, paper)
    assert _sheets(manifest) <= BEFORE[game][paper != "A4"]


def _page_texts(path) -> list[str]:
    """Each page's text, read by pdfium (pypdf's extract_text parsed every card's fonts again on every page: 14 s
    for Intrepid's document; the same pages and words found)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return [page.get_textpage().get_text_range() for page in pdf]
    finally:
        pdf.close()


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(TILED))
def test_the_assembly_map_is_on_the_page_of_a_tile(shared_build, game):
    """No page of its own: the map's title is on a page that prints a tile of its board, and the how-to names it."""
    out, manifest = _build(shared_build, game)
    pages = [p for p in manifest["pages"] if p["file"] == _doc(manifest)]
    assert not [p for p in pages if p["side"] == "map"]
    texts = _page_texts(out / _doc(manifest))
    with_map = [i + 1 for i, text in enumerate(texts) if "assembly map" in text and "Cut out each tile" in text]
    tiles = {f["page"]: f["tile"] for f in manifest["document_faces"]
             if f["component"] == TILED[game] and f["side"] == "front"}
    assert len(with_map) == 1 and with_map[0] in tiles, (with_map, tiles)
    how = " ".join(texts[1].split())
    assert f"assembly map beside tile {tiles[with_map[0]]} shows" in how
    # the component's own file keeps its map on a page of its own, to reprint one board
    assert any(p["side"] == "map" for p in manifest["pages"] if p["file"] == f"{TILED[game]}.pdf")


def _capacity(manifest: dict) -> dict[str, int]:
    """How many of each component's faces one sheet of its own file holds (its own grid)."""
    per: dict[str, Counter] = defaultdict(Counter)
    for f in manifest["faces"]:
        if f["side"] == "front":
            per[f["component"]][f["file"], f["page"]] += 1
    return {c: max(pages.values()) for c, pages in per.items()}


# pieces cut apart (tokens, dice) may fill the gaps of other sheets; on A4 Intrepid's do, to reach its 29 sheets, and
# Sleeping Gods' do beside its board's tiles and its play references, to do without a last sheet a fifth full
SCATTERED = {"intrepid": {"career-badge", "scenario-token", "blank-country-board", "amplify-strain"},
             "sleeping-gods": {"resource", "command-token", "synergy-token", "fatigue-token", "status-token"}}


@pytest.mark.slow
@pytest.mark.parametrize("game", ["voyage", "sleeping-gods", "intrepid"])
def test_a_deck_that_fits_on_one_sheet_is_on_one_sheet(shared_build, game):
    """Voyage's 9 empty rooms and 10 peril cards, Sleeping Gods' 9 level and 8 weapon cards used to be split over two
    sheets; each now lies on one sheet of the document. Every card deck that one sheet holds is on one sheet; tokens
    too, but where they fill the gaps that save a sheet (Intrepid's, named in SCATTERED, and no more than those)."""
    from pnp.model.game import load_game

    from conftest import REPO

    _, manifest = _build(shared_build, game)
    kinds = {d.id: d.spec.kind for d in load_game(REPO, game).decks}
    capacity = _capacity(manifest)
    pages: dict[str, Counter] = defaultdict(Counter)
    for f in manifest["document_faces"]:
        if f["side"] == "front" and "tile" not in f:
            pages[f["component"]][f["page"]] += 1
    split = {c: dict(on) for c, on in pages.items() if sum(on.values()) <= capacity[c] and len(on) > 1}
    assert not {c for c in split if kinds[c] not in ("tokens", "die")}, split  # card decks: always whole
    assert set(split) <= SCATTERED.get(game, set()), split
    assert {"empty-room", "peril-deck"} <= set(pages) or {"level", "weapon"} <= set(pages) or game == "intrepid"


def _box(f: dict) -> tuple[float, float, float, float]:
    return f["x_mm"], f["y_mm"], f["w_mm"], f["h_mm"]


def _cut(f: dict) -> tuple[float, float, float, float]:
    """A face's cut outline: a tile's own (its face is the whole board), else its trim."""
    return tuple(f["trim_mm"]) if "trim_mm" in f else _box(f)


def _overlap(a: tuple, b: tuple) -> bool:
    across = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    return across > 0.1 and min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]) > 0.1


def backs_behind_fronts(manifest: dict, paper: tuple[float, float]) -> int:
    """Every back face of the document at the mirror image (long-edge duplex) of its front, on the page after it;
    nothing printed behind a piece that has no back; a backs page holds only backs. The number of backs checked."""
    faces = [f for f in manifest["document_faces"] if f["file"] == _doc(manifest)]
    fronts = {(f["component"], f["id"], f["copy"], f.get("tile")): f for f in faces if f["side"] == "front"}
    backed = {(f["component"], f["id"], f["copy"], f.get("tile")) for f in faces if f["side"] == "back"}
    sides = {p["page"]: p["side"] for p in manifest["pages"] if p["file"] == _doc(manifest)}
    checked = 0
    for back in (f for f in faces if f["side"] == "back"):
        key = (back["component"], back["id"], back["copy"], back.get("tile"))
        front = fronts[key]
        assert back["page"] == front["page"] + 1 and sides[back["page"]] == "back", (key, back["page"])
        x, y = mirror(*_box(front), paper, "long")
        assert (back["x_mm"], back["y_mm"]) == pytest.approx((x, y), abs=0.01), key
        behind = _cut(back)
        lone = [f for k, f in fronts.items() if f["page"] == front["page"] and k not in backed]
        assert not [f for f in lone if _overlap(behind, mirror_box(_cut(f), paper))], key
        checked += 1
    for f in faces:  # a backs page prints backs only
        if sides[f["page"]] == "back":
            assert f["side"] == "back", f
    return checked


def mirror_box(box: tuple[float, float, float, float], paper: tuple[float, float]) -> tuple[float, ...]:
    return (*mirror(*box, paper, "long"), box[2], box[3])


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("game", ["voyage", "sleeping-gods", "intrepid"])
def test_every_back_lies_behind_its_front_and_nothing_behind_a_one_sided_piece(shared_build, game, paper):
    _, manifest = _build(shared_build, game, paper)
    assert backs_behind_fronts(manifest, PAPER_MM[paper]) > 50


@pytest.mark.slow
def test_pieces_beside_a_tile_print_their_backs_behind_them(shared_build):
    """Intrepid's game board tiles leave room below them: pieces print there, their backs on the backs page after the
    tile (which has no back of its own), the tile's cut marks and the pieces' apart."""
    _, manifest = _build(shared_build, "intrepid")
    faces = [f for f in manifest["document_faces"] if f["file"] == _doc(manifest)]
    tiles = {f["page"]: f for f in faces if f["component"] == "game-board"}
    beside = [f for f in faces if f["page"] in tiles and f["component"] != "game-board"]
    assert beside
    for f in beside:
        tile = tiles[f["page"]]
        assert not _overlap(_box(f), tuple(tile["trim_mm"])), f
    backs = [f for f in faces if f["side"] == "back" and f["page"] - 1 in tiles]
    assert backs and all(f["component"] != "game-board" for f in backs)


def _board(w: float, h: float) -> Face:
    return Face(w * MM, h * MM, 3 * MM, [Rect(-3 * MM, -3 * MM, (w + 6) * MM, (h + 6) * MM, (0.2, 0.3, 0.4), None, 0)])


@pytest.mark.parametrize(("size", "beside"), [((380, 170), True), ((360, 520), False)])
def test_the_map_goes_beside_a_tile_only_where_a_page_has_room_for_it(size, beside):
    """A 380 x 170 mm board in three tiles leaves room below each: the map goes there, legible (its tile labels
    inside their pieces). A 360 x 520 mm board fills its four pages with its tiles: its map keeps a page of its own."""
    pages, plan = impose_board(_board(*size), None, {"component": "b", "id": "b", "copy": 1}, "Board",
                               (210 * MM, 297 * MM), 5 * MM, True, "long", [], 7 * MM, beside=True)
    maps = [p for p in pages if p.side == "map"]
    with_map = [p for p in pages if p.side == "front" and any(q.meta.get("side") == "map" for q in p.placements)]
    assert (len(maps), len(with_map)) == ((0, 1) if beside else (1, 0))
    assert len([p for p in pages if p.side == "front"]) == len(plan.tiles)
    if beside:
        page = with_map[0]
        tile = next(q for q in page.placements if q.meta.get("side") == "front")
        preview = next(q for q in page.placements if q.meta.get("side") == "map")
        assert not _overlap(tile.clip, preview.clip)
        assert all(t.piece[2] * preview.scale >= 16 * MM and t.piece[3] * preview.scale >= 11 * MM
                   for t in plan.tiles)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["A4", "letter"])
@pytest.mark.parametrize("game", ["voyage", "arkship", "moon", "sleeping-gods", "intrepid"])
def test_no_sheet_of_pieces_is_left_mostly_empty(shared_build, game, paper):
    """A last sheet of pieces a fifth full with a blank back (Sleeping Gods' on A4 was 21 %) is packed into the gaps
    of the others where they have room: every pieces sheet of the document covers at least 30 % of the paper, or
    the pieces of that sheet would not fit the others' gaps."""
    _, manifest = _build(shared_build, game, paper)
    document = f"{game}-pnp.pdf"
    pieces = [p for p in manifest["pages"] if p["file"] == document and p.get("group") == "pieces"
              and p["side"] == "front"]
    sparse = [(p["page"], p["coverage"]) for p in pieces if p["coverage"] < 0.3]
    assert not sparse, sparse
