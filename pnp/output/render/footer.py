"""The running footer: on every page, one line that says what the page is (game and version, what it
holds, sheet i of n, paper and duplex, page number), set in 6 pt inside the printable area and
outside every face, bleed, mark and label.

`footers` writes the lines (longest first: the renderer takes the first that fits); `place` finds
room for one: along the foot of the printable area, else its head, else up its right or left side
(turned a quarter), between whatever is drawn there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.layout.scene import Ellipse, Icon, Image, Label, Line, Polygon, Rect, Static, Text
from pnp.model.translation.catalog import said
from pnp.output.impose.cards import Page

SIZE = 6.0  # pt: the smallest text the preflight accepts
CLEAR = 0.8 * 72 / 25.4  # kept between the footer and anything drawn
Box = tuple[float, float, float, float]  # x0, y0, x1, y1 from the page's top-left


def footers(pages: list[Page], game: str, paper: str, duplex: str, playtest: bool, what: list[str],
            first: int = 1, total: int | None = None, lang: str = "") -> None:
    """Set each page's footer. `what[i]`: what page i holds ("Ability", "Damage Token, Marker", "cover"); pnp's
    own words in the game's language `lang` (catalog.py)."""
    total = total or len(pages)
    paper = paper[:1].upper() + paper[1:]  # Letter, Tabloid
    print_mode = said(f"{{paper}}, duplex {duplex} edge", lang, paper=paper) if duplex != "none" else \
        said("{paper}, one-sided", lang, paper=paper)
    sheets = _sheets(pages, lang)
    for i, page in enumerate(pages):
        number = said("page {n} of {total}", lang, n=first + i, total=total)
        sheet = sheets[i]
        stamp = f"{game}{said(' (playtest)', lang) if playtest else ''}"
        short = page.info.get("bleed_note", "")  # a grid that cannot hold the whole bleed says what it prints
        full = [stamp, what[i], sheet, print_mode, number, short]
        page.info = {**page.info, "what": what[i], **({"sheet": sheet} if sheet else {})}
        page.footer = [" · ".join(p for p in full if p), " · ".join(p for p in (what[i], sheet, number, short) if p),
                       " · ".join(p for p in (sheet, number, short) if p), number]


def _sheets(pages: list[Page], lang: str = "") -> list[str]:
    """'sheet i of n' of each page that prints something to cut, 'back of sheet i' for its backs page."""
    fronts = [p for p in pages if p.side == "front" and p.placements]
    n, i = len(fronts), 0
    out = []
    for page in pages:
        if page.side == "front" and page.placements:
            i += 1
            out.append(said("sheet {i} of {n}", lang, i=i, n=n) if n > 1 else "")
        elif page.side == "back":
            out.append(said("back of sheet {i} of {n}", lang, i=i, n=n) if n > 1 else said("back", lang))
        else:
            out.append("")
    return out


def place(page: Page, width: Callable[[str], float], margin: float) -> list[tuple[float, float, float, str]]:
    """[(x, y, angle, text)] for the first footer line that fits at the foot of the page, whole or in parts between
    the marks (else at its head, else up a side: one place on every sheet where the sheets leave room for it): each
    baseline's start, in page points from the top-left; angle 0 (along the foot or the head) or 90 (up a side).
    Empty when nothing fits. It keeps off every face's bleed where it can (the bleed is art to the edge it is cut
    at); only where it fits nowhere else does it run over a bleed band, as the marks do."""
    for bleed in (True, False):
        found = _place(page, obstacles(page, bleed), width, margin)
        if found:
            return found
    return []


def _place(page: Page, boxes: list[Box], width: Callable[[str], float], margin: float,
           ) -> list[tuple[float, float, float, str]]:
    pw, ph = page.w, page.h
    ascent, descent = SIZE * 0.75, SIZE * 0.25
    strips: list[tuple[Box, int]] = [
        ((margin, ph - margin - SIZE, pw - margin, ph - margin), 0),
        ((margin, margin, pw - margin, margin + SIZE), 0),
        ((pw - margin - SIZE, margin, pw - margin, ph - margin), 90),
        ((margin, margin, margin + SIZE, ph - margin), 90),
    ]
    gaps = [_gaps(strip, angle, boxes) for strip, angle in strips]
    known: dict[str, float] = {}

    def measure(text: str) -> float:
        if text not in known:
            known[text] = width(text)
        return known[text]

    for (strip, angle), free in zip(strips, gaps, strict=True):  # the foot, with a shorter line, before the head
        for text in page.footer:
            runs = _fill(free, text.split(" · "), measure)
            if runs is None:
                continue
            out = []
            for start, piece in runs:
                if angle == 0:
                    out.append((start, strip[3] - descent, 0.0, piece))
                else:  # turned: the text runs up from its start
                    x = strip[2] - descent if strip[2] >= pw - margin - 0.01 else strip[0] + ascent
                    out.append((x, start + measure(piece), 90.0, piece))
            return out
    return []


def _fill(gaps: list[tuple[float, float]], parts: list[str], width: Callable[[str], float],
          ) -> list[tuple[float, str]] | None:
    """The parts, in order, in the gaps: the whole line centred in the widest gap if it fits, else as many
    parts to a gap as fit, left to right; None if some part fits nowhere."""
    whole = " · ".join(parts)
    need = width(whole)
    fitting = [g for g in gaps if g[1] - g[0] >= need]
    if fitting:
        a, b = max(fitting, key=lambda g: (g[1] - g[0], -g[0]))
        return [((a + b - need) / 2, whole)]
    out: list[tuple[float, str]] = []
    queue = list(parts)
    for a, b in gaps:
        line: list[str] = []
        while queue and width(" · ".join([*line, queue[0]])) <= b - a:
            line.append(queue.pop(0))
        if line:
            text = " · ".join(line)
            out.append(((a + b - width(text)) / 2, text))
    return out if not queue and len(out) > 0 else None


def _gaps(strip: Box, angle: int, boxes: list[Box]) -> list[tuple[float, float]]:
    """The free runs along a strip, between the obstacles that cross it."""
    x0, y0, x1, y1 = strip
    lo, hi = (x0, x1) if angle == 0 else (y0, y1)
    blocked = []
    for bx0, by0, bx1, by1 in boxes:
        if bx0 - CLEAR < x1 and bx1 + CLEAR > x0 and by0 - CLEAR < y1 and by1 + CLEAR > y0:
            blocked.append((bx0 - CLEAR, bx1 + CLEAR) if angle == 0 else (by0 - CLEAR, by1 + CLEAR))
    gaps, at = [], lo
    for a, b in sorted(blocked):
        if a > at:
            gaps.append((at, a))
        at = max(at, b)
    if at < hi:
        gaps.append((at, hi))
    if angle == 90:  # up a side, the parts read bottom to top
        gaps.reverse()
    return gaps


def obstacles(page: Page, bleed: bool = False) -> list[Box]:
    """Boxes of everything drawn on the page: faces (with `bleed`, their cells; else their trims: a footer that finds
    no other room runs over a bleed band, which is cut away, on a white line as the marks do), marks, extras."""
    out: list[Box] = [(x, y, x + w, y + h) for x, y, w, h in (p.clip if bleed and p.clip_path is None else _trim(p)
                                                              for p in page.placements)]
    for x1, y1, x2, y2 in page.marks:
        out.append((min(x1, x2) - 1, min(y1, y2) - 1, max(x1, x2) + 1, max(y1, y2) + 1))
    for item in page.extras:
        if not (isinstance(item, Line) and item.stroke == (1.0, 1.0, 1.0)):  # a mark's white line: the mark counts
            out.extend(_boxes(item))
    return out


def _trim(p: Any) -> Box:
    """A placed face's cut outline (a board tile's own, with its tabs), inside its cell."""
    if "trim_mm" in p.meta:
        x, y, w, h = (v * 72 / 25.4 for v in p.meta["trim_mm"])
    else:
        x, y, w, h = p.box
    cx, cy, cw, ch = p.clip
    x0, y0 = max(x, cx), max(y, cy)
    return x0, y0, max(x0, min(x + w, cx + cw)) - x0, max(y0, min(y + h, cy + ch)) - y0


def _boxes(item: Any) -> list[Box]:
    if isinstance(item, Static):
        return [b for sub in item.items for b in _boxes(sub)]
    if isinstance(item, Line):
        half = item.width / 2 + 0.5
        return [(min(item.x1, item.x2) - half, min(item.y1, item.y2) - half,
                 max(item.x1, item.x2) + half, max(item.y1, item.y2) + half)]
    if isinstance(item, Polygon):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return [(min(xs), min(ys), max(xs), max(ys))] if xs else []
    if isinstance(item, Label):
        w = len(item.text) * item.size * 0.6  # generous: no font metrics here
        x0 = {"center": item.x - w / 2, "right": item.x - w}.get(item.align, item.x)
        return [(x0, item.y - item.size * 0.8, x0 + w, item.y + item.size * 0.3)]
    if isinstance(item, Rect | Ellipse | Text | Icon | Image):
        return [(item.x, item.y, item.x + item.w, item.y + item.h)]
    return []
