"""Which way round cards lie on their sheets: the grid that gives every face its whole bleed and cut marks of a
useful length, turning the cards a quarter when that is the only way (poker cards on Letter: three rows as drawn
leave 1.35 mm of bleed and 1 mm marks above and below the grid; turned, two across and four down keep 3 mm and
marks of 3.7 mm). A grid that cannot hold the whole bleed either way says what each face got (`bleed_note`)."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.layout.scene import Entry, Face, Transform
from pnp.model.units import MM, to_mm
from pnp.output.impose.cards import EPS, Grid, plan_grid

MIN_CUT_MARK = 3 * MM  # a cut mark shorter than this is hard to find with a ruler (and a wide printer margin drops it)



@dataclass(slots=True, repr=False, eq=False)
class Turned(Face):
    """A card laid a quarter turn round on its sheet: its frame is `upright`'s turned `angle` degrees clockwise.
    The playtest stamp and its checks go on the upright face."""

    upright: Face | None = None
    angle: float = 0.0


def turn_card(face: Face, angle: float) -> Turned:
    """`face` a quarter turn round (90: clockwise, -90: anticlockwise), on a frame of its height by its width."""
    return Turned(face.h, face.w, face.bleed, [Transform(face.h / 2, face.w / 2, 1.0, angle, face.w, face.h,
                                                         face.items, face.bleed)], face.sources, face.stamp,
                  upright=face, angle=angle)


def upright(face: Face) -> Face:
    """The face as its template drew it (a turned card's own frame)."""
    inner = getattr(face, "upright", None)
    return inner if inner is not None else face


def whole(grid: Grid, marks: bool, mark_len: float) -> bool:
    """Every face keeps its whole bleed and every cut mark is at least MIN_CUT_MARK long (or as long as asked)."""
    for axis in (grid.cols, grid.rows):
        if not axis.count:
            return False
        if not axis.gap and axis.outer_bleed < grid.bleed - EPS:
            return False
        if marks and axis.mark < min(MIN_CUT_MARK, mark_len) - EPS:
            return False
    return True


def plan_cards(paper: tuple[float, float], margin: float, card: tuple[float, float], bleed: float, gap: str,
               marks: bool, mark_len: float, mark_off: float, center: bool) -> tuple[Grid, bool]:
    """(the grid, whether the cards lie turned): as drawn, unless only the turned grid keeps the whole bleed and
    marks of a useful length."""
    grid = plan_grid(paper, margin, card, bleed, gap, marks, mark_len, mark_off, center)
    if abs(card[0] - card[1]) < EPS or whole(grid, marks, mark_len) or not grid.per_page:
        return grid, False
    other = plan_grid(paper, margin, (card[1], card[0]), bleed, gap, marks, mark_len, mark_off, center)
    if whole(other, marks, mark_len):
        return other, True
    return grid, False


def turn_entries(entries: list[Entry]) -> list[Entry]:
    """Each card turned a quarter clockwise, its back anticlockwise: turned over left to right, the back is upright
    behind the front (as a turned board's)."""
    return [Entry(turn_card(f, 90), turn_card(b, -90) if b is not None else None, {**m, "turned": 90})
            for f, b, m in entries]


def shortfall(grid: Grid, paper_name: str, margin: float) -> str:
    """What a grid that cannot hold the whole bleed or useful marks prints instead ('' when it holds them)."""
    out = []
    for axis, where in ((grid.rows, "above and below"), (grid.cols, "left and right of")):
        if axis.count and axis.outer_bleed < grid.bleed - 0.01 and not axis.gap:
            out.append(f"{to_mm(axis.outer_bleed):.2f} mm of bleed {where} the grid on {paper_name} (the "
                       f"{to_mm(margin):g} mm margin has no room for {to_mm(grid.bleed):g} mm)")
        if axis.dropped:
            out.append(f"no room for cut marks {where} the grid on {paper_name}")
        elif axis.count and 0 < axis.mark < MIN_CUT_MARK - EPS:
            out.append(f"cut marks {where} the grid only {to_mm(axis.mark):.1f} mm long on {paper_name}")
    return "; ".join(out)


def note_shortfall(pages: list, note: str) -> None:
    """Each face of a grid that prints less than its whole bleed says so in its manifest entry (`bleed_note`), and
    its page's footer says it too."""
    if not note:
        return
    for page in pages:
        for p in page.placements:
            p.meta["bleed_note"] = note
        page.info["bleed_note"] = note
