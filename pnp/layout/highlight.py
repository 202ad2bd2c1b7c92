"""Unfinished text made loud: each placeholder of laid-out text cut out into its own run, magenta on a yellow band."""

from __future__ import annotations

import re

from pnp.layout.fonts.families import Family
from pnp.layout.scene import Icon, Rect, TextRun

HIGHLIGHT = (1.0, 0.9, 0.0)  # behind unfinished text (a placeholder): loud yellow
HIGHLIGHT_INK = (0.75, 0.0, 0.45)  # and magenta type


def highlight(runs: list[TextRun | Icon], pattern: re.Pattern[str], family: Family
              ) -> tuple[list[Rect], list[TextRun | Icon]]:
    """Laid-out runs with every placeholder cut out into its own run, in magenta on a yellow band."""
    faces = {f.name: f for f in (*family.faces.values(), *family.fallbacks)}
    bands: list[Rect] = []
    out: list[TextRun | Icon] = []
    for run in runs:
        face = faces.get(run.font) if isinstance(run, TextRun) else None
        if not isinstance(run, TextRun) or face is None or not pattern.search(run.text):
            out.append(run)
            continue
        last = 0
        for m in [*pattern.finditer(run.text), None]:
            start, end = (m.start(), m.end()) if m else (len(run.text), len(run.text))
            x = run.x + face.width(run.text[:last], run.size)
            if start > last:
                out.append(TextRun(x, run.y, run.font, run.size, run.color, run.text[last:start]))
            if m is not None:
                x0, w = run.x + face.width(run.text[:start], run.size), face.width(m.group(0), run.size)
                bands.append(Rect(x0 - run.size * 0.1, run.y - run.size * 0.85, w + run.size * 0.2, run.size * 1.15,
                                  HIGHLIGHT))
                out.append(TextRun(x0, run.y, run.font, run.size, HIGHLIGHT_INK, m.group(0)))
            last = end
    return bands, out
