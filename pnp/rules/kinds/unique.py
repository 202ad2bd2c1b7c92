"""`kind: unique`: no two cards (or items of a source) share a value."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pnp.core.errors import InputError, Problem
from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind
from pnp.rules.rule_values import hashable, shown
from pnp.rules.shared_options import Source

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Unique(RuleOptions):
    """no two cards of `deck` share their value of `field`; or, with `source:` (a data table's items, as
    `reference` reads them), no two items share theirs"""

    kind: Literal["unique"]
    deck: str | list[str] | None = None  # the deck (with `field`)
    field: str | None = None  # the field whose values differ
    source: Source | None = None  # or: the values, from any source


@rule_kind(Unique)
def check(engine: Engine, rule: Unique, at: tuple) -> Iterator[Found]:
    """No two cards of a deck share a field's value; or, with `source:`, no two items of a data table
    (or cards of a deck) share theirs."""
    if rule.source:
        first_at: dict[Any, str] = {}
        for v in engine.values(rule.source, (*at, "source")):
            key = hashable(v.value)
            if key in first_at:
                yield (v.where, v.subject, f"{shown(v.value)} is also {first_at[key]}; each needs its own")
            first_at.setdefault(key, f"at {v.where}")
        return
    if not rule.deck or not rule.field:
        raise InputError([Problem(engine.doc.where(at), "a unique rule needs `deck:` and `field:`, or `source:`",
                                  rule.id)])
    deck = engine.deck(rule.deck, at)
    first: dict[Any, str] = {}
    for card in deck.cards:
        value = hashable(card.data.get(rule.field or ""))
        if value in first:
            yield (deck.where(card, rule.field or ""), f"{deck.id}/{card.id}",
                   f"{rule.field} {card.data.get(rule.field or '')!r} is also on {first[value]}; each card needs "
                   "its own")
        first.setdefault(value, card.id)
