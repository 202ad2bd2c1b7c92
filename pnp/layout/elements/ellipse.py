"""The `ellipse` element: an ellipse filling its box (a circle in a square box)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pnp.core.errors import Problems
from pnp.layout.elements.common import Shape
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.scene import Ellipse, Item
from pnp.layout.values import Eval, WhereOf


@element("ellipse", order=2)
@dataclass(repr=False, eq=False)
class EllipseEl(Shape):
    """An ellipse filling its box (a circle in a square box)."""
    type: Literal["ellipse"] = "ellipse"  # an ellipse filling the box (a circle in a square box)

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        box = at.box(placed, ev)
        return [Ellipse(*box, ev.colour("fill"), ev.colour("stroke"), ev.length("stroke_width", 0), ev.dash())]
