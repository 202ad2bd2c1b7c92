"""Layout: the game's decks as a template reads them (`decks.track.cards`), noting which ones it read.

A face may show what another deck holds: Voyage's reference card reads the meters' drop each Round from
the track deck (`decks.track.cards`), so the number lives once, on the meter. Each deck is
`{id, name, kind, count, cards}`, its cards their fields with `id` and `copies` (as rule expressions read
them). `pnp watch` and `pnp serve` keep a deck's faces while its file is unchanged: a face that read
another deck depends on that deck's file too, so the mapping notes every deck read (any look-up, and all
of them when it is walked through) and the layout keeps the files it read with the faces.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pnp.model.game import Game


class DecksRead(dict):
    """Deck id -> the deck as templates read it; `_read` holds the ids looked up since it was last cleared."""

    def __init__(self, views: dict[str, Any]):
        super().__init__(views)
        self._read: set[str] = set()

    def __getitem__(self, key: Any) -> Any:
        self._read.add(key)
        return super().__getitem__(key)

    def get(self, key: Any, default: Any = None) -> Any:
        self._read.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self._read.add(key)  # type: ignore[arg-type]
        return super().__contains__(key)

    def _every(self) -> None:
        self._read.update(super().keys())

    def __iter__(self) -> Iterator[Any]:
        self._every()
        return super().__iter__()

    def keys(self) -> Any:
        self._every()
        return super().keys()

    def values(self) -> Any:
        self._every()
        return super().values()

    def items(self) -> Any:
        self._every()
        return super().items()

    @contextmanager
    def apart(self) -> Iterator[set[str]]:
        """The ids read inside the block, in the set it yields once the block ends (still noted as read)."""
        before, self._read = self._read, set()
        got: set[str] = set()
        try:
            yield got
        finally:
            got |= self._read
            self._read = before | self._read

    def taken(self) -> set[str]:
        """The ids read since the last call, and forget them."""
        read, self._read = self._read, set()
        return read


_VIEWS: weakref.WeakKeyDictionary[Game, DecksRead] = weakref.WeakKeyDictionary()


def decks_read(game: Game) -> DecksRead:
    """The game's decks as templates read them: made once per loaded game."""
    if game not in _VIEWS:
        _VIEWS[game] = DecksRead({d.id: {"id": d.id, "name": d.name, "kind": d.spec.kind, "count": d.faces,
                                         "cards": [{**c.data, "copies": c.copies} for c in d.cards]}
                                  for d in game.decks})
    return _VIEWS[game]
