"""`kind: composition`: how many cards carry each value of a field, within bounds."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind
from pnp.rules.rule_values import sum_faces
from pnp.rules.shared_options import Bound

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Composition(RuleOptions):
    """how many cards (copies counted) carry each value (`counts: {value: {min: 4, max: 8, exactly: 6}}`): tiers,
    kinds, minimum pools"""

    kind: Literal["composition"]
    deck: str | list[str] | None  # the deck
    field: str | None  # the field whose values are counted
    counts: dict[str, Bound] = dataclasses.field(default_factory=dict)  # value -> bounds on its faces


@rule_kind(Composition)
def check(engine: Engine, rule: Composition, at: tuple) -> Iterator[Found]:
    deck = engine.deck(rule.deck, at)
    have = sum_faces(deck, rule.field or "")
    for value, bound in rule.counts.items():
        n = have.get(value, 0)
        for ok, says in ((bound.exactly is None or n == bound.exactly, f"exactly {bound.exactly}"),
                         (bound.min is None or n >= bound.min, f"at least {bound.min}"),
                         (bound.max is None or n <= bound.max, f"at most {bound.max}")):
            if not ok:
                yield (deck.doc.where(("cards",)), deck.id,
                       f"{n} {deck.name} card{'s' if n != 1 else ''} with {rule.field} {value!r}; the rule "
                       f"wants {says}" + (f" ({rule.description})" if rule.description else ""))
