"""The `line` element: a straight line from (x1, y1) to (x2, y2), measured on the face (not in a box)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from pnp.core.errors import Problems
from pnp.layout.elements.common import Colour, ElementBase, Length
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.scene import Item, Line
from pnp.layout.values import Eval, WhereOf


@element("line", order=3)
@dataclass(repr=False, eq=False)
class LineEl(ElementBase):
    """A straight line from (x1, y1) to (x2, y2)."""
    type: Literal["line"] = "line"  # a straight line from (x1, y1) to (x2, y2)
    x1: Length = "0mm"  # where it starts, from the left
    y1: Length = "0mm"  # where it starts, from the top
    x2: Length = "100%"  # where it ends, from the left
    y2: Length = "0mm"  # where it ends, from the top
    stroke: Colour = "#000000"  # its colour
    stroke_width: Length = "0.5pt"  # its width
    dash: list[str] | str | None = None  # dashed: lengths on, off, ... (`[2mm, 1mm]`)

    nested: ClassVar[tuple[str, ...]] = ("dash",)

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        stroke = ev.colour("stroke")
        if stroke is None:
            return []
        return [Line(ev.length("x1", at.w), ev.length("y1", at.h), ev.length("x2", at.w),
                     ev.length("y2", at.h), stroke, ev.length("stroke_width", 0), ev.dash())]
