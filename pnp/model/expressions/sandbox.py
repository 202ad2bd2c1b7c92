"""Model (expressions): the sandbox every expression runs in: read-only, and bounded in what one expression may build.

Jinja's `ImmutableSandboxedEnvironment` already refuses private attributes and any method that changes
a value (`card.update(...)`, `list.append`): templates read data, never change it. On top of that, no
expression may build more than `limits` allows: a string or a list by repetition, padding or
formatting (`'x' * 10**9`, `'%09999999d' % 1`, `'x'.ljust(10**9)`, `|center(10**9)`), an integer of
thousands of digits (`10 ** 10 ** 10`), or loops of more than `bounds.ITERATIONS` turns in one
evaluation (`range` counts them; two nested `range(100000)` stop at once). What a value would print
as, compare or sort by is measured before it is (`expanded`: a list of 100,000 references to one long
text is as long as it prints), every filter is held to the same bounds (`bounded_filters`), and a
refused attribute is an error where it is read, even inside `map(attribute=...)`. Each is refused with
a SecurityError that the layout reports at the template line; the time spent on a face is bounded
apart (`bounds.FACE_SECONDS`).
"""

from __future__ import annotations

from typing import Any

from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment

from pnp.core import bounds, watchdog
from pnp.model.expressions.bounded_filters import bounded, bounded_sum, check_size, joined_size, widths
from pnp.model.expressions.expanded import checked, compare, text_of, too_long
from pnp.model.expressions.functions import MATH

_PADDING = {"ljust", "rjust", "center", "zfill", "expandtabs"}


def _repeat(seq: Any, times: Any) -> None:
    if isinstance(times, int) and isinstance(seq, str | list | tuple):
        n = len(seq) * max(times, 0)
        if n > (bounds.STRING if isinstance(seq, str) else bounds.SEQUENCE):
            raise too_long(n, "a text" if isinstance(seq, str) else "a list")


def safe_range(*args: int) -> range:
    rng = range(*args)
    if len(rng) > bounds.RANGE:
        raise SecurityError(f"range of {len(rng):,} items: at most {bounds.RANGE:,} in a template")
    if watchdog.add_turns(len(rng)) > bounds.ITERATIONS:
        raise SecurityError(f"loops of more than {bounds.ITERATIONS:,} turns in one value (nested ranges "
                            "multiply): lay out less per expression")
    return rng


def _joined(parts: Any, sep: str = "") -> str:
    """`"".join` of what a template prints, each part measured first (`expanded.printed`), stopping as soon
    as the text would grow past `bounds.STRING`."""
    out, total = [], 0
    for part in parts:
        text = text_of(part)
        total += len(text) + len(sep)
        if total > bounds.STRING:
            raise too_long(total, "a text")
        out.append(text)
    return sep.join(out)


def _bounded_str_join(seq: Any) -> str:  # the `~` operator
    return _joined(seq)


class _Measuring(CodeGenerator):
    """Jinja's code generator, with each comparison through `Sandbox.compare` (Jinja's sandbox intercepts
    arithmetic, never `==`, `<` or `in`); a chain `a < b < c` as `a < b and b < c`."""

    def visit_Compare(self, node: nodes.Compare, frame: Any) -> None:
        self.write("(")
        left = node.expr
        for i, op in enumerate(node.ops):
            self.write(f"{' and ' if i else ''}environment.compare({op.op!r}, ")
            self.visit(left, frame)
            self.write(", ")
            self.visit(op.expr, frame)
            self.write(")")
            left = op.expr
        self.write(")")


class Sandbox(ImmutableSandboxedEnvironment):
    intercepted_binops = frozenset({"*", "**", "%", "+"})
    code_generator_class = _Measuring
    compare = staticmethod(compare)
    concat = staticmethod(_joined)  # a template's output and `{% set %}` blocks

    def __init__(self, **options: Any):
        super().__init__(**options)
        # `~` compiles to jinja2.runtime.str_join, imported by every compiled template when it runs: only
        # pnp's templates run in this process, so the bounded join stands in for it
        import jinja2.runtime

        jinja2.runtime.str_join = _bounded_str_join
        self.globals["range"] = safe_range
        self.globals.update(MATH)  # pi, sin, cos, ... (pure functions of numbers)
        self.globals.pop("lipsum", None)  # filler text of any length: no use on a card
        self.filters["sum"] = bounded_sum
        for name, fn in self.filters.items():
            self.filters[name] = bounded(fn, name)
        self.finalize = checked  # what a template prints, measured before it is turned into text

    def make_globals(self, d: Any) -> dict[str, Any]:
        """A template's globals as a plain dict (Jinja's own is a ChainMap over the environment's): every
        evaluation copies them into its context, and a dict copies in one step where a ChainMap looks up each
        name (a third of the time of the setups' `where:` in Welcome to the Moon). A copy keeps the environment's
        globals safe from a template's as Jinja's does; pnp sets them once, here in __init__."""
        return {**self.globals, **(d or {})}

    def unsafe_undefined(self, obj: Any, attribute: str) -> Any:
        """A refused attribute is an error where it is read, also inside `map(attribute=...)`, `sum`,
        `sort` or `groupby` (Jinja gives an undefined value that a list would print as "Undefined")."""
        raise SecurityError(f"access to attribute {attribute!r} of {type(obj).__name__!r} object is unsafe.")

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        return attr not in ("to_bytes", "from_bytes") and super().is_safe_attribute(obj, attr, value)

    def wrap_str_format(self, value: Any) -> Any:
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        widths(value.__self__)

        def format_bounded(*args: Any, **kwargs: Any) -> Any:
            for arg in (*args, *kwargs.values()):
                checked(arg)
            return check_size(wrapped(*args, **kwargs))

        return format_bounded

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        if operator == "*":
            _repeat(left, right)
            _repeat(right, left)
            if isinstance(left, int) and isinstance(right, int) \
                    and left.bit_length() + right.bit_length() > bounds.INT_BITS:
                raise SecurityError(f"a number of more than {bounds.INT_BITS * 3 // 10:,} digits would be built")
        elif operator == "**":
            if isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0 \
                    and right * left.bit_length() > bounds.INT_BITS:
                raise SecurityError(f"{left} ** {right}: a number of more than {bounds.INT_BITS * 3 // 10:,} "
                                    "digits")
        elif operator == "%" and isinstance(left, str):
            widths(left)
            checked(right)
        return check_size(super().call_binop(context, operator, left, right))

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805 - Jinja's signature
        owner = getattr(__obj, "__self__", None)
        name = getattr(__obj, "__name__", "")
        if isinstance(owner, str):
            if name in _PADDING:
                for value in (*args, *kwargs.values()):
                    if isinstance(value, int) and value > bounds.STRING:
                        raise too_long(value, "a text")
            elif name == "replace" and len(args) >= 2 and isinstance(args[1], str):
                old = args[0] if isinstance(args[0], str) else ""
                grows = (len(owner) + 1) * len(args[1]) if not old else len(owner) // max(len(old), 1) * len(args[1])
                if grows > bounds.STRING:
                    raise too_long(grows, "a text")
            elif name == "join" and args:
                items = list(args[0])
                joined_size(items, owner)
                args = ([text_of(a) for a in items], *args[1:])
        return check_size(super().call(__context, __obj, *args, **kwargs))
