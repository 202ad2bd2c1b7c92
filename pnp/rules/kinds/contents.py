"""`kind: contents`: the contents list in game.yaml against what the game prints."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.core.errors import Problem
from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Contents(RuleOptions):
    """every deck prints the count in game.yaml's `contents` list (an entry `{count: 12, stated: false}` is a count
    the rulebook does not state, ours); a deck the list does not name, by its id or a card's, is a warning (an error
    under `--strict`)"""

    kind: Literal["contents"]


@rule_kind(Contents)
def check(engine: Engine, rule: Contents, at: tuple) -> Iterator[Found]:
    """A component of the contents list is a deck (all its copies) or a card of some deck (its copies); a deck
    the list does not name (nor any of its cards) is a warning."""
    game = engine.game
    cards = {c.id: c.copies for d in game.decks for c in d.cards}
    named = game.manifest.content()
    for deck in game.decks:
        if deck.id not in named and not any(c.id in named for c in deck.cards):
            engine.notes.append(Problem(deck.doc.where(("id",)), f"the contents list in game.yaml does not name "
                                        f"this deck ({deck.faces} printed): add `{deck.id}: {deck.faces}` under "
                                        "`contents:` (`{count: N, stated: false}` if the rulebook gives no count)",
                                        deck.id, "warning", rule.id))
    for component, item in named.items():
        if not item.printed:
            continue
        count = item.count
        if count is None:
            if item.stated:
                yield (game.doc.where(("contents", component)), component,
                       "give the count the rulebook states (`count: N`), or `stated: false` if it states none")
            continue
        if item.listed is not None and item.listed != count and not item.note:
            yield (game.doc.where(("contents", component)), component,
                   f"the rulebook's component list says {item.listed} and its rules need {count}: say which the "
                   "pack follows and why in a `note` (the checklist prints both)")
        listed = f"the rulebook lists {count}" if item.stated else f"contents gives {count} (not in the rulebook)"
        printed = engine.decks[component].faces if component in engine.decks else cards.get(component)
        if printed is None:
            yield (game.doc.where(("contents", component)), component,
                   f"{listed}, but no deck or card with this id prints it")
        elif printed != count:
            yield (game.doc.where(("contents", component)), component, f"{listed}, the game prints {printed}")
