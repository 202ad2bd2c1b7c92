"""Image exports of the real Voyage game: print-on-demand PNGs, Tabletop Simulator decks, previews."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from pnp.commands.build import BuildOptions, prepare
from pnp.commands.preview import preview
from pnp.errors import InputError
from pnp.layout.game import Prepared
from pnp.layout.scene import Face, Rect
from pnp.model.units import MM
from pnp.output.export import VENDORS, export_png, export_tts, tts_grid
from pnp.output.raster import faces_to_images, pdf_to_images

from conftest import REPO

pytestmark = pytest.mark.slow  # exports of the whole Voyage pack

ABILITY_BLUE = (0x2F, 0x4F, 0x9C)


def px(mm: float, dpi: int = 300) -> int:
    return round(mm / 25.4 * dpi)


@pytest.fixture(scope="module")
def prep() -> Prepared:
    return prepare(REPO, "voyage", BuildOptions())


def only(prep: Prepared, *ids: str) -> Prepared:
    """The game with just these decks (exports take seconds for the whole game)."""
    decks = [d for d in prep.decks if d[0].id in ids]
    assert [d[0].id for d in decks] == [i for i in (d[0].id for d in prep.decks) if i in ids]
    return dataclasses.replace(prep, decks=decks)


def deck(prep: Prepared, deck_id: str):
    return next(d for d in prep.decks if d[0].id == deck_id)


def path_of(url: str) -> Path:
    assert url.startswith("file:///")
    return Path(unquote(urlparse(url).path))


# -- PNGs for print-on-demand -----------------------------------------------------------------------

def test_png_one_file_per_face_with_bleed_at_300_dpi(prep, tmp_path):
    paths = export_png(only(prep, "captain"), tmp_path)
    ids = [card.id for card in deck(prep, "captain")[0].cards]
    assert len(ids) == 6
    assert sorted(p.name for p in paths) == sorted([f"captain-{i}-1.png" for i in ids] + ["captain-back.png"])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(p.name for p in paths)
    for path in paths:
        with Image.open(path) as im:
            assert im.size == (px(63.5 + 2 * 3), px(88.9 + 2 * 3)) == (821, 1121)
            assert im.mode == "RGB"
            assert [round(v) for v in im.info["dpi"]] == [300, 300]


def test_png_copies_each_get_a_file(prep, tmp_path):
    names = {p.name for p in export_png(only(prep, "peril-deck", "damage-token"), tmp_path)}
    assert {f"damage-token-damage-token-{n}.png" for n in range(1, 28)} <= names
    assert "damage-token-back.png" not in names  # tokens without a back: no back file
    assert len(names) == 27 + 10 + 1


@pytest.mark.parametrize("vendor, sizes", [("tgc", {"captain": (825, 1125), "peril-deck": (600, 825)}),
                                           ("mpc", {"captain": (822, 1122), "peril-deck": (597, 822)})])
def test_png_vendor_sizes(prep, tmp_path, vendor, sizes):
    paths = export_png(only(prep, "captain", "peril-deck"), tmp_path, vendor)
    assert len(paths) == 6 + 1 + 10 + 1
    for path in paths:
        with Image.open(path) as im:
            assert im.size == sizes["captain" if path.name.startswith("captain") else "peril-deck"]
            assert im.mode == "RGB"
            assert [round(v) for v in im.info["dpi"]] == [300, 300]
    assert VENDORS["tgc"]["poker"] == (825, 1125) and VENDORS["mpc"]["poker"] == (822, 1122)


def test_png_vendor_turns_a_landscape_card_upright(prep, tmp_path):
    captain, entries, _ = deck(prep, "captain")
    side = Face(88.9 * MM, 63.5 * MM, 3 * MM, [Rect(-9, -9, 30 * MM + 9, 70 * MM, fill=(1.0, 0.0, 0.0))])
    game = dataclasses.replace(prep, decks=[(captain, [(side, None, {"component": "captain", "id": "x", "copy": 1})],
                                             (side.w, side.h))])
    [path] = export_png(game, tmp_path, "tgc")
    with Image.open(path) as im:
        assert im.size == (825, 1125)
        # the red left third of the landscape card is now a band along the bottom of the upright image
        assert im.getpixel((20, 1100)) == im.getpixel((800, 1100)) == (255, 0, 0)
        assert im.getpixel((20, 20)) == im.getpixel((800, 20)) == (255, 255, 255)


def test_png_vendor_refuses_a_size_it_does_not_print(prep, tmp_path):
    with pytest.raises(InputError) as err:
        export_png(only(prep, "captain", "marker", "track"), tmp_path / "out", "tgc")
    text = str(err.value)
    assert "deck 'marker': 16.00 x 16.00 mm is not a card size tgc prints" in text
    assert "deck 'track': 190.00 x 30.00 mm" in text
    assert "captain" not in text
    assert not (tmp_path / "out").exists()  # checked before anything is written
    with pytest.raises(InputError, match="no vendor 'lulu' \\(vendors: tgc, mpc\\)"):
        export_png(prep, tmp_path, "lulu")


def test_png_per_card_backs_are_named_after_their_card(prep, tmp_path):
    captain, entries, size = deck(prep, "captain")
    own = [(front, front, meta) for front, _, meta in entries]  # each card its own back
    names = {p.name for p in export_png(dataclasses.replace(prep, decks=[(captain, own, size)]), tmp_path)}
    assert names == {f"captain-{m['id']}-1{end}.png" for _, _, m in entries for end in ("", "-back")}


def test_ability_card_pixels(prep):
    _, entries, _ = deck(prep, "ability")
    front, back, meta = entries[0]
    assert meta["id"] == "duct-tape"
    image, again, back_image = faces_to_images(prep, [front, front, back], 300)
    assert image is again  # copies are drawn once
    assert image.size == (821, 1121) and image.mode == "RGB"
    assert image.getpixel((image.width // 2, image.height // 2)) != (255, 255, 255)  # something drawn
    for x, y in [(2, 2), (image.width - 3, image.height - 3)]:  # in the bleed: the background colour
        assert all(abs(a - b) <= 3 for a, b in zip(image.getpixel((x, y)), ABILITY_BLUE, strict=True))
    assert back_image.getpixel((2, 2)) != (255, 255, 255)


def test_pdf_to_images_reads_a_file(prep, tmp_path):
    from pnp.output.raster import faces_pdf

    pdf = tmp_path / "faces.pdf"
    pdf.write_bytes(faces_pdf(prep, [deck(prep, "room")[1][0][0], deck(prep, "captain")[1][0][0]]))
    images = pdf_to_images(pdf, 72)
    assert [im.size for im in images] == [(px(69.5, 72), px(69.5, 72)), (px(69.5, 72), px(94.9, 72))]


# -- Tabletop Simulator ---------------------------------------------------------------------------

def test_tts_ability_deck(prep, tmp_path):
    paths = export_tts(only(prep, "ability"), tmp_path)
    assert sorted(p.name for p in paths) == ["ability-back.png", "ability-sheet-1.png", "ability.json"]
    save = json.loads((tmp_path / "ability.json").read_text())
    [obj] = save["ObjectStates"]
    assert obj["Name"] == "DeckCustom" and obj["Nickname"] == "Ability"
    assert obj["DeckIDs"] == list(range(100, 144))
    assert [c["CardID"] for c in obj["ContainedObjects"]] == obj["DeckIDs"]
    assert obj["ContainedObjects"][0]["Nickname"] == obj["ContainedObjects"][1]["Nickname"] == "Duct Tape"
    assert obj["Transform"]["scaleX"] == obj["Transform"]["scaleZ"] == 1
    entry = obj["CustomDeck"]["1"]
    assert list(obj["CustomDeck"]) == ["1"]
    assert obj["ContainedObjects"][5]["CustomDeck"] == {"1": entry}
    cols, rows = entry["NumWidth"], entry["NumHeight"]
    assert (cols, rows, entry["BackIsHidden"], entry["UniqueBack"], entry["Type"]) == (8, 6, True, False, 0)
    assert 44 < cols * rows <= 70 and cols <= 10 and rows <= 7
    sheet, back = path_of(entry["FaceURL"]), path_of(entry["BackURL"])
    assert sheet == (tmp_path / "ability-sheet-1.png").resolve() and back.is_file()
    with Image.open(sheet) as im, Image.open(back) as bk:
        assert im.width <= 4096 and im.height <= 4096
        cell = (im.width // cols, im.height // rows)
        assert (im.width, im.height) == (cell[0] * cols, cell[1] * rows) and bk.size == cell
        assert abs(cell[0] / cell[1] - 63.5 / 88.9) < 0.01  # cut at the trim, aspect kept
        im = im.convert("RGB")
        assert im.getpixel((cell[0] * 5 + 3, cell[1] * 5 + 3)) == (255, 255, 255)  # after the 44th card: empty
        hidden = im.crop((cell[0] * (cols - 1), cell[1] * (rows - 1), im.width, im.height))
        assert hidden.tobytes() == bk.convert("RGB").tobytes()  # the hidden card's cell shows the back


def test_tts_more_than_69_cards_take_more_sheets(prep, tmp_path):
    marker, entries, size = deck(prep, "marker")
    many = (entries * 25)[:75]
    paths = export_tts(dataclasses.replace(prep, decks=[(marker, many, size)]), tmp_path)
    assert sorted(p.name for p in paths) == ["marker-back.png", "marker-sheet-1.png", "marker-sheet-2.png",
                                             "marker.json"]
    [obj] = json.loads((tmp_path / "marker.json").read_text())["ObjectStates"]
    assert obj["DeckIDs"] == list(range(100, 169)) + list(range(200, 206))
    assert list(obj["CustomDeck"]) == ["1", "2"]
    assert (obj["CustomDeck"]["1"]["NumWidth"], obj["CustomDeck"]["1"]["NumHeight"]) == (10, 7)
    assert obj["CustomDeck"]["2"]["NumWidth"] * obj["CustomDeck"]["2"]["NumHeight"] >= 7
    assert obj["CustomDeck"]["1"]["Type"] == 4  # round tokens
    assert obj["ContainedObjects"][70]["CustomDeck"] == {"2": obj["CustomDeck"]["2"]}
    assert path_of(obj["CustomDeck"]["2"]["FaceURL"]).name == "marker-sheet-2.png"
    with Image.open(tmp_path / "marker-back.png") as back:  # markers have no back: a plain grey card
        assert back.convert("RGB").getpixel((back.width // 2, back.height // 2)) == (128, 128, 128)


def test_tts_per_card_backs_make_back_sheets(prep, tmp_path):
    captain, entries, size = deck(prep, "captain")
    own = [(front, front, meta) for front, _, meta in entries]
    export_tts(dataclasses.replace(prep, decks=[(captain, own, size)]), tmp_path)
    [obj] = json.loads((tmp_path / "captain.json").read_text())["ObjectStates"]
    entry = obj["CustomDeck"]["1"]
    assert entry["UniqueBack"] is True and path_of(entry["BackURL"]).name == "captain-back-1.png"
    assert path_of(entry["BackURL"]).is_file()


def test_tts_grid_keeps_the_hidden_card_and_the_size_limit():
    for count in range(1, 70):
        cols, rows, (w, h) = tts_grid(count, (750, 1050))
        assert 2 <= cols <= 10 and 2 <= rows <= 7 and cols * rows > count
        assert cols * w <= 4096 and rows * h <= 4096 and w <= 750 and abs(w / h - 750 / 1050) < 0.01


# -- previews ---------------------------------------------------------------------------------------

def test_preview_one_card_and_its_deck_sheet(prep, tmp_path):
    paths = preview(prep, tmp_path, "ability/duct-tape")
    assert [p.name for p in paths] == ["ability-duct-tape.png", "ability-sheet.png"]
    with Image.open(paths[0]) as card:
        assert card.size == (px(69.5, 150), px(94.9, 150))
        assert abs(card.width / card.height - 69.5 / 94.9) < 0.005
    with Image.open(paths[1]) as sheet:
        trim_w = round(px(69.5, 150) - 2 * px(3, 150))
        assert sheet.width > 6 * trim_w and sheet.width < 6 * trim_w + 7 * px(3, 150)  # 6 columns, small gaps
        assert sheet.height > 4 * sheet.width / 6  # 22 distinct fronts: 4 rows
        assert sheet.convert("RGB").getpixel((1, 1)) == (255, 255, 255)


def test_preview_a_deck_writes_each_card_once(prep, tmp_path):
    names = [p.name for p in preview(prep, tmp_path, "ability", dpi=40)]
    assert len(names) == 22 + 1 and names[-1] == "ability-sheet.png"
    assert len(set(names)) == len(names)


def test_preview_without_selector_writes_contact_sheets(prep, tmp_path):
    names = [p.name for p in preview(only(prep, "room", "captain"), tmp_path, dpi=40)]
    assert names == ["room-sheet.png", "captain-sheet.png"]


def test_preview_unknown_names_say_what_exists(prep, tmp_path):
    with pytest.raises(InputError) as err:
        preview(prep, tmp_path, "abilty")
    assert "no component 'abilty' (components: room, empty-room, ability," in str(err.value)
    with pytest.raises(InputError) as err:
        preview(prep, tmp_path, "ability/duck-tape")
    assert "no card 'duck-tape' in component 'ability' (cards: duct-tape, repair-drone," in str(err.value)
    assert not list(tmp_path.iterdir())


@pytest.mark.slow  # every export of the whole game, through the CLI
def test_cli_export_and_preview(tmp_path):
    from PIL import Image

    from conftest import run_pnp

    result = run_pnp("export", "voyage", "--to", "png", "--vendor", "mpc", "--only", "captain", "--out",
                     str(tmp_path / "png"))
    assert result.code == 0, result.err
    files = sorted(p.name for p in (tmp_path / "png").iterdir())
    assert len(files) == 7 and "captain-back.png" in files and "captain-beowulf-1.png" in files
    assert Image.open(tmp_path / "png" / "captain-beowulf-1.png").size == (822, 1122)
    result = run_pnp("export", "voyage", "--to", "png", "--vendor", "tgc", "--out", str(tmp_path / "all"))
    assert result.code == 0 and result.out.startswith("not a tgc card size, left out: ship-board, damage-token")
    result = run_pnp("preview", "voyage", "captain/beowulf", "--out", str(tmp_path / "preview"))
    assert result.code == 0, result.err
    assert sorted(p.name for p in (tmp_path / "preview").iterdir()) == ["captain-beowulf.png", "captain-sheet.png"]
    result = run_pnp("preview", "voyage", "captain/nobody", "--out", str(tmp_path / "x"))
    assert result.code == 2 and "no card 'nobody' in component 'captain'" in result.err
