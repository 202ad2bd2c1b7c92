"""Layout problems said once: a template mistake every card repeats becomes one problem at the expression.

Layout reports an expression that fails (a field no card has, a typo) once per card, at the element's
first line. Here the copies that differ only by card become one problem naming how many cards it
affects, and a problem about an expression moves to that expression's line in the template.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pnp.core.errors import Problem, Where

_SHOWN = 3  # card ids named in a merged problem


def cards_of(n: int | None, deck: str) -> str:
    """`6 event cards`; `9 cards of deck 'card'` where the deck's id already says card; None: every one."""
    count, noun = ("every", "matching card") if n is None else (str(n), "card" if n == 1 else "cards")
    if deck.rsplit("-", 1)[-1] in ("card", "cards"):
        return f"{count} {noun} of deck {deck!r}"
    return f"{count} {deck} {noun}"


def said_once(problems: list[Problem], root: Path | None) -> list[Problem]:
    """`problems` with per-card repeats merged (in first-seen order) and expressions located; a template
    mistake that several decks repeat (each through its own template, extending the one at fault) is one
    problem naming the decks."""
    groups: dict[tuple, list[Problem]] = {}
    for p in problems:
        deck, sep, _ = p.subject.partition("/")
        key = (str(p.where), p.message, p.severity, p.rule, deck if sep else p.subject)
        groups.setdefault(key, []).append(p)
    by_template: dict[tuple, list[tuple[Where | None, list[Problem]]]] = {}  # the same mistake, deck by deck
    for same in groups.values():
        first = same[0]
        where = _expression_where(first, root) if root else first.where
        if where is not None and where.file.startswith("templates/") and first.subject:
            same_mistake: tuple = (str(where), _TEMPLATE.sub("(template)", first.message), first.severity, first.rule)
        else:
            same_mistake = (id(same),)
        by_template.setdefault(same_mistake, []).append((where, same))
    return [_one(decks) for decks in by_template.values()]


_TEMPLATE = re.compile(r"\(template ([^()\s]+)\)")  # the deck's own template, named by layout's problems


def _one(decks: list[tuple[Where | None, list[Problem]]]) -> Problem:
    """One problem for the cards of one or more decks that repeat it (or for one problem said again)."""
    where, same = decks[0]
    first = same[0]
    if len(decks) == 1 and (len(same) == 1 or "/" not in first.subject):  # one, or said again (not per card)
        return Problem(where, first.message, first.subject, first.severity, first.rule)
    names = list(dict.fromkeys(s[0].subject.partition("/")[0] for _, s in decks))
    message, shown = first.message, ""
    if len(decks) == 1:
        cards = [p.subject.partition("/")[2] for p in same]
        shown = ", ".join(cards[:_SHOWN]) + (f" and {len(cards) - _SHOWN} more" if len(cards) > _SHOWN else "")
        which = cards_of(len(same), names[0])
    else:
        templates = list(dict.fromkeys(m for _, s in decks for m in _TEMPLATE.findall(s[0].message)))
        if len(templates) > 1:
            message = _TEMPLATE.sub(f"(templates {', '.join(templates)})", message, count=1)
        per_card = [(s[0].subject.partition("/")[0], len(s)) for _, s in decks if "/" in s[0].subject]
        which = f"{sum(n for _, n in per_card)} cards of decks {', '.join(f'{d} ({n})' for d, n in per_card)}"
        if not per_card:  # laid out once per deck: the subject names the decks
            return Problem(where, message, ", ".join(names), first.severity, first.rule)
    said = message.replace("which this card does not have", f"which {which} do not have{f' ({shown})' * bool(shown)}")
    if said == message:
        said = f"{message} (on {which}{': ' + shown if shown else ''})"
    return Problem(where, said, ", ".join(names), first.severity, first.rule)


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
