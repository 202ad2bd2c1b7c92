"""`kind: reference`: every value of a source is among a target's values."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from pnp.core.errors import InputError, Problem
from pnp.rules.rule_kinds import Found, RuleOptions, rule_kind
from pnp.rules.rule_values import Value, listed, shown
from pnp.rules.shared_options import Source

if TYPE_CHECKING:
    from pnp.rules.engine import Engine


@dataclass(kw_only=True)
class Reference(RuleOptions):
    """every source value is among the target's values; with `exact: true` each target value is matched exactly
    once; a list value (a `list` field such as `consume: [power, oxygen]`) counts as each of its items"""

    kind: Literal["reference"]
    source: Source | None  # the values (from)
    target: Source | None  # the values they must be among (to)
    exact: bool = False  # the two lists hold the same values, each once


@rule_kind(Reference)
def check(engine: Engine, rule: Reference, at: tuple) -> Iterator[Found]:
    assert rule.source and rule.target
    targets = _each(engine.values(rule.target, (*at, "target")))
    known = {t.value for t in targets}
    seen: Counter = Counter()
    among = ""
    for v in _each(engine.values(rule.source, (*at, "source"))):
        seen[v.value] += 1
        if v.value not in known:
            among = among or listed(known)  # (once)
            yield (v.where, v.subject, f"{shown(v.value)} is not among {among}")
        elif rule.exact and seen[v.value] == 2:
            yield (v.where, v.subject, f"{shown(v.value)} appears twice; each value must appear once")
    if rule.exact:
        for t in targets:
            if t.value not in seen:
                yield (t.where, t.subject, f"{shown(t.value)} has no match in {_describe(rule.source)}")


def _each(values: list[Value]) -> list[Value]:
    """A list value (a card's `consume: [power, oxygen]`) as its items; a mapping cannot be compared."""
    out = []
    for v in values:
        for item in v.value if isinstance(v.value, list) else [v.value]:
            if isinstance(item, dict | list):
                raise InputError([Problem(v.where, f"{v.subject}: {item!r} is a table; a reference compares names "
                                          "and numbers (point `field` at one of its entries)")])
            out.append(Value(item, v.where, v.subject))
    return out


def _describe(src: Source) -> str:
    if src.deck:
        return f"deck {src.deck}" + (f" ({src.field})" if src.field else "")
    if src.data:
        return f"{src.data}.{src.items or ''}" + (f" ({src.field})" if src.field else "")
    return "the palette"
