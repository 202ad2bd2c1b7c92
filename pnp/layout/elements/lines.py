"""The `lines` element: a lined field to write on, rules `spacing` apart across its box
(drawn by pnp.layout.pieces.writein)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pnp.core.errors import Problems
from pnp.layout.elements.common import Colour, ElementBase, Length
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.pieces.writein import lines
from pnp.layout.scene import Item
from pnp.layout.values import Eval, WhereOf


@element("lines", order=9)
@dataclass(repr=False, eq=False)
class LinesEl(ElementBase):
    """A lined field to write on: rules `spacing` apart across the box."""

    type: Literal["lines"] = "lines"  # a lined field to write on
    spacing: Length = "7mm"  # between lines
    stroke: Colour = "#9aa3ad"  # the lines' colour
    stroke_width: Length = "0.4pt"  # the lines' width

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        box = at.box(placed, ev)
        return lines(*box, ev.length("spacing", at.h), ev.colour("stroke") or (0.6, 0.6, 0.6),
                     ev.length("stroke_width", 0))
