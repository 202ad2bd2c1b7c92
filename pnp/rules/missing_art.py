"""Art to come: the images a playtest build drew as placeholders, said together.

Layout draws a labelled placeholder for an image file that is not there yet, with a warning per card
(pnp/layout/elements/image.py). Here they become one warning listing every missing file once, with a
count, or, for a `--final` build (which prints no placeholder), an error at each file's first place.
`pnp check --strict` fails on the warning, as on any.
"""

from __future__ import annotations

import dataclasses
import re

from pnp.core.errors import Problem
from pnp.layout.elements.image import MISSING_ART

_FILE = re.compile(r"image '(?P<src>.+?)' not found in (?P<folder>.+?)/: ")


def missing_art(problems: list[Problem], final: bool = False) -> list[Problem]:
    """`problems` with the missing images' warnings said together (or, `final`, as one error per file)."""
    missing = [p for p in problems if p.rule == MISSING_ART]
    if not missing:
        return problems
    files: dict[str, Problem] = {}
    for p in missing:
        m = _FILE.match(p.message)
        shown = f"{m['folder']}/{m['src'].rpartition('/')[2]}" if m else p.message
        files.setdefault(shown, p)
    rest = [p for p in problems if p.rule != MISSING_ART]
    if final:
        return rest + [dataclasses.replace(p, severity="error", message=p.message.replace(
            ": drawn as a placeholder", ": a --final build draws no placeholder; add the file (a playtest build, "
            "without --final, draws one)")) for p in files.values()]
    n = len(files)
    first = missing[0]
    said = (f"{n} image file{'s' if n != 1 else ''} missing, each drawn as a labelled placeholder: "
            f"{', '.join(files)}; add {'them' if n != 1 else 'it'} before a --final build, which refuses a "
            "placeholder (as `pnp check --strict` does)")
    return rest + [Problem(first.where, said, "art", "warning", MISSING_ART)]
