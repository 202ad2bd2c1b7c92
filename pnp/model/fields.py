"""Field types shared by the models: lengths in points, ids, paper sizes, named card sizes."""

from __future__ import annotations

from typing import Annotated

from pnp.model.schema import Check
from pnp.model.units import _LENGTH as LENGTH
from pnp.model.units import MM, parse_length

Length = Annotated[float, Check(convert=parse_length, json={  # "3mm" in YAML -> points
    "anyOf": [{"type": "string", "pattern": LENGTH.pattern}, {"const": 0}],
    "description": "a length with its unit: 3mm, 0.5in, 9pt, 1cm, 50%"})]
Id = Annotated[str, Check(pattern=r"[a-z0-9][a-z0-9-]*")]

PAPERS: dict[str, tuple[float, float]] = {  # portrait width, height in points
    "A4": (210 * MM, 297 * MM),
    "letter": (8.5 * 72, 11 * 72),
    "A3": (297 * MM, 420 * MM),
    "tabloid": (11 * 72, 17 * 72),
}

CARD_SIZES: dict[str, tuple[float, float]] = {  # width, height in points
    "poker": (63.5 * MM, 88.9 * MM),
    "bridge": (57.15 * MM, 88.9 * MM),
    "mini": (44.45 * MM, 63.5 * MM),
    "tarot": (70 * MM, 120 * MM),
    "square": (63.5 * MM, 63.5 * MM),
}
