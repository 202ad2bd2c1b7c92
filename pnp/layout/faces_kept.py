"""Faces laid out before, kept by everything they were laid out from (`pnp watch`, `pnp serve`).

When one card of a deck is saved, the deck is laid out again, but only that card's faces are made again: a
card whose fields (as filled in), place in its file, templates, fonts, icons and deck context are the same as
last time gets the same faces and the same findings. A face that read another deck (`decks.track`) is never
kept (what it read may change without this deck's file changing). Each deck keeps only its last layout's faces.
"""

from __future__ import annotations

from typing import Any

from pnp.core.errors import Problem
from pnp.layout.scene import Face
from pnp.model.game import Card, Deck

Kept = tuple[Face, Face | None, list[Problem]]


class FacesKept:
    """Deck id -> (key -> the front, the back and the findings of one card's faces)."""

    def __init__(self) -> None:
        self.decks: dict[str, dict[tuple, Kept]] = {}

    def clear(self) -> None:
        self.decks.clear()


def card_key(deck_key: tuple, deck: Deck, card: Card, ctx: dict[str, Any], subject: str) -> tuple:
    """What one card's faces are made from: the deck's part (`deck_key`), its filled-in fields, and where each
    of its values was written (a finding names the line)."""
    return deck_key, subject, repr(ctx), repr(_places(deck, card))


def _places(deck: Deck, card: Card) -> Any:
    node = deck.doc.root
    for part in ("cards", card.index):
        if not isinstance(node, tuple):
            return node
        inner = node[1]
        if isinstance(inner, dict):
            entry = inner.get(part)
            if entry is None:
                return None
            node = entry[1]
        elif isinstance(part, int) and 0 <= part < len(inner):
            node = inner[part]
        else:
            return None
    return node
