"""Previews: a card's front as a PNG, and a contact sheet of a deck's fronts to look over at a glance.

`preview(prep, out, "ability/duct-tape")` writes that card (with its bleed) and the ability deck's
contact sheet; `preview(prep, out, "ability")` every ability front and the sheet; no selector, one
contact sheet per deck. Contact sheets show each distinct front once, cut at the trim.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.errors import InputError, Problem
from pnp.raster import faces_to_images, pixels, trim
from pnp.scene import Face

if TYPE_CHECKING:
    from PIL.Image import Image

    from pnp.build import Prepared
    from pnp.model import Deck

SHEET_COLS = 6
GAP_MM = 2.0  # between cards and around the sheet


def select(prep: Prepared, selector: str | None) -> list[tuple[Deck, list[tuple[str, Face]]]]:
    """The decks a selector names, each with its distinct fronts (card id, face) that it picks.

    A selector is `component` or `component/id`; an unknown one is an InputError that lists what
    exists. Every deck, every front, without one.
    """
    component, _, card = (selector or "").strip().partition("/")
    out = []
    for deck, entries, _ in prep.decks:
        if component and deck.id != component:
            continue
        fronts: dict[str, Face] = {}
        for front, _, meta in entries:
            fronts.setdefault(str(meta["id"]), front)
        if card and card not in fronts:
            raise InputError([Problem(None, f"no card {card!r} in component {deck.id!r} "
                                            f"(cards: {', '.join(fronts)})")])
        out.append((deck, [(cid, face) for cid, face in fronts.items() if not card or cid == card]))
    if component and not out:
        names = ", ".join(deck.id for deck, _, _ in prep.decks)
        raise InputError([Problem(None, f"no component {component!r} (components: {names})")])
    return out


def contact_sheet(cards: list[Image], dpi: int, cols: int = SHEET_COLS) -> Image:
    """Cards in a grid of up to `cols` columns, a small gap between and around them, on white."""
    from PIL import Image as PILImage

    gap = pixels(GAP_MM * 72 / 25.4, dpi)
    cols = max(1, min(cols, len(cards)))
    rows = math.ceil(len(cards) / cols)
    cw, ch = max(c.width for c in cards), max(c.height for c in cards)
    sheet = PILImage.new("RGB", (cols * cw + (cols + 1) * gap, rows * ch + (rows + 1) * gap), "white")
    for i, card in enumerate(cards):
        x = gap + i % cols * (cw + gap) + (cw - card.width) // 2
        y = gap + i // cols * (ch + gap) + (ch - card.height) // 2
        sheet.paste(card, (x, y))
    return sheet


def preview(prep: Prepared, out_dir: Path, selector: str | None = None, dpi: int = 150) -> list[Path]:
    """Write preview PNGs at `dpi`; return their paths.

    With a selector, one PNG per matching front, `<component>-<id>.png`, with its bleed (once per
    card, not per copy); in any case a contact sheet `<component>-sheet.png` per selected deck.
    """
    from pnp.export import png_bytes
    from pnp.write import write_atomic

    chosen = select(prep, selector)
    every: dict[str, list[tuple[str, Face]]] = {}  # each deck's distinct fronts, for its sheet
    for deck, entries, _ in prep.decks:
        fronts: dict[str, Any] = {}
        for front, _, meta in entries:
            fronts.setdefault(str(meta["id"]), front)
        every[deck.id] = list(fronts.items())
    faces = [face for deck, _ in chosen for _, face in every[deck.id]]
    images = dict(zip(map(id, faces), faces_to_images(prep, faces, dpi), strict=True))
    paths: list[Path] = []
    if selector:
        for deck, picked in chosen:
            for cid, face in picked:
                path = out_dir / f"{deck.id}-{cid}.png"
                write_atomic(path, png_bytes(images[id(face)], dpi))
                paths.append(path)
    for deck, _ in chosen:
        cards = [trim(images[id(face)], face, dpi) for _, face in every[deck.id]]
        if cards:
            path = out_dir / f"{deck.id}-sheet.png"
            write_atomic(path, png_bytes(contact_sheet(cards, dpi), dpi))
            paths.append(path)
    return paths
