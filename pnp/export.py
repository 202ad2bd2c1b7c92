"""Image exports: one PNG per printed face for print-on-demand services, and Tabletop Simulator decks.

Print-on-demand (The Game Crafter, MakePlayingCards) takes one image per card face, with bleed, at
300 dpi and an exact pixel size per card size. Tabletop Simulator takes each deck as grid images
("sheets") of at most 10 x 7 cards, the last cell kept for the hidden card, plus a saved object
(JSON) that points at them. Boards and dice are not cards: neither export writes them.
"""

from __future__ import annotations

import io
import json
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import InputError, Problem
from pnp.fields import CARD_SIZES
from pnp.raster import faces_to_images, pixels, trim
from pnp.scene import Face
from pnp.units import MM
from pnp.write import write_atomic

if TYPE_CHECKING:
    from PIL.Image import Image

    from pnp.build import Prepared
    from pnp.model import Deck

DPI = 300
TOLERANCE = 0.5 * MM  # a face within this of a named card size is that size
# Upload size (trim + bleed, pixels, portrait) per vendor and card size. TGC: its product templates
# (poker 825x1125, bridge 750x1125, mini 600x825, tarot 900x1500, small square 825x825: trim + 1/8 in
# a side at 300 dpi). MPC: its templates add 36 px a side (poker 822x1122, bridge 747x1122, tarot
# 897x1497 as published); mini and square follow the same rule (597x822, 822x822).
VENDORS: dict[str, dict[str, tuple[int, int]]] = {
    "tgc": {"poker": (825, 1125), "bridge": (750, 1125), "mini": (600, 825), "tarot": (900, 1500),
            "square": (825, 825)},
    "mpc": {"poker": (822, 1122), "bridge": (747, 1122), "mini": (597, 822), "tarot": (897, 1497),
            "square": (822, 822)},
}
TTS_COLS, TTS_ROWS, TTS_SIDE = 10, 7, 4096
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1  # the last cell is TTS's hidden card
TTS_SHAPES = {"rect": 1, "round": 4}  # TTS card types: 0 rounded rectangle, 1 rectangle, 4 circle
GREY = (128, 128, 128)

Entries = list[tuple[Face, Face | None, dict[str, Any]]]


def card_decks(prep: Prepared) -> list[tuple[Deck, Entries]]:
    """The decks that are cards or tokens (not boards, not dice), with their faces."""
    return [(deck, entries) for deck, entries, _ in prep.decks if deck.spec.kind in ("cards", "tokens") and entries]


def size_name(face: Face) -> tuple[str, bool] | None:
    """The named card size of a face's trim (within 0.5 mm) and whether it lies on its side."""
    for name, (w, h) in CARD_SIZES.items():
        for turned, (fw, fh) in ((False, (face.w, face.h)), (True, (face.h, face.w))):
            if abs(fw - w) <= TOLERANCE and abs(fh - h) <= TOLERANCE:
                return name, turned and w != h
    return None


def png_bytes(image: Image, dpi: int = DPI) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", dpi=(dpi, dpi))
    return buf.getvalue()


def export_png(prep: Prepared, out_dir: Path, vendor: str | None = None) -> list[Path]:
    """One RGB PNG per printed face, with bleed, at 300 dpi: `<component>-<id>-<copy>.png`, per-card backs
    `<component>-<id>-<copy>-back.png`, a shared back once as `<component>-back.png`. With a vendor
    (`tgc`, `mpc`), each image is resized to the exact pixel size the vendor asks for that card size."""
    from PIL import Image as PILImage

    decks = card_decks(prep)
    sizes = VENDORS.get(vendor or "", {})
    if vendor is not None and not sizes:
        raise InputError([Problem(None, f"no vendor {vendor!r} (vendors: {', '.join(VENDORS)})")])
    targets: dict[str, tuple[tuple[int, int], bool]] = {}
    problems = []
    for deck, entries in decks if vendor else []:
        face = entries[0][0]
        named = size_name(face)
        if named is None or named[0] not in sizes:
            size = f"{face.w / MM:.2f} x {face.h / MM:.2f} mm" + (f" ({named[0]})" if named else "")
            problems.append(Problem(None, f"deck {deck.id!r}: {size} is not a card size {vendor} prints "
                                          f"({', '.join(sizes)})"))
        else:
            targets[deck.id] = (sizes[named[0]], named[1])
    if problems:
        raise InputError(problems)
    paths: list[Path] = []
    for deck, entries in decks:
        jobs = [(f"{m['component']}-{m['id']}-{m['copy']}.png", front) for front, _, m in entries]
        backs = [back for _, back, _ in entries if back is not None]
        if len({id(b) for b in backs}) == 1:
            jobs.append((f"{deck.id}-back.png", backs[0]))
        else:
            jobs += [(f"{m['component']}-{m['id']}-{m['copy']}-back.png", back) for _, back, m in entries if back]
        encoded: dict[int, bytes] = {}
        for (name, face), image in zip(jobs, faces_to_images(prep, [f for _, f in jobs], DPI), strict=True):
            if id(face) not in encoded:
                if deck.id in targets:
                    (w, h), turned = targets[deck.id]
                    if turned:
                        image = image.transpose(PILImage.Transpose.ROTATE_90)
                    image = image.resize((w, h), PILImage.Resampling.LANCZOS)
                encoded[id(face)] = png_bytes(image)
            write_atomic(out_dir / name, encoded[id(face)])
            paths.append(out_dir / name)
    return paths


def tts_grid(count: int) -> tuple[int, int]:
    """Columns and rows of a TTS sheet for `count` cards plus the hidden card: as few rows as fit."""
    rows = min(TTS_ROWS, max(2, math.ceil((count + 1) / TTS_COLS)))
    return max(2, math.ceil((count + 1) / rows)), rows


def tts_cell(face: Face, native: tuple[int, int], cols: int, rows: int) -> tuple[int, int]:
    """A card's pixel size on a sheet: its trim at 300 dpi, scaled down so the sheet fits 4096 px."""
    scale = min(1.0, TTS_SIDE // cols / native[0], TTS_SIDE // rows / native[1])
    return max(1, math.floor(native[0] * scale)), max(1, math.floor(native[1] * scale))


def tts_sheet(cards: list[Image], cols: int, rows: int, cell: tuple[int, int], hidden: Image) -> Image:
    from PIL import Image as PILImage

    sheet = PILImage.new("RGB", (cols * cell[0], rows * cell[1]), "white")
    for index, card in enumerate([*cards[:cols * rows - 1], *[None] * (cols * rows - 1 - len(cards)), hidden]):
        if card is not None:
            sheet.paste(card.resize(cell, PILImage.Resampling.LANCZOS) if card.size != cell else card,
                        (index % cols * cell[0], index // cols * cell[1]))
    return sheet


def export_tts(prep: Prepared, out_dir: Path) -> list[Path]:
    """Per card deck: sheets `<deck>-sheet-<n>.png`, the back `<deck>-back.png` (backs that differ card by
    card: sheets `<deck>-back-<n>.png`) and `<deck>.json`, a TTS saved object (copy it to TTS's
    "Saves/Saved Objects" folder). Copies are separate cards; faces are cut at the trim."""
    from PIL import Image as PILImage

    out_dir = out_dir.resolve()
    paths: list[Path] = []
    for deck, entries in card_decks(prep):
        names = {card.id: str(card.data.get("name") or card.id) for card in deck.cards}
        fronts = [f for f, _, _ in entries]
        backs = [b for _, b, _ in entries]
        unique = len({id(b) for b in backs}) > 1
        images = faces_to_images(prep, fronts + [b for b in backs if b is not None], DPI)
        trimmed: dict[int, Image] = {}
        for face, image in zip(fronts + [b for b in backs if b is not None], images, strict=True):
            trimmed.setdefault(id(face), trim(image, face, DPI))
        native = (pixels(fronts[0].w, DPI), pixels(fronts[0].h, DPI))
        grey = PILImage.new("RGB", native, GREY)
        back_of = [trimmed[id(b)] if b is not None else grey for b in backs]
        custom: dict[str, dict[str, Any]] = {}
        cards: list[dict[str, Any]] = []
        for sheet_no, start in enumerate(range(0, len(entries), TTS_PER_SHEET), 1):
            chunk = range(start, min(start + TTS_PER_SHEET, len(entries)))
            cols, rows = tts_grid(len(chunk))
            cell = tts_cell(fronts[0], native, cols, rows)
            face_path = out_dir / f"{deck.id}-sheet-{sheet_no}.png"
            sheet = tts_sheet([trimmed[id(fronts[i])] for i in chunk], cols, rows, cell, back_of[chunk[0]])
            write_atomic(face_path, png_bytes(sheet))
            paths.append(face_path)
            if unique:
                back_path = out_dir / f"{deck.id}-back-{sheet_no}.png"
                write_atomic(back_path, png_bytes(tts_sheet([back_of[i] for i in chunk], cols, rows, cell, grey)))
                paths.append(back_path)
            else:
                back_path = out_dir / f"{deck.id}-back.png"
                if sheet_no == 1:
                    write_atomic(back_path, png_bytes(back_of[0].resize(cell, PILImage.Resampling.LANCZOS)))
                    paths.append(back_path)
            shape = TTS_SHAPES[deck.spec.shape] if deck.spec.kind == "tokens" else 0
            custom[str(sheet_no)] = {"FaceURL": face_path.as_uri(), "BackURL": back_path.as_uri(),
                                     "NumWidth": cols, "NumHeight": rows, "BackIsHidden": True,
                                     "UniqueBack": unique, "Type": shape}
            for index, i in enumerate(chunk):
                cards.append({"Name": "Card", "Transform": transform(), "Nickname": names[entries[i][2]["id"]],
                              "Description": "", "CardID": 100 * sheet_no + index,
                              "CustomDeck": {str(sheet_no): custom[str(sheet_no)]}})
        json_path = out_dir / f"{deck.id}.json"
        write_atomic(json_path, json.dumps(tts_object(deck.name, cards, custom), indent=1).encode())
        paths.append(json_path)
    return paths


def transform(y: float = 1.0) -> dict[str, float]:
    """Face down (rotZ 180), at the table's centre, unscaled."""
    return {"posX": 0.0, "posY": y, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def tts_object(name: str, cards: list[dict[str, Any]], custom: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """TTS's saved-object file: a DeckCustom holding the cards (a lone card is saved as itself)."""
    if len(cards) == 1:
        obj = cards[0]
    else:
        obj = {"Name": "DeckCustom", "Transform": transform(), "Nickname": name, "Description": "",
               "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom, "ContainedObjects": cards}
    return {"SaveName": name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": [obj], "TabStates": {},
            "VersionNumber": ""}
