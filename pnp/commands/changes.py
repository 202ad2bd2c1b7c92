"""What changed since a git ref: the cards a playtester must reprint (`pnp build --changed-since REF`).

A card is changed when its own fields changed, or its deck's templates (front, back, and what
they extend) changed, or the game's look changed (fonts, palette, glossary, icons, data, print
settings). New cards are changed; removed ones are simply gone.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, Problem, Problems
from pnp.layout.templates import template_files
from pnp.model.game import Deck, Game, deck_from_doc
from pnp.model.load import load_text

LOOK = ("fonts", "palette", "glossary", "icons", "data", "print")  # game.yaml fields that change every face


def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)


def _old(root: Path, ref: str, path: Path) -> str | None:
    rel = path.resolve().relative_to(top_folder(root)).as_posix()
    found = _git(root, "show", f"{ref}:{rel}")
    return found.stdout if found.returncode == 0 else None


_tops: dict[Path, Path] = {}


def top_folder(root: Path) -> Path:
    if root not in _tops:
        found = _git(root, "rev-parse", "--show-toplevel")
        if found.returncode != 0:
            raise InputError([Problem(None, f"--changed-since needs a git repository: {root} is not in one")])
        _tops[root] = Path(found.stdout.strip()).resolve()
    return _tops[root]


def _same_file(root: Path, ref: str, path: Path) -> bool:
    return path.is_file() and _old(root, ref, path) == path.read_text()


def changed_cards(root: Path, game: Game, ref: str) -> dict[str, set[str]]:
    """Per deck id, the ids of the cards to reprint."""
    if _git(root, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}").returncode != 0:
        top_folder(root)
        raise InputError([Problem(None, f"--changed-since {ref}: not a commit in this repository")])
    manifest_old = _old(root, ref, game.dir / "game.yaml")
    old_look: Any = None
    if manifest_old is not None:
        old_data = load_text(manifest_old, "game.yaml").data or {}
        old_look = {k: old_data.get(k) for k in LOOK}
    new_look = {k: game.doc.data.get(k) for k in LOOK}
    extra = [game.dir / f for f in game.manifest.data.values()]
    if game.manifest.icons:
        extra.append(game.dir / game.manifest.icons)
    everything = old_look != new_look or not all(_same_file(root, ref, f) for f in extra)
    out: dict[str, set[str]] = {}
    for deck in game.decks:
        out[deck.id] = {c.id for c in deck.cards} if everything else _changed_in(root, ref, deck, game)
    return {k: v for k, v in out.items() if v}


def _changed_in(root: Path, ref: str, deck: Deck, game: Game) -> set[str]:
    every = {c.id for c in deck.cards}
    templates = template_files(root, deck.template) + template_files(root, deck.back)
    if not all(_same_file(root, ref, t) for t in templates):
        return every
    old_text = _old(root, ref, Path(deck.doc.file) if Path(deck.doc.file).is_absolute() else root / deck.doc.file)
    if old_text is None:
        return every
    try:
        from pnp.model.expressions.card_exprs import names_of

        names = names_of(game.id, game.manifest.name, game.manifest.palette, {k: d.data for k, d in game.data.items()})
        old = deck_from_doc(load_text(old_text, deck.doc.file), Problems(), names=names)  # (today's data tables)
    except InputError:
        return every
    if old is None:
        return every
    before = {c.id: (c.data, c.copies) for c in old.cards}
    return {c.id for c in deck.cards if before.get(c.id) != (c.data, c.copies)}
