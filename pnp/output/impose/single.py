"""`--layout single`: one face per page, the page exactly the face and its bleed, what print-on-demand
shops ask for. Each page's TrimBox is the face's trim and its BleedBox the whole page. Fronts go in
one file, one page per printed copy; backs, when the component has any, in a second file in the same
order (page n of the backs is the back of page n of the fronts), upright, never mirrored: the shop
registers them. A board is one page at its full size (the shop prints it in one piece)."""

from __future__ import annotations

from typing import Any

from pnp.layout.scene import Entry, Face
from pnp.output.impose.cards import Page, Placement


def face_page(face: Face, meta: dict[str, Any], side: str, stamp: bool = True) -> Page:
    """A page the size of the face and its bleed, the face on it."""
    b = face.bleed
    w, h = face.w + 2 * b, face.h + 2 * b
    page = Page(w, h, [Placement(face, b, b, (0.0, 0.0, w, h), False, {**meta, "side": side}, stamp=stamp)], [],
                0.5, side)
    page.boxes = ((b, b, face.w, face.h), (0.0, 0.0, w, h))
    return page


def blank_page(face: Face, side: str) -> Page:
    """Where a face has no back but others of its component have: an empty page keeps the order."""
    b = face.bleed
    w, h = face.w + 2 * b, face.h + 2 * b
    page = Page(w, h, [], [], 0.5, side)
    page.boxes = ((b, b, face.w, face.h), (0.0, 0.0, w, h))
    return page


def impose_single(entries: list[Entry], stamp: bool = True) -> tuple[list[Page], list[Page]]:
    """(fronts, backs): backs is empty when no face of the component has one. `stamp`: the fronts may carry the
    playtest stamp (a card's; not a board's, a die net's or a dial's)."""
    fronts = [face_page(front, meta, "front", stamp) for front, _, meta in entries]
    if all(back is None for _, back, _ in entries):
        return fronts, []
    backs = [face_page(back, meta, "back") if back is not None else blank_page(front, "back")
             for front, back, meta in entries]
    return fronts, backs
