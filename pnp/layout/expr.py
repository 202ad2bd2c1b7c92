"""Template values as Jinja2 expressions, evaluated in a sandbox where an undefined name is an error.

`compile_value` turns a template value into a function of the context (`card`, `deck`, `game`,
`item`, `index`). A value that is one `{{ expression }}` keeps its type (a number stays a number,
a list stays a list); a value mixing text and expressions renders to text; anything else is a
constant. Plain field look-ups (`{{ card.name }}`) skip Jinja entirely: they are most values.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from typing import Any

from pnp.core.errors import InputError, Problem, Where, did_you_mean
from pnp.core.watchdog import new_evaluation
from pnp.model.expressions.evaluate import explanation, expression, jinja_template, names_read, near_field_hint, shown
from pnp.model.expressions.functions import MATH

Context = dict[str, Any]
Getter = Callable[[Context], Any]
_SINGLE = re.compile(r"^\{\{(?P<body>(?:(?!\{\{|\}\}).)*)\}\}$", re.S)
_PATH = re.compile(r"^\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*$")
_PIECES = re.compile(r"\{\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}\}")  # text with plain look-ups only


class ExprError(Exception):
    """An expression failed for one card; the layout stage turns it into a located problem."""


def is_expr(value: object) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)


def _path_getter(source: str, names: list[str]) -> Getter:
    head, rest = names[0], names[1:]

    def get(ctx: Context) -> Any:
        if head not in ctx:
            raise ExprError(f"{source}: {head!r} is not defined here (use card, deck, game, vars, item, index)")
        value = ctx[head]
        for name in rest:
            if isinstance(value, dict) and name in value:
                value = value[name]
            else:
                if head == "vars" and value is ctx[head] and isinstance(value, dict):
                    known = ", ".join(sorted(value)) or "none"
                    raise ExprError(f"{source}: the template sets no `vars.{name}` (its vars: {known})"
                                    f"{did_you_mean(name, value)}; add it under `vars:`")
                if head == "data" and isinstance(value, dict):  # a data table's key
                    from pnp.model.expressions.lookups import MissingLookup, lookup_said

                    raise ExprError(lookup_said(source, MissingLookup("", value, name), ctx) or source)
                read = {head: ctx[head]} if isinstance(ctx[head], dict) else None
                raise ExprError(f"{source} names the field {name!r}, which this card does not have"
                                f"{near_field_hint(name, source, read)}")
        return value

    return get


@cache
def _names(value: str) -> frozenset[str]:
    single = _SINGLE.match(value.strip())
    path = _PATH.match(single.group("body")) if single else None
    if path and path.group(1).split(".")[0] not in MATH:
        return frozenset({path.group(1).split(".")[0]})
    if _only_lookups(value):
        return frozenset(m.group(1).split(".")[0] for m in _PIECES.finditer(value))
    return names_read(value)


def names_in(value: str) -> set[str]:
    """The top-level names an expression reads (`card`, `deck`, `vars`, ...)."""
    return set(_names(value))


def _only_lookups(source: str) -> bool:
    """Text and `{{ path.to.field }}` look-ups, nothing else Jinja would have to run."""
    return "{{" in source and "{%" not in source and "{#" not in source and "{{" not in _PIECES.sub("", source) \
        and not any(m.group(1).split(".")[0] in MATH for m in _PIECES.finditer(source))


def _text_getter(source: str) -> Getter | None:
    """`{{ vars.box }}mm`, `Adventure {{ card.adventure }}`: text and plain look-ups, joined without Jinja."""
    if not _only_lookups(source):
        return None
    parts: list[Any] = []
    at = 0
    for m in _PIECES.finditer(source):
        parts.append(source[at:m.start()])
        parts.append(_path_getter(source, m.group(1).split(".")))
        at = m.end()
    parts.append(source[at:])

    def get(ctx: Context) -> str:
        return "".join(p if isinstance(p, str) else str(p(ctx)) for p in parts)  # as Jinja prints them

    return get


def compile_value(value: Any, where: Where) -> tuple[bool, Any]:
    """(is_dynamic, constant_or_getter). Syntax errors are reported at `where`."""
    if not is_expr(value):
        return False, value
    source = value.strip()
    try:
        single = _SINGLE.match(source)
        if single:
            body = single.group("body")
            path = _PATH.match(body)
            if path and path.group(1).split(".")[0] not in MATH:
                return True, _path_getter(source, path.group(1).split("."))
            compiled = expression(body)
            from jinja2 import Undefined

            from pnp.model.expressions.expanded import checked

            def run_expr(ctx: Context) -> Any:
                try:
                    result = compiled(**ctx)  # (a new evaluation: `expression` starts one)
                    if isinstance(result, Undefined):
                        str(result)  # raises UndefinedError with the missing name
                    if isinstance(result, list | tuple | dict | set):  # what the layout may print, measured
                        checked(result)
                except Exception as exc:  # an undefined name, the sandbox refuses, a filter fails, ...
                    raise ExprError(explanation(source, exc, ctx)) from None
                return result

            return True, run_expr
        fast = _text_getter(value)
        if fast is not None:
            return True, fast
        template = jinja_template(value)
    except Exception as exc:
        from jinja2 import TemplateError, TemplateSyntaxError

        if not isinstance(exc, TemplateError):
            raise
        kind = "syntax error" if isinstance(exc, TemplateSyntaxError) else "error"  # (Jinja folds constants first)
        raise InputError([Problem(where, f"expression {kind} in {shown(source)!r}: {exc.message}")]) from None

    def run_template(ctx: Context) -> Any:
        try:
            new_evaluation()
            return template.render(**ctx)
        except Exception as exc:
            raise ExprError(explanation(source, exc, ctx)) from None

    return True, run_template


def field_of(value: Any) -> str | None:
    """The card field a value shows when it is exactly `{{ card.field }}`, for error messages."""
    if isinstance(value, str):
        m = re.fullmatch(r"\{\{\s*card\.(\w+)\s*\}\}", value.strip())
        if m:
            return m.group(1)
    return None


def truthy(value: Any) -> bool:
    """An `if`: a `{% %}` template gives text, so "False", "0", "no" and "" are false too."""
    if isinstance(value, str):
        return value.strip().lower() not in ("", "false", "0", "no", "none")
    return bool(value)


class _Leaf:
    __slots__ = ("get",)

    def __init__(self, get: Callable[[Context], Any]):
        self.get = get


def compile_nested(value: Any, where: Where) -> tuple[tuple[bool, Any], set[str]]:
    """A list or dict whose entries may be expressions (polygon points, marks): (compiled, names read)."""
    names: set[str] = set()
    leaves: list[_Leaf] = []

    def walk(v: Any) -> Any:
        if isinstance(v, list):
            return [walk(x) for x in v]
        if isinstance(v, dict):
            return {k: walk(x) for k, x in v.items()}
        dynamic, got = compile_value(v, where)
        if not dynamic:
            return v
        names.update(names_in(v))
        leaves.append(_Leaf(got))
        return leaves[-1]

    shape = walk(value)
    if not leaves:
        return (False, value), names

    def build(ctx: Context, v: Any = shape) -> Any:
        if isinstance(v, list):
            return [build(ctx, x) for x in v]
        if isinstance(v, dict):
            return {k: build(ctx, x) for k, x in v.items()}
        return v.get(ctx) if isinstance(v, _Leaf) else v

    return (True, build), names
