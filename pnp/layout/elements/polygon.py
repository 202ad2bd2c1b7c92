"""The `polygon` element: a closed shape through its points, measured on the face (not in a box)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar, Literal

from pnp.core.errors import Problems
from pnp.layout.elements.common import Shape
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.scene import Item, Polygon
from pnp.layout.values import Eval, WhereOf
from pnp.model.units import parse_length


@element("polygon", order=4)
@dataclass(repr=False, eq=False)
class PolygonEl(Shape):
    """A closed shape through its points."""
    type: Literal["polygon"] = "polygon"  # a closed shape through its points
    points: list[list[str | float]] | str = field(default_factory=list)  # its corners: [x, y] lengths

    nested: ClassVar[tuple[str, ...]] = ("points", "dash")

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        points = ev.raw("points") or []
        if not all(isinstance(p, list | tuple) and len(p) == 2 for p in points):
            raise ValueError(f"points: expected a list of [x, y] pairs, got {points!r}")
        pts = [(parse_length(p[0], at.w), parse_length(p[1], at.h)) for p in points]
        return [Polygon(pts, ev.colour("fill"), ev.colour("stroke"), ev.length("stroke_width", 0), ev.dash())]
