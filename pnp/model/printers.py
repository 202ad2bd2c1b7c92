"""Saved printer settings: `printers.yaml` at the project root, read by `--printer NAME`.

```yaml
office-laser: {back_offset: [0.4, -0.3]}   # mm, measured with `pnp calibrate`
```
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

from pnp.core import bounds
from pnp.core.errors import ECHO, InputError, Problem, echo
from pnp.model.load import load_file
from pnp.model.schema.reader import Check, read

MAX_OFFSET = bounds.BACK_OFFSET_MM
_Shift = Annotated[float, Check(ge=-MAX_OFFSET, le=MAX_OFFSET)]


@dataclass
class Printer:
    """A printer saved in printers.yaml: how far it shifts the backs."""
    back_offset: tuple[_Shift, _Shift] = (0.0, 0.0)  # mm


def parse_offset(text: str) -> tuple[float, float]:
    """'0.4,-0.3' -> (0.4, -0.3) in mm; raises InputError."""
    shown = text if len(text) <= ECHO else echo(text)
    try:
        x, y = (float(v) for v in text.split(","))
    except ValueError:
        raise InputError([Problem(None, f"--back-offset {shown}: give X,Y in mm, e.g. 0.5,-0.25")]) from None
    if not all(math.isfinite(v) and abs(v) <= MAX_OFFSET for v in (x, y)):
        raise InputError([Problem(None, f"--back-offset {shown}: each shift is at most {MAX_OFFSET:g} mm either way "
                                  "(a printer that shifts more needs mending, not an offset)")])
    return x, y


def printer(root: Path, name: str) -> Printer:
    path = root / "printers.yaml"
    if not os.path.lexists(path):
        raise InputError([Problem(None, f"--printer {name}: no printers.yaml in {root}; save one with "
                                  f"`{name}: {{back_offset: [X, Y]}}` (mm, from pnp calibrate)")])
    doc = load_file(path, root)
    if not isinstance(doc.data, dict) or name not in doc.data:
        known = ", ".join(str(k)[:40] for k in list(doc.data)[:20]) if isinstance(doc.data, dict) else "none"
        raise InputError([Problem(doc.where(), f"no printer {echo(name)} (printers: {known})")])
    found, problems = read(Printer, doc.data[name], doc, (name,))
    if found is None:
        raise InputError(problems)
    return found
