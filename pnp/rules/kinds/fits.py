"""`kind: fits`: a piece fits the space it sits on, both measured on the laid-out templates (rules/piece_fits.py)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind
from pnp.rules.shared_options import Part, Play

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


Axis = Literal["width", "height"]


@dataclass(kw_only=True)
class Fits(RuleOptions):
    """a piece (a token, a card, a card's strip) fits the space it sits on, both measured on the laid-out
    templates (below)"""

    kind: Literal["fits"]
    piece: Part | None  # what sits (a token deck, a card's strip)
    space: Part | None  # where it sits (a named element)
    play: Play = dataclasses.field(default_factory=Play)  # room left around the piece
    axes: list[Axis] = dataclasses.field(default_factory=lambda: ["width", "height"])  # the sides compared
    count: int | str | None = None  # spaces per face (a number or an expression), side by side, apart
    tuck: bool = False  # the piece slides under the space's edge; what it hides must stay under the face


@rule_kind(Fits)
def check(engine: Engine, rule: Fits, at: tuple) -> Iterator[Found]:
    from pnp.rules.piece_fits import check_fits

    yield from check_fits(engine, rule, at)
