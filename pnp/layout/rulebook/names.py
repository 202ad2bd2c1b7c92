"""Layout: what a rulebook's `{{ expressions }}` read (the same game the templates read), and the names of the
game's components in prose (the numbers typed before them are checked in numbers.py)."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import did_you_mean
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


def prose_names(game: Game) -> dict[str, str]:
    """component_words, and each component's one-word name too ("7 Captains", "12 Rooms"): a number before it is
    checked against what the game holds for it (numbers.py), which includes every other number kept under its
    name ("4 Rooms Destroyed")."""
    out = component_words(game)
    for d in game.decks:
        for name in {d.id.replace("-", " "), d.name.lower()}:
            words = " ".join(_singular(w) for w in name.split())
            out.setdefault(words, d.id)
    return out
