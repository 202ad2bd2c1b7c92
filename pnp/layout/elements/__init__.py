"""The element kinds a layout template lists (rect, text, table, boxes, ...): one module each in this package,
registered by `@element("kind")` (pnp/layout/elements/element_kinds.py). Every module here is imported, so a new
kind is a new file: its dataclass (its settings, each with its description), and its `draw`.

Shared by the kinds: common.py (what every element, shape and container has), choices.py (the checks of
settings with fixed values), text_defaults.py (a template's `text:` and a text's settings over it).
A kind's module is named after it, or `<kind>_element.py` where pnp has a module of that name already.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import TYPE_CHECKING

from pnp.layout.elements import common, element_kinds
from pnp.layout.elements.choices import check_choices, choices_of
from pnp.layout.elements.common import ALIGNS, STYLES, Container, ElementBase, Shape, Value
from pnp.layout.elements.text_defaults import TextDefaults, check_text_defaults

for _module in pkgutil.iter_modules(__path__):
    importlib.import_module(f"{__name__}.{_module.name}")

from pnp.layout.elements.table_element import TableColumn  # noqa: E402  (a table's columns, for the docs' tests)

if TYPE_CHECKING:
    Element = ElementBase
else:
    Element = element_kinds.union()  # every kind, the loader choosing one by its `type`
    common.Element = Element  # what a group's `elements` hold

KINDS = element_kinds.kinds()

__all__ = ["ALIGNS", "KINDS", "STYLES", "Container", "Element", "Shape", "TableColumn", "TextDefaults", "Value",
           "ElementBase", "check_choices", "check_text_defaults", "choices_of"]
