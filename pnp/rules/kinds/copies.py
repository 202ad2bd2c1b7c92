"""`kind: copies`: how many copies each card of a deck prints."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from pnp.core.errors import InputError, Problem
from pnp.model.game import Card, Deck
from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Copies(RuleOptions):
    """every card of the deck prints `copies` copies; or the copies `table` gives for its value of the field `by`
    (copies by rarity, below)"""

    kind: Literal["copies"]
    deck: str | list[str] | None  # the deck
    copies: int | None = None  # the same for every card
    by: str | None = None  # a field whose value sets the copies, through `table`
    table: dict[str, int] = field(default_factory=dict)  # with `by`: value -> copies


@rule_kind(Copies)
def check(engine: Engine, rule: Copies, at: tuple) -> Iterator[Found]:
    """Every card prints `copies`, or with `by`, the copies `table` gives its value of that field."""
    deck = engine.deck(rule.deck, at)
    if (rule.copies is None) == (rule.by is None):
        raise InputError([Problem(engine.doc.where(at), "a copies rule takes `copies: N` (every card), or `by: "
                                  "FIELD` with `table: {value: copies}`")])
    for card in deck.cards:
        printed = f"prints {card.copies} cop{'y' if card.copies == 1 else 'ies'}"
        where = deck.where(card, "copies") if "copies" in _raw(deck, card) else card.where
        if rule.by is None:
            if card.copies != rule.copies:
                yield (where, f"{deck.id}/{card.id}", f"{printed}; every {deck.name} card takes {rule.copies}")
            continue
        value = card.data.get(rule.by)
        if str(value) not in rule.table:
            yield (deck.where(card, rule.by), f"{deck.id}/{card.id}", f"{rule.by} {value!r} has no number of "
                   f"copies in the rule's table ({', '.join(rule.table)})")
        elif card.copies != rule.table[str(value)]:
            yield (where, f"{deck.id}/{card.id}", f"{printed}; a {value} {deck.name} card takes "
                   f"{rule.table[str(value)]} ({rule.by}: {value})")


def _raw(deck: Deck, card: Card) -> dict[str, Any]:
    """The card as its deck file writes it."""
    cards = deck.doc.data.get("cards") if isinstance(deck.doc.data, dict) else None
    raw = cards[card.index] if isinstance(cards, list) and card.index < len(cards) else None
    return raw if isinstance(raw, dict) else {}
