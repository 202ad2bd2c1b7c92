"""The registry of rule kinds: what `kind:` a rule of rules.yaml may name, its options and its check.

Each kind is one module of pnp/rules/kinds/: a dataclass of its options (a `RuleOptions` whose `kind` is
`Literal["name"]`; a field without a default is one the kind cannot do without) and the function that
checks a game against it, registered with `@rule_kind(TheOptions)`. The engine looks a rule's kind up here;
the JSON Schema `pnp schema` writes and docs/rules.md's table of kinds are made from the same classes.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, get_args

from pnp.core.errors import Where
from pnp.rules.shared_options import Severity

Found = tuple[Where, str, str]  # one finding of a rule: where, about what (a card, an item), what is wrong
Check = Callable[[Any, Any, tuple], Iterable[Found]]  # (the engine, the rule, its path in rules.yaml) -> findings
C = TypeVar("C", bound=Check)


@dataclass(kw_only=True)
class RuleOptions:
    """What every rule says; each kind's class adds its own options."""

    TAG: ClassVar[str] = "kind"  # the field that chooses a rule's class (pnp/model/schema/reader.py)

    id: str  # the rule's name, in reports and in `strict_ignores`
    kind: str  # what the rule checks (docs/rules.md)
    description: str = ""  # what it means, in the designer's words
    severity: Severity = "error"  # error fails the check; warning is said

    @classmethod
    def said_missing(cls, value: dict[str, Any], keys: list[str]) -> tuple[str, str]:
        """(subject, message) for a rule without the fields its kind cannot do without (absent, null or empty)."""
        subject = "" if value.get("id") is None else str(value["id"])
        return subject, f"a {value.get('kind')} rule needs " + " and ".join(f"`{key}:`" for key in keys)

    def out_of_bounds(self) -> Iterator[tuple[str, str]]:
        """(field, message) for each value past what pnp may spend on it (pnp/core/bounds.py), said before any
        work starts."""
        return iter(())


@dataclass(frozen=True)
class RuleKind:
    name: str  # what `kind:` says
    options: type[RuleOptions]  # its options, as rules.yaml writes them
    check: Check  # what it finds in a game


KINDS: dict[str, RuleKind] = {}  # by name, filled as pnp/rules/kinds/ is imported (pnp.rules.kinds)


def kind_name(options: type[RuleOptions]) -> str:
    """The name a kind's class answers to: its `kind: Literal["name"]`."""
    names = get_args(typing.get_type_hints(options)["kind"])
    if len(names) != 1 or not isinstance(names[0], str):
        raise TypeError(f"{options.__name__}.kind names its kind: `kind: Literal[\"name\"]`")
    return names[0]


def rule_kind(options: type[RuleOptions]) -> Callable[[C], C]:
    """Register the check of the kind whose options are `options`: `@rule_kind(Copies)` over
    `def check(engine, rule: Copies, at) -> Iterator[Found]`."""
    name = kind_name(options)

    def register(check: C) -> C:
        if name in KINDS and KINDS[name].options.__qualname__ != options.__qualname__:
            raise TypeError(f"two rule kinds are named {name!r}")
        KINDS[name] = RuleKind(name, options, check)
        return check

    return register


def reference_table(kinds: dict[str, RuleKind]) -> str:
    """docs/rules.md's table of rule kinds, made from their classes: each kind's own fields (in bold those it
    cannot do without) and what it holds (its class's docstring). tools/doc_tables.py writes it there."""
    import dataclasses
    import inspect

    common = {f.name for f in dataclasses.fields(RuleOptions)}
    rows = ["| kind | fields | holds |", "|---|---|---|"]
    for name, kind in kinds.items():
        own = [f for f in dataclasses.fields(kind.options) if f.name not in common]
        fields = ", ".join(f"**`{f.name}`**" if f.default is f.default_factory is dataclasses.MISSING else
                           f"`{f.name}`" for f in own)
        rows.append(f"| `{name}` | {fields} | {' '.join((inspect.getdoc(kind.options) or '').split())} |")
    return "\n".join(rows) + "\n"
