"""The print-and-play document: a cover, the contents checklist, printing instructions, then every
component's sheets, laid out so that the whole file can go to a duplex printer in one go (every
single-sided sheet is followed by a blank page; every fronts page by its backs page)."""

from __future__ import annotations

from typing import Any

from pnp.layout.fonts import Family
from pnp.layout.scene import Label, Line, Rect, Text
from pnp.layout.text import Style, fit, parse
from pnp.model.units import MM
from pnp.output.impose import Page

INK = (0.1, 0.12, 0.18)
DIALS = ("*Dials:* cut the base on its corner marks, then cut out its window and its thumb hole (a craft knife on a "
         "cutting mat, along the thin dark lines). Cut each wheel out on its circle. Punch the centre of the base and "
         "of its wheel (a pin or an awl, on the cross), lay the wheel printed side up under the base, and push a "
         "brad (a split pin) through both centres; open its legs at the back. Turn the wheel with a finger through "
         "the thumb hole: one value shows in the window at each step, and the end mark stops the wheel.")
GREY = (0.4, 0.4, 0.4)


def _page(paper: tuple[float, float], items: list[Any], side: str = "front") -> Page:
    return Page(paper[0], paper[1], [], [], 0.5, side, items)


def _lines(x: float, y: float, lines: list[str], size: float = 10, gap: float = 1.45) -> tuple[list[Any], float]:
    items: list[Any] = []
    for line in lines:
        items.append(Label(x, y, line, size, INK, "left"))
        y += size * gap
    return items, y


def front_matter(name: str, version: str, paper: tuple[float, float], margin: float, family: Family,
                 rows: list[tuple[str, int | None, int, str, int, bool]], dials: bool = False,
                 credits: list[str] | None = None) -> list[Page]:
    """Cover (with the game's credits at its foot), contents checklist (rows: component, rulebook count,
    printed, file, pages, duplex), instructions (with the dials' when the game has one)."""
    pw, ph = paper
    left = margin + 10 * MM
    cover = [Rect(0, 0, pw, ph * 0.42, (0.086, 0.129, 0.227), None, 0),
             Label(pw / 2, ph * 0.2, name, 30, (0.91, 0.70, 0.23), "center"),
             Label(pw / 2, ph * 0.2 + 14 * MM, f"Print-and-play edition · version {version}", 12, (1, 1, 1), "center")]
    items, y = _lines(left, ph * 0.42 + 20 * MM, [
        "In this file, in order:",
        "  1. this cover and the contents checklist (one sheet, both sides)",
        "  2. how to print and build the game",
        "  3. every component, each sheet followed by its back (or by a blank page when it has none),",
        "     so that the whole file prints duplex in one go",
    ], 11)
    cover += items
    if credits:
        box = (left, ph - margin - 45 * MM, pw - 2 * left, 40 * MM)
        text = "**Credits**\n" + "\n".join(credits)
        fitted = fit(parse(text, None, "bold", None), Style(family, INK, INK, None), box, 9, 5, 1.25, 0.3, "left",
                     "bottom")
        cover += [Text(*box, *fitted)] if fitted else []
    checklist: list[Any] = [Label(left, margin + 12 * MM, "Contents checklist", 18, INK, "left")]
    y = margin + 24 * MM
    for col, head in ((left, "component"), (left + 70 * MM, "rulebook"), (left + 92 * MM, "printed"),
                      (left + 112 * MM, "file"), (left + 160 * MM, "pages")):
        checklist.append(Label(col, y, head, 9, GREY, "left"))
    y += 6 * MM
    for component, listed, printed, file, pages, _ in rows:
        checklist.append(Rect(left - 8 * MM, y - 3.2 * MM, 4 * MM, 4 * MM, None, INK, 0.7))
        checklist.append(Label(left, y, component, 10, INK, "left"))
        checklist.append(Label(left + 70 * MM, y, "" if listed is None else str(listed), 10, INK, "left"))
        checklist.append(Label(left + 92 * MM, y, str(printed), 10, INK, "left"))
        checklist.append(Label(left + 112 * MM, y, file, 9, GREY, "left"))
        checklist.append(Label(left + 160 * MM, y, str(pages) if pages else "", 9, GREY, "left"))
        checklist.append(Line(left, y + 1.8 * MM, pw - margin - 10 * MM, y + 1.8 * MM, (0.85, 0.85, 0.85), 0.4))
        y += 7 * MM
    duplex = ", ".join(file for _, _, _, file, _, two in rows if two)
    single = ", ".join(file for _, _, _, file, _, two in rows if file and not two)
    how = "\n".join([
        "**How to print**",
        "Print at 100 % (actual size), never 'fit to page': the cut marks and the manifest assume it. Print "
        "duplex, flipping on the long edge: every fronts page is followed by its backs page, and every "
        "single-sided sheet by a blank page, so this whole file prints in one go.",
        f"*With backs:* {duplex}.",
        f"*Single-sided:* {single}.",
        "Before a whole deck, print its first sheet once and hold it to the light: each back should sit behind "
        "its front within a millimetre. A printer's shift moves every back alike, and the bleed absorbs it.",
        "**Paper**",
        "Cards, tokens, standees and the player aid: card stock (200-300 g/m²), or paper glued to card. The "
        "board, the tracks and the die: card stock, or paper glued onto thin cardboard.",
        "**Cutting and building**",
        "*Cards:* cut on the cut marks in the margins, the long lines through the whole sheet first.",
        "*Tokens:* cut on the thin grey outline of each token.",
        "*Board:* follow its assembly map. Cut each tile but A1 on its dashed lines and lay it over its "
        "neighbours, half crosses on whole crosses; glue, then cut the board on its corner marks.",
        "*Standees:* fold on the dashed lines, glue the two panels back to back, spread the feet.",
        "*Die:* cut on the outline, fold every dashed line away from you, glue the grey tabs inside, the last "
        "face last.",
        *([DIALS] if dials else []),
    ])
    box = (margin + 10 * MM, margin + 10 * MM, pw - 2 * margin - 20 * MM, ph - 2 * margin - 20 * MM)
    fitted = fit(parse(how, None, "bold", None), Style(family, INK, INK, None), box, 11, 7, 1.3, 0.6, "left", "top")
    items = [Text(*box, fitted[0], fitted[1], fitted[2])] if fitted else []
    return [_page(paper, cover), _page(paper, checklist, "back"), _page(paper, items), _blank(paper)]


def _blank(paper: tuple[float, float]) -> Page:
    return _page(paper, [], "blank")


def paired(pages: list[Page], paper: tuple[float, float]) -> list[Page]:
    """Insert blank pages so that each sheet's fronts page is an odd page followed by its back."""
    out: list[Page] = []
    for i, page in enumerate(pages):
        out.append(page)
        following = pages[i + 1] if i + 1 < len(pages) else None
        if page.side != "back" and (following is None or following.side != "back"):
            out.append(_blank(paper))
    return out
