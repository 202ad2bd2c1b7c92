"""The rule kinds, one module each: its options (a dataclass) and its check, registered with `@rule_kind`
(pnp/rules/rule_kinds.py). Adding a kind is adding a module here: importing this package imports each of them,
and `Rule` is then a rule of any kind, chosen by its `kind:` as rules.yaml is read."""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING, Any, Union

from pnp.rules.rule_kinds import KINDS, RuleKind, RuleOptions

for _module in sorted(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")):
    importlib.import_module(f"{__name__}.{_module}")

if TYPE_CHECKING:
    Rule = Any  # (the kinds are known once imported: code that reads one kind's options names its class)
else:
    Rule = Union[tuple(kind.options for kind in KINDS.values())]  # noqa: UP007 - made of the classes found

__all__ = ["KINDS", "Rule", "RuleKind", "RuleOptions"]
