"""Sheets shared by like pieces, for the print-and-play document: which components share which sheets.

Three ways to save paper, all per game and only in `<game>-pnp.pdf` (each component's own PDF keeps
its own sheets, to reprint one component):

* Card decks of one size (and bleed) follow one another on one grid: a deck's last partial sheet
  takes the first cards of the next deck of that size. Each slot keeps its own back, so duplex still
  lines up.
* Pieces share sheets (pnp/output/pieces.py): tokens, dice nets, boards that fit one page, narrow
  cards (standees, track strips: 40 mm or less across) and any card group that fills one sheet at
  most, packed as blocks, one component's pieces together as far as they go.
* The last sheet of a card group that is at most half full joins the pieces sheets when that saves
  sheets: a lone card does not take a duplex sheet of its own.

A deck says `pack: none` to keep its own sheets in the document, `pack: pieces` to join the pieces.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from pnp.model.game import Deck, PrintSettings
from pnp.model.units import MM
from pnp.output.cardgrid import note_shortfall, plan_cards, shortfall, turn_entries
from pnp.output.impose import Page, impose_cards
from pnp.output.pieces import FOOTER, MARK_ROOM, Block, Entry, block_of, pack

NARROW = 40 * MM  # cards this narrow (standees, strips) are pieces, not a card grid


@dataclass(repr=False, eq=False)
class Section:
    """A run of the document's sheets: one component's own, a card grid shared by decks of one size, or pieces."""

    kind: str  # "own", "cards" or "pieces"
    decks: list[Deck]
    pages: list[Page]
    joined: list[tuple[Deck, int]] = field(default_factory=list)  # pieces: a deck's last cards on them, how many


def plan_document(decks: list[tuple[Deck, list[Entry], tuple[float, float], list[Page]]], s: PrintSettings,
                  paper: tuple[float, float]) -> list[Section]:
    """The document's sections in deck order; a shared section stands where its first deck would."""
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
    tails = _spill(groups, decks, pieces, s, paper)
    pieces += _joined(tails)
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
            sections.append(Section("own", [decks[i][0]], _own(decks[i], s, paper)))
        elif key[0] == "cards":
            entries = [e for _, es, _, _ in chosen for e in es]
            entries = entries[:len(entries) - sum(len(b.entries) for b in tails.get(key, []))]
            grid, turn = _cards(key, s, paper)
            pages = impose_cards(turn_entries(entries) if turn else entries, grid, paper, s.duplex, s.mark_offset,
                                 s.mark_width)
            note_shortfall(pages, shortfall(grid, s.paper, s.margin))
            sections.append(Section("cards", [d for d, _, _, _ in chosen], pages))
        else:
            joined = [(b.deck, len(b.entries)) for b in _joined(tails)]
            sections.append(Section("pieces", [d for d, _, _, _ in chosen], pack(pieces, s, paper, _joined(tails)),
                                    joined))
    return sections


def _own(deck: tuple[Deck, list[Entry], tuple[float, float], list[Page]], s: PrintSettings,
         paper: tuple[float, float]) -> list[Page]:
    """A component's own sheets; a tiled board's with its assembly map beside a tile, where one has room for it."""
    d, entries, _, pages = deck
    if d.spec.kind == "board" and any(p.side == "map" for p in pages):
        from pnp.output.boards import impose_boards

        return impose_boards(d, entries, s, paper, [], beside=True)[0]
    return [dataclasses.replace(p) for p in pages]


def _grid(key: tuple, s: PrintSettings, paper: tuple[float, float]) -> Any:
    return _cards(key, s, paper)[0]


def _cards(key: tuple, s: PrintSettings, paper: tuple[float, float]) -> tuple[Any, bool]:
    """A card group's grid, and whether its cards lie turned (pnp/output/cardgrid.py)."""
    return plan_cards(paper, s.margin, key[1], key[2], s.gap, s.cut_marks, s.mark_length, s.mark_offset, s.center)


def _spill(groups: dict[Any, list[int]], decks: list, pieces: list[Block], s: PrintSettings,
           paper: tuple[float, float]) -> dict[Any, list[Block]]:
    """The last sheets of card groups that are at most half full join the pieces sheets when that saves sheets (a
    lone card does not take a duplex sheet of its own): their blocks, by group."""
    if not pieces:  # no pieces sheets to join: the partial sheet stays, as it would cost a sheet anyway
        return {}
    tails: list[tuple[float, Any, list[Block]]] = []
    for key, members in groups.items():
        per_page = _grid(key, s, paper).per_page if key[0] == "cards" else 0
        entries = [(decks[j], e) for j in members for e in decks[j][1]]
        n = len(entries) % per_page if per_page else 0
        if not 0 < 2 * n <= per_page or not _fits([e for _, e in entries], s, paper):
            continue
        runs: list[tuple[Any, list[Entry]]] = []  # one block per deck, in print order
        for d, e in entries[-n:]:
            if not runs or runs[-1][0] is not d:
                runs.append((d, []))
            runs[-1][1].append(e)
        tails.append((n / per_page, key, [block_of(d[0], es, d[2], s) for d, es in runs]))
    # the emptiest sheet first, each while the pieces take it with one more sheet at most (each saves one); of
    # these steps, the one that saves most sheets, with the fewest joined
    steps: list[tuple[Any, list[Block]]] = []
    base = count = _fronts(pack(pieces, s, paper))
    best = (0, 0)  # (sheets saved, steps taken)
    for _, key, blocks in sorted(tails, key=lambda t: t[0]):
        joined = _joined(dict(steps)) + blocks
        more = _fronts(pack(pieces + joined, s, paper, joined))
        if more > count + 1:
            continue
        steps.append((key, blocks))
        count = more
        if len(steps) - (count - base) > best[0]:
            best = (len(steps) - (count - base), len(steps))
    return dict(steps[:best[1]])


def _joined(tails: dict[Any, list[Block]]) -> list[Block]:
    return [b for blocks in tails.values() for b in blocks]


def _fronts(pages: list[Page]) -> int:
    return sum(1 for p in pages if p.side == "front")


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
