"""What a translation must keep of its source string: every live expression (`{{ card.damage }}`, `{% if %}`) and
every icon (`:damage:`); what it may drop (an expression that prints only a literal word, a plural's `s`); and what
it may never add (an expression the source does not have: numbers and expressions stay in the source). The words
inside an expression's string literals are the translation's to say."""

from __future__ import annotations

import re
from collections import Counter

_LIVE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
_ICON = re.compile(r"(?<![\w:]):([a-z0-9][a-z0-9_-]*):(?![\w:])")
# `{{ 's' if card.damage != 1 }}`, `{{ 'en' if n > 1 else '' }}`: prints a literal string only
_LITERAL_ONLY = re.compile(r"""\{\{ '' if [^{}]+?( else '')? \}\}""", re.S)


_LITERAL = re.compile(r"'[^'\\]*'|\"[^\"\\]*\"")


def _norm(expr: str) -> str:
    """An expression's body with its spacing made one and its string literals masked: a translation may say the
    words inside an expression in its language (`'Once'`, `' times'`, `'en'`), never change what it computes."""
    return re.sub(r"\s+", " ", _LITERAL.sub("''", expr[2:-2])).strip()


def live(text: str) -> Counter[str]:
    """The live expressions of a string, each with its spacing made one."""
    return Counter(f"{m.group(0)[:2]} {_norm(m.group(0))} {m.group(0)[-2:]}" for m in _LIVE.finditer(text))


def icons(text: str) -> Counter[str]:
    return Counter(_ICON.findall(_LIVE.sub(" ", text)))


def _shown(text: str) -> dict[str, str]:
    return {f"{m.group(0)[:2]} {_norm(m.group(0))} {m.group(0)[-2:]}": m.group(0) for m in _LIVE.finditer(text)}


def live_problems(source: str, translated: str) -> list[str]:
    """What is wrong with `translated` as a translation of `source`, one sentence each (empty: nothing)."""
    said: list[str] = []
    src, got = live(source), live(translated)
    shown = {**_shown(source), **_shown(translated)}
    for expr in (got - src):
        said.append(f"adds the live expression {shown[expr]}, which the source does not have: a translation holds "
                    "words only; copy the source's expressions as they are (the words in their quotes may change)")
    for expr in (src - got):
        if not _LITERAL_ONLY.fullmatch(expr):
            said.append(f"drops the live expression {shown[expr]} of the source: keep it (the words around it may "
                        "move)")
    for icon in (icons(source) - icons(translated)):
        said.append(f"drops the icon :{icon}: of the source: keep it")
    return said
