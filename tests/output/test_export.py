"""Image exports of the real Voyage game: print-on-demand PNGs, Tabletop Simulator decks, previews."""

from __future__ import annotations

import dataclasses
import json
import math
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from pnp.commands.build import BuildOptions, prepare
from pnp.commands.preview import preview
from pnp.core.errors import InputError
from pnp.layout.scene import Face, Rect
from pnp.layout.whole_game import Prepared
from pnp.model.units import MM
from pnp.output.export.faces import VENDORS, export_png
from pnp.output.export.raster import FaceImages, faces_to_images, pdf_to_images
from pnp.output.export.tts.components import export_tts
from pnp.output.export.tts.saved import tts_grid

from conftest import REPO, run_measured

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


def names(result) -> list[str]:
    return sorted(p.name for p in result.files)


def listing(folder: Path) -> list[str]:
    """What the folder holds besides the manifest every export writes."""
    return sorted(p.name for p in folder.iterdir() if p.name != "manifest.json")


def path_of(url: str, folder: Path) -> Path:
    """The file a link of a TTS export names: relative to its folder, or under a base URL."""
    name = unquote(urlparse(url).path).rsplit("/", 1)[-1]
    assert url in (name, BASE + name), url
    return folder / name


BASE = "https://example.org/voyage/tts/"


# -- PNGs for print-on-demand -----------------------------------------------------------------------

def test_png_one_file_per_face_with_bleed_at_300_dpi(prep, tmp_path):
    paths = export_png(only(prep, "captain"), tmp_path).files
    ids = [card.id for card in deck(prep, "captain")[0].cards]
    assert len(ids) == 6
    assert sorted(p.name for p in paths) == sorted([f"captain-{i}-1.png" for i in ids] + ["captain-back.png"])
    assert listing(tmp_path) == sorted(p.name for p in paths)
    for path in paths:
        with Image.open(path) as im:
            assert im.size == (px(63.5 + 2 * 3), px(88.9 + 2 * 3)) == (821, 1121)
            assert im.mode == "RGB"
            assert [round(v) for v in im.info["dpi"]] == [300, 300]


def test_png_copies_each_get_a_file(prep, tmp_path):
    files = set(names(export_png(only(prep, "peril-deck", "damage-token"), tmp_path)))
    assert {f"damage-token-damage-token-{n}.png" for n in range(1, 28)} <= files
    assert "damage-token-back.png" not in files  # tokens without a back: no back file
    assert len(files) == 27 + 10 + 1


@pytest.mark.parametrize("vendor, sizes", [("tgc", {"captain": (825, 1125), "peril-deck": (600, 825)}),
                                           ("mpc", {"captain": (822, 1122), "peril-deck": (597, 822)})])
def test_png_vendor_sizes(prep, tmp_path, vendor, sizes):
    paths = export_png(only(prep, "captain", "peril-deck"), tmp_path, vendor).files
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
    [path] = export_png(game, tmp_path, "tgc").files
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
    files = set(names(export_png(dataclasses.replace(prep, decks=[(captain, own, size)]), tmp_path)))
    assert files == {f"captain-{m['id']}-1{end}.png" for _, _, m in entries for end in ("", "-back")}


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
    from pnp.output.export.raster import faces_pdf

    pdf = tmp_path / "faces.pdf"
    pdf.write_bytes(faces_pdf(prep, [deck(prep, "room")[1][0][0], deck(prep, "captain")[1][0][0]]))
    images = pdf_to_images(pdf, 72)
    assert [im.size for im in images] == [(px(69.5, 72), px(69.5, 72)), (px(69.5, 72), px(94.9, 72))]


# -- Tabletop Simulator ---------------------------------------------------------------------------

def test_the_tts_readme_names_an_image_of_its_own_game(tmp_path):
    from conftest import run_pnp

    assert run_pnp("new", "--project", str(tmp_path / "quest")).code == 0
    assert run_pnp("--root", str(tmp_path / "quest"), "export", "quest", "--to", "tts").code == 0
    folder = tmp_path / "quest/output/quest/tts"
    readme = (folder / "README.txt").read_text()
    named = readme.split("relative to this folder (e.g. `")[1].split("`")[0]
    assert (folder / named).is_file() and named.endswith(".png")  # one of this export's own images
    assert "ability" not in readme  # (Voyage's deck)


def test_tts_ability_deck(prep, tmp_path):
    result = export_tts(only(prep, "ability"), tmp_path)
    assert names(result) == ["README.txt", "ability-back.png", "ability-sheet-1.png", "ability.json"]
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
    assert (entry["FaceURL"], entry["BackURL"]) == ("ability-sheet-1.png", "ability-back.png")  # relative links
    sheet, back = path_of(entry["FaceURL"], tmp_path), path_of(entry["BackURL"], tmp_path)
    with Image.open(sheet) as im, Image.open(back) as bk:
        assert im.width <= 4096 and im.height <= 4096
        cell = (im.width // cols, im.height // rows)
        assert (im.width, im.height) == (cell[0] * cols, cell[1] * rows) and bk.size == cell
        assert abs(cell[0] / cell[1] - 63.5 / 88.9) < 0.01  # cut at the trim, aspect kept
        im = im.convert("RGB")
        assert im.getpixel((cell[0] * 5 + 3, cell[1] * 5 + 3)) == (255, 255, 255)  # after the 44th card: empty
        hidden = im.crop((cell[0] * (cols - 1), cell[1] * (rows - 1), im.width, im.height))
        assert hidden.tobytes() == bk.convert("RGB").tobytes()  # the hidden card's cell shows the back
    readme = (tmp_path / "README.txt").read_text()
    assert "--base-url https://" in readme and "Saved Objects" in readme
    assert "ability.json                 a deck of 44 cards" in readme


def test_tts_more_than_69_cards_take_more_sheets(prep, tmp_path):
    peril, entries, size = deck(prep, "peril-deck")
    many = (entries * 8)[:75]
    result = export_tts(dataclasses.replace(prep, decks=[(peril, many, size)]), tmp_path)
    assert names(result) == ["README.txt", "peril-deck-back.png", "peril-deck-sheet-1.png", "peril-deck-sheet-2.png",
                             "peril-deck.json"]
    [obj] = json.loads((tmp_path / "peril-deck.json").read_text())["ObjectStates"]
    assert obj["DeckIDs"] == list(range(100, 169)) + list(range(200, 206))
    assert list(obj["CustomDeck"]) == ["1", "2"]
    assert (obj["CustomDeck"]["1"]["NumWidth"], obj["CustomDeck"]["1"]["NumHeight"]) == (10, 7)
    assert obj["CustomDeck"]["2"]["NumWidth"] * obj["CustomDeck"]["2"]["NumHeight"] >= 7
    assert obj["ContainedObjects"][70]["CustomDeck"] == {"2": obj["CustomDeck"]["2"]}
    assert obj["CustomDeck"]["2"]["FaceURL"] == "peril-deck-sheet-2.png"


def test_tts_per_card_backs_make_back_sheets(prep, tmp_path):
    captain, entries, size = deck(prep, "captain")
    own = [(front, front, meta) for front, _, meta in entries]
    export_tts(dataclasses.replace(prep, decks=[(captain, own, size)]), tmp_path)
    [obj] = json.loads((tmp_path / "captain.json").read_text())["ObjectStates"]
    entry = obj["CustomDeck"]["1"]
    assert entry["UniqueBack"] is True and entry["BackURL"] == "captain-back-1.png"
    assert path_of(entry["BackURL"], tmp_path).is_file()


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="peak memory is read from /proc")
def test_a_tts_export_of_150_cards_holds_about_a_face_at_a_time(project):
    """Every face of a deck was drawn at 300 dpi and held, cut and resized, until its sheets were made: 2.0 GB for
    300 cards. Each face is now drawn when its cell of a sheet is filled; the peak is about a sheet and a face, whatever
    the count: 150 cards on three sheets show it (held, their faces would be 1.2 GB)."""
    spells = project / "cards/mini/spells.yaml"
    text = spells.read_text().replace("copies: 2\n", "copies: 1\n")
    spells.write_text(text[:text.index("cards:")] + "cards:\n" + "".join(
        f"  - {{id: s{i}, name: Spell {i}, cost: {i % 10}, text: \"Deal :damage: {i} times.\"}}\n" for i in range(150)))
    code, err, peak_mb = run_measured(project, "export", "mini", "--to", "tts")
    assert code == 0, err
    out = project / "output/mini/tts"
    assert sorted(p.name for p in out.glob("spell-sheet-*.png")) == [f"spell-sheet-{n}.png" for n in range(1, 4)]
    [obj] = json.loads((out / "spell.json").read_text())["ObjectStates"]
    assert len(obj["ContainedObjects"]) == 150
    assert peak_mb < 400, f"peak memory {peak_mb} MB (150 faces at 300 dpi are 1.2 GB of pixels)"


def urls_of(node) -> list[str]:
    """Every image or model link in a TTS save, wherever it sits."""
    if isinstance(node, dict):
        return [v for k, v in node.items() if k.endswith("URL") and v] + [u for v in node.values() for u in urls_of(v)]
    return [u for v in node for u in urls_of(v)] if isinstance(node, list) else []


@pytest.fixture(scope="module")
def tts_whole(prep, tmp_path_factory) -> tuple[Path, object]:
    """The whole of Voyage exported for Tabletop Simulator, its links under a base URL."""
    out = tmp_path_factory.mktemp("tts") / "tts"
    return out, export_tts(prep, out, BASE.rstrip("/"))


def test_tts_whole_game_loads_from_a_base_url(prep, tts_whole):
    out, result = tts_whole
    assert result.left_out == []
    kinds = {}
    for d, entries, _ in prep.decks:
        [obj] = json.loads((out / f"{d.id}.json").read_text())["ObjectStates"]
        for url in urls_of(obj):  # every link: under the base URL, naming a file the export wrote
            assert url.startswith(BASE) and path_of(url, out).is_file(), (d.id, url)
        inner = obj.get("ContainedObjects", [obj])
        kinds[d.id] = (obj["Name"], {o["Name"] for o in inner}, len(inner))
        assert len(inner) == len(entries) == d.faces  # one object per printed piece: every copy
    assert kinds["ability"] == ("DeckCustom", {"Card"}, 44)
    assert kinds["event"] == ("DeckCustom", {"Card"}, 20) and kinds["reference"] == ("DeckCustom", {"Card"}, 4)
    assert kinds["ship-board"] == ("Custom_Board", {"Custom_Board"}, 1)
    assert kinds["damage-token"] == ("Bag", {"Custom_Tile"}, 27)
    assert kinds["action-cube"] == ("Bag", {"Custom_Tile"}, 25)
    assert kinds["track"] == ("Bag", {"Custom_Tile"}, 3)  # strips of no card size: tiles, not stretched cards
    assert kinds["peril-die"] == ("Custom_Model", {"Custom_Model"}, 1)
    [token] = json.loads((out / "damage-token.json").read_text())["ObjectStates"]
    tile = token["ContainedObjects"][0]["CustomImage"]
    assert tile["CustomTile"]["Type"] == 2 and tile["CustomTile"]["Stretch"] is False  # round, its own aspect
    [cubes] = json.loads((out / "action-cube.json").read_text())["ObjectStates"]
    assert cubes["ContainedObjects"][0]["CustomImage"]["CustomTile"]["Type"] == 0
    [board] = json.loads((out / "ship-board.json").read_text())["ObjectStates"]
    with Image.open(path_of(board["CustomImage"]["ImageURL"], out)) as im:
        assert abs(im.width - px(250)) <= 1 and abs(im.height - px(300)) <= 1  # the whole board at its trim
    manifest = json.loads((out / "manifest.json").read_text())
    assert sorted(f["path"] for f in manifest["files"]) == listing(out) == names(result)
    assert manifest["export"] == "tts" and manifest["left_out"] == []
    readme = (out / "README.txt").read_text()
    assert f"points to {BASE}" in readme and "peril-die.json" in readme and "1 d10 die model" in readme


def test_tts_die_is_a_model_textured_with_its_net(prep, tts_whole):
    from pnp.output.export.tts.die_model import die_mesh, edge_of, up_rotation

    out, _ = tts_whole
    [die] = json.loads((out / "peril-die.json").read_text())["ObjectStates"]
    mesh = die["CustomMesh"]
    assert mesh["TypeIndex"] == 2  # TTS's "Dice" type: it rolls, and says what it shows
    assert (mesh["MeshURL"], mesh["DiffuseURL"]) == (BASE + "peril-die.obj", BASE + "peril-die.png")
    faces = json.loads(json.dumps(prep.game.data["peril-die"].data))["faces"]
    assert [v["Value"] for v in die["RotationValues"]] == [str(f.get("number", f["id"])) for f in faces]
    obj = (out / "peril-die.obj").read_text().splitlines()
    verts = [tuple(map(float, line.split()[1:])) for line in obj if line.startswith("v ")]
    uvs = [tuple(map(float, line.split()[1:])) for line in obj if line.startswith("vt ")]
    polys = [[tuple(int(i) - 1 for i in c.split("/")) for c in line.split()[1:]]
             for line in obj if line.startswith("f ")]
    assert len(polys) == 10 and all(len(p) == 4 for p in polys)  # ten kites
    with Image.open(out / "peril-die.png") as texture:
        texture = texture.convert("RGB")
        for index, poly in enumerate(polys):
            pts = [verts[v] for v, _, _ in poly]
            centre = [sum(p[k] for p in pts) / 4 for k in range(3)]
            a, b, c = pts[0], pts[1], pts[2]
            n = [(b[1] - a[1]) * (c[2] - a[2]) - (b[2] - a[2]) * (c[1] - a[1]),
                 (b[2] - a[2]) * (c[0] - a[0]) - (b[0] - a[0]) * (c[2] - a[2]),
                 (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])]
            assert sum(n[k] * centre[k] for k in range(3)) > 0  # counter-clockwise seen from outside
            uv = [uvs[t] for _, t, _ in poly]
            area = sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(uv, uv[1:] + uv[:1], strict=True))
            assert area > 0  # and on the texture too: no face is mirrored
            # near a corner of the kite (its colour, clear of the symbol and number): the face's own colour
            u = 0.8 * uv[2][0] + 0.2 * sum(p[0] for p in uv) / 4
            v = 0.8 * uv[2][1] + 0.2 * sum(p[1] for p in uv) / 4
            pixel = texture.getpixel((int(u * texture.width), int((1 - v) * texture.height)))
            if not faces[index].get("wild"):
                want = prep.game.manifest.palette[faces[index]["color"]].lstrip("#")
                assert all(abs(pixel[k] - int(want[2 * k:2 * k + 2], 16)) < 12 for k in range(3)), (index, pixel)
    # each rotation value turns its face up, in Unity's axes (x mirrored) and Euler order (z, x, y)
    _, normals = die_mesh("d10", edge_of("d10", deck(prep, "peril-die")[1][0][0]))
    for n, value in zip(normals, die["RotationValues"], strict=True):
        r = up_rotation(n)
        assert r == value["Rotation"]
        x, z = (math.radians(r[k]) for k in ("x", "z"))
        v = (-n[0], n[1], n[2])
        v = (v[0] * math.cos(z) - v[1] * math.sin(z), v[0] * math.sin(z) + v[1] * math.cos(z), v[2])
        v = (v[0], v[1] * math.cos(x) - v[2] * math.sin(x), v[1] * math.sin(x) + v[2] * math.cos(x))
        assert v == pytest.approx((0, 1, 0), abs=1e-6)


def test_tts_base_url_must_be_an_address(prep, tmp_path):
    for bad in ("example.org/tts", "ftp://example.org/", "https://example.org/my tts/"):
        with pytest.raises(InputError, match="--base-url"):
            export_tts(only(prep, "captain"), tmp_path / "out", bad)
    assert not (tmp_path / "out").exists()


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
    files = listing(tmp_path / "png")
    assert len(files) == 7 and "captain-back.png" in files and "captain-beowulf-1.png" in files
    assert Image.open(tmp_path / "png" / "captain-beowulf-1.png").size == (822, 1122)
    result = run_pnp("export", "voyage", "--to", "png", "--vendor", "tgc", "--out", str(tmp_path / "all"))
    assert result.code == 0, result.err
    left = [line for line in result.out.splitlines() if line.startswith("left out: ")]
    assert left[:3] == ["left out: ship-board (a board: print its PDF (or export it --to tts))",
                        "left out: peril-die (a die's net: print its PDF (or export it --to tts))",
                        "left out: damage-token (16.00 x 16.00 mm is not a card size tgc prints (poker, bridge, "
                        "mini, tarot, square))"]
    assert {line.split()[2] for line in left} == {"ship-board", "peril-die", "damage-token", "action-cube", "marker",
                                                  "location-marker", "track"}
    assert not (tmp_path / "all" / "ship-board.png").exists()
    manifest = json.loads((tmp_path / "all" / "manifest.json").read_text())
    assert manifest["export"] == "tgc" and len(manifest["left_out"]) == 7
    result = run_pnp("export", "voyage", "--to", "tts", "--only", "captain", "--base-url", "https://x.org/v",
                     "--out", str(tmp_path / "tts"))
    assert result.code == 0, result.err
    assert result.out.strip() == f"4 files in {tmp_path / 'tts'}; to load them, see {tmp_path / 'tts' / 'README.txt'}"
    assert json.loads((tmp_path / "tts" / "captain.json").read_text())["ObjectStates"][0]["CustomDeck"]["1"][
        "FaceURL"] == "https://x.org/v/captain-sheet-1.png"
    result = run_pnp("export", "voyage", "--to", "png", "--base-url", "https://x.org/v", "--out", str(tmp_path / "x"))
    assert result.code == 2 and "--base-url is for --to tts" in result.err
    result = run_pnp("preview", "voyage", "captain/beowulf", "--out", str(tmp_path / "preview"))
    assert result.code == 0, result.err
    assert listing(tmp_path / "preview") == ["captain-beowulf.png", "captain-sheet.png"]
    result = run_pnp("preview", "voyage", "captain/nobody", "--out", str(tmp_path / "x"))
    assert result.code == 2 and "no card 'nobody' in component 'captain'" in result.err


# -- each export keeps only what its last run wrote --------------------------------------------------

def test_a_second_export_leaves_no_stale_file(prep, tmp_path):
    for kind, export in (("png", export_png), ("tts", export_tts)):
        out = tmp_path / kind
        first = export(only(prep, "captain", "peril-deck"), out)
        assert any(name.startswith("peril-deck") for name in listing(out))
        (out / "my-notes.txt").write_text("the designer's own file")
        second = export(only(prep, "captain"), out)
        assert listing(out) == sorted([*names(second), "my-notes.txt"])  # nothing of the first run but its notes
        assert not any(name.startswith("peril-deck") for name in listing(out)), kind
        assert set(names(first)) > set(names(second))
        assert sorted(f["path"] for f in json.loads((out / "manifest.json").read_text())["files"]) == names(second)
    assert not [p.name for p in tmp_path.iterdir() if "pnp-new" in p.name or "pnp-old" in p.name]


def test_a_failed_export_leaves_the_last_one_whole(prep, tmp_path, monkeypatch):
    out = tmp_path / "png"
    export_png(only(prep, "captain"), out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    calls = []

    def broken(*args, **kwargs):
        calls.append(1)
        if len(calls) > 1:
            raise InputError("the disk is full")
        return FaceImages(*args, **kwargs)

    monkeypatch.setattr("pnp.output.export.faces.FaceImages", broken)
    with pytest.raises(InputError):
        export_png(only(prep, "peril-deck", "captain"), out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith("pnp-lock")) == ["png"]


def test_previews_keep_only_this_run(prep, tmp_path):
    preview(prep, tmp_path / "p", "ability/duct-tape", dpi=40)
    preview(only(prep, "captain"), tmp_path / "p", dpi=40)
    assert listing(tmp_path / "p") == ["captain-sheet.png"]


def test_exports_and_previews_report_progress(prep, tmp_path):
    """The CLI draws these calls as a bar on a terminal (and nothing in a log)."""
    for run in (lambda cb: export_png(only(prep, "captain", "peril-deck"), tmp_path / "png", progress=cb),
                lambda cb: export_tts(only(prep, "captain", "peril-deck"), tmp_path / "tts", progress=cb),
                lambda cb: preview(only(prep, "captain", "peril-deck"), tmp_path / "p", dpi=36, progress=cb)):
        calls: list[tuple[int, int, str]] = []
        run(lambda done, total, what, calls=calls: calls.append((done, total, what)))
        assert calls == [(0, 2, "captain"), (1, 2, "peril-deck")]


def test_tts_says_what_it_left_out_and_why(prep, tmp_path):
    die, entries, size = deck(prep, "peril-die")
    odd = Face(50 * MM, 50 * MM, 0.0, [])  # not the d10 net pnp folds: its faces cannot be mapped
    game = dataclasses.replace(prep, decks=[deck(prep, "captain"), (die, [(odd, None, entries[0][2])], size)])
    result = export_tts(game, tmp_path)
    assert result.left_out == [("peril-die", "its drawing is not the d10 net pnp folds, so its faces cannot be "
                                             "mapped onto a model")]
    assert not (tmp_path / "peril-die.json").exists()
    readme = (tmp_path / "README.txt").read_text()
    assert "Left out:\n  peril-die" in readme
    assert json.loads((tmp_path / "manifest.json").read_text())["left_out"][0]["component"] == "peril-die"
