"""A setup's track steps that name a track card: `{track: happiness-meter, label: happiness}` starts the track where
the card's `start` field says, so the number is kept once, in the deck; a `value:` beside such a card is a second
copy and an error at the step."""

from __future__ import annotations

from pnp.model.game import Card, Game


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
