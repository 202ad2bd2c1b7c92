"""Every expression of a template compiled ahead, without running any (compiling is cached)."""

from __future__ import annotations

import weakref
from typing import Any

from pnp.core.errors import InputError
from pnp.layout.expr import ExprError, compile_value, names_in
from pnp.layout.templates import PlacedElement, Template

_DONE: weakref.WeakValueDictionary[int, Template] = weakref.WeakValueDictionary()  # templates compiled already


def precompile(template: Template) -> None:
    """Compile every expression of a template, without running any (compiling is cached): done before a
    deck's time limit starts, so that the limit counts laying out, not Jinja compiling code on a cold cache.
    A template compiled before (`pnp watch` keeps its templates while they are unchanged) is not walked again."""
    if _DONE.get(id(template)) is template:
        return
    _DONE[id(template)] = template

    def walk(value: Any, where: Any) -> None:
        if isinstance(value, list | tuple):
            for v in value:
                walk(v, where)
        elif isinstance(value, dict):
            for v in value.values():
                walk(v, where)
        elif hasattr(value, "__dataclass_fields__"):  # a table's column
            walk(list(vars(value).values()), where)
        else:
            try:
                if compile_value(value, where)[0]:
                    names_in(value)
            except (InputError, ExprError):
                pass  # said, with its place, when the template is compiled for real

    def elements(placed: list[PlacedElement]) -> None:
        for p in placed:
            walk([v for k, v in vars(p.element).items() if k not in p.element.plain], p.where)
            elements(p.children)

    elements(template.elements)
