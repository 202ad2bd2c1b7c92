"""Write-in pads back to back, for the print-and-play document: the back of a write-in page is another write-in
page instead of a blank (`print: pads: back-to-back`, the default when printing duplex).

Players at one table each need a sheet of the same pad at once (one adventure sheet per player), so the two
sides of a sheet hold different pads wherever the game has more than one: the pads are taken in print order and
pad A's page k is backed by pad B's page k; what is left of the longer one goes on with the next pad, and only
what is left of the last pad is backed by its own next page, copy after copy (Moon: adventure 1 | 2, 3 | 4,
5 | 6; Ark Ship: crew | ship twice, then crew | crew twice). A page and its back are on one sheet, so they pair
only where the pages are the same size and their cut lines meet once the sheet is turned over (long-edge duplex:
across the vertical centre line). A pad with a back of its own (a two-sided journey log) is not a pad to pair.

Each page keeps its own layout: a back page is upright, as a page of a book printed duplex, so a sheet cut in
two gives two sheets each with a pad on each side. Its faces stay fronts of their pad (`side` of each face); the
page is the back of its sheet (`side: back`). Each component's own PDF keeps its pages one-sided.
"""

from __future__ import annotations

import dataclasses

from pnp.model.game import PrintSettings
from pnp.output.impose.cards import Page, Placement
from pnp.output.packing.shared import Section

ROUND = 0.1  # pt: cut lines this close are one


def back_to_back(sections: list[Section], s: PrintSettings) -> list[Section]:
    """The sections with the one-sided write-in pads that can share sheets merged, each group into one section
    ("pads") that stands where its first pad stood, its pages front, back, front, back, ... (a last page left
    alone is a front: the document gives it a blank back)."""
    if s.pads != "back-to-back" or s.duplex == "none":
        return sections
    groups: dict[tuple, list[Section]] = {}
    for sec in sections:
        key = _fit(sec, s.duplex)
        if key is not None:
            groups.setdefault(key, []).append(sec)
    merged: dict[int, Section] = {}  # the first pad's section -> the group's section
    gone: set[int] = set()
    for pads in groups.values():
        if sum(len(sec.pages) for sec in pads) < 2:
            continue
        pages: list[Page] = []
        for front, back in pairs([sec.pages for sec in pads]):
            pages.append(front)
            if back is not None:
                pages.append(_as_back(back))
        merged[id(pads[0])] = Section("pads", [d for sec in pads for d in sec.decks], pages)
        gone.update(id(sec) for sec in pads[1:])
    return [merged.get(id(sec), sec) for sec in sections if id(sec) not in gone]


def pairs(pads: list[list[Page]]) -> list[tuple[Page, Page | None]]:
    """Each sheet's (front, back): page k of a pad backed by page k of the next; what is left of the longer goes on
    with the one after; the last pad's rest backed by its own next page."""
    out: list[tuple[Page, Page | None]] = []
    queue = [list(p) for p in pads if p]
    current = queue.pop(0) if queue else []
    while queue:
        other = queue.pop(0)
        while current and other:
            out.append((current.pop(0), other.pop(0)))
        current = current or other
    while current:  # one pad left over: its pages back to back, copy after copy
        front = current.pop(0)
        out.append((front, current.pop(0) if current else None))
    return out


def sheet_sides(sections: list[Section], names: dict[str, str]) -> list[tuple[str, str, int]]:
    """What the document's pads put on the two sides of a sheet: (front pad, back pad, how many sheets), in order."""
    out: list[tuple[str, str, int]] = []
    for sec in sections:
        if sec.kind != "pads":
            continue
        for i, page in enumerate(sec.pages):
            if page.side != "front":
                continue
            back = sec.pages[i + 1] if i + 1 < len(sec.pages) and sec.pages[i + 1].side == "back" else None
            pair = (_pad(page, names), _pad(back, names) if back is not None else "")
            if out and out[-1][:2] == pair:
                out[-1] = (*pair, out[-1][2] + 1)
            else:
                out.append((*pair, 1))
    return out


def _pad(page: Page, names: dict[str, str]) -> str:
    return next((names.get(str(p.meta.get("component")), "") for p in page.placements), "")


def _fit(sec: Section, duplex: str) -> tuple | None:
    """What a one-sided write-in pad's pages need of the page behind them (its paper size and its cut lines, which
    must lie where they fall when the sheet is turned over), or None if it is not such a pad or no page can back
    it."""
    if sec.kind != "own" or len(sec.decks) != 1 or sec.decks[0].spec.kind != "sheet" or not sec.pages:
        return None
    if any(p.side != "front" for p in sec.pages):  # a two-sided pad (its own backs) or a blank page
        return None
    first = sec.pages[0]
    xs, ys = _cuts(first.placements)
    turned = (xs, frozenset(_r(first.h - y) for y in ys)) if duplex == "short" else \
        (frozenset(_r(first.w - x) for x in xs), ys)
    if turned != (xs, ys):  # its cut lines would not meet those of the same grid behind it
        return None
    return (_r(first.w), _r(first.h), xs, ys)


def _cuts(placements: list[Placement]) -> tuple[frozenset[float], frozenset[float]]:
    """The page's cut lines between write-in sheets: the x and y where one sheet's trim meets its neighbour's."""
    boxes = [(x, y, x + w, y + h) for x, y, w, h in (p.box for p in placements)]
    xs = {_r(a[2]) for a in boxes for b in boxes if a is not b and abs(a[2] - b[0]) < ROUND}
    ys = {_r(a[3]) for a in boxes for b in boxes if a is not b and abs(a[3] - b[1]) < ROUND}
    return frozenset(xs), frozenset(ys)


def _r(v: float) -> float:
    return round(v / ROUND) * ROUND


def _as_back(page: Page) -> Page:
    """A pad's page as the back of a sheet: the same layout (its own placements, so that moving the backs by the
    printer's shift moves only these)."""
    return dataclasses.replace(page, side="back", placements=[dataclasses.replace(p, meta=dict(p.meta))
                                                              for p in page.placements])
