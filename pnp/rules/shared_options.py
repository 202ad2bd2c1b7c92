"""The options rule kinds share: where values come from (a *source*), bounds, printed parts and play.

A *source* names a list of values somewhere in the game: a deck's field
(`{deck: empty-room, field: color}`), a data table's field (`{data: ship, items: squares, field:
color}`), or the palette's names (`{palette: true}`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pnp.model.schema.fields import Length

Severity = Literal["error", "warning", "info"]


@dataclass
class Source:
    deck: str | None = None  # a deck's cards
    data: str | None = None  # a data table by name
    items: str | None = None  # a list inside a data file (dotted path)
    field: str | None = None  # the value of each item (default: the item itself)
    palette: bool = False  # the game's palette colours
    where: str | None = None  # keep items for which this expression is true (`item`)


@dataclass
class Bound:
    min: int | None = None  # at least this many
    max: int | None = None  # at most this many
    exactly: int | None = None  # exactly this many


@dataclass
class Part:
    """A piece or a space, as printed: a deck's or template's face, or a named element laid out on it."""

    deck: str | None = None  # the deck's front template, laid out for its cards
    template: str | None = None  # a template, laid out for every deck that prints it
    element: str | None = None  # a named element of it (default: the whole trimmed face)
    side: Literal["front", "back"] = "front"  # with `deck`: its front or back template


@dataclass
class Play:
    """What the space leaves around the piece (space minus piece, on each axis compared)."""

    min: Length = 0.0
    max: Length | None = None  # at most this much room
