"""Model: a game's data tables (game.yaml's `data:`), each a located YAML document, read before its decks.

The decks come after the tables because a card's field may be an expression over them
(`copies: "{{ data.oob[card.unit] }}"`, `pnp.model.expressions.card_exprs`).
"""

from __future__ import annotations

import os
from pathlib import Path

from pnp.core.errors import InputError, Problem, Problems, did_you_mean
from pnp.model.load import Doc, load_file
from pnp.model.project import OUTSIDE, outside


def load_tables(root: Path, game_dir: Path, doc: Doc, tables: dict[str, str], taken: set[str],
                ) -> tuple[dict[str, Doc], list[Problem]]:
    """Each table named in `tables` (name -> file in the game folder) read; what is wrong with them, located at
    game.yaml's `data:` (a missing file with the near names of the folder's other YAML files, less `taken`)."""
    out: dict[str, Doc] = {}
    problems = Problems()
    for name, filename in tables.items():
        if outside(root, game_dir / filename):
            problems.add(doc.where(("data", name)), f"data table {filename!r} {OUTSIDE}", f"data.{name}")
            continue
        if not os.path.exists(game_dir / filename):
            near = did_you_mean(filename, sorted(p.name for p in game_dir.glob("*.yaml") if p.name not in taken))
            problems.add(doc.where(("data", name)), f"data table file {filename!r} not found in "
                         f"cards/{game_dir.name}/{near}", f"data.{name}")
            continue
        try:
            out[name] = load_file(game_dir / filename, root)
        except InputError as exc:
            problems.extend(exc.problems)
    return out, problems.items
