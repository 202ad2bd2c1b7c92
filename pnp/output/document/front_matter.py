"""The print-and-play document's front matter, written from what the game has: a cover with the
contents checklist, then how to print and build it (only what applies to this game's components),
then every component's sheets, laid out so that the whole file can go to a duplex printer in one go
(every fronts page is followed by its backs page, a write-in page by another pad's (pnp/output/packing/pads.py) or, when
one-sided, by a blank page)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.layout.fonts.families import Family
from pnp.layout.scene import Label, Line, Rect, Text
from pnp.layout.text import Style, fit, parse
from pnp.model.game import Game, PrintSettings
from pnp.model.translation.catalog import said
from pnp.model.units import MM
from pnp.output.impose.cards import Page
from pnp.output.packing.pads import sheet_sides

if TYPE_CHECKING:
    from pnp.output.packing.shared import Section

INK = (0.1, 0.12, 0.18)
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
    lang = getattr(game, "lang", "")  # pnp's own words in the game's language (pnp/model/translation/catalog/)
    left, right = s.margin + 8 * MM, pw - s.margin - 8 * MM
    band = 52 * MM
    cover: list[Any] = [
        Rect(s.margin, s.margin, pw - 2 * s.margin, band, HULL, None, 0),
        Label(pw / 2, s.margin + 24 * MM, m.name, 28, (0.91, 0.70, 0.23), "center"),
        Label(pw / 2, s.margin + 34 * MM, said("Print-and-play edition · version {version}", lang, version=m.version),
              12, (1, 1, 1), "center"),
        Label(pw / 2, s.margin + 43 * MM, said("This file, in order: this sheet (the contents, then how to print and "
              "build), then every component, each sheet followed by its back or by a blank page.", lang), 8,
              (0.85, 0.87, 0.9), "center"),
    ]
    if rulebook:
        cover.append(Label(pw / 2, s.margin + 48 * MM, rulebook, 8, (0.91, 0.70, 0.23), "center"))
    pages: list[Page] = []
    items, y = cover, s.margin + band + 12 * MM
    items.append(Label(left, y, said("Contents", lang), 15, INK, "left"))
    y += 4 * MM
    printed = [r for r in rows if r.kind != "also"]
    also = [r for r in rows if r.kind == "also"]
    cols = (left, left + 78 * MM, left + 98 * MM, left + 116 * MM, right)

    def header(items: list[Any], y: float) -> float:
        for x, head, align in zip(cols, [said(h, lang) for h in ("component", "rulebook", "printed", "file", "page")],
                                  ("left", "left", "left", "left", "right"), strict=True):
            items.append(Label(x, y + 4 * MM, head, 8, GREY, align))
        return y + 4 * MM + ROW

    y = header(items, y)
    for row in printed:
        if y > ph - s.margin - FOOT - 2 * MM:  # a long list goes on over the page
            pages.append(_page(paper, items, "contents"))
            items, y = [Label(left, s.margin + 10 * MM, said("Contents (continued)", lang), 15, INK, "left")], \
                s.margin + 14 * MM
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
        lines = [said("**Also needed** (not printed)", lang)] + [
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
        how += f"\n**{said('Credits', lang)}**\n" + "\n".join(m.credits)
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
    """How to print, which paper, how to cut and build: only what this game's components need, worked out here
    and said by templates/how_to.md.j2."""
    lang = getattr(game, "lang", "")  # a translated game: how_to.<lang>.md.j2, where pnp has one
    return how_to_template(lang).render(**how_to_facts(game, s, rows, sections, stocks)).rstrip("\n")


@cache
def how_to_template(lang: str = "") -> Any:
    from jinja2 import Environment, FileSystemLoader, StrictUndefined

    folder = Path(__file__).with_name("templates")
    env = Environment(loader=FileSystemLoader(folder), autoescape=False,
                      trim_blocks=True, lstrip_blocks=True, undefined=StrictUndefined)
    name = f"how_to.{lang}.md.j2"
    return env.get_template(name if lang and (folder / name).is_file() else "how_to.md.j2")


def how_to_facts(game: Game, s: PrintSettings, rows: list[Row], sections: list[Section],
                 stocks: dict[str, list[tuple[int, int]]]) -> dict[str, Any]:
    """What the how-to page says of this game: which components have backs, which stock each takes, what to
    cut and how to build each kind of piece (names joined as a sentence names them)."""
    decks = {d.id: d for d in game.decks}
    printed = [r for r in rows if r.deck]
    kinds = {r.kind for r in printed}
    two_sided = [r for r in printed if r.deck in _with_backs(sections)]
    sides = sheet_sides(sections, {d.id: d.name for d in game.decks})
    paired = {d.id for sec in sections if sec.kind == "pads" for d in sec.decks}
    one_sided = [r for r in printed if r not in two_sided and r.deck not in paired]
    stock = [name for kind, name in (("cards", "cards"), ("tokens", "tokens"), ("board", "boards"),
                                     ("dial", "dials"), ("die", "dice")) if kind in kinds]
    pieces = next((sec for sec in sections if sec.kind == "pieces"), None)
    steps: dict[tuple, list[str]] = {}  # what to do -> the components it is for, so that each is said once
    for r in printed:
        deck = decks.get(r.deck)
        if deck is None:
            continue
        if deck.spec.kind == "board":
            tiled = sum(1 for sec in sections if sec.kind == "own" and deck in sec.decks for p in sec.pages
                        if p.side == "front") > r.printed
            beside = next((p.info["map_beside"] for sec in sections if sec.kind == "own" and deck in sec.decks
                           for p in sec.pages if "map_beside" in p.info), "")
            steps.setdefault(("tiles", r.page, beside, "") if tiled else ("board", 0, "", ""), []).append(deck.name)
        elif deck.spec.kind == "die":
            steps.setdefault(("die", 0, "", ""), []).append(deck.name)
        elif deck.spec.kind == "sheet":
            steps.setdefault(("sheet", int(_cut(sections, deck.id)), "", ""), []).append(deck.name)
        if deck.spec.instructions:
            steps.setdefault(("text", 0, "", deck.spec.instructions), []).append(deck.name)
    return {
        "duplex": s.duplex, "edge": "long" if s.duplex == "long" else "short",
        "blanks": bool(one_sided or any(not back for _, back, _ in sides)),
        "two_sided": [r.name for r in two_sided], "one_sided": [r.name for r in one_sided],
        "pads": [{"front": front, "back": back, "n": n} for front, back, n in sides],
        "pads_mixed": any(back and back != front for front, back, _ in sides),
        "stocks": {k: _pages_said(v) for k, v in stocks.items()} if len(stocks) > 1 else {},
        "stock": _join(stock) if stock else "", "glued": bool(kinds & {"tokens", "board", "die", "dial"}),
        "sheets": _join([r.name for r in printed if r.kind == "sheet"]) if "sheet" in kinds else "",
        "more": _join(more) if (more := [r.file for r in printed if r.deck in paired and r.file]) else "",
        "cards": "cards" in kinds, "tokens": "tokens" in kinds, "dials": "dial" in kinds,
        "pieces": [{"name": d.name, "whole": True} for d in pieces.decks] + [
            {"name": deck.name, "whole": False, "wheels": deck.spec.kind == "dial", "n": n}
            for deck, n in pieces.joined] if pieces is not None else [],
        "beside_tiles": pieces is not None and any("free" in p.info and len(p.placements) > 1 for sec in sections
                                                   for p in sec.pages),
        "on_card_sheets": pieces is not None and any(p.info.get("pieces") for sec in sections if sec.kind == "cards"
                                                     for p in sec.pages),
        "steps": [{"kind": kind, "page": page, "beside": beside, "cut": bool(page), "text": text, "names": _join(names)}
                  for (kind, page, beside, text), names in steps.items()],
    }


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
