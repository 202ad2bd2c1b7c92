"""How a game's effect sentences say the words their steps name: game.yaml `words:`.

A step names places (`here`, `rolled`, `{choose: [damaged]}`) and things (a track, a pile, a die, a piece) by
the ids the play reads; a card's sentence (effect_text.py) says each in the game's own words, so Voyage's
`{repair: {place: here, tokens: 1}}` reads "Remove 1 Damage Token from your current Room." A word the game does
not give is said as its id, hyphens as spaces ("peril die"); a place the player chooses as `chosen` says it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from pnp.core.errors import Problems, Where

CHOSEN = "a {{ filters }} place of your choice"  # a chosen place, its filters' words joined by commas


@dataclass(repr=False, eq=False)
class EffectWords:
    """How the cards' effect sentences say what their steps name (docs/effects.md, "In the game's words")."""
    places: dict[str, str] = field(default_factory=dict)  # a place word a step names (here, rolled) as said
    chosen: str = CHOSEN  # a place the player chooses: `{{ filters }}` is its filters' words, joined
    filters: dict[str, str] = field(default_factory=dict)  # a filter of a chosen place (damaged) as said; "": unsaid
    names: dict[str, str] = field(default_factory=dict)  # a track, pile, die or piece id as said

    def name(self, value: Any) -> Any:
        """A name argument's value as the game says it (a value that is not a word is left as it is)."""
        if not isinstance(value, str):
            return value
        return self.names.get(value, value.replace("-", " "))

    def proper(self, sentence: str) -> bool:
        """Whether a sentence starts with a word the game capitalises (a track, "Damaged"), kept so after a colon."""
        first = sentence.split(" ", 1)[0]
        return any(said.split(" ", 1)[0] == first for part in (self.places, self.filters, self.names)
                   for said in part.values() if said[:1].isupper())

    def place(self, value: Any) -> Any:
        """A place argument's value as the game says it: a word, or a chosen place (its `filters`)."""
        filters = getattr(value, "filters", None)
        if filters is None:
            return self.places.get(value, value) if isinstance(value, str) else value
        from pnp.model.expressions.evaluate import jinja_template

        said = ", ".join(w for w in (self.filters.get(f, f.replace("-", " ")) for f in filters) if w)
        phrase = " ".join(jinja_template(self.chosen).render(filters=said).split())
        phrase = re.sub(r"^([aA]) other\b", r"\1nother", phrase)  # "another Room"
        return re.sub(r"^([aA]) (?=[aeiouAEIOU])", r"\1n ", phrase)  # "an undamaged Room"


def word_problems(words: EffectWords, where: Any, problems: Problems) -> None:
    """`chosen` is a template of `filters` that renders; each word says something. `where(path)`: its line."""
    from pnp.model.expressions.evaluate import jinja_template

    try:
        if words.chosen != CHOSEN:  # (pnp's own needs no check, and a warm build imports no Jinja)
            jinja_template(words.chosen).render(filters="damaged")
    except Exception as exc:  # noqa: BLE001 - a template's every mistake is the designer's to see
        at: Where = where(("words", "chosen"))
        problems.add(at, f"`chosen` is not a template of `{{{{ filters }}}}`: {exc}", "words.chosen")
    for part in ("places", "names"):  # (a filter may go unsaid: "")
        for key, said in getattr(words, part).items():
            if not said.strip():
                problems.add(where(("words", part, key)), f"say how the cards call {key!r}, or leave it out",
                             f"words.{part}.{key}")
