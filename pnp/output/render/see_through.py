"""Which scene items are drawn in a see-through colour (an alpha below 1): nearly none, so the renderer asks
once per item, and a static part holding one is drawn in place rather than as a form."""

from __future__ import annotations

from pnp.layout.scene import Item, Text
from pnp.model.units import alpha_of


def item_alphas(item: Item) -> tuple[float, float] | None:
    """(fill, stroke) alpha of an item drawn in a see-through colour; None for solid ones (nearly all)."""
    colour, fill, stroke = getattr(item, "color", None), getattr(item, "fill", None), getattr(item, "stroke", None)
    if type(colour) in SOLID and type(fill) in SOLID and type(stroke) in SOLID:
        return None  # nearly every item: no colour of it carries an alpha
    if colour is not None:  # an icon: its strokes and fills alike
        fill = stroke = colour
    return alpha_of(fill), alpha_of(stroke)


SOLID = (tuple, type(None))


def any_see_through(items: list) -> bool:
    return any(any_see_through(i.items) if hasattr(i, "items") else item_alphas(i) or isinstance(i, Text) and any(
        alpha_of(r.color) != 1.0 for r in i.runs) for i in items)
