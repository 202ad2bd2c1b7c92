"""`kind: range`: every value of a deck's field lies within bounds."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Range(RuleOptions):
    """every value of `field` lies within `min`..`max`"""

    kind: Literal["range"]
    deck: str | list[str] | None  # the deck
    field: str | None  # the field whose values are bounded
    min: float | None = None  # the smallest value
    max: float | None = None  # the largest value


@rule_kind(Range)
def check(engine: Engine, rule: Range, at: tuple) -> Iterator[Found]:
    deck = engine.deck(rule.deck, at)
    for card in deck.cards:
        value = card.data.get(rule.field or "")
        if value is None:
            continue
        if (rule.min is not None and value < rule.min) or (rule.max is not None and value > rule.max):
            yield (deck.where(card, rule.field or ""), f"{deck.id}/{card.id}",
                   f"{rule.field} {value} is outside {rule.min:g}..{rule.max:g}"
                   + (f" ({rule.description})" if rule.description else ""))
