"""Layout: what laying out an element needs at hand: the game's fonts, icons and palette (`LayoutEnv`),
and one element's values evaluated for one face (`Eval`), lengths, colours and dashes read and checked.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.core.errors import Where, echo
from pnp.layout.expr import Context
from pnp.layout.fonts.families import Family
from pnp.layout.scene import Item, Line
from pnp.model.units import RGB, parse_colour, parse_length

if TYPE_CHECKING:
    from pnp.layout.art.icons import IconDef
    from pnp.model.load import Doc


@dataclass(repr=False, eq=False)
class LayoutEnv:
    """What layout needs to know about the game."""

    root: Path
    game_dir: Path
    families: dict[str, Family]
    palette: dict[str, str]
    icons: dict[str, IconDef]
    glossary: re.Pattern[str] | None
    term_style: str
    term_color: str | None
    placeholders: re.Pattern[str] | None = None  # unfinished text, printed in a loud highlight
    data_docs: dict[str, Doc] = field(default_factory=dict)  # the game's data tables with their places (grids)
    lang: str = ""  # the game's language, where it is not its source's (pnp's own words: catalog.py)
    fit: float = 1.0  # how far below `min_size` its texts may shrink (game.yaml `fit:` for the language)
    choices: dict[str, dict[str, str]] = field(default_factory=dict)  # field -> choice -> the word a text prints


WhereOf = Callable[..., Where]  # a card field's name (and a path inside it) -> its place in the deck file


class Skip(Exception):
    """The element draws nothing for this card (condition false, empty text)."""


class Eval:
    """Evaluates one element's values for one context, reporting problems with their place."""

    def __init__(self, values: dict[str, tuple[bool, Any]], ctx: Context | None, where: Where, subject: str,
                 env: LayoutEnv, size: tuple[float, float]):
        self.values, self.ctx, self.where, self.subject, self.env = values, ctx, where, subject, env
        self.w, self.h = size

    def raw(self, key: str) -> Any:
        dynamic, value = self.values.get(key, (False, None))
        if not dynamic:
            return value
        assert self.ctx is not None
        return value(self.ctx)

    def said(self, key: str, choices: dict[str, dict[str, str]]) -> Any:
        """`key`'s value as a text prints it: the card's choices in their language's words (choice_words.py)."""
        dynamic, value = self.values.get(key, (False, None))
        if not dynamic or not choices or not self.ctx or "card" not in self.ctx:
            return self.raw(key)
        from pnp.model.translation.choice_words import worded

        return value({**self.ctx, "card": worded(self.ctx["card"], choices)})

    def length(self, key: str, parent: float) -> float:
        value = self.raw(key)
        try:
            return parse_length(value, parent)
        except ValueError as exc:
            raise ValueError(f"{key}: {exc}") from None

    def number(self, key: str, default: float) -> float:
        """A plain number (the caller bounds it with `between`); ValueError naming `key` for anything else."""
        value = self.raw(key) or default
        try:
            return float(value)
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"{key}: expected a number, got {echo(value)}") from None

    def angle(self, key: str = "rotate") -> float:
        """A rotation in degrees: a finite number (an infinity has no angle), within one turn either way."""
        value = self.raw(key) or 0
        try:
            number = float(value)
        except (TypeError, ValueError, OverflowError):
            raise ValueError(f"{key}: expected a number of degrees, got {echo(value)}") from None
        if not math.isfinite(number):
            raise ValueError(f"{key}: {echo(value)} is not an angle; use a number of degrees, e.g. 90")
        return math.fmod(number, 360.0)

    def dash(self) -> tuple[float, ...]:
        """A stroke's dash pattern: lengths on, off, on, ... (none: solid)."""
        dash = self.raw("dash") or ()
        if not isinstance(dash, list | tuple) or not 0 < len(dash) <= 16:
            if not dash:
                return ()
            raise ValueError(f"dash: expected a list of up to 16 lengths (on, off, ...), got {dash!r}")
        try:
            out = tuple(parse_length(d) for d in dash)
        except ValueError as exc:
            raise ValueError(f"dash: {exc}") from None
        if any(d < 0 for d in out) or not any(out):
            raise ValueError(f"dash: the lengths must be positive, got {dash!r}")
        return out

    def colour(self, key: str) -> RGB | None:
        try:
            return parse_colour(self.raw(key), self.env.palette)
        except ValueError as exc:
            raise ValueError(f"{key}: {exc}") from None


def extent(items: list[Item]) -> tuple[float, float, float, float]:
    """The box laid-out items cover (rects, lines, texts)."""
    xs = [v for i in items for v in ((i.x1, i.x2) if isinstance(i, Line) else (i.x, i.x + i.w))]  # type: ignore[union-attr]
    ys = [v for i in items for v in ((i.y1, i.y2) if isinstance(i, Line) else (i.y, i.y + i.h))]  # type: ignore[union-attr]
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def between(key: str, value: float, low: float, high: float, unit: str) -> float:
    if not (math.isfinite(value) and low <= value <= high):
        raise ValueError(f"{key}: {value:g} {unit}; use a value from {low:g} to {high:g}")
    return value
