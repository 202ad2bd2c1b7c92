"""Layout: a card's fields as its faces show them. A text field may read the card's other fields
(`"Add {{ card.damage }} Damage Tokens"`): the number lives once, in its own field, and the printed
text and the simulation (pnp simulate) read the same value.

A field shown as an icon (`"Plant :{{ card.crop }}:"`) whose value names no icon is said at that field
(`unknown crop 'carrto'`, with the near icon names) as a rule finding, `icon-value`: the face is laid out
with the value as a word, so the game's own rules (a `reference` of crops to their table) run and say
what they know beside it, where an unknown icon in the text would have stopped the check first.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from pnp.core.errors import InputError, Problems, did_you_mean
from pnp.layout.expr import ExprError, compile_value
from pnp.model.game import Card, Deck

_AS_ICON = re.compile(r":(\{\{\s*card\.(\w+)\s*\}\}):")  # `:{{ card.crop }}:`


def filled(deck: Deck, card: Card, problems: Problems, names: dict[str, Any] | None = None,
           icons: Collection[str] | None = None) -> dict[str, Any]:
    """The card's fields with every `{{ card.field }}` inside a text field filled in (the card itself when
    none has one); `names` are what else a text may read, as templates do (`game`, `deck`, `data`: a basic
    task's cost from its table). A mistake is reported at the field's line."""
    data = card.data
    if not any(_has_expr(v) for v in data.values()):
        return data
    out = dict(data)
    for name, value in data.items():
        if isinstance(value, list | dict) and _has_expr(value):  # a list of steps, each with its text
            out[name] = _nested(deck, card, name, value, problems, {**(names or {}), "card": data})
            continue
        if not (isinstance(value, str) and "{{" in value):
            continue
        if icons is not None and ":{{" in value:
            value = _unknown_icons(deck, card, name, value, icons, problems)
        out[name] = _fill(deck, card, name, value, problems, {**(names or {}), "card": data})
    return out


def _has_expr(value: Any) -> bool:
    if isinstance(value, str):
        return "{{" in value
    if isinstance(value, list):
        return any(_has_expr(v) for v in value)
    return isinstance(value, dict) and any(_has_expr(v) for v in value.values())


def _nested(deck: Deck, card: Card, name: str, value: Any, problems: Problems, names: dict[str, Any]) -> Any:
    """A list or mapping field with each text inside it filled (`steps: [{name, text: "... {{ data.x }} ..."}]`)."""
    if isinstance(value, str):
        return _fill(deck, card, name, value, problems, names) if "{{" in value else value
    if isinstance(value, list):
        return [_nested(deck, card, name, v, problems, names) for v in value]
    if isinstance(value, dict):
        return {k: _nested(deck, card, name, v, problems, names) for k, v in value.items()}
    return value


def _fill(deck: Deck, card: Card, name: str, value: str, problems: Problems, names: dict[str, Any]) -> str:
    """One text with its expressions filled; a mistake said at the field's line (the text as written then)."""
    where = deck.where(card, name)
    try:
        dynamic, get = compile_value(value, where)
        return str(get(names)) if dynamic else value
    except InputError as exc:
        problems.extend(exc.problems)
    except ExprError as exc:
        problems.add(where, f"{name}: {exc}", f"{deck.id}/{card.id}")
    return value


def _unknown_icons(deck: Deck, card: Card, name: str, value: str, icons: Collection[str], problems: Problems) -> str:
    """`value` with each `:{{ card.x }}:` whose value names no icon written as the plain value, said at `x`."""

    def one(m: re.Match[str]) -> str:
        field, got = m.group(2), card.data.get(m.group(2))
        if got is None or str(got) in icons:
            return m.group(0)
        known = ", ".join(sorted(icons)) or "none"
        problems.add(deck.where(card, field), f"unknown {field} {str(got)!r}: {name} shows card.{field} as an icon "
                     f"(`:{{{{ card.{field} }}}}:`) and no icon has that name (icons: {known})"
                     f"{did_you_mean(str(got), icons)}", f"{deck.id}/{card.id}", rule="icon-value")
        return m.group(1)

    return _AS_ICON.sub(one, value)
