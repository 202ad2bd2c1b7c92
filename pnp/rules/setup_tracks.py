"""A setup's track steps that name a track card: `{track: happiness-meter, label: happiness}` starts the track where
the card's `start` field says, so the number is kept once, in the deck; a `value:` beside such a card is a second
copy and an error at the step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.core.errors import Problem
from pnp.model.game import Card, Game

if TYPE_CHECKING:
    from pnp.rules.setup_expr import Locator, Path
    from pnp.rules.spec import Step


def track_card(game: Game, name: object) -> Card | None:
    """The card `name` names (its id, in any deck, or `deck/card`) when it has a `start` field; else None."""
    if not isinstance(name, str):
        return None
    deck_id, _, card_id = name.rpartition("/")
    for deck in game.decks:
        if deck_id and deck.id != deck_id:
            continue
        for card in deck.cards:
            if card.id == card_id and isinstance(card.data.get("start"), int | float):
                return card
    return None


def said_start(card: Card) -> str:
    """The card's name as the setup says its track ("Happiness")."""
    return str(card.data.get("name") or card.id)


def track_problems(step: Step, path: Path, locate: Locator) -> list[Problem]:
    """A track step's start: a `value`, or a track card's `start`; never both."""
    card = track_card(locate.game, step.track)
    if step.value is None and card is None:
        return locate.fail(path, "a track step states a `value`: where the track starts (`{track: health, value: "
                           "10}`), or names a track card with a `start` field (`{track: health-meter}`)").problems
    if card is not None and step.value is not None:
        return locate.fail((*path, "value"), f"{card.id}'s start is kept in its deck ({card.where}, `start: "
                           f"{card.data['start']}`): drop `value:` here, the setup reads it from the card").problems
    return []
