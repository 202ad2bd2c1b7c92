"""What to draw, as plain data in points.

Coordinates are measured from the top-left corner of the trimmed face, y pointing down; the bleed
lies at negative coordinates and beyond the width and height. Layout makes these; render draws
them; tests, overflow checks and previews read them without drawing anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, NamedTuple

from pnp.model.units import RGB


@dataclass(slots=True, repr=False, eq=False)
class Rect:
    """A rectangle to draw, in points."""
    x: float
    y: float
    w: float
    h: float
    fill: RGB | None = None
    stroke: RGB | None = None
    width: float = 0.5
    radius: float = 0.0
    dash: tuple[float, ...] = ()  # the stroke's dash pattern (on, off, ...); () solid


@dataclass(slots=True, repr=False, eq=False)
class Ellipse:
    """An ellipse to draw, in points."""
    x: float
    y: float
    w: float
    h: float
    fill: RGB | None = None
    stroke: RGB | None = None
    width: float = 0.5
    dash: tuple[float, ...] = ()


@dataclass(slots=True, repr=False, eq=False)
class Line:
    """A line to draw, in points."""
    x1: float
    y1: float
    x2: float
    y2: float
    stroke: RGB
    width: float = 0.5
    dash: tuple[float, ...] = ()


@dataclass(slots=True, repr=False, eq=False)
class Polygon:
    """A closed polygon to draw, in points."""
    points: list[tuple[float, float]]
    fill: RGB | None = None
    stroke: RGB | None = None
    width: float = 0.5
    dash: tuple[float, ...] = ()


@dataclass(slots=True, repr=False, eq=False)
class TextRun:
    """One run of text in one font, size and colour; (x, y) is the start of its baseline."""

    x: float
    y: float
    font: str
    size: float
    color: RGB
    text: str


@dataclass(slots=True, repr=False, eq=False)
class Icon:
    """An icon of the game to draw in a box, in points."""
    name: str
    x: float
    y: float
    w: float
    h: float
    color: RGB
    rotate: float = 0.0
    paper: RGB | None = None  # cut-outs' colour; None: white


@dataclass(slots=True, repr=False, eq=False)
class Image:
    """A picture file to draw in a box, in points."""
    path: str
    x: float
    y: float
    w: float
    h: float
    color: RGB | None = None  # an SVG's currentColor and unset fills (None: black)
    background: bool = True  # an SVG: False leaves out a shape covering its whole view box (`background: none`)


@dataclass(slots=True, repr=False, eq=False)
class Text:
    """A laid-out text box: its runs and icons, plus what fitting did (for checks and previews)."""

    x: float
    y: float
    w: float
    h: float
    runs: list[TextRun | Icon]
    size: float
    lines: int
    rotate: float = 0.0


@dataclass(slots=True, repr=False, eq=False)
class Label:
    """One line of plain text in the renderer's default font: page labels and notes. (x, y) is the
    baseline's left end, centre or right end as `align` says."""

    x: float
    y: float
    text: str
    size: float
    color: RGB
    align: str = "left"


@dataclass(slots=True, repr=False, eq=False)
class Static:
    """Items identical on every face of a template: drawn once, reused (a PDF form)."""

    key: str
    items: list


@dataclass(slots=True, repr=False, eq=False)
class Transform:
    """Items laid out in a frame of their own, `w` x `h` (a die face's template): drawn with the frame's
    centre at (x, y), scaled by `scale` and turned `rotate` degrees clockwise about it. `bleed`: the art kept past
    the frame's edges (a card or board turned on its sheet keeps its whole bleed; a die face is cut at its square)."""

    x: float
    y: float
    scale: float
    rotate: float
    w: float
    h: float
    items: list
    bleed: float = 0.0  # how far the items' art reaches past the frame (a turned card's or board's bleed)


Item = Rect | Ellipse | Line | Polygon | Text | Icon | Image | Label | Static | Transform


def image_paths(items: list, seen: set[int] | None = None) -> list[str]:
    """The picture files these items draw (inside Static and Transform groups too), in order; `seen`: the ids of
    Static groups already looked into (shared by every face of a template), skipped."""
    out: list[str] = []
    for item in items:
        if isinstance(item, Image):
            out.append(item.path)
        elif isinstance(item, Static):
            if seen is None or id(item) not in seen:
                if seen is not None:
                    seen.add(id(item))
                out += image_paths(item.items, seen)
        elif isinstance(item, Transform):
            out += image_paths(item.items, seen)
    return out


@dataclass(frozen=True, slots=True)
class ElementSource:
    """Which template element drew an item: its place, and its name with its groups' names (innermost first)."""

    where: Any
    names: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class GridCells:
    """A `grid` element as drawn on a face: its shape and each cell's (row, col, corners), in face points."""

    shape: str  # hex or square
    cells: tuple[tuple[int, int, tuple[tuple[float, float], ...]], ...]


@dataclass(slots=True, repr=False, eq=False)
class Face:
    """One card face (front or back), ready to place on a page."""

    w: float
    h: float
    bleed: float
    items: list[Item] = field(default_factory=list)
    sources: dict[int, ElementSource] | None = None  # id(item) -> the element that drew it (preflight, board seams)
    stamp: str = "center"  # where a card front's playtest stamp goes along its foot: center, left or right
    grids: tuple[GridCells, ...] = ()  # the hex and square grids it holds (a tiled board cuts between their cells)
    # where it is cut when that is not its trim's rectangle (a die's net): each edge (a, b) and its outward normal
    cut: tuple[tuple[tuple[float, float], tuple[float, float], tuple[float, float]], ...] = ()

    def source(self, item: Item) -> ElementSource | None:
        return self.sources.get(id(item)) if self.sources is not None else None

    def __getstate__(self) -> tuple:
        """What a face looks like, without `sources` (shared by every face of its template, keyed by ids):
        a face pickles (pnp serve's keys) as what it draws, nothing else."""
        return self.w, self.h, self.bleed, self.items, self.stamp, self.grids, self.cut

    def __setstate__(self, state: tuple) -> None:
        self.w, self.h, self.bleed, self.items, self.stamp, self.grids, self.cut = state
        self.sources = None


class Entry(NamedTuple):
    """One printed copy of a piece, as the layout hands it to imposition: its front, its back (None: it has
    none) and its manifest entry (`component`, `id`, `copy`; `turned` once imposition turns it)."""

    front: Face
    back: Face | None
    meta: dict[str, Any]


def drawn_as(item: Any) -> tuple:
    """An item as a hashable key of what it draws: its kind and its fields (a list as a tuple; the items in it, and
    anything not a scene item, as themselves)."""
    kind = type(item)
    get = _FIELDS.get(kind)
    if get is None:
        fields = getattr(item, "__slots__", ())
        get = _FIELDS[kind] = attrgetter(*fields, "__class__") if fields else None  # a tuple, even of one field
    if get is None:
        return kind, item
    values = get(item)
    if list in map(type, values):  # a polygon's points, a group's items
        return tuple(tuple(v) if isinstance(v, list) else v for v in values)
    return values


_FIELDS: dict[type, Any] = {}  # a kind of item -> what reads its fields (and its kind)


def shift(items: list[Item], dx: float, dy: float) -> list[Item]:
    """Move freshly laid-out items by (dx, dy), in place: a `group`'s children to the group's origin."""
    if not (dx or dy):
        return items
    for item in items:
        if isinstance(item, Line):
            item.x1, item.y1, item.x2, item.y2 = item.x1 + dx, item.y1 + dy, item.x2 + dx, item.y2 + dy
        elif isinstance(item, Polygon):
            item.points = [(x + dx, y + dy) for x, y in item.points]
        elif isinstance(item, Static):
            shift(item.items, dx, dy)
        else:
            item.x, item.y = item.x + dx, item.y + dy
            if isinstance(item, Text):
                for run in item.runs:
                    run.x, run.y = run.x + dx, run.y + dy
    return items
