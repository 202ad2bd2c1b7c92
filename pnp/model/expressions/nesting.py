"""Model (expressions): how deeply a template value nests, measured before Jinja compiles it.

Jinja parses and generates code by recursion, and Python compiles what it generates with limits of its
own (100 levels of indentation, 200 of brackets): an expression nested 5,000 brackets deep, or 3,000
`{% if %}` blocks inside each other, would end in a RecursionError or a SyntaxError of pnp's, not of the
template. `compiling` counts the nesting from Jinja's lexer (a flat scan) and refuses past
`bounds.NESTING` as a syntax error of the value; what still overflows while compiling (a chain of
thousands of `+`) is said the same way.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from typing import Any, TypeVar

from pnp.core import bounds

T = TypeVar("T")
_BLOCKS = {"if", "for", "macro", "call", "filter", "with", "block", "autoescape", "trans"}
_SAID = (f"nested more than {bounds.NESTING} levels deep (brackets, `{{% if %}}` and `{{% for %}}` blocks): "
         "write it flatter")


def _too_deep(env: Any, source: str) -> bool:
    if len(source) <= bounds.NESTING:  # each level takes a character at least
        return False
    if sum(source.count(c) for c in "([{-") + source.count("not ") <= bounds.NESTING:
        return False
    depth, unary, after_block = 0, 0, False  # unary: `-`, `+` and `not` in a row (each nests the next)
    for _, kind, value in env.lex(source):
        if kind == "whitespace":
            continue
        if kind == "operator" and value in "([{":
            depth += 1
        elif kind == "operator" and value in ")]}":
            depth -= 1
        elif after_block and kind == "name":
            depth += (value in _BLOCKS) - (value.startswith("end") and value[3:] in _BLOCKS)
        unary = unary + 1 if (kind == "operator" and value in "-+") or (kind == "name" and value == "not") else 0
        after_block = kind == "block_begin"
        if depth > bounds.NESTING or unary > bounds.NESTING:
            return True
    return False


def compiling(env: Any, source: str, make: Callable[[], T]) -> T:
    """`make()`, Jinja compiling `source`, with nesting past the limit a TemplateSyntaxError."""
    from jinja2 import TemplateSyntaxError

    if _too_deep(env, source):
        raise TemplateSyntaxError(_SAID, 1)
    try:
        with warnings.catch_warnings():  # Python's own hints on the code Jinja made (`1[0]`): not for a designer
            warnings.simplefilter("ignore", SyntaxWarning)
            return make()
    except (RecursionError, MemoryError, SyntaxError) as exc:  # (SyntaxError: Python refused the code Jinja made)
        why = f" ({exc.msg})" if isinstance(exc, SyntaxError) else ""
        raise TemplateSyntaxError(f"too deeply nested or too long a chain of operators to compile{why}: split it "
                                  "into smaller values (`vars:`)", 1) from None
