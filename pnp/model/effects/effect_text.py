"""An effect read as a card's text: each step's verb says its sentence (verbs.py) with the step's values, nested
steps read inside it, a condition or a time said before it. A template prints it as `{{ card.effect }}`'s
sentence (`effect_sentence`), or a designer writes the text by hand and `pnp check` holds its numbers to these."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.model.effects.effect_words import EffectWords
from pnp.model.effects.verbs import LIBRARY, Verb

_WHEN = {"drawn": "When drawn", "played": "When played", "bought": "When bought",
         "round-start": "At the start of each round", "round-end": "At the end of each round"}
_UNTIL = {"round-end": "until the end of the round", "next-round-end": "until the end of the next round"}


def effect_sentence(steps: Sequence[Any], verbs: dict[str, Verb] | None = None,
                    words: EffectWords | None = None) -> str:  # steps: EffectSteps
    """`Roll the peril die. Add 2 tokens to rolled.`; "" for an effect that does nothing. `words`: how the game
    says the places and things its steps name (game.yaml `words:`)."""
    return " ".join(step_sentence(s, verbs or LIBRARY, words or EffectWords()) for s in steps)


def step_sentence(step: Any, verbs: dict[str, Verb], words: EffectWords) -> str:  # step: an EffectStep
    from pnp.model.expressions.evaluate import jinja_template

    verb = verbs[step.verb]
    values: dict[str, Any] = {}
    for name, value in step.args.items():
        kind = verb.args[name].kind if name in verb.args else ""
        if isinstance(value, list):  # steps said inside the sentence ("Twice: add 2 ...")
            inner = effect_sentence(value, verbs, words)
            values[name] = inner if words.proper(inner) else inner[:1].lower() + inner[1:]
        elif kind == "place":
            values[name] = words.place(value)
        elif kind == "name":
            values[name] = words.name(value)
        elif isinstance(value, dict):
            values[name] = " ".join(f"{face}: {effect_sentence(v, verbs, words) or 'nothing'}"
                                    for face, v in value.items())
        else:
            values[name] = value
    said = jinja_template(verb.reads).render(**values).strip()
    said = said[:1].upper() + said[1:]  # a sentence, whatever word it starts with ("your current Room ...")
    if "while" in step.when:
        said = said.rstrip(".") + f" while {step.when['while']}."
    if "resolve" in step.when:
        said = said.rstrip(".") + f" until someone pays {_paid(step.when['resolve'], verbs, words)} to resolve it."
    elif "until" in step.when:
        said = said.rstrip(".") + f" {_UNTIL[step.when['until']]}."
    if "at" in step.when:
        said = f"{_WHEN[step.when['at']]}: {said if words.proper(said) else said[:1].lower() + said[1:]}"
    return said


def _paid(cost: Sequence[Any], verbs: dict[str, Verb], words: EffectWords) -> str:
    """A resolve cost in words: `3 Coins and 1 Wood` for spend steps, else each step's own sentence."""
    said = [f"{s.args['amount']} {str(words.name(s.args['resource'])).title()}" if s.verb == "spend"
            else step_sentence(s, verbs, words).rstrip(".").lower() for s in cost]
    return " and ".join(said)
