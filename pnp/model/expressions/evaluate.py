"""Model (expressions): the one sandboxed Jinja environment every expression of a game is compiled in, and
what a failed evaluation says.

Templates (`pnp.layout.expr`), rules, setups, the rulebook and a card's own fields (`card_exprs`, at load)
all compile through `expression` here: one environment, one disk cache of compiled code, one way of naming
the field or data-table key an expression missed (with the near names).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from pnp.core import bounds, watchdog
from pnp.core.errors import did_you_mean
from pnp.core.watchdog import new_evaluation
from pnp.model.expressions.nesting import compiling

_ATTR = re.compile(r"'[\w .]+ object' has no attribute '(\w+)'")


_jinja: Any = None  # the sandboxed environment, made on first use: most templates never need it


def _env() -> Any:
    global _jinja
    if _jinja is None:
        from pnp.model.expressions.compiled import caching_environment
        from pnp.model.expressions.lookups import Missing

        _jinja = caching_environment(undefined=Missing, autoescape=False, keep_trailing_newline=True)
    return _jinja


# Compiling with Jinja costs a millisecond or two and sheets repeat the same expressions many times
# over: each source is compiled once per run (here) and its code kept between runs (pnp.compiled).
@cache
def names_read(source: str) -> frozenset[str]:
    """The names a template reads from the context: every name it loads, less those it binds itself
    (`{% set %}`, a `{% for %}` target and its `loop`) and Jinja's globals (`range`, `dict`)."""
    from pnp.model.expressions import compiled

    kept = compiled.load(f"names:{source}")
    if isinstance(kept, tuple):
        return frozenset(kept)
    from jinja2 import nodes

    tree = compiling(_env(), source, lambda: _env().parse(source))
    loads = {n.name for n in tree.find_all(nodes.Name) if n.ctx == "load"}
    bound = {n.name for n in tree.find_all(nodes.Name) if n.ctx in ("store", "param")}
    if any(True for _ in tree.find_all(nodes.For)):
        bound.add("loop")
    names = frozenset(loads - bound - set(_env().globals))
    compiled.store(f"names:{source}", tuple(sorted(names)))
    return names


@cache
def jinja_template(source: str) -> Any:
    return compiling(_env(), source, lambda: _env().from_string(source))


@cache
def expression(body: str, undefined_to_none: bool = False) -> Callable[..., Any]:
    """A compiled Jinja expression, called with the names it reads (cached: rules and setups evaluate
    the same ones again and again). Each call is one evaluation for the sandbox's loop budget."""
    compiled = compiling(_env(), "{{ " + body + " }}",
                         lambda: _env().compile_expression(body, undefined_to_none=undefined_to_none))

    def run(**names: Any) -> Any:
        new_evaluation()
        return compiled(**names)

    return run


def shown(source: str, most: int = 120) -> str:
    """A value as an error message quotes it: whole, or its start and end when long."""
    return source if len(source) <= most else f"{source[:most - 40]} ... {source[-30:]}"


def explanation(source: str, exc: Exception, names: dict[str, Any] | None = None) -> str:
    from pnp.model.expressions.lookups import lookup_said

    source = shown(source)
    if isinstance(exc, MemoryError | RecursionError):
        return f"{source}: {said_of(exc)}"
    said = lookup_said(source, exc, names)
    if said:
        return said
    text = str(exc)
    m = _ATTR.search(text)
    if m:
        near = near_field_hint(m.group(1), source, names)
        return f"{source} names the field {m.group(1)!r}, which this card does not have{near}"
    undefined = _UNDEFINED.fullmatch(text)
    if undefined and names:  # a name the expression has not got (`plyers`): the near one it has
        return f"{source}: {text}{did_you_mean(undefined.group(1), [k for k in names if not k.startswith('_')])}"
    return f"{source}: {text}"


_UNDEFINED = re.compile(r"'(\w+)' is undefined")


def said_of(exc: BaseException) -> str:
    """What running out of memory or of stack means for the designer (Python says nothing, or little)."""
    if isinstance(exc, RecursionError):
        return (f"nested too deeply to evaluate (brackets, blocks or values more than {bounds.NESTING} levels "
                "deep): write it flatter")
    return (f"pnp ran out of memory evaluating this (its ceiling is {watchdog.said_memory(watchdog.memory())}, "
            "`PNP_MEMORY` raises it): build less in one expression")


def near_field_hint(field: str, source: str, names: dict[str, Any] | None) -> str:
    """`; did you mean 'text'?` from the fields of the mappings the expression reads (`card.`, `face.`, ...);
    for a data item (a die face, a table's row) that only some items have, how to ask for it."""
    mappings = {head: getattr(value, "fields", value) for head, value in (names or {}).items()}  # a setup's Record
    read = [head for head, value in mappings.items() if isinstance(value, dict) and f"{head}.{field}" in source]
    known = {key for head in read for key in mappings[head]}
    hint = did_you_mean(field, known)
    if not hint and read and read[0] in ("face", "item", "row"):
        hint = f"; where only some have it, write {read[0]}.get({field!r})"
    return hint

