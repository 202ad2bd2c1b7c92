"""`kind: each`: an expression is true for every card of one or more decks."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.model.game import Deck
from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind
from pnp.rules.rule_values import card_view

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Each(RuleOptions):
    """an expression over `card` (and `deck`, `data`, `decks`, `game`, as `expect` reads them:
    `data.oob[card.unit].count == card.copies`) is true for every card of each deck (`deck` is one, or a list:
    `deck: [tier-1, tier-2]`)"""

    kind: Literal["each"]
    deck: str | list[str] | None  # the deck, or a list of decks
    check: str | None  # an expression that must be true
    message: str | None = None  # what to say when it is not


@rule_kind(Each)
def check(engine: Engine, rule: Each, at: tuple) -> Iterator[Found]:
    for deck in _decks(engine, rule, at):
        for card in deck.cards:
            names = {"card": card_view(card), "deck": {"id": deck.id, "name": deck.name}}
            if not engine.expr(rule.check or "", names, at):
                yield (card.where, f"{deck.id}/{card.id}", engine.said(rule, names, at))


def _decks(engine: Engine, rule: Each, at: tuple) -> list[Deck]:
    """The deck a rule names, or each of a list of them (`deck: [tier-1, tier-2]`)."""
    names = rule.deck if isinstance(rule.deck, list) else [rule.deck]
    return [engine.deck(name, (*at, "deck", i) if isinstance(rule.deck, list) else at)
            for i, name in enumerate(names)]
