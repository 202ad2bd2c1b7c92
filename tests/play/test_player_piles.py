"""Each player's own piles (pnp/play/player_piles.py, Table.player_piles): a deck of the cards the setup dealt that
player, drawn into a hand, an empty deck taking back that player's own discards; and in a look-ahead's copy
(State.clone -> State.hide) every hand but the deciding seat's dealt again from its hand and deck."""

from __future__ import annotations

import random

from pnp.play import Move, Outcome, State, Table


def table(players: int = 2, seed: int = 3) -> Table:
    hands = [{"card": [f"p{p}-{k}" for k in range(5)]} for p in range(players)]
    dealt = {"players": players, "seed": seed, "table": {}, "hands": hands}
    return Table({"card": {f"p{p}-{k}": {} for p in range(players) for k in range(5)}}, {}, dealt, {},
                 random.Random(seed))


def test_each_deck_is_its_players_dealt_cards_and_reshuffles_only_its_own_discards():
    t = table()
    mine, theirs = t.player_piles("card")
    assert sorted(mine.deck.cards) == [f"p0-{k}" for k in range(5)] and not mine.hand
    assert len(mine.draw(5)) == 5 and not mine.deck.cards
    theirs.draw(2)
    theirs.discard(theirs.hand[0])
    mine.discard(mine.hand[0])
    mine.discard(mine.hand[0])
    gone = sorted(mine.discards)
    drawn = mine.draw(3)  # two come back from my discards, shuffled; then nothing is left
    assert sorted(drawn) == gone and not mine.discards and len(mine.hand) == 5
    assert len(theirs.discards) == 1  # not taken into my deck
    mine.discard_hand()
    assert len(mine.discards) == 5 and not mine.hand


class Cards(State):
    """Two players, each holding 2 of their 5 cards; seat `turn` decides."""

    def __init__(self, table: Table, turn: int):
        super().__init__(table)
        self.piles = table.player_piles("card")
        for p in self.piles:
            p.draw(2)
        self.turn = turn

    def seat(self) -> int:
        return self.turn

    def moves(self) -> list[Move]:
        return [Move("pass")]

    def over(self) -> bool:
        return False

    def outcome(self) -> Outcome:
        return Outcome(False, "", 0)


def test_a_look_ahead_sees_its_own_hand_and_not_the_others():
    state = Cards(table(), turn=1)
    rng = random.Random(1)
    theirs, mine = set(state.piles[0].hand), list(state.piles[1].hand)
    seen = set()
    for _ in range(30):
        look = state.clone(rng)
        assert look.piles[1].hand == mine  # the deciding seat's hand, as it is
        assert len(look.piles[0].hand) == 2
        assert sorted(look.piles[0].hand + look.piles[0].deck.cards) == sorted(theirs | set(state.piles[0].deck.cards))
        seen.add(frozenset(look.piles[0].hand))
    assert len(seen) > 3  # the other hand dealt again from what it might be
    assert set(state.piles[0].hand) == theirs  # the real game untouched
