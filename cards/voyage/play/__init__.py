"""Voyage In Progress, played (pnp simulate voyage; docs/simulate.md).

The rulebook's round: from round 2 the meters fall and an Event is drawn; the crew gains its Actions
and spends them on the basic tasks, Rooms, Captains and Ability Cards; at the end of the round damaged
Rooms gain a Damage Token, a Room with 3 is Destroyed, and the crew loses at 0 % Happiness or
Sanitation or with 4 Rooms Destroyed; it wins after round 10. Every number comes from the YAML: the
cards' fields, the setup in rules.yaml and the `ship`, `tasks` and `peril-die` tables.
"""

from pnp.play import Move, State, Table

from . import baseline, moves
from .ship import Ship


class Voyage(Ship):
    def moves(self) -> list[Move]:
        return moves.legal(self)

    def apply(self, move: Move) -> None:
        moves.apply(self, move)

    def baseline(self, legal: list[Move], rng) -> Move:
        return baseline.choose(self)  # the legal moves are these (moves.options, or the open decision's)

    def baseline_move(self, rng) -> Move:
        return baseline.choose(self)  # the same move, without the list of every legal move

    def baseline_forced(self) -> bool:
        return self.forced  # whether the move baseline.choose just chose was the only legal one (it knows)


def start(table: Table) -> State:
    return Voyage(table)
