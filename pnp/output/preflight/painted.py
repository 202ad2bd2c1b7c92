"""Preflight of what a PDF paints: every free edge of every face has its bleed, measured in the rendered pixels.

The layout says how far each face's art reaches past its trim (the manifest's `bleed_mm`); this reads back what the
file paints there. Each page is rendered (pdfium, 300 dpi, in bands) and each edge with bleed is sampled along it,
0.1 mm short of the bleed's outer edge (2.9 mm of 3), against the art just inside the trim: where the art is coloured
and the bleed is bare paper, the art stops short, and a cut a little off shows a white edge. (A form's bounding box
that stopped at the trim painted 0.35 mm of a 3 mm bleed on every card turned to fit Letter: the layout meant 3 mm.)
A pixel (0.085 mm) is finer than that 0.1 mm, so a pixel boundary falls between the sampled depth and the bleed's
edge: the renderer's rounding of a clip to whole pixels cannot make a whole bleed look short.

Only the bands of each page that the samples reach are rendered (pnp/output/preflight/bands.py), and their pixels read
straight from pdfium's bitmaps (a pixel is bare paper when each of its three channels is WHITE or more); an edge's
samples are read along two rows of its band, and the spans of the cut marks that cross it are walked along with the
samples.

Not sampled: where the art at the trim is paper-white itself (a bare edge shows nothing either way), the corners,
where a cut mark or its white halo crosses the band, and the outlines of tiles cut along a grid's cells.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.model.units import MM
from pnp.output.impose.cards import Page, Placement
from pnp.output.preflight.bands import SCALE, Box, Pixels, pixel_box
from pnp.output.write.manifest import trim_bleed

PX = 1 / SCALE  # one pixel, in points
SLACK = 0.1 * MM  # the bleed may end this far short of the layout's: 2.9 mm of 3 (a pixel is finer than this)
INSIDE = 0.5 * MM  # the art this far inside the trim is what the bleed should continue
CORNER = 1.0 * MM  # left out at each end of an edge
WHITE = 253  # a pixel whose every channel is at least this is bare paper
SHORT = 0.1  # an edge fails when more than this share of its samples is bare
EDGES = ("left", "top", "right", "bottom")


@dataclass(frozen=True)
class Short:
    """A face's edge whose painted bleed falls short of what the layout gives it."""
    page: int  # from 1
    placement: Placement
    edge: str  # left, top, right or bottom; "round": a round token's ring; "cut": a die net's cut line
    meant: float  # the layout's bleed on that edge, points
    painted: float  # how far the art reaches past the trim there (the median over the bare samples), points

    def message(self, file: str, pages: list[int]) -> str:
        """Said once for every face of a file whose edge falls short alike (`pages`: where they are)."""
        edge = {"round": "ring round the token", "cut": "cut line of the net"}.get(self.edge, f"{self.edge} edge")
        painted = f"{self.painted / MM:.1f}"
        if float(painted) * MM > self.meant - SLACK - 0.01:  # short by less than the rounding shows: say it finer
            painted = f"{self.painted / MM:.2f}"
        return (f"{file} {_pages(pages)}: the {edge} has {painted} mm of painted bleed, not "
                f"{self.meant / MM:.1f} mm: the art stops short of the bleed, and a cut a little off shows a white "
                "edge; give the template's background `bleed: true` (if it has it, this is pnp's fault: please "
                "report it)")


def _pages(numbers: list[int]) -> str:
    """[3, 4, 5, 9] -> 'pages 3-5, 9'."""
    runs: list[list[int]] = []
    for n in sorted(set(numbers)):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    said = ", ".join(f"{a}-{b}" if b > a else str(a) for a, b in runs)
    return ("pages " if len(runs) > 1 or runs[0][1] > runs[0][0] else "page ") + said


def short_edges(pdf: bytes, pages: list[Page]) -> list[Short]:
    """Every free edge of every face on these pages (the file's bytes, as written) whose bleed is not painted."""
    import pypdfium2 as pdfium

    out: list[Short] = []
    doc = pdfium.PdfDocument(pdf)
    try:
        for number, page in enumerate(pages, 1):
            faces = [p for p in page.placements if p.meta.get("side") != "map" and p.clip_path is None]
            edges = [(p, i, b) for p in faces for i, b in enumerate(trim_bleed(p)[1]) if b > SLACK + PX
                     and not (p.face.cut and i)]  # a die's net: its cut line, once
            if not edges:
                continue
            crossings = _crossings(page)
            rounds = {_key(e.x, e.y, e.w, e.h) for e in page.extras if type(e).__name__ == "Ellipse"}
            pdf_page = doc[number - 1]
            try:
                out += _page_shorts(number, Pixels(pdf_page, [_reach(p, i, rounds) for p, i, _ in edges]), edges,
                                    crossings, rounds)
            finally:
                pdf_page.close()
    finally:
        doc.close()
    return out


def _page_shorts(number: int, pixels: Pixels, edges: list[tuple[Placement, int, float]],
                 crossings: tuple[list[tuple[float, float]], list[tuple[float, float]]],
                 rounds: set[tuple[int, ...]]) -> list[Short]:
    """The edges of one page (its pixels rendered) whose bleed falls short."""
    out, size = [], pixels.size
    for p, i, meant in edges:
        if p.face.cut:  # cut on a line of its own (a die's net)
            along = _cut(pixels, size, p, min(trim_bleed(p)[1]))
            if along is not None:
                out.append(Short(number, p, "cut", *along))
            continue
        if _key(*trim_bleed(p)[0]) in rounds:  # a round token, cut on its circle: its bleed is a ring
            ring = _ring(pixels, size, p, min(trim_bleed(p)[1])) if i == 0 else None
            if ring is not None:
                out.append(Short(number, p, "round", *ring))
            continue
        found = _edge(pixels, size, p, i, meant, crossings)
        if found is not None:
            out.append(Short(number, p, EDGES[i], meant, found))
    return out


def _reach(p: Placement, i: int, rounds: set[tuple[int, ...]]) -> Box:
    """The pixels the samples of edge `i` of a placed face may read: the band across its edge from INSIDE within
    the trim to its bleed's outer edge; the whole of a round token or of a die's net and their bleed."""
    (tx, ty, tw, th), bleeds = trim_bleed(p)
    more = max(bleeds) + INSIDE
    if p.face.cut:
        scale = max(p.scale, 1.0)
        xs = [p.x + x * p.scale for segment in p.face.cut for x, _ in segment[:2]]
        ys = [p.y + y * p.scale for segment in p.face.cut for _, y in segment[:2]]
        return pixel_box(min(xs) - more * scale, min(ys) - more * scale, max(xs) + more * scale,
                         max(ys) + more * scale)
    if _key(tx, ty, tw, th) in rounds:
        return pixel_box(tx - more, ty - more, tx + tw + more, ty + th + more)
    out, inside = bleeds[i] + PX, INSIDE + PX  # how far the samples reach past the trim, and within it
    if i in (1, 3):  # the top or the bottom edge
        y0, y1 = (ty - out, ty + inside) if i == 1 else (ty + th - inside, ty + th + out)
        return pixel_box(tx + CORNER - PX, y0, tx + tw - CORNER + PX, y1)
    x0, x1 = (tx - out, tx + inside) if i == 0 else (tx + tw - inside, tx + tw + out)
    return pixel_box(x0, ty + CORNER - PX, x1, ty + th - CORNER + PX)


def _key(x: float, y: float, w: float, h: float) -> tuple[int, ...]:
    return tuple(round(v * 10) for v in (x, y, w, h))


def _ring(pixels: Pixels, size: tuple[int, int], p: Placement, meant: float) -> tuple[float, float] | None:
    """(meant, painted) of a round token's ring of bleed, if it falls short of `meant` (the least its cell gives
    it); None when it holds. Sampled all round, against the art just inside the circle."""
    (tx, ty, tw, th), _ = trim_bleed(p)
    scale, w, h = SCALE, *size
    cx, cy, rx, ry = tx + tw / 2, ty + th / 2, tw / 2, th / 2
    steps = max(16, int(math.pi * (tw + th) / PX))

    def pixel(turn: tuple[float, float], depth: float) -> int | None:
        px, py = int((cx + (rx + depth) * turn[0]) * scale), int((cy + (ry + depth) * turn[1]) * scale)
        return pixels.least(px, py) if 0 <= px < w and 0 <= py < h else None

    def bare(c: int | None) -> bool:
        return c is not None and c >= WHITE

    def ring(turns: list[tuple[float, float]], depth: float) -> list[int | None]:
        """pixel(turn, depth) of each turn, read in one go from the token's band."""
        return pixels.leasts([(int((cx + (rx + depth) * c) * scale), int((cy + (ry + depth) * s) * scale))
                              for c, s in turns], near)

    near = _reach(p, 0, {_key(tx, ty, tw, th)})  # the token and its bleed
    angles = [2 * math.pi * k / steps for k in range(steps)]
    turns = [(math.cos(a), math.sin(a)) for a in angles]  # each angle's, worked out once for all its samples
    counted = [a for a, c in zip(turns, ring(turns, -INSIDE), strict=True) if c is not None and not bare(c)]
    bare_at = [a for a, c in zip(counted, ring(counted, meant - SLACK), strict=True) if bare(c)]
    if not counted or len(bare_at) <= SHORT * len(counted):
        return None
    depths = []
    for a in bare_at[:: max(1, len(bare_at) // 25)]:
        depth = 0.0
        while depth < meant - SLACK and not bare(pixel(a, depth + PX / 2)):
            depth += PX
        depths.append(depth)
    depths.sort()
    return meant, depths[len(depths) // 2]


def _cut(pixels: Pixels, size: tuple[int, int], p: Placement, meant: float) -> tuple[float, float] | None:
    """(meant, painted) of a face cut on a line of its own (a die's net), sampled along each of its edges against
    the art just inside it, if its bleed falls short of `meant`; None when it holds."""
    scale, w, h = SCALE, *size

    def pixel(x: float, y: float) -> int | None:
        px, py = int((p.x + x * p.scale) * scale), int((p.y + y * p.scale) * scale)
        return pixels.least(px, py) if 0 <= px < w and 0 <= py < h else None

    def bare(c: int | None) -> bool:
        return c is not None and c >= WHITE

    counted, bare_at = 0, []
    for (ax, ay), (bx, by), (nx, ny) in p.face.cut:
        length = math.hypot(bx - ax, by - ay)
        steps = int((length - 2 * CORNER) / PX)
        for k in range(max(0, steps)):
            t = (CORNER + k * PX) / length
            x, y = ax + (bx - ax) * t, ay + (by - ay) * t
            inner = pixel(x - nx * INSIDE, y - ny * INSIDE)
            if inner is not None and not bare(inner):
                counted += 1
                if bare(pixel(x + nx * (meant - SLACK), y + ny * (meant - SLACK))):
                    bare_at.append((x, y, nx, ny))
    if not counted or len(bare_at) <= SHORT * counted:
        return None
    depths = []
    for x, y, nx, ny in bare_at[:: max(1, len(bare_at) // 25)]:
        depth = 0.0
        while depth < meant - SLACK and not bare(pixel(x + nx * (depth + PX / 2), y + ny * (depth + PX / 2))):
            depth += PX
        depths.append(depth)
    depths.sort()
    return meant, depths[len(depths) // 2]


def _merged(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Sorted (start, end) spans with those that overlap joined: their union, in order."""
    out: list[tuple[float, float]] = []
    for a, b in spans:
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _crossings(page: Page) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """Where the page's cut marks and lines (and the white halos under them) cross a band: (x, half width) of the
    upright ones, (y, half width) of the level ones."""
    lines = [(x1, y1, x2, y2, page.mark_width) for x1, y1, x2, y2 in page.marks]
    lines += [(i.x1, i.y1, i.x2, i.y2, i.width) for i in page.extras if type(i).__name__ == "Line"]
    upright = [(x1, w / 2 + 0.5 * MM) for x1, _, x2, _, w in lines if abs(x1 - x2) < 0.01]
    level = [(y1, w / 2 + 0.5 * MM) for _, y1, _, y2, w in lines if abs(y1 - y2) < 0.01]
    return upright, level


def _edge(pixels: Pixels, size: tuple[int, int], p: Placement, i: int, meant: float,
          crossings: tuple[list[tuple[float, float]], list[tuple[float, float]]]) -> float | None:
    """How far the bleed is painted on edge `i` of a placed face, if it falls short of `meant`; None when it holds."""
    (tx, ty, tw, th), _ = trim_bleed(p)
    scale = SCALE
    out = meant - SLACK  # sampled this far past the trim
    level = i in (1, 3)  # the top and bottom edges run across
    start, length = (tx, tw) if level else (ty, th)
    at = {0: tx, 1: ty, 2: tx + tw, 3: ty + th}[i]
    sign = -1 if i in (0, 1) else 1
    end = start + length - CORNER
    # a mark across a level edge's band is upright; only those that reach the sampled span can leave a sample out
    spans = _merged(sorted((m - half, m + half) for m, half in (crossings[0] if level else crossings[1])
                           if m - half <= end + 1 and m + half >= start + CORNER - 1))
    w, h = size

    def pixel(along: float, depth: float) -> int | None:
        x, y = (along, at + sign * depth) if level else (at + sign * depth, along)
        px, py = int(x * scale), int(y * scale)
        return pixels.least(px, py) if 0 <= px < w and 0 <= py < h else None

    def bare(c: int | None) -> bool:
        return c is not None and c >= WHITE

    band = pixels.band(_reach(p, i, set()))  # rendered with the edge's samples in it
    x0, y0 = band.box[:2]

    def row(depth: float) -> int | None:
        """Where the pixels at this depth start in the band's bytes (the pixel `k` along is `k * step` past it)."""
        c = int((at + sign * depth) * scale)
        if not 0 <= c < (h if level else w):
            return None
        return (c - y0) * band.stride - x0 * band.n if level else (c - x0) * band.n - y0 * band.stride

    step, reach = (band.n, w) if level else (band.stride, h)  # the pixels along the edge: their stride, how many
    inside, outside = row(-INSIDE), row(out)
    b, white = band.bytes, WHITE
    counted, bare_at = 0, []
    along, j = start + CORNER, 0
    while along < end:  # each sample as pixel(along, ...) reads it, the two rows read straight from the bitmap
        while j < len(spans) and spans[j][1] < along:
            j += 1  # the samples move along the edge: a mark's span behind them is done with
        if j == len(spans) or along < spans[j][0]:  # not under a mark
            k = int(along * scale)  # the pixel along
            if inside is not None and 0 <= k < reach:
                o = inside + k * step
                if b[o] < white or b[o + 1] < white or b[o + 2] < white:  # painted, not bare
                    counted += 1
                    if outside is not None:
                        o = outside + k * step
                        if b[o] >= white and b[o + 1] >= white and b[o + 2] >= white:
                            bare_at.append(along)
        along += PX
    if not counted or len(bare_at) <= SHORT * counted:
        return None
    depths = []
    for a in bare_at[:: max(1, len(bare_at) // 25)]:  # how far the paint reaches, at a few of the bare samples
        depth = 0.0
        while depth < out and not bare(pixel(a, depth + PX / 2)):
            depth += PX
        depths.append(depth)
    depths.sort()
    return depths[len(depths) // 2]
