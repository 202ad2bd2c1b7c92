"""Print craft on every paper: the whole bleed on every free edge of every face on A4 and Letter (or the face's
manifest entry says what it got and why), cut marks of 3 mm at least, the bleed of a back whose neighbour has no
back, cards turned on Letter where three rows leave no room for the bleed. Read back from the manifests."""

from __future__ import annotations

import math
import shutil
from collections import defaultdict

import pytest

from conftest import REPO, run_pnp

GAMES = ("voyage", "arkship", "moon", "sleeping-gods", "intrepid")
PAPERS = ("A4", "letter")
MARGIN = 5.0
PAPER_MM = {"A4": (210.0, 297.0), "letter": (215.9, 279.4)}


def _trim(f: dict) -> tuple[float, float, float, float]:
    """A face's cut outline: a tile's own, else its trim."""
    return tuple(f["trim_mm"]) if "trim_mm" in f else (f["x_mm"], f["y_mm"], f["w_mm"], f["h_mm"])


def _cut_against(box, other, side: int) -> bool:
    """`other` is cut against `box`'s side (0 left, 1 top, 2 right, 3 bottom)."""
    x, y, w, h = box
    ox, oy, ow, oh = other
    if side in (0, 2):
        edge, facing = (x, ox + ow) if side == 0 else (x + w, ox)
        overlap = min(y + h, oy + oh) - max(y, oy)
    else:
        edge, facing = (y, oy + oh) if side == 1 else (y + h, oy)
        overlap = min(x + w, ox + ow) - max(x, ox)
    return abs(edge - facing) < 0.05 and overlap > 0.5


def short_edges(manifest: dict, key: str) -> list[tuple]:
    """Every free edge (no face on the same page cut against it) with less than the build's bleed, of every face
    whose manifest entry does not say why."""
    want = manifest["bleed_mm"]
    pages: dict[tuple, list[dict]] = defaultdict(list)
    for f in manifest[key]:
        pages[(f["file"], f["page"])].append(f)
    out = []
    for faces in pages.values():
        boxes = [_trim(f) for f in faces]
        for f, box in zip(faces, boxes, strict=True):
            if f.get("bleed_note"):
                continue
            for side, bleed in enumerate(f["bleed_mm"]):
                if bleed < want - 0.001 and not any(o is not box and _cut_against(box, o, side) for o in boxes):
                    out.append((f["file"], f["page"], f["component"], f["id"], f["side"], "ltrb"[side], bleed))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_free_edge_of_every_face_has_the_whole_bleed(shared_build, game, paper):
    """3 mm beyond every edge no neighbour is cut against, on each component's sheets and in the document; a face
    that cannot have it (a write-in sheet, a die net) says why in its manifest entry."""
    _, manifest = shared_build(game, *(("--paper", paper) if paper != "A4" else ()))
    assert manifest["bleed_mm"] == 3.0
    for key in ("faces", "document_faces"):
        assert short_edges(manifest, key) == [], key
    for f in manifest["faces"]:
        if f.get("bleed_note"):
            assert "without bleed" in f["bleed_note"] or "mm of bleed" in f["bleed_note"], f


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("game", GAMES)
def test_every_cut_mark_is_3_mm_long_inside_the_printable_area(shared_build, game, paper):
    _, manifest = shared_build(game, *(("--paper", paper) if paper != "A4" else ()))
    pw, ph = PAPER_MM[paper]
    for page in manifest["pages"]:
        for x1, y1, x2, y2 in page["cut_marks_mm"]:
            assert math.hypot(x2 - x1, y2 - y1) >= 2.999, (page["file"], page["page"], page["what"])
            assert min(x1, x2) >= MARGIN - 0.01 and max(x1, x2) <= pw - MARGIN + 0.01
            assert min(y1, y2) >= MARGIN - 0.01 and max(y1, y2) <= ph - MARGIN + 0.01


@pytest.mark.slow
def test_ark_ship_signal_backs_bleed_where_the_slot_below_is_empty_on_the_back(shared_build):
    """A signal cut against a ship card (which has no back) prints its back's bleed on that side (the backs stopped
    on the trim line). Sheet 14's signals once lay above the ship cards; since decks are kept together (issue 30
    item 6) a signal may lie beside them: the side is the mirrored one (long-edge duplex: left and right swap)."""
    _, manifest = shared_build("arkship")
    fronts = {(f["page"], f["id"]): f for f in manifest["document_faces"] if f["side"] == "front"}
    backs = [f for f in manifest["document_faces"] if f["component"] == "signal" and f["side"] == "back"]
    beside_empty = 0
    for b in backs:
        front = fronts[(b["page"] - 1, b["id"])]
        backed = {g["id"] for g in manifest["document_faces"] if g["page"] == b["page"]}
        for side, behind in ((0, 2), (1, 1), (2, 0), (3, 3)):
            under = [f for (page, _), f in fronts.items() if page == front["page"]
                     and _cut_against(_trim(front), _trim(f), side)]
            if under and all(u["id"] not in backed for u in under):
                beside_empty += 1
                assert b["bleed_mm"][behind] == 3.0, (b, side)
    assert beside_empty >= 1


@pytest.mark.slow
def test_letter_poker_cards_lie_turned_with_their_whole_bleed(shared_build):
    """Three rows of poker cards leave 1.35 mm above and below on Letter: the cards lie turned, 2 x 4, each with
    3 mm; the backs turned the other way, behind their fronts."""
    _, manifest = shared_build("voyage", "--paper", "letter")
    ability = [f for f in manifest["faces"] if f["file"] == "ability.pdf"]
    fronts = {(f["page"], f["id"], f["copy"]): f for f in ability if f["side"] == "front"}
    assert all(f["turned"] == 90 and (f["w_mm"], f["h_mm"]) == (88.9, 63.5) for f in ability)
    per_page = defaultdict(int)
    for f in ability:
        per_page[f["page"]] += f["side"] == "front"
    assert max(per_page.values()) == 8
    for b in (f for f in ability if f["side"] == "back"):
        front = fronts[(b["page"] - 1, b["id"], b["copy"])]
        assert b["x_mm"] == pytest.approx(215.9 - front["x_mm"] - front["w_mm"], abs=0.01)
        assert b["y_mm"] == pytest.approx(front["y_mm"], abs=0.01)
    assert not any(f.get("bleed_note") for f in ability)


def _raster(path, page: int, dpi: int):
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    try:
        return pdf[page - 1].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        pdf.close()


def _lum(rgb) -> float:
    def lin(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b)


def _ratio(a, b) -> float:
    la, lb = _lum(a), _lum(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def _pixels(image) -> list[tuple[int, int, int]]:
    data = image.tobytes()
    return [(data[i], data[i + 1], data[i + 2]) for i in range(0, len(data), 3)]


def _ground(region) -> tuple[int, int, int]:
    """The colour most of a region shows; of colours shown as often, the first in reading order (as Counter's
    most_common would have it)."""
    colours = region.getcolors(region.size[0] * region.size[1])
    most = max(count for count, _ in colours)
    tied = {colour for count, colour in colours if count == most}
    if len(tied) == 1:
        return next(iter(tied))
    return next(p for p in _pixels(region) if p in tied)


def stamp_contrast(playtest, final, box_px) -> float | None:
    """The stamp's contrast in a strip of a face, read from the pixels: where the playtest print differs from the
    final one is the stamp (its letters, its plate); the colour most of that box shows is what the letters stand
    on, the pixel that stands out most from it is the ink. None: no stamp in the strip. (Read with Pillow: a pixel
    differs where one of its channels differs by more than 40; the most a pixel stands out is the most any of the
    region's distinct colours does.)"""
    from PIL import ImageChops

    a, b = playtest.crop(box_px), final.crop(box_px)
    over = ImageChops.difference(a, b).point(lambda v: 255 if v > 40 else 0).split()
    differs = ImageChops.lighter(ImageChops.lighter(over[0], over[1]), over[2])
    if differs.histogram()[255] < 20:
        return None
    region = a.crop(differs.getbbox())
    ground = _ground(region)
    return max(_ratio(p, ground) for _, p in region.getcolors(region.size[0] * region.size[1]))


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_stamp_stands_out_4_5_to_1_on_every_stamped_face(shared_build, game, tmp_path):
    """Each face on the first sheet of fronts of every component, printed as a playtest and as a final print: the
    stamp (what differs in the face's top and bottom 3 mm) reads at 4.5:1 at least against what it stands on (it
    was mid grey: 1.26:1 on Voyage's teal rooms, 1.34:1 on Ark Ship's life goals)."""
    out, manifest = shared_build(game)
    if game == "arkship":  # its placeholders refuse a final print: a copy with them written
        root = tmp_path / "copy"
        for folder in ("cards/arkship", "templates/arkship", "fonts", "templates"):
            if not (root / folder).exists():
                shutil.copytree(REPO / folder, root / folder, dirs_exist_ok=True)
        for path in [*(root / "cards/arkship").glob("*.yaml"), root / "cards/arkship/rulebook.md"]:
            path.write_text(path.read_text().replace("[NAME PENDING]", "Named"))
        final_out = tmp_path / "final"
        r = run_pnp("--root", str(root), "build", game, "--final", "--out", str(final_out))
        assert r.code == 0, r.err
    else:
        final_out, _ = shared_build(game, "--final")
    dpi = 300
    k = dpi / 25.4
    measured = 0
    first_fronts: dict[str, int] = {}
    for f in manifest["faces"]:
        if f["side"] == "front" and f["file"] != manifest["files"][0]["path"] and "tile" not in f:
            first_fronts.setdefault(f["file"], f["page"])
    for file, page in first_fronts.items():
        if not file.endswith(".pdf") or "rulebook" in file:
            continue
        playtest, final = _raster(out / file, page, dpi), _raster(final_out / file, page, dpi)
        for f in manifest["faces"]:
            if f["file"] != file or f["page"] != page or f["side"] != "front" or min(f["w_mm"], f["h_mm"]) < 30:
                continue  # a face under 30 mm carries no stamp (its page's footer says playtest)
            x, y, w, h = f["x_mm"], f["y_mm"], f["w_mm"], f["h_mm"]
            for top in (y, y + h - 3.0):
                box = (round(x * k), round(top * k), round((x + w) * k), round((top + 3.0) * k))
                found = stamp_contrast(playtest, final, box)
                if found is not None:
                    measured += 1
                    assert found >= 4.5, (file, f["id"], round(found, 2))
    assert measured >= 3


def _faces_of(game_id: str) -> dict[str, list]:
    """Every laid-out front face of a bundled game, by deck."""
    from pnp.core.errors import Problems
    from pnp.layout.whole_game import lay_out_game
    from pnp.model.game import load_game

    game = load_game(REPO, game_id)
    _, decks = lay_out_game(game, 3 * 72 / 25.4, Problems())
    return {deck.id: [face for face, _, _ in entries] for deck, entries, _ in decks}


def _flat(items: list) -> list:
    from pnp.layout.scene import Static

    return [i for item in items for i in (_flat(item.items) if isinstance(item, Static) else [item])]


def _six_nine_marks(items: list) -> int:
    """How many lone 6s and 9s carry a mark (the polygon laid out right after the number, in its colour)."""
    from pnp.layout.scene import Polygon, Text

    items = _flat(items)
    found = 0
    for i, item in enumerate(items):
        if isinstance(item, Text) and len(item.runs) == 1 and item.runs[0].text.strip() in ("6", "9"):
            nxt = items[i + 1] if i + 1 < len(items) else None
            found += isinstance(nxt, Polygon) and nxt.fill == item.runs[0].color and len(nxt.points) > 4
    return found


def test_six_and_nine_are_marked_only_on_faces_a_player_turns():
    """Voyage's round tracker and Ark Ship's knowledge track never turn: their 6 and 9 run in order, and a bar
    under them read as a typo. Moon's starship cards lie between the players, read from both ends: marked."""
    voyage, arkship, moon = _faces_of("voyage"), _faces_of("arkship"), _faces_of("moon")
    assert sum(_six_nine_marks(f.items) for f in voyage["track"]) == 0
    assert sum(_six_nine_marks(f.items) for f in arkship["ship-sheet"]) == 0
    assert sum(_six_nine_marks(f.items) for f in moon["starship"]) > 0


def _folds(face) -> list:
    """The dashed lines right across a face: where a standee folds."""
    from pnp.layout.scene import Line

    return [i for i in _flat(face.items) if isinstance(i, Line) and i.dash and abs(i.y1 - i.y2) < 0.01
            and abs(abs(i.x2 - i.x1) - face.w) < 0.5]


@pytest.mark.parametrize("game", GAMES)
def test_every_standee_says_where_its_feet_fold(game):
    """A face folded on two or more dashed lines across it (a fold-over standee) says on its feet which way they
    fold, as Voyage's did and Ark Ship's meeples did not."""
    from pnp.layout.scene import Text

    standees = 0
    for deck, faces in _faces_of(game).items():
        for face in faces:
            if len(_folds(face)) < 2:
                continue
            standees += 1
            words = " ".join(r.text for i in _flat(face.items) if isinstance(i, Text) for r in i.runs
                             if hasattr(r, "text")).lower()
            assert words.count("fold") >= 2, (deck, words)
    assert standees or game not in ("voyage", "arkship")


def _footer_places(path) -> list[list[tuple[float, float, bool]]]:
    """Per page: where each piece of the running footer that names the page ('page i of n') starts, (x, y from the
    top, in points) and whether it runs up a side."""
    from pypdf import PdfReader

    out = []
    for page in PdfReader(path).pages:
        h = float(page.mediabox.height)
        found: list[tuple[float, float, bool]] = []

        def visit(text, cm, tm, _fd, _fs, found=found, h=h):
            if "page " in text and " of " in text:
                a, b, _, _, e, f = tm
                ca, cb, cc, cd, ce, cf = cm
                x, y = e * ca + f * cc + ce, e * cb + f * cd + cf
                found.append((x, h - y, abs(a * cb + b * cd) > 1e-6 or abs(a * ca + b * cc) < 1e-6))

        page.extract_text(visitor_text=visit)
        out.append(found)
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("game", "file"), [("arkship", "arkship-pnp.pdf"), ("arkship", "crew-sheet.pdf"),
                                            ("sleeping-gods", "reference.pdf"), ("voyage", "ability.pdf")])
def test_the_footer_is_on_every_sheet_on_letter_and_off_every_bleed(shared_build, game, file):
    """One place on every sheet, off every face's bleed (the bleed is art to the edge it is cut at): along the foot
    where the bleed leaves room there, else up a side (Sleeping Gods' play references fill Letter's foot to 2.3 mm
    of its margin: the footer there runs up the right-hand margin)."""
    out, manifest = shared_build(game, "--paper", "letter")
    pages = _footer_places(out / file)
    assert pages
    mm = 72 / 25.4
    for number, found in enumerate(pages, 1):
        assert found, (file, number)
        cells = [((f["x_mm"] - f["bleed_mm"][0]) * mm, (f["y_mm"] - f["bleed_mm"][1]) * mm,
                  (f["x_mm"] + f["w_mm"] + f["bleed_mm"][2]) * mm, (f["y_mm"] + f["h_mm"] + f["bleed_mm"][3]) * mm)
                 for f in manifest["faces"] + manifest["document_faces"] if f["file"] == file and f["page"] == number
                 and "trim_mm" not in f]
        for x, y, turned in found:
            assert not any(x0 < x < x1 and y0 < y < y1 for x0, y0, x1, y1 in cells), (file, number, x, y)
            if file == "reference.pdf":
                assert turned, (file, number)
            elif not turned:
                assert y > 279.4 * mm - 5 * mm - 8, (file, number, y)
