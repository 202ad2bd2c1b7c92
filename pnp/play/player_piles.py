"""Play: each player's own piles, for a game where every player has a deck, a hand and a discard pile (a deck
builder): `table.player_piles(deck, label)` gives one `PlayerPiles` a seat, its deck the cards the setup dealt that
player under `label`, shuffled. Drawing from an empty deck shuffles that player's discard pile into it.

What a seat cannot see: in a look-ahead's copy (`State.clone`), the default `State.hide` shuffles every player's
deck, and for each player but the seat whose decision it is, deals that player's hand again from their hand and
deck together (the same number of cards): the look-ahead knows which cards the player holds between hand and deck,
never which are in the hand.
"""

from __future__ import annotations

from typing import Any


class PlayerPiles:
    """One player's deck (a Pile that takes back its discards, shuffled, when it runs out), hand and discards."""

    __slots__ = ("deck", "hand")

    def __init__(self, deck: Any):  # a pnp.play.table.Pile that reshuffles
        self.deck = deck
        self.hand: list[str] = []

    @property
    def discards(self) -> list[str]:
        return self.deck.discards

    def draw(self, n: int = 1) -> list[str]:
        """Up to `n` cards from the deck into the hand (the discards shuffled back in when the deck runs out): the
        cards drawn, fewer when deck and discards are both empty."""
        drawn = []
        for _ in range(n):
            card = self.deck.draw()
            if card is None:
                break
            drawn.append(card)
        self.hand.extend(drawn)
        return drawn

    def discard(self, card: str) -> None:
        """A card of the hand to the discard pile."""
        self.hand.remove(card)
        self.deck.discard(card)

    def discard_hand(self) -> None:
        self.deck.discards.extend(self.hand)
        self.hand.clear()

    def gain(self, card: str) -> None:
        """A new card to this player's discard pile (a card bought)."""
        self.deck.discard(card)

    def hide(self, own: bool) -> None:
        """A look-ahead's determinization: the deck shuffled; a hand not the deciding seat's (`own` False) dealt
        again from hand and deck together."""
        if not own and self.hand:
            pool = self.hand + self.deck.cards
            self.deck.table.rng.shuffle(pool)
            k = len(self.hand)
            self.hand, self.deck.cards = pool[:k], pool[k:]
        else:
            self.deck.shuffle()


def hide_players(state: Any, seat: int) -> None:
    """Every list of PlayerPiles on the state hidden as the seat `seat` cannot see it (PlayerPiles.hide)."""
    for value in vars(state).values():
        if isinstance(value, list) and value and isinstance(value[0], PlayerPiles):
            for s, piles in enumerate(value):
                piles.hide(s == seat)
