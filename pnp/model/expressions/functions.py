"""Model (expressions): the functions and constants every template expression may use, beside Jinja's own.

Pure functions of numbers, so the sandbox may offer them as they are. Angles are in radians, as in
Python (`cos(index * 2 * pi / 12)`); `radians(30)` converts from degrees. `connected(cells)` says
whether a shape's cells (`[row, col]` pairs: a polyomino on a card) join edge to edge; a rule holds
every shape to it (`kind: each, check: "connected(card.cells)"`).
"""

from __future__ import annotations

import math
from typing import Any

from pnp.core import bounds


def connected(cells: Any) -> bool:
    """True when every cell can be reached from the first through cells that share an edge. Cells are
    `[row, col]` (or `[x, y]`) pairs of whole numbers; an empty shape is not connected."""
    if not isinstance(cells, list | tuple) or len(cells) > bounds.SEQUENCE:
        raise ValueError(f"connected(): expected a list of [row, col] pairs, got {str(cells)[:60]}")
    shape: set[tuple[int, int]] = set()
    for cell in cells:
        if not (isinstance(cell, list | tuple) and len(cell) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in cell)):
            raise ValueError(f"connected(): each cell is a [row, col] pair of whole numbers, got {str(cell)[:40]}")
        shape.add((cell[0], cell[1]))
    if not shape:
        return False
    start = next(iter(shape))
    seen, todo = {start}, [start]
    while todo:
        r, c = todo.pop()
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in shape and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(shape)


MATH: dict[str, Any] = {"pi": math.pi, "sin": math.sin, "cos": math.cos, "tan": math.tan, "atan2": math.atan2,
                        "sqrt": math.sqrt, "radians": math.radians, "degrees": math.degrees, "connected": connected}
