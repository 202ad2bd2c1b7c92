"""Tabletop Simulator export: every component as a saved object (JSON) and the images it loads.

Cards of a card size become a deck: grid images ("sheets") of at most 10 x 7 cards, the last cell
kept for the hidden card. A board becomes a custom board; tokens, write-in sheets and cards of no card
size become custom tiles (round or square; copies in a bag); a die becomes a die model textured with
its own net (ttsdie.py). TTS loads images from web addresses: with `base_url` every link points
there (upload the folder to it); without, links are file names relative to the folder, and its
README.txt says how to make them load. The folder is written whole, as a build is (`Staging`).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from pnp.core.errors import InputError, Problem
from pnp.layout.scene import Face
from pnp.model.units import MM
from pnp.output.export.faces import DPI, Entries, Exported, Progress, png_bytes, size_name
from pnp.output.export.raster import FaceImages
from pnp.output.export.tts.saved import (
    TTS_PER_SHEET,
    TTS_SIDE,
    bagged,
    readme,
    saved_object,
    scale_of,
    table_file,
    transform,
    tts_grid,
    tts_sheet,
)
from pnp.output.export.tts.whole_table import Component, whole_table
from pnp.output.write.staging import Staging

if TYPE_CHECKING:
    from PIL.Image import Image

    from pnp.layout.whole_game import Prepared
    from pnp.model.game import Deck

TILE_TYPES = {"rect": 0, "round": 2}  # TTS tile types: 0 box, 1 hex, 2 circle, 3 rounded
GREY = (128, 128, 128)
SCHEMES = ("http://", "https://", "file://")


class Links:
    """Stages the export's files and says the address TTS loads each from."""

    def __init__(self, stage: Staging, result: Exported, base_url: str | None):
        self.stage, self.result, self.base = stage, result, base_url
        self.digests: dict[str, str] = {}

    def add(self, name: str, data: bytes) -> str:
        self.digests[name] = self.stage.add(name, data)
        self.result.files.append(self.result.folder / name)
        return (self.base or "") + quote(name)

    def image(self, name: str, image: Image) -> str:
        return self.add(name, png_bytes(image))


def base_url_of(value: str | None) -> str | None:
    """`--base-url` checked and ending in one slash, so that a file name can follow it."""
    if value is None:
        return None
    if not value.startswith(SCHEMES) or any(c.isspace() for c in value) or len(value) > 2000:
        raise InputError([Problem(None, f"--base-url {value!r}: give the address the images will be served from, "
                                        "starting with https:// (or http://, or file:// to try it on this machine)")])
    return value.rstrip("/") + "/"


def component_kind(deck: Deck, entries: Entries) -> str:
    """How TTS shows a component: deck, board, tiles or die."""
    kind = deck.spec.kind
    if kind in ("board", "die"):
        return kind
    return "deck" if kind == "cards" and size_name(entries[0][0]) else "tiles"


def export_tts(prep: Prepared, out_dir: Path, base_url: str | None = None, progress: Progress = None,
               table: bool = False, dealt: dict[str, Any] | None = None) -> Exported:
    """Per component, its images and `<component>.json`, a TTS saved object (for TTS's "Saves/Saved Objects"
    folder); with `table` (the whole game exported), `<game>_table.json`, a saved game with every component
    on the table, dealt as `dealt` (a setup from `pnp setup`) says if given (ttstable.py); a README.txt that
    says what is here, what was left out, and how to load it."""
    base = base_url_of(base_url)
    result = Exported(out_dir)
    made: list[tuple[str, str]] = []
    components: list[Component] = []
    with Staging(out_dir) as stage:
        links = Links(stage, result, base)
        for step, (deck, entries, _) in enumerate(prep.decks):
            if progress:
                progress(step, len(prep.decks), deck.id)
            if not entries:
                result.left_out.append((deck.id, "no faces to export"))
                continue
            kind = component_kind(deck, entries)
            maker = {"deck": tts_deck, "board": tts_board, "tiles": tts_tiles, "die": tts_die}[kind]
            obj, what = maker(prep, deck, entries, links)
            if obj is None:
                result.left_out.append((deck.id, what))
                continue
            links.add(f"{deck.id}.json", json.dumps(saved_object(deck.name, obj), indent=1).encode())
            made.append((deck.id, what))
            components.append(Component(deck.id, deck.name, kind, obj, [meta["id"] for _, _, meta in entries],
                                        (entries[0][0].w / MM, entries[0][0].h / MM)))
        note = None
        if table:
            game = prep.game
            save = whole_table(f"{game.manifest.name} {game.manifest.version}", game.id, components, dealt)
            links.add(table_file(game.id), json.dumps(save, indent=1).encode())
            note = save["Note"]
        example = next((name for name in links.digests if name.endswith(".png")), None)
        links.add("README.txt", readme(prep, base, made, result.left_out, note, example).encode())
        stage.commit(result.manifest(prep.game.id, "tts", links.digests))
    return result


# -- images -------------------------------------------------------------------------------------------

def dpi_at_most(faces: list[Face], side: int = TTS_SIDE) -> int:
    """300 dpi or less, so that no face cut at its trim exceeds `side` pixels a side."""
    longest = max(max(f.w, f.h) + 2 * f.bleed for f in faces)
    return max(36, min(DPI, math.floor(side * 72 / longest)))


# -- components ---------------------------------------------------------------------------------------

def names_of(deck: Deck) -> dict[str, str]:
    return {card.id: str(card.data.get("name") or card.id) for card in deck.cards}


def tts_deck(prep: Prepared, deck: Deck, entries: Entries, links: Links) -> tuple[dict[str, Any], str]:
    """Sheets `<deck>-sheet-<n>.png`, the back `<deck>-back.png` (backs that differ card by card: sheets
    `<deck>-back-<n>.png`); copies are separate cards. Each face is drawn when its cell of a sheet is filled, so
    memory holds a sheet and a face or two, not every face of the deck."""
    names = names_of(deck)
    faces = [f for f, _, _ in entries] + [b for _, b, _ in entries if b is not None]
    with FaceImages(prep, faces, DPI) as images:
        cells = Cells(images, images.trimmed(entries[0][0]).size)
        unique = len({id(b) for _, b, _ in entries}) > 1
        custom: dict[str, dict[str, Any]] = {}
        cards: list[dict[str, Any]] = []
        back_url = ""
        for n, start in enumerate(range(0, len(entries), TTS_PER_SHEET), 1):
            chunk = entries[start:start + TTS_PER_SHEET]
            cols, rows, cell = tts_grid(len(chunk), cells.native)
            face_url = links.image(f"{deck.id}-sheet-{n}.png", tts_sheet(
                (cells.card(f, cell) for f, _, _ in chunk), cols, rows, cells.card(chunk[0][1], cell)))
            if unique:
                back_url = links.image(f"{deck.id}-back-{n}.png", tts_sheet(
                    (cells.card(b, cell) for _, b, _ in chunk), cols, rows, cells.card(None, cell)))
            elif n == 1:
                back_url = links.image(f"{deck.id}-back.png", cells.card(chunk[0][1], cell))
            custom[str(n)] = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
                              "BackIsHidden": True, "UniqueBack": unique, "Type": 0}
            cards += [{"Name": "Card", "Transform": transform(face_down=True), "Nickname": names[meta["id"]],
                       "Description": "", "CardID": 100 * n + i, "CustomDeck": {str(n): custom[str(n)]}}
                      for i, (_, _, meta) in enumerate(chunk)]
    if len(cards) == 1:
        return cards[0], "a card"
    return {"Name": "DeckCustom", "Transform": transform(face_down=True), "Nickname": deck.name, "Description": "",
            "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom,
            "ContainedObjects": cards}, f"a deck of {len(cards)} cards"


class Cells:
    """A deck's faces cut at their trim and sized to a sheet's cell, as the sheet asks for them; the last few kept
    (copies of a card lie together). No back: a plain grey card."""

    KEPT = 2

    def __init__(self, images: FaceImages, native: tuple[int, int]):
        self.images, self.native = images, native
        self.kept: dict[tuple[int, tuple[int, int]], Image] = {}

    def card(self, face: Face | None, cell: tuple[int, int]) -> Image:
        from PIL import Image as PILImage

        key = (id(face), cell)
        if key not in self.kept:
            image = PILImage.new("RGB", self.native, GREY) if face is None else self.images.trimmed(face)
            if len(self.kept) >= self.KEPT:
                del self.kept[next(iter(self.kept))]
            self.kept[key] = image if image.size == cell else image.resize(cell, PILImage.Resampling.LANCZOS)
        return self.kept[key]


class Images:
    """Each distinct face of a component written once, at most 4096 px a side; its link by face. A face is drawn
    when its link is first asked for, and written at once (memory holds one face at a time)."""

    def __init__(self, prep: Prepared, faces: list[Face], links: Links):
        self.links, self.urls = links, dict[int, str]()
        self.images = FaceImages(prep, faces, dpi_at_most(faces))

    def url(self, face: Face, name: str) -> str:
        if id(face) not in self.urls:
            self.urls[id(face)] = self.links.image(name, self.images.trimmed(face))
        return self.urls[id(face)]

    def __enter__(self) -> Images:
        return self

    def __exit__(self, *exc: object) -> None:
        self.images.__exit__(*exc)


def tts_board(prep: Prepared, deck: Deck, entries: Entries, links: Links) -> tuple[dict[str, Any], str]:
    """The board's face, whole (not tiled), as `<board>.png` (`<board>-<id>.png` for each of several)."""
    names, one = names_of(deck), len(deck.cards) == 1
    with Images(prep, [f for f, _, _ in entries], links) as images:
        boards = [{"Name": "Custom_Board", "Transform": transform(scale=scale_of(front)),
                   "Nickname": deck.name if one else names[meta["id"]], "Description": "",
                   "CustomImage": {"ImageURL": images.url(front, f"{deck.id}{'' if one else '-' + meta['id']}.png"),
                                   "ImageSecondaryURL": "", "ImageScalar": 1.0, "WidthScale": 0.0}}
                  for front, _, meta in entries]
    return bagged(deck, boards, "a board" if len(boards) == 1 else f"{len(boards)} boards")


def tts_tiles(prep: Prepared, deck: Deck, entries: Entries, links: Links) -> tuple[dict[str, Any], str]:
    """Each distinct face as `<component>-<id>.png` (backs `-back`), one tile per printed piece; more than
    one piece go in a bag."""
    shared_back = len({id(b) for _, b, _ in entries}) == 1
    names = names_of(deck)
    shape = TILE_TYPES[deck.spec.shape] if deck.spec.kind == "tokens" else 0
    tiles = []
    with Images(prep, [f for f, _, _ in entries] + [b for _, b, _ in entries if b is not None], links) as images:
        for front, back, meta in entries:
            back_url = "" if back is None else images.url(
                back, f"{deck.id}-back.png" if shared_back else f"{deck.id}-{meta['id']}-back.png")
            tiles.append({"Name": "Custom_Tile", "Transform": transform(scale=scale_of(front)),
                          "Nickname": names[meta["id"]], "Description": "",
                          "CustomImage": {"ImageURL": images.url(front, f"{deck.id}-{meta['id']}.png"),
                                          "ImageSecondaryURL": back_url, "ImageScalar": 1.0, "WidthScale": 0.0,
                                          "CustomTile": {"Type": shape, "Thickness": 0.1, "Stackable": True,
                                                         "Stretch": False}}})
    what = "round" if shape == TILE_TYPES["round"] else "square"
    return bagged(deck, tiles, f"{len(tiles)} {what} tile{'s' if len(tiles) != 1 else ''}")


def tts_die(prep: Prepared, deck: Deck, entries: Entries, links: Links) -> tuple[dict[str, Any] | None, str]:
    """A die model: `<die>.obj` (the solid, its faces mapped onto the net) and `<die>.png` (the net)."""
    from PIL import Image as PILImage

    from pnp.output.export.tts.die_model import die_mesh, die_object, edge_of, face_values

    kind, face = deck.spec.die or "", entries[0][0]
    edge = edge_of(kind, face)
    if edge is None:
        return None, f"its drawing is not the {kind or 'die'} net pnp folds, so its faces cannot be mapped onto a model"
    mesh, normals = die_mesh(kind, edge)
    with FaceImages(prep, [face], dpi_at_most([face])) as images:
        image = images.trimmed(face)
    width, height = (min(TTS_SIDE, 1 << max(0, math.ceil(math.log2(s)))) for s in image.size)  # powers of two
    square = (width, height)
    texture = links.image(f"{deck.id}.png", image.resize(square, PILImage.Resampling.LANCZOS))
    mesh_url = links.add(f"{deck.id}.obj", mesh.encode())
    table = prep.game.data.get(deck.spec.faces or "")
    faces = table.data.get("faces") if table is not None and isinstance(table.data, dict) else None
    values = face_values(faces, len(normals))
    dice = [die_object(deck.name, mesh_url, texture, normals, values, transform()) for _ in entries]
    return bagged(deck, dice, f"{len(dice)} {kind} die model{'s' if len(dice) != 1 else ''}")


