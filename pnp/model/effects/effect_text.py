"""An effect read as a card's text: each step's verb says its sentence (verbs.py) with the step's values, nested
steps read inside it, a condition or a time said before it. A template prints it as `{{ card.effect }}`'s
sentence (`effect_sentence`), or a designer writes the text by hand and `pnp check` holds its numbers to these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.model.effects.verbs import LIBRARY, Verb

_WHEN = {"drawn": "When drawn", "played": "When played", "bought": "When bought",
         "round-start": "At the start of each round", "round-end": "At the end of each round"}
_UNTIL = {"round-end": "until the end of the round", "next-round-end": "until the end of the next round"}


def effect_sentence(steps: Sequence[Any], verbs: dict[str, Verb] | None = None) -> str:  # steps: EffectSteps
    """`Roll the peril-die. Add 2 tokens to rolled.`; "" for an effect that does nothing."""
    return " ".join(step_sentence(s, verbs or LIBRARY) for s in steps)


def step_sentence(step: Any, verbs: dict[str, Verb]) -> str:  # step: an EffectStep (effect_steps.py)
    from pnp.model.expressions.evaluate import jinja_template

    values: dict[str, Any] = {}
    for name, value in step.args.items():
        if isinstance(value, list):
            values[name] = effect_sentence(value, verbs)
        elif isinstance(value, dict):
            values[name] = " ".join(f"{face}: {effect_sentence(v, verbs) or 'nothing'}" for face, v in value.items())
        else:
            values[name] = value
    said = jinja_template(verbs[step.verb].reads).render(**values).strip()
    if "while" in step.when:
        said = said.rstrip(".") + f" while {step.when['while']}."
    if "resolve" in step.when:
        said = said.rstrip(".") + f" until someone pays {_paid(step.when['resolve'], verbs)} to resolve it."
    elif "until" in step.when:
        said = said.rstrip(".") + f" {_UNTIL[step.when['until']]}."
    if "at" in step.when:
        said = f"{_WHEN[step.when['at']]}: {said[:1].lower()}{said[1:]}"
    return said


def _paid(cost: Sequence[Any], verbs: dict[str, Verb]) -> str:
    """A resolve cost in words: `3 Coins and 1 Wood` for spend steps, else each step's own sentence."""
    said = [f"{s.args['amount']} {s.args['resource'].title()}" if s.verb == "spend"
            else step_sentence(s, verbs).rstrip(".").lower() for s in cost]
    return " and ".join(said)
