"""Layout: where an anatomy's callout leaders reach their elements. A leader runs level from the face's edge to its
element, so it is drawn where that run crosses no printed word of the face: at a line of the element's own text
(ending just short of its words, never at the empty end of a wide box) or across the height of a picture, on the
side nearer the element first."""

from __future__ import annotations

from typing import Any

from pnp.layout.scene import Face, Icon, Static, Text, TextRun

Box = tuple[float, float, float, float]  # x, y (down), w, h in face points
EM = 0.55  # a word's width per character, of its size (a little wide, to be safe)
GAP = 1.5  # points left between a leader's end and the words it points at
PAD = 1.0  # points kept clear above and below a line of words


def words(face: Face) -> list[tuple[Box, Any]]:
    """Every run of printed text on the face, as a box, with the element that drew it."""
    out = []
    for item in (i for it in face.items for i in (it.items if isinstance(it, Static) else [it])):
        if not isinstance(item, Text):
            continue
        source = face.source(item)
        name = source.names if source else ()
        if item.rotate:  # a turned text: its whole box
            out.append(((item.x, item.y, item.w, item.h), name))
            continue
        for run in item.runs:  # each run of words, and each icon set among them
            if isinstance(run, TextRun) and run.text.strip():
                out.append(((run.x, run.y - run.size * 0.8 - PAD, len(run.text) * run.size * EM, run.size + 2 * PAD),
                            name))
            elif isinstance(run, Icon):
                out.append(((run.x, run.y - PAD, run.w, run.h + 2 * PAD), name))
    return out


def _crosses(y: float, x0: float, x1: float, boxes: list[Box]) -> int:
    lo, hi = min(x0, x1), max(x0, x1)
    return sum(1 for bx, by, bw, bh in boxes if by <= y <= by + bh and bx < hi and bx + bw > lo)


def anchor(face: Face, name: str, box: Box, printed: list[tuple[Box, Any]]) -> tuple[bool, float, float, float]:
    """(on the right?, x, y, run) where the leader to element `name` (drawn in `box`) ends, in face points, and the
    height of its level run from the face's edge: where no straight run is clear of words, it runs level at the
    nearest clear height and turns up or down to its end."""
    own = [b for b, names in printed if name in names]
    others = [b for b, names in printed if name not in names]
    x, y, w, h = box
    candidates: list[tuple[bool, float, float]] = []  # (right, x, y) in the order tried
    right_first = x + w / 2 > face.w / 2
    for right in (right_first, not right_first):
        if own:  # at each line of its text, just short of its words on that side
            for _, by, _, bh in sorted(own, key=lambda b: b[1]):
                mid = by + bh / 2
                line = [b for b in own if b[1] <= mid <= b[1] + b[3]]
                end = max(b[0] + b[2] for b in line) + GAP if right else min(b[0] for b in line) - GAP
                candidates.append((right, end, mid))
        else:  # a picture or a shape: at its edge, across its height
            for k in (5, 4, 6, 3, 7, 2, 8, 1, 9):  # from its middle out
                candidates.append((right, min(x + w, face.w) if right else max(x, 0.0), y + h * k / 10))
    order = {c: i for i, c in enumerate(candidates)}
    boxes = others + own
    best = min(candidates, key=lambda c: (_crosses(c[2], face.w if c[0] else 0.0, c[1], boxes), order[c]))
    if not _crosses(best[2], face.w if best[0] else 0.0, best[1], boxes):
        return (*best, best[2])
    for d in (k * STEP for k in range(1, int(REACH / STEP) + 1)):  # a level run above or below, then down or up to it
        for right, x_end, y_end in candidates:
            for run in (y_end - d, y_end + d):
                if 0 < run < face.h and not _crosses(run, face.w if right else 0.0, x_end, boxes) \
                        and not _down(x_end, run, y_end, boxes):
                    return right, x_end, y_end, run
    return (*best, best[2])


STEP, REACH = 1.5, 60.0  # points: how far from its element a leader's level run is looked for, in steps


def _down(x: float, y0: float, y1: float, boxes: list[Box]) -> int:
    lo, hi = min(y0, y1), max(y0, y1)
    return sum(1 for bx, by, bw, bh in boxes if bx <= x <= bx + bw and by < hi and by + bh > lo)


def crossings(face: Face, leader: tuple[bool, float, float, float], printed: list[tuple[Box, Any]]) -> int:
    """The printed words a leader (on the right?, its end x, y, the height of its level run) runs across."""
    right, x, y, run = leader
    boxes = [b for b, _ in printed]
    return _crosses(run, face.w if right else 0.0, x, boxes) + (_down(x, run, y, boxes) if run != y else 0)
