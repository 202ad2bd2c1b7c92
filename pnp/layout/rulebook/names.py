"""Layout: what a rulebook's `{{ expressions }}` read (the same game the templates read), and the check that a
count written by hand next to a component's name is the count the build prints."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.core.errors import Problem, Where, did_you_mean
from pnp.model.game import Game


def rulebook_names(game: Game) -> dict[str, Any]:
    """`game`, `decks`, `cards`, `data`, `setup`, `palette`, `glossary` and `count('deck or card')`."""
    m = game.manifest
    decks: dict[str, dict[str, Any]] = {d.id: {"id": d.id, "name": d.name, "count": d.faces, "kind": d.spec.kind,
                    "cards": [c.data for c in d.cards]} for d in game.decks}
    cards: dict[str, Any] = {}
    for d in game.decks:
        for c in d.cards:
            cards.setdefault(c.id, {**c.data, "copies": c.copies, "deck": d.id})
    contents = {k: v.count for k, v in m.content().items()}
    players = {"min": m.players.min, "max": m.players.max} if m.players else {"min": 1, "max": 1}
    terms = [t if isinstance(t, str) else t.term for t in m.glossary.terms]

    def count(name: str) -> int:
        """Pieces printed: a deck's faces, a card's copies, or (for what is not printed) the contents' count."""
        if name in decks:
            return int(decks[name]["count"])
        if name in cards:
            return int(cards[name]["copies"])
        if name in contents and contents[name] is not None:
            return int(contents[name])  # type: ignore[arg-type]
        raise LookupError(f"count({name!r}): no deck, card or contents entry is called {name!r}"
                          f"{did_you_mean(name, [*decks, *cards, *contents])}")

    return {"game": {"id": game.id, "name": m.name, "version": m.version, "players": players,
                     "contents": contents},
            "decks": decks, "cards": cards, "data": {name: doc.data for name, doc in game.data.items()},
            "setup": {"players": players}, "palette": dict(m.palette), "glossary": terms, "count": count}


def shown(value: Any) -> str:
    """An expression's value as the rulebook prints it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, list | tuple):
        return ", ".join(shown(v) for v in value)
    return "" if value is None else str(value)


def _singular(word: str) -> str:
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def component_words(game: Game) -> dict[str, str]:
    """Each way a component is named in prose (`ability`, `ability card`, `room card`), singular -> deck id."""
    out: dict[str, str] = {}
    for d in game.decks:
        for name in {d.id.replace("-", " "), d.name.lower()}:
            words = " ".join(_singular(w) for w in name.split())
            if " " in words:  # `damage token`; a one-word name alone (`4 Rooms`) may mean something else
                out[words] = d.id
            for noun in ("card", "token", "tile", "cube", "marker"):
                if not words.endswith(noun):
                    out[f"{words} {noun}"] = d.id
    return out


def stale_counts(text: str, where: Where, game: Game, words: dict[str, str],
                 find: Callable[[str, Where], Where]) -> list[Problem]:
    """A number written before a component's name ("44 ability cards") that is not what the build prints."""
    problems: list[Problem] = []
    tokens = text.replace("*", " ").split()
    for i, tok in enumerate(tokens):
        if not tok.isdigit():
            continue
        best = None
        for k in (3, 2, 1):
            phrase = " ".join(_singular(w.strip(".,;:!?()").lower()) for w in tokens[i + 1:i + 1 + k])
            if len(tokens[i + 1:i + 1 + k]) == k and phrase in words:
                best = words[phrase]
                break
        if best is None:
            continue
        printed = game.deck(best).faces
        if int(tok) != printed:
            said = " ".join(tokens[i:i + 3])
            problems.append(Problem(find(f"{tok} {tokens[i + 1]}", where), f"{said}: the build prints {printed}; "
                                    f"write {{{{ count('{best}') }}}} instead of a number that goes stale",
                                    best, "error", "rulebook-count"))
    return problems
