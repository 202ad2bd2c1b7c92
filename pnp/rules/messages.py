"""Layout problems said once: a template mistake every card repeats becomes one problem at the expression.

Layout reports an expression that fails (a field no card has, a typo) once per card, at the element's
first line. Here the copies that differ only by card become one problem naming how many cards it
affects, and a problem about an expression moves to that expression's line in the template.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.errors import Problem, Where

_SHOWN = 3  # card ids named in a merged problem


def cards_of(n: int | None, deck: str) -> str:
    """`6 event cards`; `9 cards of deck 'card'` where the deck's id already says card; None: every one."""
    count, noun = ("every", "matching card") if n is None else (str(n), "card" if n == 1 else "cards")
    if deck.rsplit("-", 1)[-1] in ("card", "cards"):
        return f"{count} {noun} of deck {deck!r}"
    return f"{count} {deck} {noun}"


def said_once(problems: list[Problem], root: Path | None) -> list[Problem]:
    """`problems` with per-card repeats merged (in first-seen order) and expressions located."""
    groups: dict[tuple, list[Problem]] = {}
    for p in problems:
        deck, sep, _ = p.subject.partition("/")
        key = (str(p.where), p.message, p.severity, p.rule, deck if sep else p.subject)
        groups.setdefault(key, []).append(p)
    out = []
    for same in groups.values():
        first = same[0]
        where = _expression_where(first, root) if root else first.where
        if len(same) == 1 or "/" not in first.subject:  # one, or the same problem said again (not per card)
            out.append(Problem(where, first.message, first.subject, first.severity, first.rule))
            continue
        deck = first.subject.partition("/")[0]
        cards = [p.subject.partition("/")[2] for p in same]
        shown = ", ".join(cards[:_SHOWN]) + (f" and {len(cards) - _SHOWN} more" if len(cards) > _SHOWN else "")
        message = first.message.replace("which this card does not have",
                                        f"which {cards_of(len(same), deck)} do not have ({shown})")
        if message == first.message:
            message = f"{message} (on {cards_of(len(same), deck)}: {shown})"
        out.append(Problem(where, message, deck, first.severity, first.rule))
    return out


def _expression_where(problem: Problem, root: Path) -> Where | None:
    """The line of the expression a template problem quotes (its message starts with it) or of the key it
    names (`size: 0 pt; ...`), else the element's own."""
    where = problem.where
    if where is None or not where.file.startswith("templates/"):
        return where
    from pnp.layout.templates import template_doc

    path = root / where.file
    try:
        doc = template_doc(path, root)  # read once per text, with the layout
    except Exception:  # the template is being edited, or gone: keep the element's line
        return where
    for at, element in _elements(doc.data.get("elements") if isinstance(doc.data, dict) else None, ("elements",)):
        if (doc.where(at).line, doc.where(at).col) != (where.line, where.col):
            continue
        for key, value in element.items():  # the expression it quotes, or the key it names
            if (isinstance(value, str) and "{" in value and problem.message.startswith(value)) or \
                    problem.message.startswith(f"{key}: "):
                return doc.where((*at, key))
        for key, value in element.items():  # the value it quotes (`unknown font 'titel'`)
            if isinstance(value, str) and key not in ("name", "type") and f"{value!r}" in problem.message:
                return doc.where((*at, key))
        return where
    return where


def _elements(elements: Any, path: tuple) -> list[tuple[tuple, dict]]:
    out: list[tuple[tuple, dict]] = []
    for i, el in enumerate(elements if isinstance(elements, list) else []):
        if isinstance(el, dict):
            out.append(((*path, i), el))
            out.extend(_elements(el.get("elements"), (*path, i, "elements")))
    return out
