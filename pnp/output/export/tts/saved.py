"""What Tabletop Simulator reads: its saved-object JSON, deck sheets, and the export's README.txt.

Plain data and images, no files: tts.py decides what each component becomes and writes it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import islice
from typing import TYPE_CHECKING, Any

from pnp.layout.scene import Face
from pnp.model.units import MM

if TYPE_CHECKING:
    from PIL.Image import Image

    from pnp.layout.whole_game import Prepared
    from pnp.model.game import Deck

TTS_COLS, TTS_ROWS, TTS_SIDE = 10, 7, 4096
TTS_PER_SHEET = TTS_COLS * TTS_ROWS - 1  # the last cell is TTS's hidden card
CARD_MM = 63.5  # tiles and boards are scaled by their printed size against a poker card's width (TTS scale 1)


def tts_grid(count: int, native: tuple[int, int]) -> tuple[int, int, tuple[int, int]]:
    """Columns, rows (2-10 x 2-7, room for `count` cards and the hidden card) and card size in pixels
    of a TTS sheet: the grid that shows cards largest (their trim at 300 dpi at most) within 4096 px."""
    grids = [(max(2, math.ceil((count + 1) / rows)), rows) for rows in range(2, TTS_ROWS + 1)]
    scale, _, cols, rows = max((min(1.0, TTS_SIDE // c / native[0], TTS_SIDE // r / native[1]), -c * r, c, r)
                               for c, r in grids if c <= TTS_COLS)  # largest cards, then fewest cells
    return cols, rows, (max(1, math.floor(native[0] * scale)), max(1, math.floor(native[1] * scale)))


def tts_sheet(cards: Iterable[Image], cols: int, rows: int, hidden: Image) -> Image:
    """Cards (all one size) row by row, white where there are none, `hidden` in the last cell. Each card is pasted
    as it comes (a generator that draws them holds one at a time)."""
    from PIL import Image as PILImage

    w, h = hidden.size
    sheet = PILImage.new("RGB", (cols * w, rows * h), "white")
    for index, card in enumerate(islice(cards, cols * rows - 1)):
        sheet.paste(card, (index % cols * w, index // cols * h))
    sheet.paste(hidden, ((cols * rows - 1) % cols * w, (cols * rows - 1) // cols * h))
    return sheet


def bagged(deck: Deck, objects: list[dict[str, Any]], what: str) -> tuple[dict[str, Any], str]:
    if len(objects) == 1:
        return objects[0], what
    return {"Name": "Bag", "Transform": transform(), "Nickname": f"{deck.name} ({len(objects)})", "Description": "",
            "ContainedObjects": objects}, f"a bag of {what}"


def scale_of(face: Face) -> float:
    return round(max(face.w, face.h) / MM / CARD_MM, 4)


def transform(face_down: bool = False, scale: float = 1.0) -> dict[str, float]:
    """At the table's centre; cards face down (rotZ 180)."""
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if face_down else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def saved_object(name: str, obj: dict[str, Any]) -> dict[str, Any]:
    """TTS's saved-object file around one object."""
    return {"SaveName": name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "LuaScript": "", "LuaScriptState": "", "XmlUI": "", "ObjectStates": [obj], "TabStates": {},
            "VersionNumber": ""}


def table_file(game_id: str) -> str:
    """The whole-table save's file name (`_` is in no component id: no component's file has it)."""
    return f"{game_id}_table.json"


def readme(prep: Prepared, base: str | None, made: list[tuple[str, str]], left_out: list[tuple[str, str]],
           table_note: str | None = None, example: str | None = None) -> str:
    """What the folder holds and how to load it into Tabletop Simulator; `example`: one of its images, by name."""
    game = prep.game
    lines = [f"{game.manifest.name} {game.manifest.version}: a Tabletop Simulator export by pnp", ""]
    if base:
        lines += [f"Every image and model link in the .json files points to {base}",
                  "1. Upload every file of this folder there, keeping their names (the address must serve them",
                  "   as they are, to anyone: a GitHub Pages site, a public bucket, your own site)."]
    else:
        named = f" (e.g. `{example}`)" if example else ""
        lines += [f"The .json files name their images relative to this folder{named}, and",
                  "Tabletop Simulator loads images only from a web address. To load the game:",
                  "1. Upload every file of this folder to a web address that serves them as they are, to anyone",
                  "   (a GitHub Pages site, a public bucket, your own site), then export again with it:",
                  f"     pnp export {game.id} --to tts --base-url https://example.org/{game.id}/tts/",
                  "   To try it on this machine only, give this folder's own address instead:",
                  f"     pnp export {game.id} --to tts --base-url file:///path/to/this/folder/"]
    lines += ["2. Copy the .json files into Tabletop Simulator's saved objects folder:",
              "     Windows: Documents/My Games/Tabletop Simulator/Saves/Saved Objects",
              "     macOS:   ~/Library/Tabletop Simulator/Saves/Saved Objects",
              "     Linux:   ~/.local/share/Tabletop Simulator/Saves/Saved Objects",
              "3. In a game, open Objects > Saved Objects and place each component.",
              "Tiles and boards are scaled by their printed size against a poker card; dice are models of the",
              "printed net. Adjust any size with the Scale tool.", ""]
    if table_note is not None:
        lines += [f"The whole game at once: {table_file(game.id)} is a saved game with every component on the",
                  "table, the board in the middle, the decks and bags round it. Copy it into Tabletop Simulator's",
                  "Saves folder (above Saved Objects: Documents/My Games/Tabletop Simulator/Saves on Windows,",
                  "~/Library/Tabletop Simulator/Saves on macOS, ~/.local/share/Tabletop Simulator/Saves on",
                  "Linux), then open it from Games > Save & Load. Its note says how it is set up:",
                  *(f"  {line}" for line in table_note.splitlines()), ""]
    lines += ["Components:"]
    lines += [f"  {cid + '.json':<28} {what}" for cid, what in made]
    lines += ["", "Left out:"] + [f"  {cid:<28} {why}" for cid, why in left_out] if left_out else []
    return "\n".join(lines) + "\n"
