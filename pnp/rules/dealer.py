"""The dealing machine behind `pnp setup`, `pnp check`'s feasibility and `pnp check --setup`.

A `Dealer` runs a setup's steps, in order, for one player count and one choice of the options: the
table's steps, then each player's, player 1 first. Each deck is a pile of pieces (a card's copies are
pieces of their own, `copy` 1, 2, ...). How the pieces of a step are chosen is the one thing that
differs: dealing takes them from the top of the shuffled piles, feasibility from unshuffled piles,
and a recorded setup's check takes the ones the record names (`pnp.rules.recorded`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from operator import is_
from typing import Any

from pnp.core.errors import InputError, Problem, did_you_mean
from pnp.layout.expr import is_expr, truthy
from pnp.model.game import Game
from pnp.rules.setup_expr import Expressions, Locator, Path, resolve_tables
from pnp.rules.setup_tracks import track_card, track_problems
from pnp.rules.spec import Setup, Step

KINDS = ("draw", "place", "roll", "track", "pile", "note")


class CardRecord:
    """A card's fields as an expression reads them: `card.copy` is the field, never dict.copy."""

    __slots__ = ("fields",)

    def __init__(self, fields: dict[str, Any]):
        self.fields = fields

    def __getattr__(self, name: str) -> Any:
        try:
            return self.fields[name]
        except KeyError:
            raise AttributeError(name) from None

    def __getitem__(self, name: str) -> Any:
        return self.fields[name]

    def __contains__(self, name: object) -> bool:
        return name in self.fields

    def __repr__(self) -> str:
        return repr(self.fields)


@dataclass(repr=False, eq=False)
class Piece:
    deck: str
    id: str
    copy: int
    data: CardRecord  # the card's fields, its `id` and `copy`: what `card` is in a `where`


@dataclass(repr=False, eq=False)
class Take:
    """What one draw asks for: `count` pieces (None: every matching one) of `deck` that `fits`."""

    step: Step
    path: Path
    deck: str
    count: int | None
    fits: Any  # Piece -> bool
    names: dict[str, Any]


def kind_of(step: Step) -> str | None:
    kinds = [k for k in KINDS if getattr(step, k) is not None]
    return kinds[0] if len(kinds) == 1 else None


def validate(setup: Setup, locate: Locator) -> list[Problem]:
    """Each step does one thing; a pile holds draws and has a label; `same` names a field."""
    out: list[Problem] = []

    def one(step: Step, path: Path, in_pile: bool) -> None:
        kind = kind_of(step)
        if kind is None:
            out.append(locate.fail(path, "a step does one thing: give it exactly one of draw, place, roll, track, "
                                   "pile or note").problems[0])
        elif in_pile and kind not in ("draw", "place"):
            out.append(locate.fail(path, "a pile is built from draw and place steps only").problems[0])
        elif kind == "note" and not step.label:
            out.append(locate.fail(path, "a note needs a `label`: how the setup names it "
                                   "(`{note: \"Write the date\", label: date}`)").problems[0])
        elif kind == "pile":
            if not step.label:
                out.append(locate.fail(path, "a pile needs a `label`: how the setup names it").problems[0])
            for j, part in enumerate(step.pile or []):
                one(part, (*path, "pile", j), True)
        if kind == "track":
            out.extend(track_problems(step, path, locate))
        for key in ("draw", "place"):
            deck = getattr(step, key)
            if isinstance(deck, str) and not is_expr(deck) and deck not in decks and deck not in piles:
                out.append(locate.fail((*path, key), f"the setup {key}s from {deck!r}, which is not a deck of this "
                                       f"game (decks: {', '.join(decks)}){_piles_said(piles)}"
                                       f"{did_you_mean(deck, [*decks, *piles])}").problems[0])
        if step.shuffle and kind != "pile":
            out.append(locate.fail((*path, "shuffle"), "`shuffle: true` shuffles a pile's cards together: it belongs "
                                   "on a `pile` step").problems[0])
        named = side_names(locate.game, step.draw or step.place) if isinstance(step.draw or step.place, str) else {}
        allowed = ("front", "back", *named.values())
        if isinstance(step.side, str) and not is_expr(step.side) and step.side not in allowed:
            out.append(locate.fail((*path, "side"), f"side {step.side!r}: {' or '.join(dict.fromkeys(allowed))}"
                                   f"{did_you_mean(step.side, allowed)}").problems[0])
        if isinstance(step.roll, str) and not is_expr(step.roll) and step.roll not in dice:
            out.append(locate.fail((*path, "roll"), f"no die {step.roll!r}: a data table with `faces:` is needed to "
                                   f"roll it{did_you_mean(step.roll, dice)}").problems[0])
        if step.same and step.place is not None:
            out.append(locate.fail((*path, "same"), "`same` is for draws (a place step takes every matching card)")
                       .problems[0])

    decks = [d.id for d in locate.game.decks]
    piles = table_piles(setup, decks)
    dice = [name for name, doc in locate.game.data.items() if isinstance(doc.data, dict) and "faces" in doc.data]
    for scope in ("table", "each_player", "then"):
        for i, step in enumerate(getattr(setup, scope)):
            one(step, ("setup", scope, i), False)
    for i, deck in enumerate(setup.shuffle):
        if deck not in decks:
            out.append(locate.fail(("setup", "shuffle", i), f"shuffles {deck!r}, which is not a deck of this game "
                                   f"(decks: {', '.join(decks)}){did_you_mean(deck, decks)}").problems[0])
    return out


def side_names(game: Game, deck_id: str | None) -> dict[str, str]:
    """`{"front": "A", "back": "B"}`: what the table calls a deck's sides (its `sides:`; front and back)."""
    deck = next((d for d in game.decks if d.id == deck_id), None)
    sides = deck.spec.sides if deck is not None else None
    return {"front": sides.front, "back": sides.back} if sides else {"front": "front", "back": "back"}


def table_piles(setup: Setup, decks: list[str]) -> list[str]:
    """The labels of the piles the table's steps build (a `pile`, or cards drawn or placed under a label of
    their own): later steps may draw from them, top first."""
    out = []
    for step in [*setup.table, *setup.then]:
        kind = kind_of(step)
        if step.label and kind in ("pile", "draw", "place") and step.label not in decks:
            out.append(step.label)
    return out


def _piles_said(piles: list[str]) -> str:
    return f"; piles on the table: {', '.join(piles)}" if piles else ""


class PileView:
    """`pile('event')` in a setup expression: what is left in a deck or in a pile the table holds."""

    __slots__ = ("cards",)

    def __init__(self, cards: list[Any]):
        self.cards = cards

    @property
    def size(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"pile of {len(self.cards)}"


class Dealer:
    def __init__(self, game: Game, setup: Setup, locate: Locator, exprs: Expressions | None = None):
        self.game, self.setup, self.locate = game, setup, locate
        self.exprs = exprs or Expressions(locate)
        self.decks = {d.id: d for d in game.decks}
        self.data = {name: doc.data for name, doc in game.data.items()}
        self.piles: dict[str, list[Piece]] = {}  # a deck's pieces left, or a table pile's (by its label)
        self.laid: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {}  # a table pile: where it is shown
        self.table_piles = set(table_piles(setup, list(self.decks)))
        self.rng: random.Random | None = None
        self.step: Step | None = None  # the step being dealt
        self.pieces: dict[str, list[Piece]] | None = None  # every deck's pieces in order: made by the first deal
        self.kinds: dict[int, str | None] = {}  # kind_of each step of self.setup (which the dealer keeps)
        self.faces: dict[int, list[str]] = {}  # a roll step's die faces, by name
        self.tracks: dict[int, Any] = {}  # a track step's track card (None: its `value` says its start)

    # -- what differs between dealing, feasibility and replaying a record -------------------------
    def pick(self, take: Take, pool: list[Piece]) -> list[Piece]:
        """The pieces a step takes from the matching ones left (in pile order)."""
        if take.count is None:
            return pool
        if take.step.same:
            groups: dict[Any, list[Piece]] = {}
            for piece in pool:
                groups.setdefault(repr(piece.data.fields.get(take.step.same)), []).append(piece)
            enough = [g for g in groups.values() if len(g) >= take.count]
            chosen = enough[0][:take.count] if enough else max(groups.values(), key=len, default=[])
        else:
            chosen = pool[:take.count]
        if len(chosen) < take.count:
            self.short(take, len(chosen))
        return chosen

    def short(self, take: Take, got: int) -> None:
        from pnp.rules.setup_expr import describe

        where = f" where {take.step.where}" if take.step.where else ""
        same = f" sharing their {take.step.same}" if take.step.same else ""
        cards = f"card{'s' if take.count != 1 else ''}"
        what = f"{cards} from the pile {take.deck!r}" if take.deck in self.laid else f"{take.deck} {cards}"
        raise self.locate.fail(take.path, f"needs {take.count} {what}{where}{same} and {got} "
                               f"{'is' if got == 1 else 'are'} left{describe(take.names)}")

    def begin(self, label: str, scope: tuple) -> bool:
        """A step named `label` is about to be dealt into `scope`; False skips it."""
        return True

    def end(self) -> None:
        """The step begun last is dealt."""

    def roll(self, step: Step, path: Path, faces: list[str], rng: random.Random | None) -> Any:
        return rng.choice(faces) if rng else faces[0]

    def state(self, step: Step, path: Path, value: Any) -> Any:
        return value

    # -- the steps ---------------------------------------------------------------------------
    def start(self, rng: random.Random | None) -> None:
        self.rng = rng
        if self.pieces is None:  # the same for every deal (`renew` after the cards' fields change)
            self.pieces = {d.id: [Piece(d.id, c.id, k, CardRecord({**c.data, "copy": k})) for c in d.cards
                                  for k in range(1, c.copies + 1)] for d in self.game.decks}
        self.piles = {deck: list(pieces) for deck, pieces in self.pieces.items()}
        if rng is not None:
            for deck in self.setup.shuffle:
                if deck in self.piles:
                    rng.shuffle(self.piles[deck])

    def renew(self) -> None:
        """The cards' fields have changed (`pnp simulate --vary`): the next deal reads them again."""
        self.pieces = None
        self.faces = {}

    def deal(self, players: int, options: dict[str, Any], rng: random.Random | None) -> dict[str, Any]:
        self.start(rng)
        names: dict[str, Any] = {**options, "_options": options, "players": players, "data": self.data,
                                 "pile": self.pile}
        table: dict[str, Any] = {}
        view: dict[str, Any] = {}
        names.update(tables=resolve_tables(self.setup, names, self.locate), table=view)
        for i, step in enumerate(self.setup.table):
            self.run(step, ("setup", "table", i), names, table, view, ("table",))
        hands = []
        for player in range(1, players + 1):
            hand: dict[str, Any] = {}
            mine: dict[str, Any] = {}
            own = {**names, "player": player, "hand": mine}
            own["tables"] = resolve_tables(self.setup, own, self.locate)
            for i, step in enumerate(self.setup.each_player):
                self.run(step, ("setup", "each_player", i), own, hand, mine, ("hands", player - 1))
            hands.append(hand)
        before = set(table)
        for i, step in enumerate(self.setup.then):  # the group again, once every player is set up
            self.run(step, ("setup", "then", i), names, table, view, ("table",))
        return {"table": table, "hands": hands, **({"then": [k for k in table if k not in before]}
                                                   if self.setup.then else {})}

    def pile(self, name: str) -> PileView:
        """What is left of a deck, or of a pile the table's steps built: `pile('tier-1').size`."""
        if name not in self.piles:
            known = [*self.decks, *sorted(self.table_piles)]
            raise KeyError(f"pile({name!r}): no deck or table pile of that name (decks and piles: "
                           f"{', '.join(known)}){did_you_mean(name, known)}")
        return PileView([p.data for p in self.piles[name]])

    def run(self, step: Step, path: Path, names: dict[str, Any], into: dict[str, Any], view: dict[str, Any],
            scope: tuple) -> None:
        if step.if_ is not None and not truthy(self.exprs.field(path, step, "if", names, True)):
            return
        kind = self.kinds.get(id(step))
        if kind is None:
            kind = self.kinds[id(step)] = kind_of(step)
        deck = self.deck_of(step, path, names) if kind in ("draw", "place") else None
        label = step.label or deck or step.roll or step.track or "?"
        if label in into:
            raise self.locate.fail((*path, "label") if step.label else path,
                                   f"two steps deal {label!r} to the {'table' if scope[0] == 'table' else 'player'}: "
                                   "give each its own `label`")
        self.step = step
        if kind == "note":  # said in its place; nothing is dealt, so a recorded setup need not write it
            into[label] = view[label] = self.exprs.field(path, step, "note", names)
            return
        if not self.begin(label, scope):
            return
        if kind == "pile":
            pieces: list[Piece] = []
            for j, part in enumerate(step.pile or []):
                part_path = (*path, "pile", j)
                if truthy(self.exprs.field(part_path, part, "if", names, True)):
                    pieces += self.take(part, part_path, names, self.deck_of(part, part_path, names))
            if step.shuffle and self.rng is not None:
                self.rng.shuffle(pieces)
            into[label], view[label] = [p.id for p in pieces], [p.data for p in pieces]
            self.lay(label, pieces, into, view, scope)
        elif kind in ("draw", "place"):
            assert deck is not None
            pieces = self.take(step, path, names, deck)
            into[label], view[label] = [p.id for p in pieces], [p.data for p in pieces]
            self.lay(label, pieces, into, view, scope)
            if step.side is not None:
                side = self.side_of(step, path, names, deck)
                into[label] = {"cards": into[label], "side": self.state(step, (*path, "side"), side)}
        elif kind == "roll":
            assert step.roll is not None
            faces = self.faces.get(id(step))
            if faces is None:  # the die's faces by name: the same at every deal (`renew` after a change)
                faces = self.faces[id(step)] = [face_name(f, step) for f in die_faces(self.game, step.roll,
                                                                                       self.locate, path)]
            into[label] = view[label] = self.roll(step, path, faces, self.rng)
        else:
            if id(step) not in self.tracks:  # looked up once: its `start` is read at each deal (a sweep changes it)
                self.tracks[id(step)] = track_card(self.game, step.track) if step.value is None else None
            card = self.tracks[id(step)]
            value = card.data["start"] if card is not None else self.exprs.field(path, step, "value", names)
            into[label] = view[label] = self.state(step, path, value)
        self.end()

    def lay(self, label: str, pieces: list[Piece], into: dict[str, Any], view: dict[str, Any], scope: tuple) -> None:
        """A pile the table's steps built under its own label: later steps draw from it, top first."""
        if scope == ("table",) and label in self.table_piles:
            self.piles[label] = list(pieces)
            self.laid[label] = (into, view)

    def deck_of(self, step: Step, path: Path, names: dict[str, Any]) -> str:
        key = "draw" if step.draw is not None else "place"
        deck = self.exprs.field(path, step, key, names)
        if isinstance(deck, str) and deck in self.laid:
            return deck
        if not isinstance(deck, str) or deck not in self.decks:
            later = f"; the pile {deck!r} is built by a later step" if deck in self.table_piles else ""
            raise self.locate.fail((*path, key), f"the setup {key}s from {deck!r}, which is not a deck of this game "
                                   f"(decks: {', '.join(self.decks)}){_piles_said(sorted(self.laid))}{later}"
                                   f"{did_you_mean(deck, [*self.decks, *self.laid])}")
        return deck

    def side_of(self, step: Step, path: Path, names: dict[str, Any], deck: str) -> str:
        """The side that lies up, as the table calls it (`back`, or `B` where the deck names its sides)."""
        side = self.exprs.field(path, step, "side", names)
        called = side_names(self.game, deck)
        canonical = {"front": "front", "back": "back", called["front"]: "front", called["back"]: "back"}
        if side not in canonical:
            raise self.locate.fail((*path, "side"), f"side {side!r}: {' or '.join(dict.fromkeys(canonical))}")
        if canonical[side] == "back" and deck in self.decks and not self.decks[deck].back:
            raise self.locate.fail((*path, "side"), f"{deck} has no back (`back:` in its deck file): it lies front up")
        return called[canonical[side]]

    def take(self, step: Step, path: Path, names: dict[str, Any], deck: str) -> list[Piece]:
        count = self.exprs.field(path, step, "count", names)
        if count is None and step.place is None:
            count = 1
        if isinstance(count, float) and count.is_integer():  # `{{ players / 2 }}` for 2 players: 1.0 cards
            count = int(count)
        if count is not None and (not isinstance(count, int) or isinstance(count, bool) or count < 0):
            raise self.locate.fail((*path, "count"), f"count {count!r}: a whole number of cards, 0 or more")
        if step.same and deck in self.decks and step.same not in self.decks[deck].spec.fields:
            raise self.locate.fail((*path, "same"), f"same: {deck} cards have no field {step.same!r}")

        def fits(piece: Piece) -> bool:
            return not step.where or truthy(self.exprs.field(path, step, "where", {**names, "card": piece.data}))

        pile = self.piles[deck]
        chosen = self.pick(Take(step, path, deck, count, fits, names), [p for p in pile if fits(p)] if step.where
                           else pile)  # (a pick reads its pool, never changes it)
        if not step.where and len(chosen) <= len(pile) and all(map(is_, chosen, pile)):
            self.piles[deck] = pile[len(chosen):]  # the top of the pile taken (most steps): no search
        else:
            gone = {id(p) for p in chosen}
            self.piles[deck] = [p for p in pile if id(p) not in gone]
        if deck in self.laid:  # drawn from a pile on the table: the table shows what is left of it
            into, view = self.laid[deck]
            left = self.piles[deck]
            shown = into.get(deck)
            cards = [p.id for p in left]
            into[deck] = {**shown, "cards": cards} if isinstance(shown, dict) else cards
            view[deck] = [p.data for p in left]
        return chosen


def die_faces(game: Game, name: str, locate: Locator, path: Path) -> list[dict[str, Any]]:
    doc = game.data.get(name)
    faces = doc.data.get("faces") if doc is not None and isinstance(doc.data, dict) else None
    if not isinstance(faces, list):
        raise InputError([Problem(locate((*path, "roll")), f"no die {name!r}: a data table with `faces:` is needed "
                                  "to roll it", "setup", rule="setup")])
    return faces


def face_name(face: dict[str, Any], step: Step) -> str:
    return f"wild ({step.wild})" if face.get("wild") else str(face.get("id"))
