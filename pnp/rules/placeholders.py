"""Placeholders: text that marks unfinished work (`placeholders:` in game.yaml), wherever it would print.

Built in for every game. Card fields at any depth (lists and mappings too), data tables, template text,
game.yaml and the rulebook's own words are read; each placeholder is a warning at its line, or an error for a
`--final` build, which must not print one. (A playtest build prints them in a loud highlight: pnp/layout/text.py.)
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator
from typing import Any

from pnp.core import bounds
from pnp.core.errors import Problem, Where
from pnp.model.game import Deck, Game
from pnp.model.load import Doc
from pnp.model.rulebook.source import SOURCE

RULE = "placeholder"
_EXPR = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)


def placeholder_problems(game: Game, final: bool = False) -> list[Problem]:
    words = [w for w in game.manifest.placeholders if w]
    if not words:
        return []
    pattern = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)))
    severity, then = ("error", "; a --final build prints no placeholder: write the final text") if final else \
        ("warning", "")
    found: list[Problem] = []

    def report(doc: Doc, path: tuple, subject: str, shown: str, value: str) -> None:
        m = pattern.search(value)
        if m:
            found.append(Problem(doc.where(path), f"{shown}: placeholder {m.group(0)!r} still in the text{then}",
                                 subject, severity, RULE))

    for deck in game.decks:  # a deck read again is another object (pnp/model/deck_memo.py)
        kept = _KEPT.setdefault(deck, {})
        if (pattern.pattern, then) not in kept:
            start = len(found)
            for card in deck.cards:
                for name, value in card.data.items():
                    for sub, text in strings(value, ()):
                        report(deck.doc, ("cards", card.index, name, *sub), f"{deck.id}/{card.id}",
                               name + _shown(sub), text)
            kept[(pattern.pattern, then)] = found[start:]
        else:
            found += kept[(pattern.pattern, then)]
    for name, doc in game.data.items():
        for sub, text in strings(doc.data, ()):
            report(doc, sub, f"{name}{_shown(sub[:-1])}", _shown(sub[-1:]).lstrip(".") or name, text)
    for key, value in (game.doc.data or {}).items():
        if key != "placeholders":
            for sub, text in strings(value, (key,)):
                report(game.doc, sub, game.id, _shown(sub).lstrip("."), text)
    for doc, name in _templates(game):
        for sub, text in _texts(doc.data.get("elements") if isinstance(doc.data, dict) else None, ("elements",)):
            report(doc, sub, name, "text", text)
    for line, col, word in _in_rulebook(game, pattern):
        found.append(Problem(Where(f"{game.dir.relative_to(game.root).as_posix()}/{SOURCE}", line, col),
                             f"rulebook: placeholder {word!r} still in the text{then}", game.id, severity, RULE))
    return found


_KEPT: weakref.WeakKeyDictionary[Deck, dict[tuple[str, str], list[Problem]]] = weakref.WeakKeyDictionary()


def _in_rulebook(game: Game, pattern: re.Pattern[str]) -> Iterator[tuple[int, int, str]]:
    """Each placeholder of the rulebook's own words (not inside `{{ }}`, whose values the cards' checks see)."""
    path = game.dir / SOURCE
    if not path.is_file() or path.stat().st_size > bounds.FILE_BYTES:
        return  # no rulebook; one too large is said where the rulebook is read
    for n, text in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
        for m in pattern.finditer(_EXPR.sub(lambda e: " " * len(e.group(0)), text)):
            yield n, m.start() + 1, m.group(0)


def strings(value: Any, path: tuple) -> Iterator[tuple[tuple, str]]:
    """Every string in a value, with its path (bounded: data files are bounded when loaded)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from strings(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from strings(v, (*path, i))


def _texts(elements: Any, path: tuple) -> Iterator[tuple[tuple, str]]:
    """The `text` of every element of a template (groups' elements too)."""
    for i, el in enumerate(elements if isinstance(elements, list) else []):
        if not isinstance(el, dict):
            continue
        if isinstance(el.get("text"), str):  # its literal text: expressions are code, not printed words
            yield (*path, i, "text"), _EXPR.sub(" ", el["text"])
        yield from _texts(el.get("elements"), (*path, i, "elements"))


def _templates(game: Game) -> Iterator[tuple[Doc, str]]:
    """Each template file the game's decks print with (and those they extend), once."""
    from pnp.layout.templates import template_doc, template_files

    seen: set[str] = set()
    for deck in game.decks:
        for name in (deck.template, deck.back):
            for path in template_files(game.root, name):
                key = path.as_posix()
                if key in seen or not path.is_file():
                    continue
                seen.add(key)
                shown = path.relative_to(game.root / "templates").with_suffix("").as_posix()
                yield template_doc(path, game.root), shown


def _shown(path: tuple) -> str:
    """`("rows", 2, "text")` -> `.rows[2].text`."""
    return "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in path)
