"""A dial's geometry (`kind: dial`), as a deck file declares it under `dial:`: typed, in points.

A dial (a volvelle) is a base with a window cut in it and a wheel pinned under it at `center`. The
wheel carries `values` round its rim; turning it one step brings the next value under the window.
Angles are compass angles on the base: degrees clockwise from 12 o'clock.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Annotated, Literal

from pnp.model.schema.fields import Length
from pnp.model.schema.kinds import Kind
from pnp.model.schema.reader import Check
from pnp.model.units import MM

Angle = Annotated[float, Check(ge=-360, le=360)]


@dataclass(repr=False, eq=False)
class DialWindow:
    """The dial's window, where the current value shows."""
    angle: Angle  # where the window sits round the pin
    distance: Length  # from the pin to the window's centre: the radius the values are printed at
    width: Length  # the window's width
    height: Length  # the window's height


@dataclass(repr=False, eq=False)
class DialThumb:
    """The round hole that turns the dial's wheel."""
    angle: Angle  # where the hole sits round the pin
    distance: Length  # from the pin to the hole's centre
    size: Length  # the round hole's diameter


@dataclass(repr=False, eq=False)
class DialText:
    """How the wheel's values are printed."""
    font: Annotated[str, Kind("font", expression=False)] = "body"  # the values' font
    style: Literal["regular", "bold", "italic", "bold_italic"] = "regular"  # the values' face
    size: Length = 12.0  # the values' size
    color: Annotated[str, Kind("colour", expression=False)] = "#000000"  # the values' colour


@dataclass(repr=False, eq=False)
class DialEndMark:
    """The icon after the wheel's last value: the wheel stops there."""
    icon: Annotated[str, Kind("icon", expression=False)]  # in the slot after the last value: the wheel stops there
    size: Length = 4 * MM  # the mark's size
    color: Annotated[str, Kind("colour", expression=False)] = "#000000"  # the mark's colour


@dataclass(repr=False, eq=False)
class DialSpec:
    """A dial's geometry: the pin, the wheel, the window and the values."""
    center: tuple[Length, Length]  # the pin, from the base's top-left trim corner
    radius: Length  # the wheel's
    window: DialWindow
    values: list[int | float | str]  # in the window at rest first; each step brings the next
    text: DialText = dataclasses.field(default_factory=DialText)  # how the values are printed
    hole: Length = 4 * MM  # the pin hole's diameter
    slots: Annotated[int, Check(ge=2, le=360)] | None = None  # places round the wheel (default: values + end mark)
    turn: Literal["clockwise", "counterclockwise"] = "clockwise"  # the turn that brings the next value
    thumb: DialThumb | None = None  # a hole in the base to turn the wheel by
    end_mark: DialEndMark | None = None  # an icon after the last value, where the wheel stops
    clearance: Length = 1 * MM  # the least room between the window's edge and any value's ink, inside and out
