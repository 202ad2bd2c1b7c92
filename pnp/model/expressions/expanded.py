"""Model (expressions): how large a value an expression built would be once printed, counted without printing it.

An expression can build a small value that prints enormous: `['x' * 1000000] * 100000` is one string
and a list of 100,000 references to it, a megabyte in memory and 100 GB as text. Whatever turns a
value into text (`string`, `~`, `join`, `tojson`, `format`, a template's output, a text element) asks
`printed` first: it counts every shared reference as many times as it prints, each distinct value once
(its size is remembered), and stops at `bounds.STRING` characters or `bounds.VALUE_DEPTH` levels with
a SecurityError, before any of it is built. An undefined value met inside a list or a mapping is the
error it is, not the word "Undefined" printed on a card.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Undefined
from jinja2.exceptions import SecurityError
from jinja2.utils import Namespace

from pnp.core import bounds

_SEQUENCES: tuple[type, ...] = (list, tuple, set, frozenset, type({}.keys()), type({}.values()), type({}.items()))


def too_long(n: int, what: str, counting: bool = False) -> SecurityError:
    """`counting`: `n` is as far as the count went before it stopped, not the whole."""
    size = f"more than {n:,} {'characters' if what == 'a text' else 'items'}" if counting else f"{n:,}"
    return SecurityError(f"{what} of {size} would be built; an expression may build at most {bounds.STRING:,} "
                         f"characters or {bounds.SEQUENCE:,} items")


def printed(value: Any, limit: int | None = None, doing: str = "") -> int:
    """About how many characters `str(value)` would have (never fewer than the items it holds); a
    SecurityError as soon as that passes `limit` (bounds.STRING) or the value nests too deep. `doing`: what
    the value is measured for when it is not printed (`compare`, `sort`), for the error."""
    most = bounds.STRING if limit is None else limit
    seen: dict[int, int] = {}

    def over() -> SecurityError:
        if doing:
            return SecurityError(f"{doing}: values that would print more than {most:,} characters (a reference "
                                 "shared counts each time): give it smaller values")
        return too_long(most, "a text", counting=True)

    def size(v: Any, depth: int, inside: bool) -> int:
        if isinstance(v, str):
            return len(v) + 2 * inside  # (its quotes in a list)
        if isinstance(v, bool) or v is None:
            return 5
        if isinstance(v, int):
            return v.bit_length() * 3 // 10 + 2
        if isinstance(v, float):
            return 24
        if isinstance(v, Undefined):  # a name or field that is not there: its error (an `if` with no `else`: empty)
            return len(str(v))
        key = id(v)
        if key in seen:
            return seen[key]
        if depth > bounds.VALUE_DEPTH:
            raise SecurityError(f"a value nested more than {bounds.VALUE_DEPTH} levels deep would be printed")
        if isinstance(v, dict | Namespace):
            items: Any = v.items() if isinstance(v, dict) else object.__getattribute__(v, "_Namespace__attrs").items()
            total = 2
            for k, x in items:
                total += size(k, depth + 1, True) + size(x, depth + 1, True) + 4
                if total > most:
                    raise over()
        elif isinstance(v, _SEQUENCES):
            total = 2
            for x in iter(v):  # type: ignore[call-overload]
                total += size(x, depth + 1, True) + 2
                if total > most:
                    raise over()
        else:  # a function, a range, a generator, a card record: their own short description
            total = 40
        seen[key] = total
        return total

    total = size(value, 0, False)
    if total > most:
        raise over() if doing else too_long(total, "a text")
    return total


def text_of(value: Any) -> str:
    """`str(value)` once `printed` has found it within the limit."""
    if isinstance(value, str):
        return str(value)  # (a Markup stays itself in Jinja's own join; here, plain text)
    printed(value)
    return str(value)


def checked(value: Any) -> Any:
    """`value` itself, once what it would print is known to be within the limit (a template's output)."""
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        printed(value)
    return value


_CONTAINERS = (list, tuple, dict, set, frozenset)


def compare(op: str, left: Any, right: Any) -> Any:
    """`left op right` (`==`, `<`, `in`, ...), with lists and mappings first measured as they would print:
    comparing two lists of 100,000 references to lists of 100,000 items would run in C for minutes,
    beyond the reach of the time limit."""
    if isinstance(left, _CONTAINERS) or (isinstance(right, _CONTAINERS) and op not in ("in", "notin")):
        printed(left, doing=f"`{_SAID[op]}` compares")  # (`1 in a_list` looks at each item once: as it is)
        printed(right, doing=f"`{_SAID[op]}` compares")
    return _OPERATORS[op](left, right)


_SAID = {"eq": "==", "ne": "!=", "gt": ">", "gteq": ">=", "lt": "<", "lteq": "<=", "in": "in", "notin": "not in"}
_OPERATORS = {"eq": lambda a, b: a == b, "ne": lambda a, b: a != b, "gt": lambda a, b: a > b,
              "gteq": lambda a, b: a >= b, "lt": lambda a, b: a < b, "lteq": lambda a, b: a <= b,
              "in": lambda a, b: a in b, "notin": lambda a, b: a not in b}
