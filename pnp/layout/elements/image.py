"""The `image` element: a picture file (PNG, JPEG or SVG) fitted into its box (read by pnp.layout.art.images)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pnp.core.errors import Problems
from pnp.layout.elements.common import Colour, ElementBase, Value
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.scene import Item
from pnp.layout.values import Eval, WhereOf
from pnp.model.schema.kinds import Kind

MISSING_ART = "missing-art"  # the rule of a missing image's warning (pnp/rules/check.py says them together)


@element("image", order=6)
@dataclass(repr=False, eq=False)
class ImageEl(ElementBase):
    """A picture file (PNG, JPEG or SVG) fitted into its box."""
    type: Literal["image"] = "image"  # a picture (PNG, JPEG, ...) or SVG art, as large as the box allows, centred
    src: Value = None  # the file in the game folder (`art/{{ card.id }}.png`)
    fit: Annotated[Value, Kind("choice", ("contain",))] = "contain"  # never cropped or stretched (the only value)
    color: Colour = None  # an SVG image: the colour of its currentColor and of the fills it leaves unset
    background: Annotated[Value, Kind("choice", ("none",))] = None  # none: leave out an SVG's full-size background

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        from pnp.layout.art.images import MissingArt, image, placeholder

        box = at.box(placed, ev)
        try:
            drawn: list[Item] = [image(ev, at.env, box, lambda said: at.warn_once(placed, said, problems))]
        except MissingArt as exc:  # art to come: a labelled placeholder, said (a --final build refuses it)
            problems.add(placed.where, f"{exc}: drawn as a placeholder", subject, severity="warning", rule=MISSING_ART)
            drawn = placeholder(box, exc.shown, subject)
        at.check_safe(placed, box, subject, problems, f"image {ev.raw('src')!r}")
        return drawn
