"""A setup's words in a translated game's language: each step's `say`, `note` and `wild` from lang/<code>/game.yaml
`setup:` (section -> the step's label, or its index -> its words); its numbers, decks and expressions the source's."""

from __future__ import annotations

import dataclasses
from typing import Any

from pnp.model.translation.translated import TranslatedGame

SETUP_WORDS = ("say", "note", "wild")  # what a setup step says at the table


def in_language(game: Any, setup: Any) -> Any:
    """The setup with each step's words in `game`'s language (the setup itself for the source's)."""
    if not isinstance(game, TranslatedGame) or game.translation is None:
        return setup
    words = game.translation.words.data if game.translation.words is not None else None
    said = words.get("setup") if isinstance(words, dict) else None
    changed = {}
    for section in ("table", "each_player", "then"):
        mine = said.get(section) if isinstance(said, dict) else None
        if not isinstance(mine, dict):
            continue
        steps = []
        for i, step in enumerate(getattr(setup, section)):
            entry = mine.get(step.label) if step.label in mine else mine.get(i)
            new = {k: v for k, v in entry.items() if k in SETUP_WORDS and isinstance(v, str)} \
                if isinstance(entry, dict) else {}  # (a step the source lets pnp word gets its own words)
            steps.append(dataclasses.replace(step, **new) if new else step)
        changed[section] = steps
    return dataclasses.replace(setup, **changed)
