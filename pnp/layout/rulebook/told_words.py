"""Layout: what a game's play code tells (an example of play's moves, its meters' names) in the book's language.
The sentence's frame is matched against pnp's catalogue for the language (`catalog/<code>.yaml`: an English frame
such as "{actor} moves to {room}, {cost}" -> its translation), each part it leaves filled in the same way, and a
part that is one of the game's words (a task's or verb's name, a choice, a glossary term) printed as the game's
translation gives it. The source language, or a sentence no frame matches, is told as the game told it."""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from pnp.model.translation.catalog import catalogue

PLACE = re.compile(r"\{(\w+)\}")


def game_words(game: Any) -> dict[str, str]:
    """The game's source words (lower-cased) -> this language's: the data tables' `name`s, the verbs' names, the
    choices' words and the glossary's terms. Empty for the source language."""
    source = getattr(game, "source", None)
    if source is None:
        return {}
    out: dict[str, str] = {}
    tables = getattr(game, "tables", None) or {}
    for name, doc in source.data.items():
        _pair(doc.data, tables.get(name), out)
    for verb, word in getattr(game, "verb_names", {}).items():
        out.setdefault(verb.replace("-", " ").lower(), word)
    for words in getattr(game, "choice_words", {}).values():
        for choice, word in words.items():
            out.setdefault(str(choice).lower(), word)
    was, now = source.manifest.glossary.terms, game.manifest.glossary.terms
    if len(was) == len(now):
        for a, b in zip(was, now, strict=True):
            out.setdefault(_term(a).lower(), _term(b))
    return out


def _term(t: Any) -> str:
    return t if isinstance(t, str) else t.term


def _pair(a: Any, b: Any, out: dict[str, str]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key, value in a.items():
            if key == "name" and isinstance(value, str) and isinstance(b.get(key), str):
                out.setdefault(value.lower(), b[key])
            else:
                _pair(value, b.get(key), out)
    elif isinstance(a, list) and isinstance(b, list):
        for x, y in zip(a, b, strict=False):
            _pair(x, y, out)


@cache
def _frames(lang: str) -> tuple[tuple[re.Pattern[str], str], ...]:
    """The catalogue's frames (phrases with `{name}` places), the longest first: each as a pattern of the whole
    sentence, and its translation."""
    out = []
    for phrase, said in sorted(catalogue(lang).items(), key=lambda kv: -len(kv[0])):
        if PLACE.search(phrase):
            parts = PLACE.split(phrase)
            pattern = "".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)" for i, p in enumerate(parts))
            out.append((re.compile(pattern + r"\Z"), said))
    return tuple(out)


def told(text: str, lang: str, words: dict[str, str], depth: int = 0) -> str:
    """`text` in `lang`: its frame translated, each of its parts too; else the game's word for it; else as it is."""
    if not lang or not catalogue(lang) and not words:
        return text
    if text.lower() in words:
        return words[text.lower()]
    plain = catalogue(lang).get(text)
    if plain is not None and not PLACE.search(text):
        return plain
    if depth < 6:
        for pattern, said in _frames(lang):
            found = pattern.match(text)
            if found:
                parts = {k: told(v, lang, words, depth + 1) for k, v in found.groupdict().items()}
                return said.format(**parts)
    return text
