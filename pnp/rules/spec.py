"""What `cards/<game>/rules.yaml` may say: its rules (one class per rule kind, pnp/rules/kinds/) and its setup,
as typed models. The options rule kinds share (sources, bounds, parts) are in pnp/rules/shared_options.py.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from pnp.model.schema.reader import alias
from pnp.rules.kinds import Rule
from pnp.rules.shared_options import Bound, Part, Play, Severity, Source

__all__ = ["Bound", "Part", "Play", "Rule", "RulesFile", "Setup", "SetupPlayers", "SetupTable", "Severity", "Source",
           "Step"]


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
    say: str | None = None  # the rulebook's sentence for the step, in a player's words; `{n}` is its number; "": said
    # by the step before it (a step that deals what the one before deals for the other player counts)


@dataclass
class SetupTable:
    """A setup table: one value per player count, per player or per option (`by`, outermost first)."""

    values: Any = None  # the values: a list or a mapping per `by`
    by: str | list[str] = dataclasses.field(default_factory=list)  # players, player, or an option's name


@dataclass
class SetupPlayers:
    min: int = 1  # the fewest players
    max: int = 1  # the most players


@dataclass
class Setup:
    players: SetupPlayers = dataclasses.field(default_factory=SetupPlayers)  # the player counts the setup deals for
    shuffle: list[str] = dataclasses.field(default_factory=list)  # decks shuffled first
    table: list[Step] = dataclasses.field(default_factory=list)  # the steps dealt once, to the table
    each_player: list[Step] = dataclasses.field(default_factory=list)  # the steps dealt to each player
    then: list[Step] = dataclasses.field(default_factory=list)  # the group's steps once every player is set up
    options: dict[str, list[Any]] = dataclasses.field(default_factory=dict)  # named choices; the first is the default
    tables: dict[str, SetupTable] = dataclasses.field(default_factory=dict)  # `tables.NAME` in the steps' expressions


@dataclass
class RulesFile:
    rules: list[Rule] = dataclasses.field(default_factory=list)  # the rules `pnp check` holds the game to
    setup: Setup | None = None  # the setup `pnp setup` deals
    strict_ignores: list[str] = dataclasses.field(default_factory=list)  # rules whose warnings --strict accepts
