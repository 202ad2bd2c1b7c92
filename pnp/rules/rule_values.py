"""Values as the rule kinds read and say them: a card as expressions see it, values as the YAML writes them."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from pnp.core.errors import Where
from pnp.model.game import Card, Deck


@dataclass
class Value:
    value: Any
    where: Where
    subject: str


def card_view(card: Card) -> dict[str, Any]:
    """A card as rule expressions read it: its fields, its `id` and how many `copies` print."""
    return {**card.data, "copies": card.copies}


def hashable(value: Any) -> Any:
    """A value as a key: a list or table compared by what it holds."""
    if isinstance(value, list):
        return tuple(hashable(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), hashable(v)) for k, v in value.items()))
    return value


def shown(value: Any) -> str:
    """A value as the YAML wrote it: numbers bare (1, 2.5), text quoted ('red')."""
    return repr(value) if isinstance(value, str) else str(value)


def listed(names: Any) -> str:
    """Values as a message lists them, as the YAML writes them (numbers bare, in order first, then text): the
    first 20 (a table of 20,000 said for every value that misses it would be 400 million names)."""
    ordered = sorted(names, key=lambda v: (isinstance(v, str), v if isinstance(v, int | float) else str(v)))
    said = "[" + ", ".join(shown(v) for v in ordered[:20])
    return said + "]" if len(ordered) <= 20 else f"{said}, ... and {len(ordered) - 20:,} more]"


def sum_faces(deck: Deck, field: str) -> Counter:
    """Faces (copies counted) by their value of `field`, as text."""
    have: Counter = Counter()
    for card in deck.cards:
        have[str(card.data.get(field))] += card.copies
    return have
