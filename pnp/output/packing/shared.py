"""Sheets shared by like pieces, for the print-and-play document: which components share which sheets.

Three ways to save paper, all per game and only in `<game>-pnp.pdf` (each component's own PDF keeps
its own sheets, to reprint one component):

* Card decks of one size (and bleed) follow one another on one grid: a deck's last partial sheet
  takes the first cards of the next deck of that size. Each slot keeps its own back, so duplex still
  lines up.
* Pieces share sheets (pnp/output/packing/pieces.py): tokens, dice nets, boards that fit one page, narrow
  cards (standees, track strips: 40 mm or less across) and any card group that fills one sheet at
  most, packed as blocks, one component's pieces together as far as they go.
* The last sheet of a card group that is at most half full joins the pieces sheets when that saves
  sheets: a lone card does not take a duplex sheet of its own.
* Pieces take the room on pages printed anyway: beside a board's tiles, and (when that saves a sheet)
  between the cut lines of card sheets (pnp/output/packing/room.py).

A deck says `pack: none` to keep its own sheets in the document, `pack: pieces` to join the pieces.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from pnp.model.game import Deck, PrintSettings
from pnp.model.units import MM
from pnp.output.impose.cards import Page, impose_cards
from pnp.output.impose.turned import note_shortfall, plan_cards, shortfall, turn_entries
from pnp.output.packing.pieces import (
    FOOTER,
    MARK_ROOM,
    OUTLINE_ROOM,
    Block,
    Entry,
    block_of,
    merge,
    pack,
    pieces_area,
    plan_sheets,
    sheets,
    split,
)
from pnp.output.packing.room import grid_room

NARROW = 40 * MM  # cards this narrow (standees, strips) are pieces, not a card grid
FIRST_FIT = (False, True)  # which tails join the pieces: weighed by first and best fit
BEST_FIT = (True,)  # the room on card sheets, in scraps, is tried with best fit alone (tokens split over it)


@dataclass(repr=False, eq=False)
class Section:
    """A run of the document's sheets: one component's own, a card grid shared by decks of one size, or pieces."""

    kind: str  # "own", "cards" or "pieces"
    decks: list[Deck]
    pages: list[Page]
    joined: list[tuple[Deck, int]] = field(default_factory=list)  # pieces: a deck's last cards on them, how many


def plan_document(decks: list[tuple[Deck, list[Entry], tuple[float, float], list[Page]]], s: PrintSettings,
                  paper: tuple[float, float], lang: str = "") -> list[Section]:
    """The document's sections in deck order; a shared section stands where its first deck would (a tiled board's
    assembly map in `lang`)."""
    groups: dict[Any, list[int]] = {}
    where: dict[int, Any] = {}
    for i, (deck, entries, size, pages) in enumerate(decks):
        key = _group(deck, entries, size, pages, s, paper)
        where[i] = key
        groups.setdefault(key, []).append(i)
    # a card group that fills one sheet at most joins the pieces
    for key in [k for k in groups if k[0] == "cards"]:
        members = groups[key]
        grid = _grid(key, s, paper)
        total = sum(len(decks[i][1]) for i in members)
        first = decks[members[0]]
        block = block_of(first[0], first[1], first[2], s)
        cols, rows = block.fit(paper[0] - 2 * s.margin, paper[1] - 2 * s.margin - FOOTER)
        if grid.per_page and total <= min(grid.per_page, cols * rows) \
                and all(decks[i][0].spec.pack != "none" for i in members):  # one sheet at most, even as pieces
            groups.setdefault(("pieces",), []).extend(members)
            for i in members:
                where[i] = ("pieces",)
            del groups[key]
    pieces = [block_of(d, es, sz, s) for d, es, sz, _ in (decks[j] for j in sorted(groups.get(("pieces",), []))) if es]
    wheels = [_wheels(d, es, s) for d, es, _, _ in decks if d.spec.kind == "dial" and d.spec.pack != "none"
              and any(m.get("part") == "wheel" for _, _, m in es)]
    pieces += wheels
    owns = {i: _own(decks[i], s, paper, any(w.deck is decks[i][0] for w in wheels), lang) for i in range(len(decks))
            if where[i][0] == "own"}
    # the room beside a board's tiles, on pages printed anyway, for one-sided pieces
    room = [(page, page.info["free"]) for pages in owns.values() for page in pages if "free" in page.info]
    tails = _spill(groups, decks, pieces, s, paper, room)
    pieces += _joined(tails)
    cards = {key: _card_pages(key, [decks[j] for j in sorted(members)], key in tails, s, paper)
             for key, members in groups.items() if key[0] == "cards"}
    planned = plan_sheets(pieces, s, paper, _joined(tails), room) if pieces else []
    area = pieces_area(s, paper)
    more = [(page, box) for key, pages in cards.items() for grid in (_grid(key, s, paper),) for page in pages
            if page.side == "front" for box in grid_room(page, grid, area)] if pieces else []
    if more:  # the room between a card sheet's cut lines too, when that saves a sheet
        also = plan_sheets(pieces, s, paper, _joined(tails), room + more, BEST_FIT)
        planned = also if sheets(also) < sheets(planned) else planned
    sections: list[Section] = []
    done: set[Any] = set()
    for i in range(len(decks)):
        key = where[i]
        if key in done:
            continue
        done.add(key)
        members = sorted(groups[key])
        chosen = [decks[j] for j in members]
        if key[0] == "own":
            sections.append(Section("own", [decks[i][0]], owns[i]))
        elif key[0] == "cards":
            sections.append(Section("cards", [d for d, _, _, _ in chosen], cards[key]))
        else:
            joined = [(b.deck, len(b.entries)) for b in wheels + _joined(tails)]
            sections.append(Section("pieces", [d for d, _, _, _ in chosen],
                                    pack(planned, s, paper), joined))
    for sec in sections:
        if any("backs" in p.info for p in sec.pages):
            sec.pages = _with_backs(sec.pages)
    return sections


def _with_backs(pages: list[Page]) -> list[Page]:
    """A tile's page with pieces beside it whose backs print: the backs on its backs page, or on a backs page of
    their own after it (the tile has no back)."""
    out: list[Page] = []
    for i, page in enumerate(pages):
        out.append(page)
        backs = page.info.pop("backs", None)
        if backs is None:
            continue
        if i + 1 < len(pages) and pages[i + 1].side == "back":
            merge(pages[i + 1], backs)
        else:
            out.append(backs)
    return out


def _card_pages(key: tuple, chosen: list, spilt: bool, s: PrintSettings, paper: tuple[float, float]) -> list[Page]:
    """A card group's sheets (less its last, when that joined the pieces)."""
    grid, turn = _cards(key, s, paper)
    sheets = _sheets(chosen, grid.per_page)
    if spilt:
        sheets = sheets[:-1]
    pages = [page for sheet in sheets for page in impose_cards(turn_entries(sheet) if turn else sheet, grid,
                                                               paper, s.duplex, s.mark_offset, s.mark_width)]
    note_shortfall(pages, shortfall(grid, s.paper, s.margin))
    return pages


def _own(deck: tuple[Deck, list[Entry], tuple[float, float], list[Page]], s: PrintSettings,
         paper: tuple[float, float], wheels: bool, lang: str = "") -> list[Page]:
    """A component's own sheets; a tiled board's with its assembly map beside a tile, where one has room for it; a
    dial's bases only, when its wheels joined the pieces."""
    d, entries, _, pages = deck
    if d.spec.kind == "board" and any(p.side == "map" for p in pages):
        from pnp.output.tiling.boards import impose_boards

        return impose_boards(d, entries, s, paper, [], beside=True, lang=lang)[0]
    if wheels:
        pages = [p for p in pages if not any(q.meta.get("side") == "wheel" for q in p.placements)]
    return [dataclasses.replace(p) for p in pages]


def _wheels(deck: Deck, entries: list[Entry], s: PrintSettings) -> Block:
    """A dial's wheels, as round pieces: each cut out on its circle, with its whole bleed (as on their own sheet)."""
    wheels = [Entry(f, b, {k: v for k, v in m.items() if k != "part"})
              for f, b, m in entries if m.get("part") == "wheel"]
    face = wheels[0].front
    return Block(deck, wheels, face.w, face.h, max(face.bleed, s.bleed, 1 * MM, OUTLINE_ROOM), True, "round")


def _sheets(chosen: list[tuple[Deck, list[Entry], tuple[float, float], list[Page]]], per: int) -> list[list[Entry]]:
    """A card group's cards, sheet by sheet: in deck order, unless that splits a deck that fits on one sheet; then
    each such deck kept on one sheet (first fit, largest first), the larger decks' cards in deck order filling the
    rest, a partial sheet last (the emptiest last). In deck order when keeping the decks whole takes more sheets."""
    plain = [e for _, es, _, _ in chosen for e in es]
    if not per:
        return [plain]
    chunks = [plain[i:i + per] for i in range(0, len(plain), per)]
    starts = list(accumulate([len(es) for _, es, _, _ in chosen], initial=0))
    if all(a // per == (a + len(es) - 1) // per for a, (_, es, _, _) in zip(starts, chosen, strict=False)
           if 0 < len(es) <= per):
        return chunks
    small = [k for k, (_, es, _, _) in enumerate(chosen) if len(es) <= per]
    bins: list[list[int]] = []
    for k in sorted(small, key=lambda k: (-len(chosen[k][1]), k)):
        room = next((b for b in bins if sum(len(chosen[j][1]) for j in b) + len(chosen[k][1]) <= per), None)
        if room is None:
            bins.append([k])
        else:
            room.append(k)
    filler = [(k, e) for k, (_, es, _, _) in enumerate(chosen) if len(es) > per for e in es]
    free = sum(per - sum(len(chosen[j][1]) for j in b) for b in bins)
    whole, odd = divmod(len(filler), per)
    # the larger decks' last cards top up the small decks' sheets: their odd cards, and whole sheets of them if room
    give = odd + per * min(whole, (free - odd) // per) if free >= odd else free
    if -(-(len(filler) - give) // per) + len(bins) > len(chunks):
        return chunks
    full = (len(filler) - give) // per * per
    sheets = [filler[i:i + per] for i in range(0, full, per)]
    top, rest = filler[full:full + give], filler[full + give:]
    for b in sorted(bins):
        cards = [(k, e) for k in sorted(b) for e in chosen[k][1]]
        sheets.append(cards + top[:per - len(cards)])
        top = top[per - len(cards):]
    if rest:
        sheets.append(rest)
    sheets.sort(key=lambda sheet: (len(sheet) < per, -len(sheet) if len(sheet) < per else 0, min(k for k, _ in sheet)))
    return [[e for _, e in sheet] for sheet in sheets]


def _grid(key: tuple, s: PrintSettings, paper: tuple[float, float]) -> Any:
    return _cards(key, s, paper)[0]


def _cards(key: tuple, s: PrintSettings, paper: tuple[float, float]) -> tuple[Any, bool]:
    """A card group's grid, and whether its cards lie turned (pnp/output/impose/turned.py)."""
    return plan_cards(paper, s.margin, key[1], key[2], s.gap, s.cut_marks, s.mark_length, s.mark_offset, s.center)


def _spill(groups: dict[Any, list[int]], decks: list, pieces: list[Block], s: PrintSettings,
           paper: tuple[float, float], room: list[tuple[Page, Any]]) -> dict[Any, list[Block]]:
    """The last sheets of card groups that are at most half full join the pieces sheets when that saves sheets (a
    lone card does not take a duplex sheet of its own): their blocks, by group."""
    if not pieces:  # no pieces sheets to join: the partial sheet stays, as it would cost a sheet anyway
        return {}
    tails: list[tuple[float, Any, list[Block]]] = []
    for key, members in groups.items():
        if key[0] != "cards":
            continue
        per_page = _grid(key, s, paper).per_page
        chosen = [decks[j] for j in members]
        last = _sheets(chosen, per_page)[-1]
        n = len(last)
        if not 0 < n < per_page or not _fits(last, s, paper):
            continue
        of = {id(e): d for d in chosen for e in d[1]}
        runs: list[tuple[Any, list[Entry]]] = []  # one block per deck, in print order
        for e in last:
            if not runs or runs[-1][0] is not of[id(e)]:
                runs.append((of[id(e)], []))
            runs[-1][1].append(e)
        tails.append((n / per_page, key, [block_of(d[0], es, d[2], s) for d, es in runs]))
    # the emptiest sheet first, each while the pieces take it with one more sheet at most (each saves one); of
    # these steps, the one that saves most sheets, with the fewest joined
    steps: list[tuple[Any, list[Block]]] = []
    planned = plan_sheets(pieces, s, paper, (), room, FIRST_FIT)
    base = count = sheets(planned)
    best = (0, -split(planned), 0)  # (sheets saved, decks that fit one sheet kept whole, steps taken)
    for _, key, blocks in sorted(tails, key=lambda t: t[0]):
        joined = _joined(dict(steps)) + blocks
        planned = plan_sheets(pieces + joined, s, paper, joined, room, FIRST_FIT)
        if sheets(planned) > count + 1:
            continue
        steps.append((key, blocks))
        count = sheets(planned)
        here = (len(steps) - (count - base), -split(planned), -len(steps))
        if here > (best[0], best[1], -best[2]):
            best = (here[0], here[1], len(steps))
    return dict(steps[:best[2]])


def _joined(tails: dict[Any, list[Block]]) -> list[Block]:
    return [b for blocks in tails.values() for b in blocks]


def _group(deck: Deck, entries: list[Entry], size: tuple[float, float], pages: list[Page], s: PrintSettings,
           paper: tuple[float, float]) -> tuple:
    kind, mode = deck.spec.kind, deck.spec.pack
    fronts = sum(1 for p in pages if p.side == "front")
    if mode == "none" or kind in ("sheet", "dial") or not entries:  # a dial's base and wheels stay together
        return ("own", deck.id)
    if kind == "board" and fronts > len(entries):  # tiled: its tiles and assembly map stay together
        return ("own", deck.id)
    if mode == "pieces" or kind in ("tokens", "die", "board") or min(size) <= NARROW + 1e-6:
        if max(size[0], size[1]) > max(paper) or not _fits(entries, s, paper):
            return ("own", deck.id)
        return ("pieces",)
    return ("cards", (round(size[0], 3), round(size[1], 3)), entries[0][0].bleed)


def _fits(entries: list[Entry], s: PrintSettings, paper: tuple[float, float]) -> bool:
    face = entries[0][0]
    room = max(face.bleed, MARK_ROOM)
    return face.w + 2 * room <= paper[0] - 2 * s.margin and face.h + 2 * room <= paper[1] - 2 * s.margin - FOOTER
