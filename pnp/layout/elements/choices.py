"""The checks of element settings that take a fixed set of values, said at their line when a template is read
(a mistyped `align: centre` was drawn as the default without a word), and each kind's own checks."""

from __future__ import annotations

import dataclasses
import typing
from typing import Any

from pnp.core.errors import Problems, did_you_mean
from pnp.model.load import Doc
from pnp.model.schema.kinds import kind_of

_CHOICES: dict[type, dict[str, tuple[Any, ...]]] = {}


def choices_of(cls: type) -> dict[str, tuple[Any, ...]]:
    """The settings of an element kind that take one of fixed values, and those values (from their `Kind`)."""
    if cls not in _CHOICES:
        hints = typing.get_type_hints(cls, include_extras=True)
        _CHOICES[cls] = {f.name: kind.choices for f in dataclasses.fields(cls)
                         if (kind := kind_of(hints[f.name])) is not None and kind.name == "choice"}
    return _CHOICES[cls]


def check_choices(elements: list[Any], doc: Doc, path: tuple[str | int, ...], problems: Problems) -> None:
    """A setting with a fixed set of values, written out (not an expression), is one of them; then what each
    element's kind checks itself (a text element has a text, a group's elements are checked in turn)."""
    for i, el in enumerate(elements):
        check_setting_choices(el, doc, (*path, i), problems)
        el.check(doc, (*path, i), problems)


def check_setting_choices(el: Any, doc: Doc, path: tuple[str | int, ...], problems: Problems) -> None:
    """The settings of `el` (an element, a table's column) that take fixed values, each one of them."""
    for key, allowed in choices_of(type(el)).items():
        value = getattr(el, key)
        if isinstance(value, str) and "{" not in value and value not in allowed:
            near = "; did you mean 'middle'?" if key == "valign" and value == "center" else \
                did_you_mean(value, allowed)
            problems.add(doc.where((*path, key)), f"{value!r}: use {', '.join(allowed[:-1])} or "
                         f"{allowed[-1]}{near}" if len(allowed) > 1 else
                         f"{value!r}: the only value is {allowed[0]!r} (leave it out)", key)
