"""Stage 2, model: the fields of a new deck inferred from a sheet's columns (`pnp import` without a deck).

Each column's type is read from all its values, not the first: whole numbers are an integer (a
sheet's `3.0` too), any decimal makes the column a number (`2.5`, or `2,5` as a sheet with a decimal
comma writes it); yes/no, true/false a boolean; short values separated by `;` in several cells a
list; a few short words repeated down the column a choice; anything else text. A column with no
value is optional text, and so is every column some card leaves empty. Headers become field names
a template can use (` Card Name ` -> `card_name`); `id` and `copies` keep their meaning.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pnp.model.spreadsheets.decks import Worksheet, plain, typed

CHOICES = 8  # at most this many distinct values make a choice ...
CHOICE_CHARS = 24  # ... each at most this long
ITEM_CHARS = 40  # a list's items are short: a sentence with a `;` in it is text


@dataclass
class Inferred:
    """The fields of a new deck, in the sheet's order, and each column's field name."""

    fields: dict[str, dict[str, Any]]  # name -> its declaration: {type: integer}, {type: text, required: false}
    names: dict[str, str]  # the sheet's column key -> the field name (`id` and `copies` included)


def field_name(header: str) -> str:
    """` Card Name ` -> `card_name`; a header with no letters or digits -> `column`."""
    name = re.sub(r"\W+", "_", header.strip().lower()).strip("_")
    return ("f_" + name if name[:1].isdigit() else name) or "column"


def _is_int(value: Any) -> bool:
    return isinstance(typed(value, "integer"), int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(typed(value, "number"), int | float) and not isinstance(value, bool)


def _items(value: Any) -> list[str]:
    return [item.strip() for item in re.split(r"[;\n]", value) if item.strip()] if isinstance(value, str) else []


def infer_kind(values: list[Any]) -> dict[str, Any]:
    """The declaration of a field holding `values` (every non-empty cell of its column)."""
    if not values:
        return {"type": "text", "required": False}
    if all(_is_int(v) for v in values):
        return {"type": "integer"}
    if all(_is_number(v) for v in values):
        return {"type": "number"}
    if all(isinstance(v, bool) or str(v).strip().lower() in ("yes", "no", "true", "false") for v in values):
        return {"type": "boolean"}
    texts = [str(v).strip() for v in values]
    split = [v for v in values if len(_items(v)) > 1]
    if split and len(split) * 4 >= len(values) and all(isinstance(v, str) for v in values) and all(
            len(item) <= ITEM_CHARS and not item.endswith(".") for v in values for item in _items(v)):
        return {"type": "list"}
    distinct = list(dict.fromkeys(texts))
    if (len(distinct) <= min(CHOICES, max(2, len(texts) // 2)) and len(distinct) < len(texts)
            and all(isinstance(v, str) and len(v) <= CHOICE_CHARS for v in values)):
        return {"type": "choice", "choices": distinct}
    return {"type": "text"}


def infer_fields(sheet: Worksheet) -> Inferred:
    """Each column of `sheet` as a field of a new deck."""
    fields: dict[str, dict[str, Any]] = {}
    names: dict[str, str] = {}
    for key in sheet.columns:
        name = {"id": "id", "copies": "copies"}.get(plain(key)) or field_name(key)
        while name in names.values():
            name += "_2"
        names[key] = name
        if name in ("id", "copies"):
            continue
        values = [cells[key] for _, cells in sheet.rows if key in cells]
        entry = infer_kind(values)
        if values and len(values) < len(sheet.rows):
            entry["required"] = False
        fields[name] = entry
    return Inferred(fields, names)
