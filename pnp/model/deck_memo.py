"""Decks read before, kept by the bytes they were read from.

`pnp watch` and `pnp serve` load the whole game again on every save; a deck file that did not change (nor
game.yaml and the data tables its cards read) is not parsed and typed again: the same `Deck`, with the same
findings, is handed on. A deck whose cards come from a spreadsheet is always read again (its cells live in
another file). The kept decks are never changed by the stages after the load.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.core import bounds
from pnp.core.errors import Problem, Problems
from pnp.model.project import unreadable

KEPT_DECKS = 256  # deck files kept at most (the least recently read go first)

_KEPT: OrderedDict[tuple, tuple[Any, list[Problem]]] = OrderedDict()  # key -> (the Deck, its findings)


def context_of(root: Path, files: list[Path]) -> bytes | None:
    """What every deck of a game is read with besides its own file (game.yaml, the data tables), as bytes; None
    when one of them may not be read (its load says why, and no deck is kept)."""
    out = []
    for path in files:
        raw = yaml_bytes(root, path)
        if raw is None:
            return None
        out += [raw, b"\0"]
    return b"".join(out)


def yaml_bytes(root: Path, path: Path) -> bytes | None:
    """The bytes of a game's YAML file, or None where the load would refuse it (never a pipe opened)."""
    if unreadable(root, path, "a YAML file", bounds.FILE_BYTES) is not None:
        return None
    try:
        return path.read_bytes()
    except OSError:
        return None


def kept_deck(path: Path, root: Path, context: bytes | None, problems: Problems,
              read: Callable[[Problems], Any]) -> Any:
    """The deck of `path`, read with `read(problems)` unless this very file, in this very `context`, was read
    before: then the deck and its findings as they were."""
    raw = yaml_bytes(root, path) if context is not None else None
    if raw is None:
        return read(problems)
    key = (str(root), str(path), raw, context)
    if key in _KEPT:
        _KEPT.move_to_end(key)
        deck, found = _KEPT[key]
        problems.extend(found)
        return deck
    own = Problems()
    deck = read(own)
    problems.extend(own.items)
    if deck is not None and deck.spec.cards_from is None:
        _KEPT[key] = (deck, own.items)
        while len(_KEPT) > KEPT_DECKS:
            _KEPT.popitem(last=False)
    return deck
