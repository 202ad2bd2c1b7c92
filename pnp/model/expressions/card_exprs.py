"""Model (expressions): a card's fields written as expressions over the game's data, evaluated once at load.

`copies: "{{ data.oob[card.faction][card.unit] }}"` keeps a count in one place, the data table: every
stage after the load (rules, setup, simulate, the rulebook, the layout) sees the number, never the
expression. Any field but a text field may be one (a text field's `{{ }}` is filled where it is printed:
it may read the deck's count, which the copies make). An expression sees `card` (the card's written
fields, typed, defaults filled in), `data` (the data tables) and `game` (id, name, palette); it does not
see another field that is itself an expression (they are evaluated in no order: that is an error naming
the field). The result is checked against the field's type (a "3" read from a table is 3 for an integer
field) and a mistake is said at the field's line, with the card and the expression.

Nothing here runs unless a card has such a field: the load only looks for `{{` in the card's values.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, get_args, get_origin

from pnp.core.errors import Problem
from pnp.model.schema.reader import Reader, field_path

Names = dict[str, Any]
_SINGLE = re.compile(r"^\{\{(?P<body>(?:(?!\{\{|\}\}).)*)\}\}$", re.S)
_INT = re.compile(r"[+-]?\d+")
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def expressions(raw: Any, texts: set[str]) -> dict[str, str]:
    """The fields of a card's raw mapping written as expressions (`copies` too), text fields apart."""
    if not isinstance(raw, dict) or not any(type(v) is str and "{{" in v for v in raw.values()):  # (most cards)
        return {}
    return {name: value for name, value in raw.items()
            if type(value) is str and "{{" in value and name not in texts and name != "id"}


def names_of(game_id: str, name: str, palette: dict[str, str], data: dict[str, Any]) -> Names:
    """What a card's expression reads besides the card: `game` and `data` (as templates see them)."""
    return {"game": {"id": game_id, "name": name, "palette": palette}, "data": data}


def _typed(value: Any, hint: Any) -> Any:
    """A text the expression gave, read as a number or a yes/no field reads it in YAML ("3" -> 3, "true" -> True);
    for any other field (text, a choice, a list), as it is."""
    base = get_args(hint)[0] if get_origin(hint) is Annotated else hint
    if not isinstance(value, str) or base not in (int, float, bool) or len(value) > 40:
        return value
    text = value.strip()
    if _INT.fullmatch(text):
        return int(text)
    if _NUMBER.fullmatch(text):
        return float(text)
    return {"true": True, "false": False}.get(text.lower(), value)


def _evaluate(source: str, ctx: Names) -> Any:
    from pnp.model.expressions.evaluate import expression, jinja_template

    single = _SINGLE.match(source.strip())
    if single:
        return expression(single.group("body"))(**ctx)
    from pnp.core.watchdog import new_evaluation

    new_evaluation()
    return jinja_template(source).render(**ctx)


def evaluated(data: dict[str, Any], exprs: dict[str, str], hints: dict[str, Any], names: Names | None,
              reader: Reader, path: tuple) -> dict[str, Any] | None:
    """The card's fields `data` (as read) with its expression fields evaluated; None when one failed."""
    card = {k: v for k, v in data.items() if k != "copies" or v is not None}
    given, failed = evaluate(card, exprs, hints, names or {"data": {}, "game": {}}, reader, path)
    return None if failed else {**data, **given}


def evaluate(card: dict[str, Any], exprs: dict[str, str], hints: dict[str, Any], names: Names,
             reader: Reader, path: tuple) -> tuple[dict[str, Any], bool]:
    """The values of a card's expression fields, each typed by `hints` (name -> type hint); True when any
    failed (its problem recorded in `reader`, at the field)."""
    from jinja2 import TemplateSyntaxError, Undefined

    from pnp.model.expressions.evaluate import explanation, shown
    from pnp.model.expressions.expanded import checked
    from pnp.model.expressions.lookups import MissingLookup

    ctx = {**names, "card": card}
    out: dict[str, Any] = {}
    bad = False
    for name, source in exprs.items():
        at = (*path, name)
        try:
            value = _evaluate(source, ctx)
            if isinstance(value, Undefined):
                str(value)  # raises: the name it missed
            checked(value)
        except Exception as exc:  # a syntax error, an undefined name, the sandbox refusing, a filter failing
            if isinstance(exc, MissingLookup) and exc.obj is card and exc.name in exprs:
                said = (f"{shown(source)} reads card.{exc.name}, which is itself an expression: an expression reads "
                        f"the card's written fields only; read what card.{exc.name} reads instead")
            elif isinstance(exc, TemplateSyntaxError):
                said = f"expression syntax error in {shown(source)!r}: {exc.message}"
            else:
                said = explanation(source, exc, ctx)
            reader.problems.append(Problem(reader.doc.where(at), said, field_path(at)))
            bad = True
            continue
        hint = hints[name]
        scratch = Reader(reader.doc)
        got, failed = scratch.fields({name: _typed(value, hint)}, [(name, hint, False, None)], path)
        if failed:
            for p in scratch.problems:
                reader.problems.append(Problem(p.where, f"{shown(source)}: {p.message}", p.subject))
            bad = True
        else:
            out[name] = got[name]
    return out, bad
