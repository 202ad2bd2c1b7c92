"""Play: the table a game starts from (as `pnp setup` deals it), its piles, its dice, and the record.

One `random.Random` per game drives the deal, every shuffle and every roll: the same seed and game
number give the same game, whichever worker plays it. Nothing here knows any one game.
"""

from __future__ import annotations

import random
from types import MappingProxyType
from typing import Any


class BadRecord(ValueError):
    """What a play module recorded or returned does not fit the record's bounds (pnp.core.bounds): raised
    at its call, so the runner names the module's line."""


def _name(kind: str, value: Any) -> str:
    """A name a play module gives (a meter's, an event's, a loss reason), held to its bounds."""
    from pnp.core.bounds import RECORD_NAME
    from pnp.core.errors import echo

    if type(value) is not str:
        raise BadRecord(f"{kind} is text, not {type(value).__name__} ({echo(value)})")
    if not 0 < len(value) <= RECORD_NAME:
        raise BadRecord(f"{kind} {echo(value)}: text of 1 to {RECORD_NAME} characters")
    return value


def number(kind: str, value: Any) -> int | float:
    """A number a play module records: an int or a finite float, within RECORD_NUMBER either way."""
    import math

    from pnp.core.bounds import RECORD_NUMBER
    from pnp.core.errors import echo

    if type(value) not in (int, float) or (type(value) is float and not math.isfinite(value)):
        what = repr(value) if type(value) is float else f"{type(value).__name__} ({echo(value)})"
        raise BadRecord(f"{kind} is a finite number (int or float), not {what}")
    if abs(value) > RECORD_NUMBER:
        raise BadRecord(f"{kind} {echo(value)}: within {RECORD_NUMBER:,} either way")
    return value


class Record:
    """What happened in one game, for the report to count: cards drawn and played, named events, and
    the meters at the end of each round. What a play module records is checked at its call against the
    bounds of pnp.core.bounds (the game's cards, names of RECORD_NAME characters, finite numbers, at most
    RECORD_NAMES meters and events, RECORD_ROUNDS values a meter): a BadRecord at the module's line."""

    __slots__ = ("counts", "drawn", "known", "meters", "played", "players", "standings", "story", "ties")

    def __init__(self, known: frozenset[str] | None = None, players: int = 0) -> None:
        self.drawn: set[str] = set()  # "deck/card" seen in a hand or on the table
        self.played: dict[str, int] = {}  # "deck/card" -> times played
        self.counts: dict[str, int] = {}  # named events ("room destroyed", ...) -> how many
        self.meters: dict[str, list[int]] = {}  # meter -> its value at the end of each round
        self.known = known  # every "deck/card" of the game (None: a look-ahead's record, never counted)
        self.story: list[tuple] | None = None  # `pnp simulate --trace`: every event in order (told.py)
        self.players = players
        self.standings: list[tuple] = []  # each seat's score at the end of each round (a competitive game)
        self.ties: dict[str, dict[str, int]] = {}  # "deck/card" -> what it tied with and lost by order -> times

    def _card(self, deck: Any, card: Any) -> str:
        key = f"{deck}/{card}" if type(deck) is str and type(card) is str else None
        if self.known is not None and key not in self.known:
            from pnp.core.errors import echo

            said = echo(key) if key is not None else f"{echo(deck)}, {echo(card)}"
            raise BadRecord(f"the card {said} is not one of the game's cards (deck id, card id)")
        return key or ""

    def draw(self, deck: str, card: str) -> None:
        key = self._card(deck, card)
        self.drawn.add(key)
        if self.story is not None:
            tell(self.story, ("draw", key))

    def play(self, deck: str, card: str) -> None:
        key = self._card(deck, card)
        self.played[key] = self.played.get(key, 0) + 1
        if self.story is not None:
            tell(self.story, ("play", key))
        self.drawn.add(key)

    def count(self, what: str, n: int = 1) -> None:
        from pnp.core.bounds import RECORD_NAMES

        if type(what) is not str or what not in self.counts:
            _name("an event's name", what)
            if len(self.counts) >= RECORD_NAMES:
                raise BadRecord(f"more than {RECORD_NAMES} kinds of event in one game")
        if type(n) is not int:
            raise BadRecord(f"an event's count is an int, not {type(n).__name__}")
        self.counts[what] = number(f"the count of {what!r}", self.counts.get(what, 0) + n)  # type: ignore[assignment]
        if self.story is not None:
            tell(self.story, ("count", what, n))

    def said(self, text: str) -> None:
        """What happened, in words, for the story of a traced game only (a roll's face, tokens added): never counted."""
        from pnp.core.bounds import RECORD_NAME

        if self.story is not None:
            tell(self.story, ("said", str(text)[:RECORD_NAME]))

    def meter(self, name: str, value: int) -> None:
        from pnp.core.bounds import RECORD_NAMES, RECORD_ROUNDS

        values = self.meters.get(name) if type(name) is str else None
        if values is None:
            _name("a meter's name", name)
            if len(self.meters) >= RECORD_NAMES:
                raise BadRecord(f"more than {RECORD_NAMES} meters in one game")
            values = self.meters[name] = []
        elif len(values) >= RECORD_ROUNDS:
            raise BadRecord(f"meter {name!r} more than {RECORD_ROUNDS:,} times in one game (once a round)")
        values.append(number(f"meter {name!r}", value))  # type: ignore[arg-type]
        if self.story is not None:
            tell(self.story, ("meter", name, value))


    def tied(self, deck: str, card: str, other: str) -> None:
        """The policy's choice was worth no more than this card, which lost by the list's order only (`other`: the
        move played, a card "deck/card" or a move's name): the report says "never chosen: tied with OTHER" of a card
        never played, rather than that it was not worth playing."""
        key = self._card(deck, card)
        said = _name("what a card tied with", other)
        held = self.ties.setdefault(key, {})
        if said in held or len(held) < 20:
            held[said] = held.get(said, 0) + 1

    def scores(self, scores: Any) -> None:
        """Each seat's score now (seat 0 first), once a round: what the lead measures read (who leads, when)."""
        from pnp.core.bounds import RECORD_ROUNDS

        if type(scores) not in (tuple, list) or (self.players and len(scores) != self.players):
            from pnp.core.errors import echo

            raise BadRecord(f"scores are a tuple of {self.players} numbers, one per seat (seat 0 first), not "
                            f"{echo(scores)}")
        if len(self.standings) >= RECORD_ROUNDS:
            raise BadRecord(f"scores more than {RECORD_ROUNDS:,} times in one game (once a round)")
        self.standings.append(tuple(number("a seat's score", x) for x in scores))

def tell(story: list[tuple], event: tuple) -> None:
    """One event of a traced game, kept while the story is within its bound (then one last: "cut")."""
    from pnp.core.bounds import TRACE_EVENTS

    if len(story) < TRACE_EVENTS:
        story.append(event)
    elif story[-1][0] != "cut":
        story.append(("cut", TRACE_EVENTS))


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


def read_only(value: Any, held: list[Any]) -> Any:
    """A read-only copy of a value of a data table or a card (mappings as MappingProxyType, lists as tuples),
    each container it makes added to `held` (a look-ahead's deep copy shares them: Table.shared)."""
    if isinstance(value, dict):
        made: Any = MappingProxyType({k: read_only(v, held) for k, v in value.items()})
    elif isinstance(value, (list, tuple)):
        made = tuple(read_only(v, held) for v in value)
    elif isinstance(value, (set, frozenset)):
        made = frozenset(value)
    else:
        return value
    held.append(made)
    return made


def card_views(cards: dict[str, dict[str, dict[str, Any]]], held: list[Any]) -> tuple[Any, dict[tuple[str, str], dict]]:
    """The cards as a play module reads them: read-only views of each card's fields, live (a sweep's value,
    set in `cards`, shows through), except for a card with a list or a mapping among its fields, whose view
    is of a read-only copy (returned by (deck, card), for a sweep to set its value there too)."""
    copies: dict[tuple[str, str], dict] = {}
    decks = {}
    for deck, by_id in cards.items():
        views = {}
        for card, fields in by_id.items():
            base = fields
            if any(isinstance(v, (dict, list, tuple, set)) for v in fields.values()):
                base = copies[deck, card] = {k: read_only(v, held) for k, v in fields.items()}
            views[card] = MappingProxyType(base)
        decks[deck] = MappingProxyType(views)
        held += [*views.values(), decks[deck]]
    top = MappingProxyType(decks)
    held.append(top)
    return top, copies


class Table:
    """The dealt setup of one game and what a play module reads: the cards' fields, the data tables,
    the game's random numbers, its dice and piles, and the record."""

    def __init__(self, cards: dict[str, dict[str, dict[str, Any]]], data: dict[str, Any], dealt: dict[str, Any],
                 rest: dict[str, list[str]], rng: random.Random, kept: dict[Any, Any] | None = None,
                 known: frozenset[str] | None = None, held: list[Any] | None = None,
                 effects: dict[str, dict[str, Any]] | None = None, value: str | None = None):
        self._cards, self._data, self._rest = cards, data, rest
        self._effects = effects or {}  # deck -> card id -> its effect's steps as loaded (None: it says none)
        self._value = value  # the game's `value:` (play.yaml), for State.value
        self._held = held or []  # the read-only views of the cards and data tables (card_views, read_only)
        self.kept: dict[Any, Any] = {} if kept is None else kept  # shared by the games of a run that have the
        # same cards' fields (a worker's, one value of a sweep): for what a play module works out from the
        # fields and data tables alone, never from a game's deal or play
        self.players: int = dealt["players"]
        self.seed: int = dealt["seed"]  # `pnp setup GAME --players N --seed SEED` deals this table
        self.setup: dict[str, Any] = dealt["table"]  # label -> what the setup put on the table
        self.hands: list[dict[str, Any]] = dealt["hands"]  # per player: label -> what they were dealt
        self.rng = rng
        self.record = Record(known, self.players)
        for part in (self.setup, *self.hands):
            for label, value in part.items():
                if label in cards and isinstance(value, list):
                    for card in value:
                        self.record.draw(label, card)

    def cards(self, deck: str) -> dict[str, dict[str, Any]]:
        """Every card of a deck: id -> its fields (as typed in YAML), read-only (`pnp simulate` gives views that
        refuse a change: every game reads the same cards, whichever worker plays it)."""
        if deck not in self._cards:
            raise KeyError(f"no deck {deck!r} (decks: {', '.join(self._cards)})")
        return self._cards[deck]

    def card(self, deck: str, card: str) -> dict[str, Any]:
        return self.cards(deck)[card]

    def effects(self, deck: str) -> Any:
        """Every card of a deck: id -> what its `effect:` says, as steps (docs/effects.md), or None where the card
        says nothing. A step reads `step["verb"]`, `step["args"]` (nested steps as steps) and `step["when"]`
        (`at`, `until`, `rounds`, `if`); its numbers are worked out from the card's fields as they are now, so a
        sweep's value is played. Read-only, and the same for every game with these fields (kept)."""
        from pnp.play.effect_views import deck_effects

        cards = self.cards(deck)
        key = ("pnp: effects", deck)
        views = self.kept.get(key)
        if views is None:
            views = self.kept[key] = deck_effects(self._effects.get(deck, {}), cards)
        return views

    def value_of(self, names: dict[str, float]) -> float:
        """The game's `value:` (cards/<game>/play.yaml) worked out over `names` (State.values): how good a state is."""
        from pnp.model.expressions.evaluate import expression

        if self._value is None:
            raise ValueError("the game declares no `value:` (cards/<game>/play.yaml)")
        return float(expression(self._value)(**names))

    def condition(self, source: str) -> Any:
        """A step's `if:` (docs/effects.md), compiled: call it with the names it reads (the game's meters, `card`
        for the card's fields), true while the step happens. The engine's own expressions, in their sandbox."""
        from pnp.model.expressions.evaluate import expression

        return expression(source)

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

    def player_piles(self, deck: str, label: str | None = None) -> list[Any]:
        """Each player's own deck, hand and discards (pnp.play.player_piles.PlayerPiles, seat 0 first): their deck
        the cards of `deck` the setup dealt them under `label` (default: the deck's id), shuffled."""
        from pnp.play.player_piles import PlayerPiles

        out = []
        for hand in self.hands:
            pile = Pile(deck, list(hand.get(label or deck, [])), self, reshuffle=True)
            pile.shuffle()
            out.append(PlayerPiles(pile))
        return out

    def roll(self, n: int) -> int:
        """A number from 0 to n - 1 (a choice among n), from the game's own random numbers."""
        return int(self.rng.random() * n)

    def shared(self) -> dict[int, Any]:
        """A deep copy's memo that keeps the cards, the data tables and `kept` shared."""
        memo: dict[int, Any] = {id(self.kept): self.kept}
        for view in self._held:
            memo[id(view)] = view
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
        new._effects, new._value = self._effects, self._value
        new._held = self._held
        new.players, new.seed, new.setup, new.hands = self.players, self.seed, self.setup, self.hands
        new.rng = copy.deepcopy(self.rng, memo)
        new.record = Record()  # a look-ahead's cards are not counted
        return new
