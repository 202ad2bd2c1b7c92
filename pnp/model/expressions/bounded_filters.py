"""Model (expressions): Jinja's filters, each held to what an expression may build (`bounds.STRING` characters,
`bounds.SEQUENCE` items) before it builds it.

A filter that turns its value into text (`string`, `tojson`, `pprint`, `join`, `format`, `escape`,
`indent`, `urlize`, ...) first counts what the value would print (`expanded.printed`: shared references
as many times as they print); `sum` adds up lists and texts by their lengths first (and in linear
time, where Python's `sum` of lists copies at every step); `batch` and `slice` take at most
`bounds.SEQUENCE` as their count; padding and wrapping widths are at most 1,000; and every result is
measured on the way out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from jinja2.exceptions import SecurityError
from jinja2.filters import make_attrgetter, pass_environment

from pnp.core import bounds, watchdog
from pnp.model.expressions.expanded import printed, too_long

# filters that do not turn their value into text (nor build past their input): measured on the way out only
# (`sort`, `unique`, `min`, `max`, `groupby` and `dictsort` are measured as they would print: they compare, and
# lower-case every text they compare, which for 100,000 references to one long text is 100,000 copies of it)
_KEEP = {"abs", "attr", "batch", "count", "d", "default", "first", "float", "int", "items", "last", "length", "list",
         "map", "random", "reject", "rejectattr", "reverse", "round", "select", "selectattr", "slice", "sum",
         "filesizeformat", "wordcount"}
_WIDTH = re.compile(r"%[-#0 +]*(\*|\d+)?(?:\.(\*|\d+))?|\{[^{}]*?:[^{}]*?(\d+)|\{[^{}]*:[^{}]*(\{)")


def check_size(value: Any) -> Any:
    """`value`, once its own length is within the limits (a text, a list, an integer) and what the evaluation
    has built in all is within `bounds.BUILT`."""
    if isinstance(value, str | list | tuple):
        if len(value) > (bounds.STRING if isinstance(value, str) else bounds.SEQUENCE):
            raise too_long(len(value), "a text" if isinstance(value, str) else "a list")
        if watchdog.add_built(len(value)) > bounds.BUILT:
            raise SecurityError(f"texts and lists of more than {bounds.BUILT:,} characters and items in all "
                                "would be built in one value: build less per expression")
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > bounds.INT_BITS:
        raise SecurityError(f"a number of more than {bounds.INT_BITS * 3 // 10:,} digits would be built")
    return value


def widths(fmt: str) -> None:
    """Padding and precision in a format string (`%09999999d`, `{:>99999999}`): each at most 1,000."""
    for m in _WIDTH.finditer(fmt):
        for part in m.groups():
            if part in ("*", "{") or (part and int(part) > 1000):
                raise SecurityError(f"a width or precision of {'an argument' if part in '*{' else part} in "
                                    f"{fmt[:40]!r}: write it out, at most 1,000")


def joined_size(items: list[Any], sep: str) -> None:
    """What joining `items` with `sep` would build, refused past the limit before it is built."""
    if len(items) > bounds.SEQUENCE:
        raise too_long(len(items), "a list")
    total = printed(items) + len(sep) * len(items)
    if total > bounds.STRING:
        raise too_long(total, "a text")


@pass_environment
def bounded_sum(environment: Any, iterable: Any, attribute: str | int | None = None, start: Any = 0) -> Any:
    """Jinja's `sum`, adding lists and texts by their lengths first, in one pass."""
    get: Callable[[Any], Any] = make_attrgetter(environment, attribute) if attribute is not None else (lambda x: x)
    if isinstance(start, list | tuple | str):
        most = bounds.STRING if isinstance(start, str) else bounds.SEQUENCE
        parts: list[Any] = [start]
        total = len(start)
        for item in iterable:
            value = get(item)
            total += len(value) if hasattr(value, "__len__") else 1
            if total > most:
                raise too_long(total, "a text" if isinstance(start, str) else "a list")
            parts.append(value)
        if isinstance(start, str):
            return "".join(parts)
        return type(start)(x for part in parts for x in part)
    rv = start
    for item in iterable:
        value = get(item)
        if isinstance(value, list | tuple | str) and isinstance(rv, list | tuple | str) \
                and len(rv) + len(value) > bounds.SEQUENCE:
            raise too_long(len(rv) + len(value), "a list")
        rv = check_size(rv + value)
    return rv


def bounded(fn: Any, name: str) -> Any:
    """`fn`, the filter called `name`, measuring what it is given and what it gives."""
    keep = name in _KEEP

    def run(*args: Any, **kwargs: Any) -> Any:
        values = (*args, *kwargs.values())
        if name in ("batch", "slice") and any(isinstance(v, int) and not isinstance(v, bool) and v > bounds.SEQUENCE
                                              for v in values):
            raise too_long(max(v for v in values if isinstance(v, int)), "a list")
        if name == "join":  # its items, measured as they will print (a generator made a list first)
            args, kwargs = _join_items(args, kwargs)
        elif not keep:
            _before(name, args, values)
        return check_size(fn(*args, **kwargs))

    for attr in ("jinja_pass_arg",):  # environment/context-passing filters keep their marker
        if hasattr(fn, attr):
            setattr(run, attr, getattr(fn, attr))
    return run


def _join_items(args: tuple[Any, ...], kwargs: dict[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """`join`'s arguments (eval context, items, separator, attribute) with the items it will print as a list
    (each read through `attribute` first, when given), measured."""
    if len(args) < 2 or isinstance(args[1], str) or not hasattr(args[1], "__iter__"):
        return args, kwargs
    context, seq, rest = args[0], args[1], list(args[2:])
    sep = kwargs.pop("d", rest.pop(0) if rest else "")
    attribute = kwargs.pop("attribute", rest.pop(0) if rest else None)
    items = list(seq)
    if attribute is not None:
        get = make_attrgetter(context.environment, attribute)
        items = [get(item) for item in items]
    joined_size(items, sep if isinstance(sep, str) else "")
    return (context, items, sep), kwargs


def _before(name: str, args: tuple[Any, ...], values: tuple[Any, ...]) -> None:
    texts = [a for a in args if isinstance(a, str)]  # (a filter may take the environment or context first)
    compares = name in ("sort", "unique", "min", "max", "groupby", "dictsort")
    for value in values:
        if not isinstance(value, str | int | float) and hasattr(value, "__len__"):
            printed(value, doing=f"`{name}` compares" if compares else "")
    if name == "format" and texts:
        widths(texts[0])
    elif name == "replace" and len(texts) >= 3 and (len(texts[0]) + 1) * len(texts[2]) > bounds.STRING:
        raise too_long((len(texts[0]) + 1) * len(texts[2]), "a text")
    elif name == "indent" and texts:
        lines = texts[0].count("\n") + 1
        width = next((v for v in values[values.index(texts[0]) + 1:] if not isinstance(v, bool)), 4)
        per_line = len(width) if isinstance(width, str) else width if isinstance(width, int) else 0
        if per_line > 1000:
            raise SecurityError(f"indent: a width of more than 1,000 ({per_line:,})")
        if len(texts[0]) + lines * per_line > bounds.STRING:
            raise too_long(len(texts[0]) + lines * per_line, "a text")
    if name in ("center", "wordwrap") and any(isinstance(v, int) and not isinstance(v, bool) and v > 1000
                                              for v in values):
        raise SecurityError(f"{name}: a width of more than 1,000")
