"""The `group` element: elements drawn together, measured from the group's (x, y); with `repeat`, once per
item. What it holds is drawn by the template being laid out (`Drawing.children`), as a grid's cells are."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pnp.core.errors import Problems
from pnp.layout.elements.common import Container
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.scene import Item
from pnp.layout.values import Eval, WhereOf


@element("group", order=10)
@dataclass(repr=False, eq=False)
class GroupEl(Container):
    """Elements drawn together, their coordinates measured from the group's (x, y); with `repeat`, once
    per item (named `item`, and also `as` when nested groups need both)."""

    type: Literal["group"] = "group"  # elements drawn together, measured from the group's (x, y)

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        return at.children(placed, ev, subject, problems, card_where)
