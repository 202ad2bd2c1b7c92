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
from pnp.layout.scene import Face
from pnp.model.fields import CARD_SIZES
from pnp.model.units import MM
from pnp.output.raster import faces_to_images, trim
from pnp.output.write import write_atomic

if TYPE_CHECKING:
    from PIL.Image import Image

    from pnp.layout.game import Prepared
    from pnp.model.game import Deck

DPI = 300
TOLERANCE = 0.5 * MM  # a face within this of a named card size is that size
# Upload size (trim + bleed, pixels, portrait) per vendor and card size. TGC's templates: trim + 1/8 in a
# side at 300 dpi (its square is the Small Square Deck). MPC's add 36 px a side: poker, bridge and tarot
# as published; mini and square by that rule.
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
    """The image as PNG, its resolution recorded (printers and TTS read it)."""
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
        face, named = entries[0][0], size_name(entries[0][0])
        if named and named[0] in sizes:
            targets[deck.id] = (sizes[named[0]], named[1])
            continue
        size = f"{face.w / MM:.2f} x {face.h / MM:.2f} mm" + (f" ({named[0]})" if named else "")
        problems.append(Problem(None, f"deck {deck.id!r}: {size} is not a card size {vendor} prints "
                                      f"({', '.join(sizes)})"))
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


def tts_grid(count: int, native: tuple[int, int]) -> tuple[int, int, tuple[int, int]]:
    """Columns, rows (2-10 x 2-7, room for `count` cards and the hidden card) and card size in pixels
    of a TTS sheet: the grid that shows cards largest (their trim at 300 dpi at most) within 4096 px."""
    grids = [(max(2, math.ceil((count + 1) / rows)), rows) for rows in range(2, TTS_ROWS + 1)]
    scale, _, cols, rows = max((min(1.0, TTS_SIDE // c / native[0], TTS_SIDE // r / native[1]), -c * r, c, r)
                               for c, r in grids if c <= TTS_COLS)  # largest cards, then fewest cells
    return cols, rows, (max(1, math.floor(native[0] * scale)), max(1, math.floor(native[1] * scale)))


def tts_sheet(cards: list[Image], cols: int, rows: int, hidden: Image) -> Image:
    """Cards (all one size) row by row, white where there are none, `hidden` in the last cell."""
    from PIL import Image as PILImage

    w, h = hidden.size
    sheet = PILImage.new("RGB", (cols * w, rows * h), "white")
    for index, card in [*enumerate(cards[:cols * rows - 1]), (cols * rows - 1, hidden)]:
        sheet.paste(card, (index % cols * w, index // cols * h))
    return sheet


def export_tts(prep: Prepared, out_dir: Path) -> list[Path]:
    """Per card deck: sheets `<deck>-sheet-<n>.png`, the back `<deck>-back.png` (backs that differ card by
    card: sheets `<deck>-back-<n>.png`) and `<deck>.json`, a TTS saved object (copy it to TTS's
    "Saves/Saved Objects" folder). Copies are separate cards; faces are cut at the trim."""
    from PIL import Image as PILImage

    out_dir, paths = out_dir.resolve(), list[Path]()
    for deck, entries in card_decks(prep):
        names = {card.id: str(card.data.get("name") or card.id) for card in deck.cards}
        faces = [f for f, _, _ in entries] + [b for _, b, _ in entries if b is not None]
        trimmed = {id(f): trim(im, f, DPI) for f, im in zip(faces, faces_to_images(prep, faces, DPI), strict=True)}
        native = trimmed[id(entries[0][0])].size
        trimmed[id(None)] = PILImage.new("RGB", native, GREY)  # no back: a plain grey card
        unique = len({id(b) for _, b, _ in entries}) > 1
        sized: dict[tuple[int, tuple[int, int]], Image] = {}

        def card(face: Face | None, cell: tuple[int, int], sized: dict = sized, trimmed: dict = trimmed) -> Image:
            if (id(face), cell) not in sized:
                image = trimmed[id(face)]
                sized[id(face), cell] = image if image.size == cell else image.resize(cell, PILImage.Resampling.LANCZOS)
            return sized[id(face), cell]

        custom: dict[str, dict[str, Any]] = {}
        cards: list[dict[str, Any]] = []
        for n, start in enumerate(range(0, len(entries), TTS_PER_SHEET), 1):
            chunk = entries[start:start + TTS_PER_SHEET]
            cols, rows, cell = tts_grid(len(chunk), native)
            face_url = write_png(out_dir / f"{deck.id}-sheet-{n}.png", paths, tts_sheet(
                [card(f, cell) for f, _, _ in chunk], cols, rows, card(chunk[0][1], cell)))
            if unique:
                back_url = write_png(out_dir / f"{deck.id}-back-{n}.png", paths, tts_sheet(
                    [card(b, cell) for _, b, _ in chunk], cols, rows, card(None, cell)))
            elif n == 1:
                back_url = write_png(out_dir / f"{deck.id}-back.png", paths, card(chunk[0][1], cell))
            custom[str(n)] = {"FaceURL": face_url, "BackURL": back_url, "NumWidth": cols, "NumHeight": rows,
                              "BackIsHidden": True, "UniqueBack": unique,
                              "Type": TTS_SHAPES[deck.spec.shape] if deck.spec.kind == "tokens" else 0}
            cards += [{"Name": "Card", "Transform": transform(), "Nickname": names[meta["id"]], "Description": "",
                       "CardID": 100 * n + i, "CustomDeck": {str(n): custom[str(n)]}}
                      for i, (_, _, meta) in enumerate(chunk)]
        paths.append(out_dir / f"{deck.id}.json")
        write_atomic(paths[-1], json.dumps(tts_object(deck.name, cards, custom), indent=1).encode())
    return paths


def write_png(path: Path, paths: list[Path], image: Image) -> str:
    """Write an image as a PNG, note its path; return its file:// URL."""
    write_atomic(path, png_bytes(image))
    paths.append(path)
    return path.as_uri()


def transform() -> dict[str, float]:
    """Face down (rotZ 180), at the table's centre, unscaled."""
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def tts_object(name: str, cards: list[dict[str, Any]], custom: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """TTS's saved-object file: a DeckCustom holding the cards (a lone card is saved as itself)."""
    obj = cards[0] if len(cards) == 1 else {
        "Name": "DeckCustom", "Transform": transform(), "Nickname": name, "Description": "",
        "DeckIDs": [c["CardID"] for c in cards], "CustomDeck": custom, "ContainedObjects": cards}
    return {"SaveName": name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": [obj], "TabStates": {},
            "VersionNumber": ""}
