"""What a rule says when it is broken: its `message:` with the values it compared filled in, or the
two sides of its check's comparison as computed (`decks.unit.count == data.oob.total`: 8 vs 9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

_OPERATORS = ("==", "!=", "<=", ">=", "<", ">")
_SHOWN = 60  # characters of a value shown in a message


def sides(check: str) -> tuple[str, str, str] | None:
    """`(left, operator, right)` of a check that is one comparison at its top level, else None."""
    depth, quote, i = 0, "", 0
    found: tuple[str, str, str] | None = None
    while i < len(check):
        ch = check[i]
        if quote:
            quote = "" if ch == quote and check[i - 1] != "\\" else quote
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif depth == 0:
            op = next((o for o in _OPERATORS if check.startswith(o, i)), None)
            if op:
                if found:
                    return None  # a chain (a < b < c): said as written
                found = (check[:i].strip(), op, check[i + len(op):].strip())
                i += len(op)
                continue
            if check.startswith((" and ", " or "), i):
                return None
        i += 1
    return found if found and found[0] and found[2] else None


def compared(check: str, evaluate: Callable[[str], Any]) -> str:
    """`breaks CHECK (LEFT is 8, RIGHT is 9)`, or `breaks CHECK` when the sides cannot be told apart."""
    parts = sides(check.strip().removeprefix("{{").removesuffix("}}").strip())
    if not parts:
        return f"breaks {check}"
    left, _, right = parts
    try:
        a, b = evaluate(left), evaluate(right)
    except Exception:  # a side alone does not evaluate: say the check as written
        return f"breaks {check}"
    return f"breaks {check} ({_side(left, a)}, {_side(right, b)})"


def _side(source: str, value: Any) -> str:
    shown = repr(value) if isinstance(value, str) else str(value)
    shown = shown if len(shown) <= _SHOWN else shown[:_SHOWN - 3] + "..."
    return shown if source == shown else f"{source} is {shown}"
