"""The print-and-play document's front matter, written from what the game has: a cover with the
contents checklist, then how to print and build it (only what applies to this game's components),
then every component's sheets, laid out so that the whole file can go to a duplex printer in one go
(every fronts page is followed by its backs page, a write-in page by another pad's (pnp/output/packing/pads.py) or, when
one-sided, by a blank page)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pnp.layout.fonts.families import Family
from pnp.layout.scene import Label, Line, Rect, Text
from pnp.layout.text import Style, fit, parse
from pnp.model.game import Game, PrintSettings
from pnp.model.units import MM
from pnp.output.impose.cards import Page
from pnp.output.packing.pads import sheet_sides

if TYPE_CHECKING:
    from pnp.output.packing.shared import Section

INK = (0.1, 0.12, 0.18)
DIALS = ("*Dials:* cut the base on its corner marks, then cut out its window and its thumb hole (a craft knife on a "
         "cutting mat, along the thin dark lines). Cut each wheel out on its circle. Punch the centre of the base and "
         "of its wheel (a pin or an awl, on the cross), lay the wheel printed side up under the base, and push a "
         "brad (a split pin) through both centres; open its legs at the back. Turn the wheel with a finger through "
         "the thumb hole: one value shows in the window at each step, and the end mark stops the wheel.")
GREY = (0.4, 0.4, 0.4)
HULL = (0.086, 0.129, 0.227)
ROW = 5.6 * MM
FOOT = 6 * MM  # kept free at the foot of each page for the running footer


@dataclass(frozen=True)
class Row:
    """One line of the contents checklist."""

    name: str
    rulebook: int | str  # the count the rulebook states, or "not stated"
    printed: int
    file: str = ""
    kind: str = ""  # the deck's kind; "also" for what is not printed
    deck: str = ""  # the deck's id ("" for a sub-row or what is not printed)
    sub: bool = False  # a card of the deck above, listed on its own in the rulebook
    page: int = 0  # where its sheets start in this document
    note: str = ""


def _page(paper: tuple[float, float], items: list[Any], what: str, side: str = "front") -> Page:
    return Page(paper[0], paper[1], [], [], 0.5, side, items, info={"what": what})


def stock_ranges(stocks: list[str], first: int) -> dict[str, list[tuple[int, int]]]:
    """The document's page ranges on each stock ("card", "paper"), from the stock of each page from page `first`
    on: consecutive pages of one stock are one range (a sheet's two pages always share one)."""
    out: dict[str, list[tuple[int, int]]] = {}
    for i, stock in enumerate(stocks):
        ranges = out.setdefault(stock, [])
        n = first + i
        if ranges and ranges[-1][1] == n - 1 and (i == 0 or stocks[i - 1] == stock):
            ranges[-1] = (ranges[-1][0], n)
        else:
            ranges.append((n, n))
    return out


def _pages_said(ranges: list[tuple[int, int]]) -> str:
    said = [f"{a}-{b}" if b > a else str(a) for a, b in ranges]
    return ("pages " if len(ranges) > 1 or ranges[0][1] > ranges[0][0] else "page ") + ", ".join(said)


def front_matter(game: Game, paper: tuple[float, float], s: PrintSettings, family: Family, rows: list[Row],
                 sections: list[Section], rulebook: str = "",
                 stocks: dict[str, list[tuple[int, int]]] | None = None) -> list[Page]:
    """The cover and contents checklist (more pages if the list is long), how to print and build, and a blank
    page if needed so that the first component starts on a new sheet. `rulebook`: where the rules are, said on
    the cover (when they are built)."""
    pw, ph = paper
    m = game.manifest
    left, right = s.margin + 8 * MM, pw - s.margin - 8 * MM
    band = 52 * MM
    cover: list[Any] = [
        Rect(s.margin, s.margin, pw - 2 * s.margin, band, HULL, None, 0),
        Label(pw / 2, s.margin + 24 * MM, m.name, 28, (0.91, 0.70, 0.23), "center"),
        Label(pw / 2, s.margin + 34 * MM, f"Print-and-play edition · version {m.version}", 12, (1, 1, 1), "center"),
        Label(pw / 2, s.margin + 43 * MM, "This file, in order: this sheet (the contents, then how to print and "
              "build), then every component, each sheet followed by its back or by a blank page.", 8,
              (0.85, 0.87, 0.9), "center"),
    ]
    if rulebook:
        cover.append(Label(pw / 2, s.margin + 48 * MM, rulebook, 8, (0.91, 0.70, 0.23), "center"))
    pages: list[Page] = []
    items, y = cover, s.margin + band + 12 * MM
    items.append(Label(left, y, "Contents", 15, INK, "left"))
    y += 4 * MM
    printed = [r for r in rows if r.kind != "also"]
    also = [r for r in rows if r.kind == "also"]
    cols = (left, left + 78 * MM, left + 98 * MM, left + 116 * MM, right)

    def header(items: list[Any], y: float) -> float:
        for x, head, align in zip(cols, ("component", "rulebook", "printed", "file", "page"),
                                  ("left", "left", "left", "left", "right"), strict=True):
            items.append(Label(x, y + 4 * MM, head, 8, GREY, align))
        return y + 4 * MM + ROW

    y = header(items, y)
    for row in printed:
        if y > ph - s.margin - FOOT - 2 * MM:  # a long list goes on over the page
            pages.append(_page(paper, items, "contents"))
            items, y = [Label(left, s.margin + 10 * MM, "Contents (continued)", 15, INK, "left")], s.margin + 14 * MM
            y = header(items, y)
        name = ("   " + row.name) if row.sub else row.name
        if not row.sub:
            items.append(Rect(left - 6 * MM, y - 3 * MM, 3.6 * MM, 3.6 * MM, None, INK, 0.6))
        size = 8.5 if row.sub else 9.5
        items.append(Label(left, y, name, size, INK, "left"))
        items.append(Label(cols[1], y, str(row.rulebook), size - 0.5,
                           GREY if isinstance(row.rulebook, str) else INK, "left"))
        items.append(Label(cols[2], y, str(row.printed), size, INK, "left"))
        items.append(Label(cols[3], y, row.file, 8, GREY, "left"))
        items.append(Label(cols[4], y, str(row.page) if row.page else "", 8, GREY, "right"))
        items.append(Line(left, y + 1.6 * MM, right, y + 1.6 * MM, (0.85, 0.85, 0.85), 0.4))
        y += ROW
    if also:
        lines = ["**Also needed** (not printed)"] + [
            f"{r.name}{'' if isinstance(r.rulebook, str) else f' ({r.rulebook})'}{': ' + r.note if r.note else ''}"
            for r in also]
        height = (len(lines) + 1) * 4.6 * MM
        if y + height > ph - s.margin - FOOT:
            pages.append(_page(paper, items, "contents"))
            items, y = [], s.margin + 10 * MM
        box = (left, y + 2 * MM, right - left, height)
        items += _text("\n".join(lines), family, box, 9.5)
        y += height
    pages.append(_page(paper, items, "contents"))
    how = how_to(game, s, rows, sections, stocks or {})
    if m.credits:  # the attributions the game's art and fonts ask for
        how += "\n**Credits**\n" + "\n".join(m.credits)
    box = (s.margin + 10 * MM, s.margin + 10 * MM, pw - 2 * s.margin - 20 * MM, ph - 2 * s.margin - 10 * MM - FOOT)
    pages.append(_page(paper, _text(how, family, box, 10.5), "how to print and build"))
    if len(pages) % 2 and s.duplex != "none":
        pages.append(_page(paper, [], "", "blank"))
    return pages


def _text(markup: str, family: Family, box: tuple[float, float, float, float], size: float) -> list[Any]:
    fitted = fit(parse(markup, None, "bold", None), Style(family, INK, INK, None), box, size, 7, 1.3, 0.55, "left",
                 "top")
    return [Text(*box, fitted[0], fitted[1], fitted[2])] if fitted else []


def how_to(game: Game, s: PrintSettings, rows: list[Row], sections: list[Section],
           stocks: dict[str, list[tuple[int, int]]]) -> str:
    """How to print, which paper, how to cut and build: only what this game's components need."""
    decks = {d.id: d for d in game.decks}
    printed = [r for r in rows if r.deck]
    kinds = {r.kind for r in printed}
    two_sided = [r for r in printed if r.deck in _with_backs(sections)]
    sides = sheet_sides(sections, {d.id: d.name for d in game.decks})
    paired = {d.id for sec in sections if sec.kind == "pads" for d in sec.decks}
    one_sided = [r for r in printed if r not in two_sided and r.deck not in paired]
    out = ["**How to print**"]
    if s.duplex == "none":
        out.append("Print at 100 % (actual size), never 'fit to page': the cut marks and sizes assume it. This file "
                   "is one-sided: nothing in it has a back.")
    else:
        edge = "long" if s.duplex == "long" else "short"
        blanks = one_sided or any(not back for _, back, _ in sides)
        out.append(f"Print at 100 % (actual size), never 'fit to page': the cut marks and sizes assume it. Print "
                   f"duplex, flipping on the {edge} edge: every fronts page is followed by its backs page"
                   f"{', and every one-sided sheet by a blank page' if blanks else ''}, so the whole file prints in "
                   "one go.")
        if two_sided:
            out.append("*With backs:* " + ", ".join(r.name for r in two_sided) + ".")
        if sides:
            out.append(_pads_said(sides))
        if one_sided:
            out.append("*One-sided:* " + ", ".join(r.name for r in one_sided) + ".")
        if two_sided:
            out.append("Before the whole file, print the first sheet with backs once and hold it to the light: each "
                       "back should sit behind its front within a millimetre. A printer's shift moves every back "
                       "alike, and the bleed absorbs it; pnp calibrate measures it.")
    out.append("**Paper**")
    if len(stocks) > 1:  # a print shop (or a printer with two trays) takes each stock apart
        out.append(f"*Card stock:* {_pages_said(stocks['card'])}. *Paper:* {_pages_said(stocks['paper'])}. Print "
                   "each range on its stock: every range starts on a new sheet.")
    stock = [name for kind, name in (("cards", "cards"), ("tokens", "tokens"), ("board", "boards"),
                                     ("dial", "dials"), ("die", "dice")) if kind in kinds]
    if stock:
        out.append(f"*{_join(stock).capitalize()}:* card stock (200-300 g/m²), or paper glued onto thin card"
                   f"{' before cutting' if kinds & {'tokens', 'board', 'die', 'dial'} else ''}.")
    if "sheet" in kinds:
        sheets = [r.name for r in printed if r.kind == "sheet"]
        more = [r.file for r in printed if r.deck in paired and r.file]
        out.append(f"*{_join(sheets)}:* ordinary paper, to write on; print as many as you need"
                   + (f" (more of one alone from its own file, one-sided: {_join(more)})." if more else "."))
    out.append("**Cutting and building**")
    pieces = next((sec for sec in sections if sec.kind == "pieces"), None)
    if "cards" in kinds:
        out.append("*Cards:* every cut line has a mark at both ends; cut the long lines through the whole sheet "
                   "first. A mark that sits on the art is in the bleed, which is cut away.")
    if pieces is not None:
        names = _join([d.name for d in pieces.decks] + [
            f"the {deck.name} wheels" if deck.spec.kind == "dial" else f"the last {deck.name} card" if n == 1 else
            f"the last {n} {deck.name} cards" for deck, n in pieces.joined])
        beside = " Some pieces print beside a board's tiles, on their pages." if any(
            "free" in p.info and len(p.placements) > 1 for sec in sections for p in sec.pages) else ""
        if any(p.info.get("pieces") for sec in sections if sec.kind == "cards" for p in sec.pages):
            beside += (" Some print on card sheets, in an empty slot or beside the cards, between two cut lines: cut "
                       "the sheet's lines first, then each piece.")
        out.append(f"*Pieces sheets* ({names}): each sheet's footer names what it holds. Tokens are cut on their "
                   f"thin grey outline; cards and other pieces in a block on the marks around the block.{beside}")
    elif "tokens" in kinds:
        out.append("*Tokens:* cut on the thin grey outline of each token.")
    if "dial" in kinds:
        out.append(DIALS)
    steps: dict[str, list[str]] = {}  # what to do -> the components it is for, so that each is said once
    for r in printed:
        deck = decks.get(r.deck)
        if deck is None:
            continue
        if deck.spec.kind == "board":
            tiled = sum(1 for sec in sections if sec.kind == "own" and deck in sec.decks for p in sec.pages
                        if p.side == "front") > r.printed
            beside = next((p.info["map_beside"] for sec in sections if sec.kind == "own" and deck in sec.decks
                           for p in sec.pages if "map_beside" in p.info), "")
            where = f"beside tile {beside}" if beside else "after them"
            steps.setdefault(f"printed in tiles (from page {r.page}): cut them out and join them as the assembly map "
                             f"{where} shows." if tiled else "cut on its corner marks.", []).append(deck.name)
        elif deck.spec.kind == "die":
            steps.setdefault("cut on the outline, fold every dashed line away from you, glue the grey tabs inside, the "
                             "last face last.", []).append(deck.name)
        elif deck.spec.kind == "sheet":
            steps.setdefault(("cut each page in two on its marks; " if _cut(sections, deck.id) else "")
                             + "no trimming needed.", []).append(deck.name)
        if deck.spec.instructions:
            steps.setdefault(deck.spec.instructions, []).append(deck.name)
    out += [f"*{_join(names)}:* {text}" for text, names in steps.items()]
    return "\n".join(out)


def _pads_said(sides: list[tuple[str, str, int]]) -> str:
    """Which write-in pads share a sheet, front and back, and on how many sheets."""
    said = [(f"{front} on both sides" if front == back else f"{front} backed by {back}" if back else
             f"{front}, one side only") + f" ({n} sheet{'s' if n > 1 else ''} of paper)" for front, back, n in sides]
    mixed = any(back and back != front for front, back, _ in sides)
    return ("*Write-in sheets, printed on both sides*" + (", two different pads on a sheet where the game has two, so "
                                                          "that each player at a table gets a sheet of their own"
                                                          if mixed else "") + ": " + ", ".join(said) + ".")


def _join(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _with_backs(sections: list[Section]) -> set[str]:
    """The components printed with backs (a write-in page on the back of another is a front of its own pad)."""
    return {str(p.meta.get("component")) for sec in sections for page in sec.pages if page.side == "back"
            for p in page.placements if p.meta.get("side") == "back"}


def _cut(sections: list[Section], deck_id: str) -> bool:
    return any(page.marks for sec in sections for page in sec.pages
               if any(p.meta.get("component") == deck_id for p in page.placements))


def _blank(paper: tuple[float, float]) -> Page:
    return _page(paper, [], "", "blank")


def paired(pages: list[Page], paper: tuple[float, float]) -> list[Page]:
    """Insert blank pages so that each sheet's fronts page is an odd page followed by its back."""
    out: list[Page] = []
    for i, page in enumerate(pages):
        out.append(page)
        following = pages[i + 1] if i + 1 < len(pages) else None
        if page.side != "back" and (following is None or following.side != "back"):
            out.append(_blank(paper))
    return out
