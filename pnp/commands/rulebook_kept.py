"""The rulebook kept between builds: a warm `pnp build` whose rulebook's inputs did not change takes its PDF from
the cache (pnp/core/disk_cache.py, signed) instead of reading, resolving and drawing it again.

Its key is everything the book is made from: the decks' own keys (each deck's file, templates, the game's look and
data, its pictures), every file of the game's folder (rulebook.md, rules.yaml, game code, play.yaml), the paper,
pages or booklet, the PDF/X settings, and pnp's own code. A book drawn past its stale counts (`--force`) is never
kept.

Kept apart, on a key of its own (the game, the paper, booklet or not, PDF/X or not, pnp's code): where the last
book's contents and index found their pages. A book made again (a card edited) starts from them, and is laid out
once when they still hold, instead of once to find them and once more to draw them (the same bytes either way)."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from pnp.core.disk_cache import folder_digest, pnp_stamp
from pnp.model.game import Game

KIND = "rulebook"
PAGES = "rulebook-pages"


def book_key(game: Game, inputs: tuple[Any, ...]) -> str | None:
    """The cache key of a rulebook made from `inputs` (the decks' keys and the build's options) in this game; None
    when the game's folder is too big to read for it."""
    h = hashlib.sha256(f"{pnp_stamp()}\n{inputs!r}\n".encode())
    if not folder_digest(h, game.dir):
        return None
    return h.hexdigest()


def kept_rulebook(game: Game, inputs: tuple[Any, ...], make: Callable[[], bytes | None]) -> bytes | None:
    """The rulebook's PDF from the cache when its inputs did not change, else `make()`'s, kept for the next build."""
    from pnp.core import disk_cache

    key = book_key(game, inputs)
    if key is not None:
        kept = disk_cache.load(KIND, key)
        if isinstance(kept, bytes):
            return kept
    made = make()
    if key is not None and made is not None:
        disk_cache.store(KIND, key, made)
    return made


def kept_pages(game_id: str, layout: tuple[Any, ...], make: Callable[[list[Any]], bytes | None]) -> bytes | None:
    """`make(pages)`'s book, `pages` holding where the last book laid out as `layout` found its contents' entries
    (empty: none kept); the entries it found are kept for the next."""
    from pnp.core import disk_cache

    key = f"{pnp_stamp()}\n{game_id}\n{layout!r}"
    kept = disk_cache.load(PAGES, key)
    pages = list(kept) if isinstance(kept, list) else []
    made = make(pages)
    if made is not None and pages != kept:
        disk_cache.store(PAGES, key, pages)
    return made
