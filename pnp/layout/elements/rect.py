"""The `rect` element: a rectangle filling its box, its corners rounded by `radius`."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pnp.core.errors import Problems
from pnp.layout.elements.common import Length, Shape
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.scene import Item, Rect
from pnp.layout.values import Eval, WhereOf


@element("rect", order=1)
@dataclass(repr=False, eq=False)
class RectEl(Shape):
    """A rectangle, its corners rounded by `radius`."""
    type: Literal["rect"] = "rect"  # a rectangle filling the box
    radius: Length = "0mm"  # its corners rounded

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        box = at.box(placed, ev)
        return [Rect(*box, ev.colour("fill"), ev.colour("stroke"), ev.length("stroke_width", 0),
                     ev.length("radius", min(box[2], box[3])), ev.dash())]
