"""Hyphenation for the languages whose long words need it (German compounds: `Schadens-marker`), from pyphen's
dictionaries (the LibreOffice/Hunspell patterns) rather than rules of our own, and only in a translated game of such
a language: a word that does not fit the rest of its line is broken at its last hyphenation point that does, the
part carried over starting the next line, where that saves a line (or a word fits no line whole). English text is
wrapped as it always was."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

from pnp.layout.fonts.families import Family
from pnp.layout.text import Style, Word

HYPHENATED = ("de", "nl", "sv", "da", "nb", "nn", "fi", "hu", "et", "is")  # languages of long compound words
SHORTEST = 6  # letters: a shorter word is never broken
KIND = "hyphenation"  # the disk cache's folder for the dictionaries' patterns
WORDS_KIND = "hyphenation-words"  # and for each language's words broken so far, with their breaks
MOST_WORDS = 20_000  # words kept a language (more are broken as usual, only not kept)


@cache
def _dictionary(lang: str) -> Any:
    """pyphen's dictionary for `lang`, its patterns kept in pnp's disk cache: parsing German's 77,000 patterns
    takes half a second, loading them back a twentieth of it."""
    import pyphen

    from pnp.core import disk_cache

    try:
        path = pyphen.LANGUAGES[pyphen.language_fallback(lang)]
    except KeyError:
        return None
    st = path.stat()
    key = f"{pyphen.__version__}\n{path.name}\n{st.st_size}:{st.st_mtime_ns}"
    patterns = disk_cache.load(KIND, key)
    if isinstance(patterns, dict) and patterns and path not in pyphen.hdcache:
        hd = pyphen.HyphDict.__new__(pyphen.HyphDict)
        hd.patterns, hd.cache, hd.maxlen = patterns, {}, max(len(k) for k in patterns)
        pyphen.hdcache[path] = hd
    dic = pyphen.Pyphen(filename=path)
    if patterns is None:
        disk_cache.store(KIND, key, dic.hd.patterns)  # (not kept where a pattern is not plain numbers)
    return dic


def in_language(style: Style, min_size: float, env: Any) -> tuple[Style, float]:
    """A text's style and smallest size in a translated game: its language's wrap, and its `fit:` (game.yaml)."""
    wrap = hyphenating_wrap(env.lang)
    return (dataclasses.replace(style, wrap=wrap) if wrap else style), min_size * env.fit


@cache
def hyphenating_wrap(lang: str) -> Any:
    """A wrap that breaks a word at its hyphenation points (the same signature as layout.text's), or None when
    `lang` is not hyphenated."""
    if lang not in HYPHENATED:
        return None
    dic = _Words.kept(lang)
    if dic is None:
        return None

    def wrap(paragraphs: list[list[Word]], units: list[list[float]], family: Family, size: float,
             width: float) -> list[list[tuple[list[Word], float]]] | None:
        space = family.face("regular").width(" ", size)
        out = []
        for words, widths in zip(paragraphs, units, strict=True):
            todo = [(w, u * size) for w, u in zip(words, widths, strict=True)]
            plain = _lines(todo, space, width, None, family, size)
            broken = _lines(todo, space, width, dic, family, size) if plain is None or len(plain) > 1 else plain
            if broken is None:
                return None
            out.append(plain if plain is not None and len(plain) <= len(broken) else broken)  # a break saves a line
        return out

    return wrap


def _lines(words: list[tuple[Word, float]], space: float, width: float, dic: Any, family: Family,
           size: float) -> list[tuple[list[Word], float]] | None:
    """Greedy lines of one paragraph, a word that does not fit the rest of its line broken where `dic` allows
    (None: never); None when a word fits no line."""
    lines: list[tuple[list[Word], float]] = []
    line: list[Word] = []
    line_w = 0.0
    todo = list(words)
    while todo:
        word, ww = todo.pop(0)
        room = width - (line_w + space if line else 0.0)
        if ww <= room + 0.01:
            line_w, line = (line_w + space + ww if line else ww), [*line, word]
            continue
        split = _split(word, room, family, size, dic) if dic is not None else None
        if split is not None:
            head, hw, rest, rw = split
            lines.append(([*line, head], (line_w + space if line else 0.0) + hw))
            line, line_w = [], 0.0
            todo.insert(0, (rest, rw))
            continue
        if not line:  # a word no break makes fit
            return None
        lines.append((line, line_w))
        line, line_w = [], 0.0
        todo.insert(0, (word, ww))
    lines.append((line, line_w))
    return lines


def _split(word: Word, room: float, family: Family, size: float,
           dic: Any) -> tuple[Word, float, Word, float] | None:
    """The longest start of a one-piece word, broken at a hyphenation point, that fits `room` with its hyphen, and
    the rest of it (each with its width)."""
    if len(word) != 1 or word[0].icon or word[0].fallback != -1 or len(word[0].text) < SHORTEST:
        return None
    piece = word[0]
    face = family.face(piece.style)
    for head, tail in dic.iterate(piece.text):
        text = head if head.endswith("-") else head + "-"
        w = face.width(text, size)
        if w <= room + 0.01:
            return (piece._replace(text=text),), w, (piece._replace(text=tail),), face.width(tail, size)
    return None


class _Words:
    """A language's hyphenation points word by word (`iterate`, as pyphen's), the words broken before read back
    from pnp's disk cache: a build whose words were all broken by an earlier one does not load the dictionary (77,000
    patterns for German, a twentieth of a second even from the cache). New words are kept when the process ends."""

    def __init__(self, lang: str, key: str, words: dict[str, list[tuple[str, str]]]) -> None:
        self.lang, self.key, self.words, self.added = lang, key, words, False
        self.dic: Any = None

    @classmethod
    def kept(cls, lang: str) -> _Words | None:
        """The language's words, or None when pyphen has no dictionary for it."""
        from pnp.core import disk_cache

        key = f"{lang}\n{disk_cache.library_stamp('pyphen')}\n{disk_cache.code_stamp(__file__)}"  # its dictionaries
        words = disk_cache.load(WORDS_KIND, key)
        if isinstance(words, dict):  # kept only for a language that has a dictionary
            return cls(lang, key, words)
        here = cls(lang, key, {})
        here.dic = _dictionary(lang)
        return here if here.dic is not None else None

    def iterate(self, word: str) -> list[tuple[str, str]]:
        found = self.words.get(word)
        if found is None:
            if self.dic is None:
                self.dic = _dictionary(self.lang)
            found = [(head, tail) for head, tail in self.dic.iterate(word)]
            if len(self.words) < MOST_WORDS:
                self.words[word] = found
                if not self.added:
                    import atexit

                    atexit.register(self._keep)
                    self.added = True
        return found

    def _keep(self) -> None:
        from pnp.core import disk_cache

        disk_cache.store(WORDS_KIND, self.key, self.words)
