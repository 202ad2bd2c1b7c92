"""`pnp check --setup FILE`: a setup written down at a playtest, held against the game's setup.

The record is replayed: the same steps run under the record's player count and options, and each
step takes the cards the record names instead of the top of a shuffled pile. So the counts, the
`where` filters, `same`, the sides, the start values and the die faces are checked exactly as they
are dealt, per player count and per player.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.core.errors import InputError, Problem
from pnp.model.game import Game
from pnp.model.load import Doc
from pnp.rules.dealer import Dealer, Piece, Take
from pnp.rules.setup_expr import Locator, Path, choose
from pnp.rules.spec import Setup, Step


class _Replay(Dealer):
    def __init__(self, game: Game, setup: Setup, locate: Locator, record: Doc):
        super().__init__(game, setup, locate)
        self.record = record
        self.problems: list[Problem] = []
        self.used: Counter = Counter()
        self.value: Any = None  # the recorded value of the step being replayed
        self.path: tuple = ()
        self.cards: list[Any] | None = None
        self.cursor = 0
        self.laid_pieces: dict[str, list[Piece]] = {}

    def fail(self, path: tuple, message: str) -> None:
        self.problems.append(Problem(self.record.where(path), message, ".".join(map(str, path)) or "setup",
                                     rule="setup"))

    def begin(self, label: str, scope: tuple) -> bool:
        data = self.record.data
        container = data.get("table") if scope[0] == "table" else (
            data["hands"][scope[1]] if scope[1] < len(data["hands"]) else None)
        if not isinstance(container, dict) or label not in container:
            if scope[0] == "table":
                self.fail(("table",), f"the table needs {label!r}")
            elif scope[1] < len(data["hands"]):
                self.fail(scope, f"player {scope[1] + 1} needs {label!r}")
            return False
        self.value, self.path, self.cursor = container[label], (*scope, label), 0
        value = self.value
        self.cards = value.get("cards") if isinstance(value, dict) else value
        if scope == ("table",) and label in self.table_piles and isinstance(self.cards, list):
            self.cards = self.drawn_from(label) + self.cards  # the record shows what is left of the pile
        return True

    def shuffled_ids(self, take: Take, pool: list[Piece], want: int) -> list[Any]:
        """A part of a shuffled pile: the first `want` recorded cards it can take, wherever they lie; the record is
        reordered so that they come next."""
        assert isinstance(self.cards, list)
        rest = self.cards[self.cursor:]
        left = [p.id for p in pool]
        mine: list[Any] = []
        for card in rest:
            if len(mine) < want and card in left:
                left.remove(card)
                mine.append(card)
        others = list(rest)
        for card in mine:
            others.remove(card)
        self.cards[self.cursor:] = mine + others
        self.cursor += len(mine)
        return mine

    def drawn_from(self, pile: str) -> list[Any]:
        """The cards the record says later steps drew from a pile on the table, in dealing order (the table's
        steps, then each player's): the top of the pile as it was laid."""
        data = self.record.data
        out: list[Any] = []
        for step in self.setup.table:
            if step.draw == pile and step.label and isinstance(data.get("table"), dict):
                got = data["table"].get(step.label)
                out += got.get("cards", []) if isinstance(got, dict) else got if isinstance(got, list) else []
        for hand in data.get("hands") or []:
            for step in self.setup.each_player:
                if step.draw == pile and isinstance(hand, dict):
                    got = hand.get(step.label or pile)
                    out += got.get("cards", []) if isinstance(got, dict) else got if isinstance(got, list) else []
        for step in self.setup.then:
            if step.draw == pile and step.label and isinstance(data.get("table"), dict):
                got = data["table"].get(step.label)
                out += got.get("cards", []) if isinstance(got, dict) else got if isinstance(got, list) else []
        return out

    def pick(self, take: Take, pool: list[Piece]) -> list[Piece]:
        want = take.count if take.count is not None else len(pool)
        in_pile = "pile" in take.path
        cards = self.cards
        if not isinstance(cards, list) or (not in_pile and len(cards) != want):
            self.fail(self.path, f"{want} {take.deck} card{'s' if want != 1 else ''} expected, got {cards!r}")
            self.cards = None
            return []
        if in_pile and self.step is not None and self.step.shuffle:  # a shuffled pile: its cards in any order
            ids, start = self.shuffled_ids(take, pool, want), self.cursor
        else:
            ids = cards[self.cursor:self.cursor + want]
            start, self.cursor = self.cursor, self.cursor + want
        known = {c.id for c in self.decks[take.deck].cards} if take.deck in self.decks else \
            {p.id for p in self.every_of(take.deck)}
        taken: list[Piece] = []
        for i, card in enumerate(ids, start):
            self.used[take.deck, card] += 1
            match = next((p for p in pool if p.id == card and p not in taken), None)
            if match is not None:
                taken.append(match)
            elif card not in known:
                self.fail((*self.path, i), f"no {take.deck} card {card!r}")
            elif any(p.id == card for p in self.piles[take.deck]):
                self.fail((*self.path, i), f"{take.deck} card {card!r} is not one this step takes ({take.step.where})")
        if take.step.same and len({repr(p.data.fields.get(take.step.same)) for p in taken}) > 1:
            self.fail(self.path, f"the {take.deck} cards of this step share their {take.step.same}; these do not")
        return taken

    def every_of(self, pile: str) -> list[Piece]:
        """The pieces a pile on the table held when it was laid (those drawn since included)."""
        return self.laid_pieces.get(pile, [])

    def lay(self, label: str, pieces: list[Piece], into: dict[str, Any], view: dict[str, Any], scope: tuple) -> None:
        super().lay(label, pieces, into, view, scope)
        if label in self.laid:
            self.laid_pieces[label] = list(pieces)

    def end(self) -> None:
        if isinstance(self.cards, list) and self.cursor != len(self.cards):
            self.fail(self.path, f"{self.cursor} cards expected, got {len(self.cards)}")

    def state(self, step: Step, path: Path, value: Any) -> Any:
        if path[-1] == "side":
            got = self.value.get("side") if isinstance(self.value, dict) else None
            if got != value:
                self.fail(self.path, f"lies {value} side up, got {got!r}")
        elif self.value != value:
            self.fail(self.path, f"{self.path[-1]} starts at {value!r}, got {self.value!r}")
        return value

    def roll(self, step: Step, path: Path, faces: list[str], rng: Any) -> Any:
        if self.value not in faces and not (isinstance(self.value, str) and self.value.startswith("wild")):
            self.fail(self.path, f"{self.value!r} is not a face of the {step.roll} ({', '.join(faces)})")
        return self.value


def check(game: Game, setup: Setup, record: Doc, locate: Locator) -> list[Problem]:
    data = record.data
    replay = _Replay(game, setup, locate, record)
    if not isinstance(data, dict):
        replay.fail((), "a setup is a mapping with players, table and hands")
        return replay.problems
    players, hands = data.get("players"), data.get("hands")
    if not isinstance(players, int) or not setup.players.min <= players <= setup.players.max:
        replay.fail(("players",), f"{game.manifest.name} takes {setup.players.min} to {setup.players.max} players, "
                    f"got {players!r}")
        return replay.problems
    if not isinstance(hands, list) or len(hands) != players:
        replay.fail(("hands",), f"one hand per player is needed ({players} players)")
        data["hands"] = hands if isinstance(hands, list) else []
    recorded = data.get("options") or {}
    try:
        options = choose(setup, recorded if isinstance(recorded, dict) else {})
    except InputError as exc:
        replay.fail(("options",), exc.problems[0].message)
        return replay.problems
    replay.deal(players, options, None)
    copies = {(d.id, c.id): c.copies for d in game.decks for c in d.cards}
    for (deck, card), n in sorted(replay.used.items()):
        if n > copies.get((deck, card), n):
            replay.fail((), f"{deck} card {card!r} is dealt {n} times; the game has {copies[deck, card]}")
    return replay.problems
