"""The words a language prints for a field's choices (a translation's game.yaml `choices: {color: {red: rouge}}`):
a card keeps its source value (`red`: the palette's colour, the die's face, what the rules compare), and a text
element prints the word (`{{ card.color }}` -> `rouge`). A field or a choice the source lacks is an error at its
line; a declared choice of a `choice` field the language's words leave out is a warning there."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import Problems, did_you_mean, echo
from pnp.model.game import Game
from pnp.model.load import Doc

_ID_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789-_")


def choices_of(game: Game) -> dict[str, set[str]]:
    """Each field whose values are choices, with every value it may take: a `choice` field's choices, and the
    values cards give a text field written as lower-case ids (`color: red`)."""
    out: dict[str, set[str]] = {}
    for deck in game.decks:
        for name, spec in deck.spec.fields.items():
            if spec.type == "choice" and spec.choices:
                out.setdefault(name, set()).update(map(str, spec.choices))
            elif spec.type == "text":
                values = {c.data.get(name) for c in deck.cards} - {None, ""}
                if values and all(isinstance(v, str) and set(v) <= _ID_CHARS for v in values):
                    out.setdefault(name, set()).update(values)  # type: ignore[arg-type]
    return out


def declared_choices(game: Game, name: str) -> set[str]:
    """The choices a `choice` field of that name declares (a text field's ids are checked by the value alone)."""
    specs = [d.spec.fields[name] for d in game.decks if name in d.spec.fields]
    return {str(c) for s in specs if s.type == "choice" for c in s.choices or ()}


def choice_words(game: Game, doc: Doc, code: str, problems: Problems) -> dict[str, dict[str, str]]:
    """`choices:` of a translation, checked: field -> source value -> its word."""
    said = doc.data.get("choices") if isinstance(doc.data, dict) else None
    if said is None:
        return {}
    if not isinstance(said, dict):
        problems.add(doc.where(("choices",)), f"{code}: `choices:` maps a field to its choices' words "
                     "(`color: {red: rouge}`)", "choices")
        return {}
    known = choices_of(game)
    out: dict[str, dict[str, str]] = {}
    for name, words in said.items():
        where = doc.where(("choices", name))
        if name not in known:
            problems.add(where, f"{code}: no card field {echo(name)} takes choices{did_you_mean(str(name), known)}",
                         f"choices.{name}")
            continue
        if not isinstance(words, dict):
            problems.add(where, f"{code}: a field's choices map each source value to its word (`red: rouge`)",
                         f"choices.{name}")
            continue
        mine: dict[str, str] = {}
        for value, word in words.items():
            at = doc.where(("choices", name, value))
            if str(value) not in known[name]:
                problems.add(at, f"{code}: {echo(value)} is not a choice of {name} "
                             f"({', '.join(sorted(known[name]))}){did_you_mean(str(value), known[name])}",
                             f"choices.{name}")
            elif not isinstance(word, str) or not word.strip():
                problems.add(at, f"{code}: a choice's word is a string, got {echo(word)}", f"choices.{name}")
            else:
                mine[str(value)] = word
        missing = sorted(declared_choices(game, str(name)) - set(mine))
        if missing:
            problems.add(where, f"{code}: no word for {name} {', '.join(missing)}: the cards print the source's "
                         "value there; add its word", f"choices.{name}", severity="warning", rule="translation")
        out[str(name)] = mine
    return out


class Word(str):
    """A choice's word that still equals its source value, so a text's `card.kind == 'ongoing'` holds in every
    language while `{{ card.kind }}` prints the word."""

    source: str

    def __new__(cls, word: str, source: str) -> Word:
        made = super().__new__(cls, word)
        made.source = source
        return made

    def __eq__(self, other: object) -> bool:
        return str.__eq__(self, other) is True or (isinstance(other, str) and str.__eq__(self.source, other) is True)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = str.__hash__


def worded(card: Any, words: dict[str, dict[str, str]]) -> Any:
    """A card's fields as a text prints them: each choice with its word (the card itself when none has one)."""
    if not words or not isinstance(card, dict):
        return card
    if not any(isinstance(card.get(name), str) and card[name] in said for name, said in words.items()):
        return card
    return {name: Word(words[name][value], value) if name in words and isinstance(value, str) and value in words[name]
            else value for name, value in card.items()}
