"""What a build makes of each component before it is written: its rendered files (`RenderedFile`), the imposed
pages of a component on paper or one face a page, the playtest stamp, the back shift; shared by the build,
its document and its preflight."""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from pnp.model.game import Deck, Game, PrintSettings
from pnp.output.impose.by_kind import impose_deck
from pnp.output.impose.cards import Page


class RenderedFile(NamedTuple):
    """One file of a build as rendering hands it to the document, the preflight and the writer: where it goes,
    its PDF, its imposed pages, how they were imposed (for the summary) and the deck it prints."""

    path: Path
    data: bytes
    pages: list[Page]
    how: Any
    deck: Deck



def impose_component(deck: Deck, entries: list, size: tuple[float, float], settings: PrintSettings,
                     paper: tuple[float, float], notes: list[str], single: bool,
                     order: str = "fronts-backs") -> list[tuple[str, list[Page], str]]:
    """A component's files as (name suffix, pages, how they are laid out): its sheets, or with
    `--layout single` its fronts and (if any) its backs, one face a page; `order` back-front (DriveThruCards):
    one file, each card's back then its front."""
    if not entries:  # nothing to print (a component that could not be laid out is reported already)
        return []
    if not single:
        pages, how = impose_deck(deck, entries, size, settings, paper, notes)
        return [("", pages, how)]
    from pnp.output.impose.cards import UNSTAMPED
    from pnp.output.impose.single import impose_single

    fronts, backs = impose_single(entries, deck.spec.kind not in UNSTAMPED)
    if order == "back-front" and backs:
        return [("", [p for pair in zip(backs, fronts, strict=True) for p in pair], "1 per page, each back then its "
                 "front")]
    return [(suffix, pages, "1 per page") for suffix, pages in (("", fronts), ("-backs", backs)) if pages]



def stamp_of(game: Game, final: bool) -> str:
    """The playtest stamp at the foot of each card front (none on a final build)."""
    return "" if final else f"{game.id} {game.manifest.version} · {{component}}/{{id}}"



def printed(pages: list[Page], side: str) -> int:
    """Pieces on these pages: each card id and copy once (a tiled board is one piece)."""
    return len({(p.meta["id"], p.meta["copy"]) for page in pages for p in page.placements if p.meta["side"] == side})



def shift_backs(pages: list[Page], offset_mm: tuple[float, float]) -> None:
    """Move every face on a backs page by the printer's measured shift (and nothing else)."""
    dx, dy = offset_mm[0] * 72 / 25.4, offset_mm[1] * 72 / 25.4
    if not (dx or dy):
        return
    for page in pages:
        if page.side != "back":
            continue
        for p in page.placements:
            p.x, p.y = p.x + dx, p.y + dy
            p.clip = (p.clip[0] + dx, p.clip[1] + dy, p.clip[2], p.clip[3])
