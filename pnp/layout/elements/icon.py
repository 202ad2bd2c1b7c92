"""The `icon` element: an icon of the game's set (pnp.layout.art.icons), in one colour, in its box."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pnp.core.errors import Problems, did_you_mean
from pnp.layout.elements.common import Colour, ElementBase, IconName, Value
from pnp.layout.elements.element_kinds import Drawing, element
from pnp.layout.scene import Icon, Item
from pnp.layout.values import Eval, Skip, WhereOf


@element("icon", order=7)
@dataclass(repr=False, eq=False)
class IconEl(ElementBase):
    """An icon of the game's set, in one colour."""
    type: Literal["icon"] = "icon"  # an icon of the game's icon set, in one colour
    icon: IconName = None  # which icon
    color: Colour = None  # its colour (default: black)
    rotate: Value = 0  # degrees, about the box's centre
    paper: Colour = None  # the colour of the icon's cut-outs (default white): the background it sits on

    def draw(self, at: Drawing, placed: Any, ev: Eval, subject: str, problems: Problems,
             card_where: WhereOf | None) -> list[Item]:
        box = at.box(placed, ev)
        name = ev.raw("icon")
        if not name:
            raise Skip
        icons = at.env.icons
        if name not in icons:
            known = ", ".join(sorted(icons)) or "none: declare `icons:` in game.yaml"
            raise ValueError(f"unknown icon {name!r} (known: {known}){did_you_mean(name, icons)}")
        at.check_safe(placed, box, subject, problems, f"icon {name!r}")
        return [Icon(str(name), *box, ev.colour("color") or (0.0, 0.0, 0.0), ev.angle(), ev.colour("paper"))]
