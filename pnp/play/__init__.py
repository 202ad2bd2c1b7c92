"""Stage 4', play: the dealt setup -> games played by a policy, thousands at a time, and their report.

Takes the typed game (model) and the setup the rules stage deals; gives each game's outcome and what
happened in it (events a report counts), and the balance report. Sits above `rules` and below
`commands`. Knows nothing of pages, PDFs or the command line.

This module is also the one public face for a game's play module: `cards/<game>/play.py` imports
from here and nowhere else in pnp (docs/simulate.md), as custom rules import only `pnp.rules`:

    from pnp.play import Move, Outcome, State, Table

    class Coins(State):
        def __init__(self, table: Table):
            super().__init__(table)
            self.pile = table.pile("coin")          # the cards the setup did not deal, shuffled
        def moves(self) -> list[Move]:
            return [Move("draw"), Move("stop")]
        def apply(self, move: Move) -> None: ...
        def over(self) -> bool: ...
        def outcome(self) -> Outcome: ...

    def start(table: Table) -> State:
        return Coins(table)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.play.player_piles import PlayerPiles
    from pnp.play.state import Move, Outcome, State
    from pnp.play.table import Die, Pile, Record, Table

_PUBLIC = {"Move": "pnp.play.state", "Outcome": "pnp.play.state", "State": "pnp.play.state",
           "Die": "pnp.play.table", "Pile": "pnp.play.table", "Record": "pnp.play.table", "Table": "pnp.play.table",
           "PlayerPiles": "pnp.play.player_piles"}
__all__ = ["Die", "Move", "Outcome", "Pile", "PlayerPiles", "Record", "State", "Table"]


def __getattr__(name: str) -> Any:
    """The public names, imported when a play module first asks for them."""
    if name not in _PUBLIC:
        raise AttributeError(f"module 'pnp.play' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_PUBLIC[name]), name)
