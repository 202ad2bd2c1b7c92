"""A card's effect as game code reads it (`Table.effects`): its steps as read-only mappings, `{"verb", "args",
"when"}`, a nested step list (and a resolve cost, `when["resolve"]`) as a tuple of steps, a chosen place as
`{"choose": (FILTER, ...)}`, and each number worked out from the card's fields as they are now (an argument
written `"{{ card.damage }}"` reads the field again, so a sweep's value is what is played, as it is what is
printed)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from pnp.model.effects.effect_steps import EffectStep, PlaceChoice


def deck_effects(effects: dict[str, Any], cards: Any) -> Any:
    """A deck's effects, card id -> its steps (or None), for the cards' fields in `cards`."""
    return MappingProxyType({card: None if steps is None else step_views(steps, cards[card])
                             for card, steps in effects.items()})


def step_views(steps: Any, fields: Any) -> tuple[Any, ...]:
    return tuple(_step(step, fields) for step in steps)


def _step(step: EffectStep, fields: Any) -> Any:
    args = {name: _value(value, fields) for name, value in step.args.items()}
    for name, source in step.sources.items():
        args[name] = _worked_out(source, fields)
    when = {k: step_views(v, fields) if k == "resolve" else v for k, v in step.when.items()}
    return MappingProxyType({"verb": step.verb, "args": MappingProxyType(args), "when": MappingProxyType(when)})


def _value(value: Any, fields: Any) -> Any:
    if isinstance(value, PlaceChoice):
        return MappingProxyType({"choose": value.filters})
    if isinstance(value, list):
        return step_views(value, fields)
    if isinstance(value, dict):
        return MappingProxyType({k: _value(v, fields) for k, v in value.items()})
    return value


def _worked_out(source: str, fields: Any) -> int:
    from pnp.model.expressions.evaluate import jinja_template

    return int(jinja_template(source).render(card=dict(fields)).strip())
