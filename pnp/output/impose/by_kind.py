"""Choose how a component goes on paper by its kind: card sheets, token sheets, or boards."""

from __future__ import annotations

from pnp.core.errors import InputError, Problem
from pnp.layout.scene import Ellipse, Entry, Label, Rect
from pnp.model.game import Deck, PrintSettings
from pnp.model.units import MM, to_mm
from pnp.output.impose.cards import Page, impose_cards, plan_grid
from pnp.output.impose.turned import note_shortfall, plan_cards, shortfall, turn_entries
from pnp.output.packing.pieces import FOOTER

CUT = (0.35, 0.35, 0.35)
NO_BLEED_SHEET = ("a write-in sheet prints without bleed: nothing on it runs to its edge, and only the cut between two "
                  "sheets is marked")
FIT = 0.97  # a write-in sheet may print this much smaller, if that puts one more on a page


def impose_deck(deck: Deck, entries: list[Entry], size: tuple[float, float],
                s: PrintSettings, paper: tuple[float, float], notes: list[str],
                lang: str = "") -> tuple[list[Page], str]:
    """(pages, how they are laid out, for the summary); `lang`: the language of pnp's words on the pages."""
    kind = deck.spec.kind
    if not entries:  # a deck that laid out nothing (its problems are reported by the layout)
        return [], "nothing printed"
    if kind == "dial":
        return _dial(deck, entries, s, paper, notes)
    if kind in ("board", "die"):
        from pnp.output.tiling.boards import impose_boards

        return impose_boards(deck, entries, s, paper, notes, lang=lang)
    tokens, sheet = kind == "tokens", kind == "sheet"
    if sheet:
        for _, _, meta in entries:
            meta["bleed_note"] = NO_BLEED_SHEET
    # tokens are cut one by one: each keeps its whole bleed, with room for the cut between neighbours;
    # write-in sheets have no bleed and abut, marked only where one is cut from the next
    bleed = max(s.bleed, 1 * MM) if tokens else (0.0 if sheet else s.bleed)
    # a write-in sheet that fills the page leaves the running footer its strip at the foot, as every sheet does
    room = (paper[0], paper[1] - FOOTER) if sheet else paper
    scale = fit_scale(room, s.margin, size) if sheet else 1.0
    turn = False
    if tokens or sheet:
        grid = plan_grid(room, s.margin, (size[0] * scale, size[1] * scale), bleed,
                         "bleed" if tokens else "none", s.cut_marks and not tokens, s.mark_length,
                         s.mark_offset, s.center, outer_marks=not sheet)
    else:
        grid, turn = plan_cards(paper, s.margin, size, bleed, s.gap, s.cut_marks, s.mark_length, s.mark_offset,
                                s.center)
    if grid.per_page == 0:
        raise InputError([Problem(deck.doc.where(("template",)), f"a {to_mm(size[0]):.1f} x {to_mm(size[1]):.1f} mm "
                                  f"{'token' if tokens else 'card'} does not fit on {s.paper} paper inside its "
                                  "margins: use a bigger --paper or a smaller size", deck.id)])
    short = "" if sheet else shortfall(grid, s.paper, s.margin)
    if short:
        notes.append(f"{deck.id}: {short}")
    pages = impose_cards(turn_entries(entries) if turn else entries, grid, paper, s.duplex, s.mark_offset,
                         s.mark_width, scale)
    note_shortfall(pages, short)
    if tokens:
        outline(pages, deck.spec.shape)
    if scale < 1:
        for page in pages:
            for p in page.placements:
                p.meta["scale"] = round(scale, 4)
    return pages, f"{grid.cols.count}x{grid.rows.count} per sheet{', turned' if turn else ''}"


def outline(pages: list[Page], shape: str) -> None:
    """The thin grey cut line around each token."""
    kind = Ellipse if shape == "round" else Rect
    for page in pages:
        page.extras.extend(kind(p.x, p.y, p.face.w, p.face.h, None, CUT, 0.5) for p in page.placements)


def fit_scale(paper: tuple[float, float], margin: float, size: tuple[float, float]) -> float:
    """1, or the scale (at least FIT) at which one more write-in sheet fits across or down the page."""
    scale = 1.0
    for avail, length in ((paper[0] - 2 * margin, size[0]), (paper[1] - 2 * margin, size[1])):
        if length <= 0:
            continue
        now, smaller = int(avail // length), int(avail // (length * FIT))
        if smaller > now:
            scale = min(scale, avail / (smaller * length) * (1 - 1e-6))
    return scale


def _dial(deck: Deck, entries: list[Entry], s: PrintSettings,
          paper: tuple[float, float], notes: list[str]) -> tuple[list[Page], str]:
    """A dial's bases, one to a page (tiled when larger), then its wheels on sheets of their own, each cut
    out on its circle."""
    from pnp.output.tiling.tiles import impose_single

    bases = [e for e in entries if e.meta.get("part") != "wheel"]
    wheels = [Entry(f, b, {k: v for k, v in m.items() if k != "part"})
              for f, b, m in entries if m.get("part") == "wheel"]
    pages = [p for face, back, meta in bases
             for p in impose_single(face, back, meta, deck.name, paper, s.margin, s.cut_marks, s.duplex)]
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
