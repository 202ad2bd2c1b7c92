"""Model: what a free setting names, declared once beside its field (`fill: Annotated[Value, Kind("colour")]`).

A template's settings are plain values, resolved when a face is laid out, and any of them may be an
expression (`{{ ... }}`) that gives the value per card. A `Kind` says what a value written out is:
one of fixed choices (`align`), one of the game's names (a palette colour, a font family, an icon, a
template), or a length. The loader checks written-out choices where they stand
(pnp/layout/elements/choices.py `check_choices`); `pnp schema` turns each kind into the JSON Schema that
offers those names and underlines a typo (pnp/model/schema/json_schemas.py). Both read this one declaration.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from typing import Any, get_args, get_origin

from pnp.model.schema.fields import CARD_SIZES
from pnp.model.units import HEX_COLOUR, LENGTH_TEXT

EXPRESSION = {"type": "string", "pattern": r"\{[{%]"}  # as pnp/layout/expr.py tells one: `{{` or `{%` in it
LENGTH: dict[str, Any] = {"anyOf": [{"type": "string", "pattern": LENGTH_TEXT.pattern}, {"const": 0}]}

_SAID = {
    "colour": "a colour: a palette name (game.yaml `palette:`), #rrggbb (#rrggbbaa to see through) or none",
    "length": "a length with its unit: 3mm, 0.5in, 9pt, 1cm, or 50% of the box",
    "font": "a font family declared under `fonts:` in game.yaml",
    "icon": "an icon of the game's icon set (game.yaml `icons:`)",
    "template": "a template: its path under templates/ without .yaml (`voyage/ability`)",
    "size": f"a named size ({', '.join(CARD_SIZES)}) or {{width: 63.5mm, height: 88.9mm}}",
}


@dataclass(frozen=True)
class Kind:
    """For `Annotated[X, Kind(...)]`: what a value of the field names. The reader reads it as X."""

    name: str  # choice, colour, length, font, icon, template or size
    choices: tuple[Any, ...] = ()  # a choice's values; for the other kinds, words allowed besides (`stamp: center`)
    expression: bool = True  # a "{{ expression }}" may give it, per card

    def describe(self) -> str:
        said = _SAID.get(self.name) or "one of " + ", ".join(_word(c) for c in self.choices)
        if self.choices and self.name != "choice":
            said += "; or " + ", ".join(_word(c) for c in self.choices)
        return said + ("; or a {{ expression }}" if self.expression else "")

    def json(self, names: dict[str, list[str]] | None) -> dict[str, Any]:
        """The JSON Schema of a value of this kind; `names` are the game's (colour, font, icon, template) by kind,
        a kind missing from it is not known here (any text)."""
        known = (names or {}).get(self.name)
        options: list[dict[str, Any]] = []
        if self.name == "colour":
            options = [{"enum": [*known, "none"]} if known is not None else {"type": "string"},
                       {"type": "string", "pattern": HEX_COLOUR.pattern}]
        elif self.name == "length":
            options = list(LENGTH["anyOf"])
        elif self.name == "size":
            sides = {side: {**LENGTH, "description": f"the face's {side}: " + _SAID["length"]}
                     for side in ("width", "height")}
            options = [{"enum": list(CARD_SIZES)}, {"type": "object", "properties": sides,
                                                    "required": ["width", "height"], "additionalProperties": False}]
        elif self.name in ("font", "icon", "template"):
            options = [{"enum": known} if known is not None else {"type": "string"}]
        if self.choices:
            options.append({"enum": list(self.choices)})
        if self.expression:
            options.append(EXPRESSION)
        return options[0] if len(options) == 1 else {"anyOf": options}


def _word(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def kind_of(hint: Any) -> Kind | None:
    """The Kind an `Annotated` hint carries, if any."""
    if get_origin(hint) is typing.Annotated:
        return next((a for a in get_args(hint)[1:] if isinstance(a, Kind)), None)
    return None
