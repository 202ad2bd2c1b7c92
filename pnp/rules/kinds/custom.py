"""`kind: custom`: a Python function of the game's own (cards/<game>/rules.py), run in a worker
(pnp/rules/custom_runner.py)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Custom(RuleOptions):
    """a Python function in `cards/<game>/rules.py` registered with `@custom_rule("name")`, called as
    `fn(game, fail)`"""

    kind: Literal["custom"]
    function: str | None  # a function in cards/<game>/rules.py


@rule_kind(Custom)
def check(engine: Engine, rule: Custom, at: tuple) -> Iterator[Found]:
    """What the rule found in the worker (the engine started every custom rule first and took their outcomes)."""
    yield from (engine.customs or {}).get(at[1], [])
