"""Play: the balance rules' findings kept between checks. A balance rule plays hundreds of games (its card
effects, thousands), always the same ones for the same game (seed 1): where nothing those games read changed,
`pnp check` takes the findings from the cache (pnp/core/disk_cache.py, signed) instead of playing them again; two
checks of the same game at once play them once, the second waiting for the first's findings.

What the games read: every file of the game's folder but its prose and pictures (rulebook.md and other Markdown,
images), so the decks, data tables, rules.yaml, play.yaml and the play module, and pnp's own code. An edit to the
rulebook or a card's art keeps the findings; an edit to a card's fields, its effect or a rule plays them again."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from pnp.core import disk_cache
from pnp.core.errors import Problem, Where
from pnp.model.game import Game

KIND = "balance"
PROSE = frozenset({".md", ".png", ".jpg", ".jpeg", ".svg", ".webp", ".gif", ".txt"})  # read by no game: not in the key


def played_key(game: Game, custom: bool) -> str | None:
    """The key of a game's balance findings: what its games read; None when the folder is too big to read for it."""
    h = hashlib.sha256(f"{disk_cache.pnp_stamp()}\n{custom}\n".encode())
    if not disk_cache.folder_digest(h, game.dir, PROSE):
        return None
    return h.hexdigest()


def kept_findings(game: Game, custom: bool, play: Callable[[], list[Problem]]) -> list[Problem]:
    """The balance findings from the cache where nothing the games read changed, else `play()`'s, kept."""
    key = played_key(game, custom)
    if key is None:
        return play()
    with disk_cache.one_at_a_time(KIND, key):  # a check of the same game at the same time plays them once
        kept = disk_cache.load(KIND, key)
        if isinstance(kept, list):
            try:
                return [Problem(Where(*w) if w else None, m, s, sev, r) for w, m, s, sev, r in kept]
            except (TypeError, ValueError):
                pass  # an entry of another shape: played again
        found = play()
        disk_cache.store(KIND, key, [((p.where.file, p.where.line, p.where.col) if p.where else None, p.message,
                                      p.subject, p.severity, p.rule) for p in found])
    return found
