"""An icon's shapes as a PDF draws them: each path in the icon's unit square (y up), and its named colours
(`current`, the icon's colour; `paper`, what it is printed on; or #rrggbb)."""

from __future__ import annotations

from typing import Any

from pnp.model.units import RGB


def shape_path(c: Any, shape: Any) -> Any:  # c: a reportlab Canvas; shape: an icon's Shape
    """The shape's path (M, L, C and a close) begun on `c`, y turned up, ready to draw."""
    path = c.beginPath()
    for cmd in shape.path:
        op = cmd[0]
        if op == "M":
            path.moveTo(cmd[1], 1 - cmd[2])
        elif op == "L":
            path.lineTo(cmd[1], 1 - cmd[2])
        elif op == "C":
            path.curveTo(cmd[1], 1 - cmd[2], cmd[3], 1 - cmd[4], cmd[5], 1 - cmd[6])
        else:
            path.close()
    return path


def icon_colour(value: str | None, current: RGB, paper: RGB) -> RGB | None:
    if value is None:
        return None
    if value == "current":
        return current
    if value == "paper":
        return paper
    return (int(value[1:3], 16) / 255, int(value[3:5], 16) / 255, int(value[5:7], 16) / 255)
