"""Print = play: a card whose text is written by hand says every number its `effect:` plays.

Built in for every game. For each card with an effect, the numbers its steps play (a count, an amount, a
repeat's times; their size, whatever the sign) are looked for in its text fields as printed (expressions
filled in): as figures, or as the words one to twelve ("a"/"an"/"once" for 1, "twice" for 2). One the text never
says is an error at the card's text: the card would print one thing and play another. A text that prints
`{{ card.effect }}` is the effect's own words, and agrees by construction.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator
from typing import Any

from pnp.core.errors import Problem, Problems
from pnp.model.game import Card, Deck, Game

RULE = "effect-text"
WORDS = {1: ("one", "a", "an", "once"), 2: ("two", "twice"), 3: ("three",), 4: ("four",), 5: ("five",),
         6: ("six",), 7: ("seven",), 8: ("eight",), 9: ("nine",), 10: ("ten",), 11: ("eleven",), 12: ("twelve",)}
NUMBERS = ("count", "amount")


def printed_effect_problems(game: Game) -> list[Problem]:
    from pnp.layout.cardtext import filled
    from pnp.model.effects.verbs import game_verbs

    verbs = game_verbs(game.manifest.verbs, game.doc.where, Problems())  # (their problems: load_game's to say)
    found: list[Problem] = []
    for deck in game.decks:
        if deck not in _KEPT:  # a deck read again is another object (pnp/model/deck_memo.py): its verbs too
            _KEPT[deck] = list(_deck_problems(deck, verbs, filled))
        found += _KEPT[deck]
    return found


_KEPT: weakref.WeakKeyDictionary[Deck, list[Problem]] = weakref.WeakKeyDictionary()  # what each deck was found


def _deck_problems(deck: Deck, verbs: dict[str, Any], filled: Any) -> Iterator[Problem]:
    texts = [name for name, spec in deck.spec.fields.items() if spec.type == "text" and name != "effect"]
    for card in deck.cards:
        if not card.effect or not texts or any("card.effect" in str(card.data.get(t) or "") for t in texts):
            continue
        shown = filled(deck, card, Problems())  # (what its expressions get wrong, the layout says)
        said = " ".join(str(shown.get(t) or "") for t in texts).lower()
        for number, where in _numbers(card.effect, verbs):
            if not _says(said, number):
                yield _unsaid(deck, card, texts, number, where)
                break  # one a card: the fix is to read its text again


def _numbers(steps: Any, verbs: dict[str, Any]) -> Iterator[tuple[int, str]]:
    """(the size of each number the steps play, the verb and argument it is): nested steps too."""
    from pnp.model.effects.effect_steps import every_step

    for step in every_step(steps):
        verb = verbs.get(step.verb)
        for name, value in step.args.items():
            kind = verb.args[name].kind if verb is not None and name in verb.args else ""
            if kind in NUMBERS and isinstance(value, int) and value:
                yield abs(value), f"{step.verb} {name}"


def _says(text: str, number: int) -> bool:
    words = "|".join((str(number), *WORDS.get(number, ())))
    return re.search(rf"(?<![\w.]){words}(?![\w])", text) is not None


def _unsaid(deck: Deck, card: Card, texts: list[str], number: int, where: str) -> Problem:
    field = "text" if "text" in texts else max(texts, key=lambda t: len(str(card.data.get(t) or "")))
    return Problem(deck.where(card, field), f"{field}: its effect plays {number} ({where}) and its text never says "
                   f"{number}: write the number in the text (from its field, \"{{{{ card.FIELD }}}}\"), or print the "
                   "effect's own words (\"{{ card.effect }}\")", f"{deck.id}/{card.id}", "error", RULE)
