"""Play: what a play module writes. A `State` says its legal moves, applies one, and says when the game
is over and how it ended; a policy chooses among the moves (pnp.play.policies). A policy changes the
state only through a legal move, so a random policy and a clever one play the same game.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from pnp.play.table import Table


class Move(NamedTuple):
    """One legal move: a name, what it acts on (`arg`), the card it plays (`deck/card`, counted by the
    report), and what it costs (for a player's view; the state charges it in `apply`). A tuple: two
    moves are the same move when every part is equal."""

    name: str
    arg: Any = None
    card: str | None = None
    cost: int = 0

    def __str__(self) -> str:
        arg = "" if self.arg is None else f" {self.arg}"
        return f"{self.name}{arg}" + (f" ({self.card})" if self.card else "")


class Outcome(NamedTuple):
    """How a game ended: won or not, the reason (`"happiness at 0"`), and the round it ended in. A competitive
    game also gives each seat's score (seat 0 first) and the seats that won after its tie-breaks (several: a
    shared win; empty: nobody won); its `won` is True when some seat won."""

    won: bool
    reason: str
    round: int
    scores: tuple[float, ...] | None = None
    winners: tuple[int, ...] | None = None


class State:
    """A game in progress. Subclass it in `cards/<game>/play.py` and give `start(table) -> State`."""

    def __init__(self, table: Table):
        self.table = table

    # -- what every play module defines -----------------------------------------------------------
    def moves(self) -> list[Move]:
        """The legal moves now, never empty until the game is over."""
        raise NotImplementedError

    def apply(self, move: Move) -> None:
        """Play a move the last `moves()` offered, and everything that follows until the next decision."""
        raise NotImplementedError

    def over(self) -> bool:
        raise NotImplementedError

    def outcome(self) -> Outcome:
        raise NotImplementedError

    # -- what a play module may define --------------------------------------------------------------
    def seat(self) -> int:
        """The seat (0 for the first player) whose decision `moves()` offers now: the policy of that seat
        answers it. A cooperative game, whose players decide together, leaves it at 0."""
        return 0

    def baseline(self, moves: list[Move], rng: random.Random) -> Move:
        """A sensible player's choice (the `baseline` policy); without one, a random legal move."""
        return moves[int(rng.random() * len(moves))]

    def policy(self, name: str, moves: list[Move], rng: random.Random) -> Move:
        """Optional: the choice of the game's own policy `name` (one its play.yaml declares under `policies:`, a
        "rush" against a "build"), as `baseline` is the module's sensible player's; `--policy rush` plays it."""
        raise NotImplementedError(f"the play module plays no policy {name!r}")

    def baseline_move(self, rng: random.Random) -> Move | None:
        """Optional, for speed: the move `baseline(moves(), rng)` chooses, found without the list of
        every legal move (the `baseline` policy then never asks for it), or None to have the list made.
        pnp plays it unchecked: a play module defining it tests that it chooses as `baseline` does."""
        return None

    def baseline_forced(self) -> bool | None:
        """Optional, with `baseline_move`: whether the move it has just chosen (not yet applied) was the only legal
        one, where it knows that without the list (one option of a decision, nothing to do but end the turn);
        None, as here: not known, the decision counted as unlisted (pnp simulate's forced moves)."""
        return None

    def clone(self, rng: random.Random) -> State:
        """A copy to look ahead with: its own random numbers (from `rng`: the look-ahead cannot see
        the real dice) and its hidden piles shuffled again (nor the real order of the cards)."""
        import copy

        fresh = random.Random(rng.random())
        memo = self.table.shared()
        memo[id(self.table.rng)] = fresh  # every reference to the game's dice in the copy is to its own dice
        new = copy.deepcopy(self, memo)
        new.table.rng = fresh
        new.hide()
        return new

    def say(self, move: Move) -> str:
        """Optional: a move in the game's own words, as `pnp simulate --trace` tells it (default: `str(move)`)."""
        return str(move)

    def values(self) -> dict[str, float]:
        """Optional: the numbers the game's `value:` reads (cards/<game>/play.yaml), by name: what a look-ahead
        policy (`greedy`) scores a state by."""
        raise NotImplementedError("the `greedy` policy scores a state by values(): define it in the play module")

    def value(self) -> float:
        """How good this state is: the game's `value:` (play.yaml) over `values()`."""
        return self.table.value_of(self.values())

    def hide(self) -> None:
        """Shuffle what the players cannot see (a clone calls it); by default every pile on the state, and, of each
        list of players' piles on it (Table.player_piles), every deck, and every hand but the deciding seat's
        (`seat()`) dealt again from that player's hand and deck. A state whose hidden information is elsewhere
        says what the seat cannot see by its own `hide`."""
        from pnp.play.player_piles import hide_players
        from pnp.play.table import Pile

        for value in vars(self).values():
            if isinstance(value, Pile):
                value.shuffle()
        hide_players(self, self.seat())
