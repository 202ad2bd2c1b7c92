"""Boards and dice on paper: small boards share a sheet like cards, a board that fills a sheet gets
one to itself, a larger one is tiled (`pnp.output.tiling.tiles`); a die's net is one face on its page."""

from __future__ import annotations

from pnp.core.errors import InputError, Problem
from pnp.layout.scene import Entry, Face
from pnp.model.game import Deck, PrintSettings
from pnp.model.units import MM
from pnp.output.impose.cards import Page, impose_cards, plan_grid
from pnp.output.preflight.extent import item_box, walk
from pnp.output.tiling.seams import Box, SeamPlan
from pnp.output.tiling.tiles import area, impose_board


def avoided(deck: Deck, face: Face, back: Face | None) -> list[Box]:
    """The boxes the deck's `seams: avoid:` names: every box a named element draws, or given boxes. On
    a two-sided board, the back's too, turned over left to right (its seams are the front's, mirrored)."""
    spec = deck.spec.seams
    if spec is None:
        return []
    boxes = _named(deck, face, spec.avoid, True)
    if back is not None:
        boxes += [(face.w - x - w, y, w, h) for x, y, w, h in _named(deck, back, spec.avoid, False)]
    return boxes


def _named(deck: Deck, face: Face, avoid: list, given: bool) -> list[Box]:
    boxes: list[Box] = []
    for i, entry in enumerate(avoid):
        if not isinstance(entry, str):
            if given:
                boxes.append(tuple(entry))
            continue
        found = [item_box(it) for it in walk(face.items) if (src := face.source(it)) and entry in src.names]
        if not found and given:
            names = sorted({n for it in walk(face.items) if (src := face.source(it)) for n in src.names})
            raise InputError([Problem(deck.doc.where(("seams", "avoid", i)), f"no element named {entry!r} draws "
                                      f"anything on this board (template {deck.template}); named elements: "
                                      f"{', '.join(names) or 'none'}", deck.id)])
        boxes.extend(found)
    return boxes


def tiling_said(deck: Deck, face: Face, plan: SeamPlan, s: PrintSettings, paper: tuple[float, float],
                avoiding: bool) -> str:
    """Why a board was tiled and how: its size against what one page holds, the tiles, where the seams run."""
    aw, ah = area(paper, s.margin, face.bleed)
    b = face.bleed
    turn = abs(plan.xs[-1] - face.w) > 0.01  # tiled a quarter turned
    seams_x = ", ".join(f"{v / MM:.0f}" for v in plan.xs[1:-1])
    seams_y = ", ".join(f"{v / MM:.0f}" for v in plan.ys[1:-1])
    where = "; ".join(p for p in (f"seams at {seams_x} mm across" if seams_x else "",
                                  f"{seams_y} mm down" if seams_y else "") if p)
    if plan.stepped:
        where += " (where they leave the board's edge: through its grid they follow the cells' edges)"
    return (f"{deck.id}: {face.w / MM:.0f} x {face.h / MM:.0f} mm with {b / MM:g} mm bleed is more than one "
            f"{s.paper} page holds ({(aw - 2 * b) / MM:.0f} x {(ah - 2 * b) / MM:.0f} mm inside its margins, corner "
            f"marks and label band): {plan.cols} x {plan.rows} = {len(plan.tiles)} tiles"
            f"{', the board turned a quarter (fewer tiles)' if turn else ''}, {where}"
            f"{' (measured on the turned board)' if turn else ''}"
            f"{'; seams kept out of what `seams: avoid:` names' if avoiding and not plan.said else ''}"
            + "".join(f"; {why}" for why in plan.said))


def impose_boards(deck: Deck, entries: list[Entry], s: PrintSettings, paper: tuple[float, float],
                  notes: list[str], beside: bool = False, lang: str = "") -> tuple[list[Page], str]:
    """(pages, how they are laid out, for the summary). `beside`: a tiled board's assembly map beside a tile where
    one's page has room for it (pnp/output/tiling/assembly_beside.py)."""
    kind = deck.spec.kind
    if kind == "board" and len(entries) > 1:
        face = entries[0].front
        grid = plan_grid(paper, s.margin, (face.w, face.h), face.bleed, "bleed", s.cut_marks, s.mark_length,
                         s.mark_offset, s.center)
        if grid.per_page > 1:  # small boards share sheets, as cards do, each with its whole bleed
            return (impose_cards(entries, grid, paper, s.duplex, s.mark_offset, s.mark_width),
                    f"{grid.cols.count}x{grid.rows.count} per sheet")
    pages: list[Page] = []
    tiles = 0
    tab = deck.spec.seams.tab if deck.spec.seams else 7 * MM
    for face, back, meta in entries:
        avoid = avoided(deck, face, back) if kind == "board" else []
        more, plan = impose_board(face, back, meta, deck.name, paper, s.margin, s.cut_marks and kind == "board",
                                  s.duplex, avoid, tab, beside, lang)
        pages.extend(more)
        tiles += len(plan.tiles)
        if len(plan.tiles) > 1 and meta.get("copy", 1) == 1 and face is entries[0].front:
            notes.append(tiling_said(deck, face, plan, s, paper, bool(avoid)))
        for i in plan.crossed:
            x, y, w, h = (round(v / MM) for v in avoid[i])
            notes.append(f"{deck.id}: a seam crosses the box at {x}, {y} mm ({w} x {h} mm) that `seams: avoid:` "
                         f"keeps whole: no way round it on {s.paper} paper")
    return pages, f"{tiles} tiles" if tiles > len(entries) else "1 per sheet"
