"""The whole game on one Tabletop Simulator table: a saved game (TTS's save format) with every component.

The board in the middle; a setup's table share in rows below it (face up, each piece apart) and each
player's share in front of their seat, round the table; every component (what is left of it, once
dealt) in rows above the board: decks, bags of tiles, dice. Values a setup deals that are no piece (a
score, a first player) are in the save's note. Every object, those inside decks and bags too, has a
GUID made from the game and the object's place in the save: the same game and setup, the same file.
"""

from __future__ import annotations

import copy
import hashlib
import math
from dataclasses import dataclass, field
from typing import Any

from pnp.output.export.tts.saved import CARD_MM

UNITS_PER_MM = 2.2 / CARD_MM  # a poker card is about 2.2 TTS units wide
GAP = 0.6  # between piles, TTS units
ROW = 24.0  # a row of piles wraps past this width
SEAT_GAP = 4.0  # from the piles on the table to the players' own


@dataclass(eq=False)
class Component:
    """One exported component: its saved object, the id of each piece in it (in order), its face's size."""

    id: str
    name: str
    kind: str  # deck, board, tiles or die
    obj: dict[str, Any]
    ids: list[str]
    size_mm: tuple[float, float]
    pieces: list[dict[str, Any]] = field(init=False)

    def __post_init__(self) -> None:
        inner = self.obj.get("ContainedObjects") if self.obj["Name"] in ("DeckCustom", "Bag") else None
        self.pieces = list(inner) if inner is not None else [self.obj]


@dataclass(eq=False)
class TtsPile:
    """Pieces of one component that lie together: a deck, a bag, or one object."""

    label: str
    component: Component
    pieces: list[dict[str, Any]]
    face_up: bool = False

    @property
    def size(self) -> tuple[float, float]:
        w, h = self.component.size_mm
        return w * UNITS_PER_MM, h * UNITS_PER_MM

    def object(self, x: float, z: float, rot_y: float = 180.0) -> dict[str, Any]:
        pieces = [copy.deepcopy(p) for p in self.pieces]
        for p in pieces:
            _place(p, x, z, rot_y, self.face_up and self.component.kind == "deck")
        if len(pieces) == 1:  # a piece keeps its name; what it is in the setup is its description
            pieces[0]["Description"] = self.label
            return pieces[0]
        if self.component.kind == "deck":
            custom = {k: v for p in pieces for k, v in p["CustomDeck"].items()}
            obj = {"Name": "DeckCustom", "Nickname": self.label, "Description": "",
                   "DeckIDs": [p["CardID"] for p in pieces], "CustomDeck": custom, "ContainedObjects": pieces}
        else:
            obj = {"Name": "Bag", "Nickname": f"{self.label} ({len(pieces)})", "Description": "",
                   "ContainedObjects": pieces}
        obj["Transform"] = dict(pieces[0]["Transform"])
        return obj


def _place(obj: dict[str, Any], x: float, z: float, rot_y: float, face_up: bool) -> None:
    t = obj["Transform"]
    t.update(posX=round(x, 3), posY=1.0, posZ=round(z, 3), rotY=round(rot_y % 360, 3))
    if face_up:
        t["rotZ"] = 0.0


def whole_table(name: str, game_id: str, components: list[Component], dealt: dict[str, Any] | None
                ) -> dict[str, Any]:
    """The saved game: every component laid out, dealt as `dealt` says (a setup from `pnp setup`), or not."""
    pool = {c.id: list(range(len(c.pieces))) for c in components}  # pieces not placed yet, by component
    notes: list[str] = []
    table = _piles(dealt["table"], components, pool, notes, "table", face_up=True) if dealt else []
    hands = [_piles(hand, components, pool, notes, f"player {i}") for i, hand in enumerate(dealt["hands"], 1)] \
        if dealt else []
    rest = [TtsPile(c.name, c, [c.pieces[i] for i in pool[c.id]]) for c in components if pool[c.id]]
    boards = [p for p in rest if p.component.kind == "board"]
    others = [p for p in rest if p.component.kind != "board"]

    objects: list[dict[str, Any]] = []
    board_w = sum(p.size[0] for p in boards) + GAP * max(0, len(boards) - 1)
    board_h = max((p.size[1] for p in boards), default=0.0)
    x = -board_w / 2
    for pile in boards:  # the board in the middle
        objects.append(pile.object(x + pile.size[0] / 2, 0.0))
        x += pile.size[0] + GAP
    top = board_h / 2 + GAP
    for row in _rows(others):  # the components above it, row after row
        depth = max(p.size[1] for p in row)
        objects += _row(row, 0.0, top + depth / 2, 180.0)
        top += depth + GAP
    bottom = board_h / 2 + GAP
    for row in _rows(table):  # what the setup lays on the table, below it, face up
        depth = max(p.size[1] for p in row)
        objects += _row(row, 0.0, -(bottom + depth / 2), 180.0)
        bottom += depth + GAP
    reach = max(top, bottom, board_w / 2) + SEAT_GAP
    for i, hand in enumerate(hands):  # each player's share in front of their seat, round the table
        angle = -math.pi / 2 + 2 * math.pi * i / len(hands)  # player 1 at the foot of the table
        facing = 180.0 - math.degrees(angle + math.pi / 2)
        objects += _row(hand, reach * math.cos(angle), reach * math.sin(angle), facing)
    _guids(objects, game_id)
    players = dealt["players"] if dealt else None
    note = ([f"Set up for {players} player{'s' if players != 1 else ''} as `pnp setup {game_id} --players {players} "
             f"--seed {dealt['seed']}` deals it."] if dealt else ["Every component, laid out."]) + notes
    return {"SaveName": name, "EpochTime": 0, "Date": "", "VersionNumber": "", "GameMode": name, "GameType": "",
            "GameComplexity": "", "Tags": [], "Gravity": 0.5, "PlayArea": 0.5, "Table": "Table_RPG",
            "Sky": "Sky_Museum", "Note": "\n".join(note), "Rules": "", "LuaScript": "", "LuaScriptState": "",
            "XmlUI": "", "TabStates": {}, "ObjectStates": objects}


def _piles(part: dict[str, Any], components: list[Component], pool: dict[str, list[int]], notes: list[str],
           who: str, face_up: bool = False) -> list[TtsPile]:
    """A setup's share (label -> card ids, or a value) as piles of the pieces it names; the rest as notes."""
    piles: list[TtsPile] = []
    said: list[str] = []
    for label, value in part.items():
        if isinstance(value, dict) and "cards" in value:
            value = value["cards"]
        ids = value if isinstance(value, list) else [value]
        taken: dict[str, list[int]] = {}
        missing: list[str] = []
        for piece_id in ids:
            found = next((c for c in components if any(c.ids[i] == str(piece_id) for i in pool[c.id])), None)
            if found is None:
                missing.append(str(piece_id))
                continue
            i = next(i for i in pool[found.id] if found.ids[i] == str(piece_id))
            pool[found.id].remove(i)
            taken.setdefault(found.id, []).append(i)
        for cid, indexes in taken.items():  # face up, each piece apart (to be seen); else one pile
            c = next(c for c in components if c.id == cid)
            groups = [[i] for i in indexes] if face_up else [indexes]
            piles += [TtsPile(f"{who}: {label}", c, [c.pieces[i] for i in group], face_up) for group in groups]
        if missing:
            said.append(f"{label} {', '.join(missing)}")
    if said:
        notes.append(f"{who}: {'; '.join(said)}")
    return piles


def _rows(piles: list[TtsPile]) -> list[list[TtsPile]]:
    rows: list[list[TtsPile]] = []
    width = 0.0
    for pile in piles:
        if not rows or width + pile.size[0] > ROW:
            rows.append([])
            width = 0.0
        rows[-1].append(pile)
        width += pile.size[0] + GAP
    return rows


def _row(piles: list[TtsPile], cx: float, cz: float, rot_y: float) -> list[dict[str, Any]]:
    """Piles side by side, centred on (cx, cz), the row turned by `rot_y` (180: facing the first seat)."""
    width = sum(p.size[0] for p in piles) + GAP * max(0, len(piles) - 1)
    turn = math.radians(rot_y - 180.0)
    out, along = [], -width / 2
    for pile in piles:
        d = along + pile.size[0] / 2
        out.append(pile.object(cx + d * math.cos(turn), cz - d * math.sin(turn), rot_y))
        along += pile.size[0] + GAP
    return out


def _guids(objects: list[dict[str, Any]], game_id: str) -> None:
    """A GUID on every object (six hex digits, as TTS writes them), in the order of the save: unique, and the
    same for the same save."""
    seen: set[str] = set()
    n = 0

    def visit(obj: dict[str, Any]) -> None:
        nonlocal n
        while True:
            n += 1
            guid = hashlib.sha256(f"{game_id}:{n}".encode()).hexdigest()[:6]
            if guid not in seen:
                break
        seen.add(guid)
        obj["GUID"] = guid
        for inner in obj.get("ContainedObjects", []):
            visit(inner)

    for obj in objects:
        visit(obj)
