"""`kind: balance`: the game, played, wins within bounds (pnp/play/balance_play.py plays it for `pnp check`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Literal

from pnp.core import bounds
from pnp.model.schema.reader import Check
from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind

if TYPE_CHECKING:
    from pnp.rules.engine import Engine

GAMES = Check(json={"type": "integer", "minimum": 1, "maximum": bounds.BALANCE_GAMES})  # said by `out_of_bounds`


@dataclass(kw_only=True)
class Balance(RuleOptions):
    """`pnp check` plays the game (its play module, [docs/simulate.md](simulate.md)) `games` times at every player
    count with a policy: the win rate stays within `min`-`max` %, and no card's effect (the win rate with it less
    with a blank of it, on the same deals: `pnp simulate --ablate`) lies beyond `card_effect` points; the findings
    are kept until what the games read changes (the decks, data, rules, play code: not rulebook.md or art)"""

    kind: Literal["balance"]
    policy: str = "baseline"  # the player the games are played by (pnp simulate --policy)
    games: Annotated[int, GAMES] = 200  # games per player count
    min: float | None = None  # the lowest win rate, in %
    max: float | None = None  # the highest win rate, in %
    card_effect: float | None = None  # no card's effect (with it less a blank of it, points) beyond this, either way

    def out_of_bounds(self) -> Iterator[tuple[str, str]]:
        if not 1 <= self.games <= bounds.BALANCE_GAMES:
            yield "games", (f"`games: {self.games}`: a balance rule plays 1 to {bounds.BALANCE_GAMES:,} games per "
                            "player count")


@rule_kind(Balance)
def check(engine: Engine, rule: Balance, at: tuple) -> Iterator[Found]:
    """Played, not checked here: `pnp check` runs it through the play stage (pnp.play.balance_play)."""
    yield from ()
