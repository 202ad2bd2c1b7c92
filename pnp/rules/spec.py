"""What `cards/<game>/rules.yaml` may say: the rule kinds and the setup, as typed models.

A *source* names a list of values somewhere in the game: a deck's field
(`{deck: empty-room, field: color}`), a data table's field (`{data: ship, items: squares, field:
color}`), or the palette's names (`{palette: true}`).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Literal

from pnp.model.schema.fields import Length
from pnp.model.schema.reader import alias

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


Kinds = Literal["contents", "copies", "unique", "range", "composition", "distribution", "reference", "each", "expect",
                "connected", "colours", "fits", "custom", "balance"]


@dataclass
class Rule:
    id: str  # the rule's name, in reports and in `strict_ignores`
    kind: Kinds  # what the rule checks (docs/rules.md)
    description: str = ""  # what it means, in the designer's words
    severity: Severity = "error"  # error fails the check; warning is said
    deck: str | list[str] | None = None  # copies, unique, range, composition, distribution, each (each: a list too)
    field: str | None = None  # unique, range, composition, distribution
    copies: int | None = None  # copies: the same for every card
    by: str | None = None  # copies: a field whose value sets the copies, through `table`
    min: float | None = None  # range
    max: float | None = None  # range: the largest value
    counts: dict[str, Bound] = dataclasses.field(default_factory=dict)  # composition: value -> bounds on faces
    table: dict[str, int] = dataclasses.field(default_factory=dict)  # distribution, copies: value -> faces, copies
    source: Source | None = None  # reference (from), colours (the colours), unique (the values)
    target: Source | None = None  # reference (to)
    exact: bool = False  # reference: the two lists hold the same values, each once
    check: str | None = None  # each, expect: an expression that must be true
    message: str | None = None  # each, expect: what to say when it is not
    nodes: Source | None = None  # connected
    edges: Source | None = None  # connected: pairs of node values
    symbols: Source | None = None  # colours: a symbol per colour, for colour-blind players
    min_distance: float = 20.0  # colours: delta E with typical vision
    colour_blind_distance: float = 12.0  # colours: delta E under simulation, unless symbols differ
    function: str | None = None  # custom: a function in cards/<game>/rules.py
    piece: Part | None = None  # fits: what sits (a token deck, a card's strip)
    space: Part | None = None  # fits: where it sits (a named element)
    play: Play = dataclasses.field(default_factory=Play)  # fits: room left around the piece
    axes: list[Literal["width", "height"]] = dataclasses.field(default_factory=lambda: ["width", "height"])  # fits
    count: int | str | None = None  # fits: spaces per face (a number or an expression), side by side, apart
    tuck: bool = False  # fits: the piece slides under the space's edge; what it hides must stay under the face
    policy: str = "baseline"  # balance: the player the games are played by (pnp simulate --policy)
    games: int = 200  # balance: games per player count
    card_effect: float | None = None  # balance: no card's win-rate effect (points) beyond this, either way


@dataclass
class Step:
    """One setup step: `draw`/`place` take cards from a deck, `pile` stacks several draws into one ordered
    pile (listed top first), `roll` rolls a die (a data table), `track` states a value, `note` says what the
    group does that deals nothing (write the date; at each combat, ...). `count`, `value`,
    `draw`, `place` and `side` are constants or one `{{ expression }}`; `if` and `where` are expressions.
    Expressions read the options, `players`, `player` (each_player: 1, 2, ...), `tables`, `data`, `table`
    and `hand` (what is dealt so far, by label) and, in `where`, `card` (its fields, `id` and `copy`)."""

    draw: str | None = None  # take cards from this deck
    place: str | None = None  # put this deck's cards on the table
    roll: str | None = None  # roll this die (a data table)
    track: str | None = None  # state this track's value
    pile: list[Step] | None = None  # one pile from several draws, top first
    note: str | None = None  # say this, in its place (text; `{{ expressions }}` inside it are filled in)
    count: int | str | None = None  # cards drawn (default 1; for place, all); may differ by player count and player
    value: Any = None  # track: the start value
    label: str | None = None  # how the result is named in the setup (default: the deck, die or track)
    wild: str = "choose"  # roll: what a wild face means, said in the setup
    where: str | None = None  # draw/place: only cards for which this expression (over `card`) is true
    same: str | None = None  # draw: the cards one step deals share this field's value (a hand of one colour)
    side: str | None = None  # draw/place: the side that lies up, `front` or `back`
    shuffle: bool = False  # pile: its cards shuffled together once gathered (ambushes into the explore deck)
    if_: str | None = alias("if")  # only when this expression is true


@dataclass
class Table:
    """A setup table: one value per player count, per player or per option (`by`, outermost first)."""

    values: Any = None  # the values: a list or a mapping per `by`
    by: str | list[str] = dataclasses.field(default_factory=list)  # players, player, or an option's name


@dataclass
class Players:
    min: int = 1  # the fewest players
    max: int = 1  # the most players


@dataclass
class Setup:
    players: Players = dataclasses.field(default_factory=Players)  # the player counts the setup deals for
    shuffle: list[str] = dataclasses.field(default_factory=list)  # decks shuffled first
    table: list[Step] = dataclasses.field(default_factory=list)  # the steps dealt once, to the table
    each_player: list[Step] = dataclasses.field(default_factory=list)  # the steps dealt to each player
    then: list[Step] = dataclasses.field(default_factory=list)  # the group's steps once every player is set up
    options: dict[str, list[Any]] = dataclasses.field(default_factory=dict)  # named choices; the first is the default
    tables: dict[str, Table] = dataclasses.field(default_factory=dict)  # `tables.NAME` in the steps' expressions


@dataclass
class RulesFile:
    rules: list[Rule] = dataclasses.field(default_factory=list)  # the rules `pnp check` holds the game to
    setup: Setup | None = None  # the setup `pnp setup` deals
    strict_ignores: list[str] = dataclasses.field(default_factory=list)  # rules whose warnings --strict accepts
