"""A deck's laid-out faces kept between runs of `pnp build` (pnp/core/disk_cache.py, signed), as `pnp watch` keeps them
in memory (whole_game.LayoutCache): a build run again with nothing a deck is laid out from changed reads its faces
and the layout's findings back instead of laying out every card again. The same faces, so the same files.

What a deck's faces are made from, the key: pnp's own code, Python, reportlab and Jinja2; the game's other files, the
templates and the fonts by name, size and time (whole_game's shared inputs, with the bleed and the language); the deck's
own file, byte for byte; and the files of the other decks its faces read. Each deck keeps one entry, for its game and
language.

Not kept, so laid out every time: a deck whose cards come from a spreadsheet, one whose faces show a picture from
outside the game's folder or the templates, one with art still missing (a placeholder that a new file replaces), and one
the layout found an error in.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from pnp.core import disk_cache
from pnp.core.errors import Problem
from pnp.layout.elements.image import MISSING_ART
from pnp.layout.scene import Entry, image_paths
from pnp.model.game import Deck, Game

KIND = "deck-faces"
MOST_FACES = 20_000  # printed copies: a larger deck is laid out every time (its entry would be tens of MB)


def keepable(deck: Deck) -> bool:
    return deck.spec.cards_from is None


def _slot(game: Game, deck: Deck) -> str:
    return f"{game.root.resolve()}\n{game.id}\n{getattr(game, 'lang', '')}\n{deck.id}"


def _made_from(shared: str, text: bytes) -> str:
    return hashlib.sha256(f"{disk_cache.drawing_stamp()}\n{shared}\n".encode() + text).hexdigest()


def kept(game: Game, deck: Deck, shared: str, text: bytes) -> tuple[list[Entry], list[Problem]] | None:
    """The deck's faces and findings as the last build laid them out, if nothing they are made from changed."""
    from pnp.layout.faces_encoded import decoded

    value = disk_cache.load(KIND, _slot(game, deck))
    if not (isinstance(value, tuple) and len(value) == 3 and value[0] == _made_from(shared, text)):
        return None
    _, others, faces = value
    try:
        if any(_digest(game.root / name) != digest for name, digest in others):
            return None
        return decoded(faces)
    except Exception:  # noqa: BLE001 - a kept entry that does not read back: laid out as usual
        return None


def keep(game: Game, deck: Deck, shared: str, text: bytes, entries: list[Entry], found: list[Problem],
         others: list[str]) -> None:
    """Keep the deck's faces for the next build (`others`: the files of the other decks its faces read)."""
    from pnp.layout.faces_encoded import Unkept, encoded

    if not keepable(deck) or not entries or len(entries) > MOST_FACES:
        return
    if any(p.severity == "error" or p.rule == MISSING_ART for p in found):
        return
    inside = [str(Path(folder).resolve()) for folder in (game.dir, game.root / "templates")]
    groups: set[int] = set()
    pictures = {p for e in entries for face in (e.front, e.back) if face is not None
                for p in image_paths(face.items, groups)}
    if any(not any(str(Path(p).resolve()).startswith(f"{folder}/") for folder in inside) for p in pictures):
        return  # a picture from elsewhere in the project: its changes are not in the key
    try:
        faces = encoded(entries, found)
    except Unkept:
        return
    value: Any = (_made_from(shared, text), [(name, _digest(game.root / name)) for name in sorted(others)], faces)
    disk_cache.store(KIND, _slot(game, deck), value)


def _digest(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return "-"
