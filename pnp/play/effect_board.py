"""Play (data): the board pnp's engine plays a game on (play.yaml's `places:`, `pieces:` and `tokens:`): where each
player's pieces stand, the tokens on each place, and the places a step's `place` argument can mean.

A place argument is a place's name; `here`, where the acting player's first piece stands (`pieces:` order); `rolled`,
the face the last roll showed (every face of a die rolled with `rolled` in use is a place: play_spec.py holds it);
or `{choose: [FILTER, ...]}`, a choice the acting player makes among the places every filter leaves:

    adjacent  next to the piece a `move` moves (next to `here` for any other verb)
    tokens    holding at least one token
    empty     holding none
    any       every place
"""

from __future__ import annotations

from typing import Any

FILTERS = ("adjacent", "tokens", "empty", "any")
WORDS = ("here", "rolled")  # the place words the engine knows beside the places' names


class Board:
    """The places (each with the places next to it), every player's pieces on them, and the tokens on each."""

    def __init__(self, places: dict[str, list[str]], pieces: dict[str, str], tokens: dict[str, int], players: int):
        self.next_to = places  # read only: shared by every copy of the state
        self.at = [dict(pieces) for _ in range(players)]  # player -> piece -> place
        self.tokens = {place: tokens.get(place, 0) for place in places}
        self.rolled: str | None = None  # the face the last roll showed

    def here(self, player: int) -> str | None:
        """Where the player's first piece stands (None: the game has no pieces)."""
        return next(iter(self.at[player].values()), None)

    def chosen_among(self, filters: tuple[str, ...], player: int, piece: str | None) -> list[str]:
        """The places every filter leaves, in the order play.yaml lists them."""
        start = self.at[player].get(piece) if piece else self.here(player)
        out = []
        for place in self.next_to:
            n = self.tokens[place]
            if all((f != "adjacent" or (start is not None and place in self.next_to[start]))
                   and (f != "tokens" or n > 0) and (f != "empty" or n == 0) for f in filters):
                out.append(place)
        return out

    def named(self, word: str, player: int) -> str | None:
        """The place a word names now (None: `rolled` before any roll, `here` with no pieces)."""
        if word == "here":
            return self.here(player)
        if word == "rolled":
            return self.rolled
        return word

    def add(self, place: str, n: int) -> None:
        self.tokens[place] = max(0, self.tokens[place] + n)

    def names(self, player: int) -> dict[str, Any]:
        """What a condition or the `win:` reads of the board: the tokens on it, and on the player's `here`."""
        here = self.here(player)
        return {"tokens": sum(self.tokens.values()), "tokens_here": self.tokens.get(here, 0) if here else 0}
