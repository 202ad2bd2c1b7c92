"""`kind: expect`: an expression over the whole game is true."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from pnp.core.errors import Where
from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind

if TYPE_CHECKING:
    from pnp.rules.engine import Engine

_DATA_PATH = re.compile(r"\bdata\.([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)*)")  # `data.oob.units` in a check


@dataclass(kw_only=True)
class Expect(RuleOptions):
    """an expression over the game (`game`, `data`, `decks`) is true"""

    kind: Literal["expect"]
    check: str | None  # an expression that must be true
    message: str | None = None  # what to say when it is not


@rule_kind(Expect)
def check(engine: Engine, rule: Expect, at: tuple) -> Iterator[Found]:
    """Said at the data the check reads first (`data.oob.units` -> that entry of oob.yaml), else at the rule."""
    if not engine.expr(rule.check or "", {}, at):
        yield (_data_read(engine, rule.check or "") or engine.doc.where(at), rule.id, engine.said(rule, {}, at))


def _data_read(engine: Engine, check: str) -> Where | None:
    """The place of the first data table entry an expression reads by a plain path (`data.oob.units`)."""
    m = _DATA_PATH.search(check)
    doc = engine.game.data.get(m.group(1)) if m else None
    if m is None or doc is None:
        return None
    path: tuple = tuple(k for k in m.group(2).split(".") if k)
    while path:
        value: Any = doc.data
        for key in path:
            value = value.get(key) if isinstance(value, dict) else None
        if value is not None:
            break
        path = path[:-1]
    return doc.where(path)
