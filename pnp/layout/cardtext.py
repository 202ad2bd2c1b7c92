"""Layout: a card's fields as its faces show them. A text field may read the card's other fields
(`"Add {{ card.damage }} Damage Tokens"`): the number lives once, in its own field, and the printed
text and the simulation (pnp simulate) read the same value.
"""

from __future__ import annotations

from typing import Any

from pnp.errors import InputError, Problems
from pnp.layout.expr import ExprError, compile_value
from pnp.model.game import Card, Deck


def filled(deck: Deck, card: Card, problems: Problems, names: dict[str, Any] | None = None) -> dict[str, Any]:
    """The card's fields with every `{{ card.field }}` inside a text field filled in (the card itself when
    none has one); `names` are what else a text may read, as templates do (`game`, `deck`, `data`: a basic
    task's cost from its table). A mistake is reported at the field's line."""
    data = card.data
    if not any(isinstance(v, str) and "{{" in v for v in data.values()):
        return data
    out = dict(data)
    for name, value in data.items():
        if not (isinstance(value, str) and "{{" in value):
            continue
        where = deck.where(card, name)
        try:
            dynamic, get = compile_value(value, where)
            out[name] = str(get({**(names or {}), "card": data})) if dynamic else value
        except InputError as exc:
            problems.extend(exc.problems)
        except ExprError as exc:
            problems.add(where, f"{name}: {exc}", f"{deck.id}/{card.id}")
    return out
