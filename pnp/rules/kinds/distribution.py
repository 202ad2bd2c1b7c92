"""`kind: distribution`: exactly so many cards per value of a field, and no other value."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind
from pnp.rules.rule_values import sum_faces

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Distribution(RuleOptions):
    """exactly this many cards per value (`table: {value: count}`), and no other value"""

    kind: Literal["distribution"]
    deck: str | list[str] | None  # the deck
    field: str | None  # the field whose values are counted
    table: dict[str, int] = dataclasses.field(default_factory=dict)  # value -> faces


@rule_kind(Distribution)
def check(engine: Engine, rule: Distribution, at: tuple) -> Iterator[Found]:
    deck = engine.deck(rule.deck, at)
    have = sum_faces(deck, rule.field or "")
    keys = {str(k) for k in have} | set(rule.table)
    for key in sorted(keys, key=lambda k: (len(k), k)):
        want, got = rule.table.get(key, 0), have.get(key, 0)
        if want != got:
            yield (deck.doc.where(("cards",)), deck.id,
                   f"{rule.field} {key}: {got} card{'s' if got != 1 else ''}, the distribution wants {want}")
