"""Play: the table a game starts from (as `pnp setup` deals it), its piles, its dice, and the record.

One `random.Random` per game drives the deal, every shuffle and every roll: the same seed and game
number give the same game, whichever worker plays it. Nothing here knows any one game.
"""

from __future__ import annotations

import random
from typing import Any


class Record:
    """What happened in one game, for the report to count: cards drawn and played, named events, and
    the meters at the end of each round."""

    __slots__ = ("counts", "drawn", "meters", "played")

    def __init__(self) -> None:
        self.drawn: set[str] = set()  # "deck/card" seen in a hand or on the table
        self.played: dict[str, int] = {}  # "deck/card" -> times played
        self.counts: dict[str, int] = {}  # named events ("room destroyed", ...) -> how many
        self.meters: dict[str, list[int]] = {}  # meter -> its value at the end of each round

    def draw(self, deck: str, card: str) -> None:
        self.drawn.add(f"{deck}/{card}")

    def play(self, deck: str, card: str) -> None:
        key = f"{deck}/{card}"
        self.played[key] = self.played.get(key, 0) + 1
        self.drawn.add(key)

    def count(self, what: str, n: int = 1) -> None:
        self.counts[what] = self.counts.get(what, 0) + n

    def meter(self, name: str, value: int) -> None:
        self.meters.setdefault(name, []).append(value)


class Die:
    """A die rolled by its faces as the game's data table lists them (`faces:`, each a mapping)."""

    __slots__ = ("faces", "name", "table")

    def __init__(self, name: str, faces: list[dict[str, Any]], table: Table):
        self.name, self.faces, self.table = name, faces, table

    def roll(self) -> dict[str, Any]:
        return self.faces[int(self.table.rng.random() * len(self.faces))]


class Pile:
    """A face-down pile of card ids (the top is the end of the list), with its discard pile. Drawing
    from an empty pile shuffles the discards back in when `reshuffle` is set, as many games say."""

    __slots__ = ("cards", "deck", "discards", "reshuffle", "table")

    def __init__(self, deck: str, cards: list[str], table: Table, reshuffle: bool = False):
        self.deck, self.cards, self.table, self.reshuffle = deck, cards, table, reshuffle
        self.discards: list[str] = []

    def __len__(self) -> int:
        return len(self.cards)

    def draw(self) -> str | None:
        """The top card (recorded as drawn), or None when the pile (and, reshuffled, its discards) is empty."""
        if not self.cards and self.reshuffle and self.discards:
            self.cards, self.discards = self.discards, []
            self.shuffle()
        if not self.cards:
            return None
        card = self.cards.pop()
        self.table.record.draw(self.deck, card)
        return card

    def top(self, n: int) -> list[str]:
        """The top `n` cards, top first, left in place."""
        return self.cards[::-1][:n]

    def put_top(self, cards: list[str]) -> None:
        """Put cards back on top: the first named ends on top."""
        self.cards.extend(reversed(cards))

    def put_bottom(self, card: str) -> None:
        self.cards.insert(0, card)

    def discard(self, card: str) -> None:
        self.discards.append(card)

    def shuffle(self) -> None:
        self.table.rng.shuffle(self.cards)


class Table:
    """The dealt setup of one game and what a play module reads: the cards' fields, the data tables,
    the game's random numbers, its dice and piles, and the record."""

    def __init__(self, cards: dict[str, dict[str, dict[str, Any]]], data: dict[str, Any], dealt: dict[str, Any],
                 rest: dict[str, list[str]], rng: random.Random, kept: dict[Any, Any] | None = None):
        self._cards, self._data, self._rest = cards, data, rest
        self.kept: dict[Any, Any] = {} if kept is None else kept  # shared by the games of a run that have the
        # same cards' fields (a worker's, one value of a sweep): for what a play module works out from the
        # fields and data tables alone, never from a game's deal or play
        self.players: int = dealt["players"]
        self.seed: int = dealt["seed"]  # `pnp setup GAME --players N --seed SEED` deals this table
        self.setup: dict[str, Any] = dealt["table"]  # label -> what the setup put on the table
        self.hands: list[dict[str, Any]] = dealt["hands"]  # per player: label -> what they were dealt
        self.rng = rng
        self.record = Record()
        for part in (self.setup, *self.hands):
            for label, value in part.items():
                if label in cards and isinstance(value, list):
                    for card in value:
                        self.record.draw(label, card)

    def cards(self, deck: str) -> dict[str, dict[str, Any]]:
        """Every card of a deck: id -> its fields (as typed in YAML; read them, never change them)."""
        if deck not in self._cards:
            raise KeyError(f"no deck {deck!r} (decks: {', '.join(self._cards)})")
        return self._cards[deck]

    def card(self, deck: str, card: str) -> dict[str, Any]:
        return self.cards(deck)[card]

    def data(self, name: str) -> Any:
        """A data table's values (`data:` in game.yaml)."""
        if name not in self._data:
            raise KeyError(f"no data table {name!r} (tables: {', '.join(self._data)})")
        return self._data[name]

    def die(self, name: str) -> Die:
        """The die whose faces are the data table `name`'s `faces:` list."""
        return Die(name, self.data(name)["faces"], self)

    def pile(self, deck: str, reshuffle: bool = False) -> Pile:
        """The deck's cards the setup did not deal, in the order its shuffle left them (a card's copies
        each once). A deck the setup does not shuffle is shuffled here."""
        rest = list(reversed(self._rest.get(deck, [])))
        if deck not in self._rest:
            rest = [card for card in self.cards(deck)]
            self.rng.shuffle(rest)
        return Pile(deck, rest, self, reshuffle)

    def roll(self, n: int) -> int:
        """A number from 0 to n - 1 (a choice among n), from the game's own random numbers."""
        return int(self.rng.random() * n)

    def shared(self) -> dict[int, Any]:
        """A deep copy's memo that keeps the cards, the data tables and `kept` shared."""
        memo: dict[int, Any] = {id(self.kept): self.kept}
        for value in (self._cards, *self._cards.values(), self._data, *self._data.values()):
            memo[id(value)] = value
        for deck in self._cards.values():
            for fields in deck.values():
                memo[id(fields)] = fields
        return memo

    def __deepcopy__(self, memo: dict[int, Any]) -> Table:
        """A copy for a look-ahead: the cards and tables are shared (read only), the rest copied."""
        import copy

        new = Table.__new__(Table)
        memo[id(self)] = new
        new._cards, new._data, new._rest, new.kept = self._cards, self._data, self._rest, self.kept
        new.players, new.seed, new.setup, new.hands = self.players, self.seed, self.setup, self.hands
        new.rng = copy.deepcopy(self.rng, memo)
        new.record = Record()  # a look-ahead's cards are not counted
        return new
