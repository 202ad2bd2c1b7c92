"""Choose how a component goes on paper by its kind: card sheets, token sheets, or boards."""

from __future__ import annotations

from typing import Any

from pnp.errors import InputError, Problem
from pnp.layout.scene import Ellipse, Face, Label, Rect
from pnp.model.game import Deck, PrintSettings
from pnp.model.units import MM, to_mm
from pnp.output.impose import Page, impose_cards, plan_grid

CUT = (0.35, 0.35, 0.35)


def impose_deck(deck: Deck, entries: list[tuple[Face, Face | None, dict[str, Any]]], size: tuple[float, float],
                s: PrintSettings, paper: tuple[float, float], notes: list[str]) -> tuple[list[Page], str]:
    """(pages, how they are laid out, for the summary)."""
    kind = deck.spec.kind
    if kind == "dial":
        return _dial(deck, entries, s, paper, notes)
    if kind in ("board", "die"):
        from pnp.output.tiles import impose_board

        pages = []
        for face, _, meta in entries:
            pages.extend(impose_board(face, meta, deck.name, paper, s.margin, s.cut_marks and kind == "board"))
        tiles = sum(1 for p in pages if p.side == "front")
        return pages, f"{tiles} tile{'s' if tiles != 1 else ''}" if tiles > len(entries) else "1 per sheet"
    tokens = kind == "tokens"
    # tokens are cut one by one: each keeps its whole bleed, with room for the cut between neighbours;
    # sheets have no bleed and abut, cut marks between them
    bleed = max(s.bleed, 1 * MM) if tokens else (0.0 if kind == "sheet" else s.bleed)
    grid = plan_grid(paper, s.margin, size, bleed, "bleed" if tokens else ("none" if kind == "sheet" else s.gap),
                     s.cut_marks and not tokens, s.mark_length, s.mark_offset, s.center)
    if grid.per_page == 0:
        raise InputError([Problem(deck.doc.where(("template",)), f"a {to_mm(size[0]):.1f} x {to_mm(size[1]):.1f} mm "
                                  f"{'token' if tokens else 'card'} does not fit on {s.paper} paper inside its "
                                  "margins: use a bigger --paper or a smaller size", deck.id)])
    for axis, where in ((grid.rows, "above and below"), (grid.cols, "beside")):
        if axis.dropped:
            notes.append(f"{deck.id}: no room for cut marks {where} the grid inside the {to_mm(s.margin):g} mm "
                         f"margin on {s.paper}; left out to keep {grid.per_page} cards a sheet")
    pages = impose_cards(entries, grid, paper, s.duplex, s.mark_offset, s.mark_width)
    if tokens:
        shape = Ellipse if deck.spec.shape == "round" else Rect
        for page in pages:
            page.extras.extend(shape(p.x, p.y, p.face.w, p.face.h, None, CUT, 0.5) for p in page.placements)
    return pages, f"{grid.cols.count}x{grid.rows.count} per sheet"


def _dial(deck: Deck, entries: list[tuple[Face, Face | None, dict[str, Any]]], s: PrintSettings,
          paper: tuple[float, float], notes: list[str]) -> tuple[list[Page], str]:
    """A dial's bases, one to a page (tiled when larger), then its wheels on sheets of their own, each cut
    out on its circle."""
    from pnp.output.tiles import impose_board

    bases = [e for e in entries if e[2].get("part") != "wheel"]
    wheels = [(f, b, {k: v for k, v in m.items() if k != "part"}) for f, b, m in entries if m.get("part") == "wheel"]
    pages = [p for face, _, meta in bases for p in impose_board(face, meta, deck.name, paper, s.margin, s.cut_marks)]
    if wheels:
        size = (wheels[0][0].w, wheels[0][0].h)
        bleed = max(s.bleed, 1 * MM)
        room = (paper[0], paper[1] - 8 * MM)  # the sheet's label sits below the wheels
        grid = plan_grid(room, s.margin, size, bleed, "bleed", False, s.mark_length, s.mark_offset, s.center)
        if grid.per_page == 0:
            raise InputError([Problem(deck.doc.where(("dial", "radius")), f"a {to_mm(size[0]):.1f} mm wheel does not "
                                      f"fit on {s.paper} paper inside its margins: use a bigger --paper or a smaller "
                                      "radius", deck.id)])
        for page in impose_cards(wheels, grid, paper, "none", s.mark_offset, s.mark_width):
            for p in page.placements:
                p.meta["side"] = "wheel"
                page.extras.append(Ellipse(p.x, p.y, p.face.w, p.face.h, None, CUT, 0.5))
            page.extras.append(Label(s.margin, paper[1] - s.margin - 2.5 * MM, f"{deck.name}: wheels · cut each out "
                                     "on its circle, punch the centre, pin it under its base", 8, (0, 0, 0), "left"))
            pages.append(page)
    per = grid.per_page if wheels else 0
    return pages, f"{len(bases)} base{'s' if len(bases) != 1 else ''}, {per} wheel{'s' if per != 1 else ''} per sheet"
