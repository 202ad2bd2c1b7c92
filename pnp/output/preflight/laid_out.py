"""Preflight: what a print shop checks before it prints, over the pages a build laid out.

It reads the imposed pages and their laid-out faces (plain data that knows which template element
drew each item), not the PDF bytes, so each finding names the component, the face and the template
line to change. Checks:

* fonts: every font is a TrueType font that the PDF embeds (subset);
* printable area: nothing on a sheet outside its margin (one-face print-shop pages have none);
* text: nothing under 6 pt; strokes: nothing under 0.25 pt; images: 300 dpi at their printed size;
* marks: no cut or registration mark over a face's trimmed (visible) area;
* contrast: a mark over art is black over white, or it vanishes on dark art; each run of text stands out
  from the colour under it (pnp/output/preflight/contrast.py);
* stamp: the playtest stamp (at the foot of a card front) over no text and no edge of a shape.

Findings are warnings with the rule `preflight`; `pnp check GAME --print --strict` fails on any.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from pnp.core.errors import Problem, Where
from pnp.layout.scene import Ellipse, Face, Icon, Image, Item, Label, Line, Polygon, Rect, Text, TextRun, drawn_as
from pnp.model.units import MM, hex_of
from pnp.output.impose.cards import Page, Placement
from pnp.output.impose.turned import upright
from pnp.output.preflight.contrast import MIN_CONTRAST, low_contrast, needed, ratio
from pnp.output.preflight.extent import Box, crosses, dpi, line_box, luminance, shrink, walk_scaled, within

MIN_TEXT = 6.0  # points
MIN_STROKE = 0.25  # points
MIN_DPI = 300
TOLERANCE = 0.5 * MM  # a mark may touch a face's edge (a cut outline does): it may not reach further in


@dataclass
class Sheets:
    """The pages of one PDF a build wrote, and where its component is declared."""

    file: str
    pages: list[Page]
    where: Where | None = None  # the component's deck file
    single: bool = False  # one face a page, the page its bleed box: no printable margin


_Mark = tuple[Where | None, str, int]  # a finding of a page's marks: where, what, the face's index (-1: the page)


@dataclass
class _Found:
    """A preflight finding and the faces it was found on."""
    where: Where | None
    message: str
    subjects: list[str] = field(default_factory=list)


@dataclass
class KeptFindings:
    """What a preflight found on each face, kept for the next build of `pnp watch` and `pnp serve`: a deck that was
    not laid out again has the same face objects, whose findings need not be worked out again. Only the faces of
    the last build are kept, and only for a preflight of the same settings (`key`)."""

    key: tuple = ()
    faces: dict[Face, list[tuple[Where | None, str]]] = field(default_factory=dict)
    stamps: dict[tuple, list[tuple[Where | None, str]]] = field(default_factory=dict)
    pages: dict[tuple, list[_Mark]] = field(default_factory=dict)  # by a page's geometry (values, never objects)


class Preflight:
    contrast = MIN_CONTRAST  # what text must reach (the game's `print: contrast:`)

    def __init__(self, paper_margin: float, font: str, icons: dict[str, Any], stamp_size: float | None = None,
                 stamp: str = "", kept: KeptFindings | None = None):
        """`font`: the renderer's own (labels, stamps); `stamp_size`: the playtest stamp's size, if printed;
        `stamp`: its text, `{component}` and `{id}` filled in per face; `kept`: the last build's findings."""
        self.margin, self.font, self.icons, self.stamp_size, self.stamp = paper_margin, font, icons, stamp_size, stamp
        self.found: dict[tuple, _Found] = {}
        self._kept = kept
        self._faces: dict[Face, list[tuple[Where | None, str]]] = {}  # each face -> its item findings
        self._fonts: dict[str, bool] = {}
        self._stamps: dict[tuple, list[tuple[Where | None, str]]] = {}  # (face, stamp) -> what it prints over
        self._pages: dict[tuple, list[_Mark]] = {}  # a page's geometry -> its marks' findings

    # -- reporting ---------------------------------------------------------------------------
    def add(self, where: Where | None, message: str, subject: str) -> None:
        entry = self.found.setdefault((str(where), message), _Found(where, message))
        if subject not in entry.subjects:
            entry.subjects.append(subject)

    def problems(self) -> list[Problem]:
        out = []
        for f in self.found.values():
            more = f" (and {len(f.subjects) - 1} more)" if len(f.subjects) > 1 else ""
            out.append(Problem(f.where, f.message, f.subjects[0] + more, "warning", "preflight"))
        return out

    # -- a whole build -----------------------------------------------------------------------
    def check(self, sheets: Sheets) -> None:
        for number, page in enumerate(sheets.pages, 1):
            at = f"{sheets.file} page {number}"
            if not sheets.single:
                self._area(page, at)
            faces = [p for p in page.placements if p.meta.get("side") != "map"]
            for where, message, face in self._marks(page, faces):
                self.add(where, message, at if face < 0 else subject_of(faces[face]))
            for p in faces:
                subject = subject_of(p)
                for where, message in self._face(p.face):
                    self.add(where or sheets.where, message, subject)
                if self.stamp_size is not None and self.stamp_size < MIN_TEXT and _stamped(p):
                    self.add(None, f"the playtest stamp prints at {self.stamp_size:g} pt, under {MIN_TEXT:g} pt "
                             "(pnp's own; `--final` leaves it out)", subject)
                if self.stamp and _stamped(p):
                    key = (p.face, self.stamp.format(**p.meta))
                    if key not in self._stamps:  # a face's copies, its own sheets and the document's: once
                        before = self._earlier().stamps.get(key)
                        self._stamps[key] = before if before is not None else list(self._under_stamp(p))
                    for where, message in self._stamps[key]:
                        self.add(where or sheets.where, message, subject)

    def _area(self, page: Page, at: str) -> None:
        """Nothing drawn outside the printable area (the sheet less its margin)."""
        m, eps = self.margin, 0.05
        inside = (m - eps, m - eps, page.w - 2 * m + 2 * eps, page.h - 2 * m + 2 * eps)
        for p in page.placements:
            if p.meta.get("side") != "map" and not within(p.clip, inside):
                self.add(None, f"{_mm(p.clip)} reaches outside the printable area (the sheet less "
                         f"{m / MM:g} mm margins)", subject_of(p))
        for item in page.extras:
            box = self._extent(item)
            if box is not None and not within(box, inside):
                self.add(None, f"a page mark or label at {_mm(box)} is outside the printable area", at)

    def _marks(self, page: Page, faces: list[Placement]) -> list[_Mark]:
        """The page's marks and labels checked, as (where, message, the face's index or -1 for the page): once for
        all the pages of one geometry (a deck's sheets of fronts are alike, and so are its sheets of backs)."""
        guarded = [shrink(_visible(p), TOLERANCE) for p in faces]  # what a mark may not reach
        key = (tuple(map(drawn_as, page.extras)), tuple(page.marks), page.mark_width,
               tuple(p.clip for p in faces), tuple(guarded))
        found = self._pages.get(key)
        if found is None and key in self._earlier().pages:
            found = self._pages[key] = self._earlier().pages[key]
        if found is None:
            found = self._pages[key] = []
            for item in page.extras:
                self._extra(item, page, faces, guarded, found)
            for x1, y1, x2, y2 in page.marks:  # drawn black over everything: white under them in the extras?
                seg = Line(x1, y1, x2, y2, (0.0, 0.0, 0.0), page.mark_width)
                self._mark(seg, faces, guarded, page.extras, found)
        return found

    def _extra(self, item: Any, page: Page, faces: list[Placement], guarded: list[Box], out: list[_Mark]) -> None:
        if isinstance(item, Label) and item.size < MIN_TEXT:
            out.append((None, f"page label {item.text!r} at {item.size:g} pt, under {MIN_TEXT:g} pt", -1))
        if isinstance(item, Label):
            if not self._embedded(self.font):
                out.append((None, f"font {self.font!r} is not embedded (a built-in PDF font): add a TrueType font "
                            "under `fonts:` in game.yaml", -1))
            return
        width = getattr(item, "width", None)
        stroke = getattr(item, "stroke", None)
        if stroke is not None and width is not None and width < MIN_STROKE:
            out.append((None, f"a page mark drawn {width:g} pt thin, under {MIN_STROKE:g} pt", -1))
        if isinstance(item, Line):
            light = luminance(item.stroke) > 0.5
            if not light:
                self._mark(item, faces, guarded, page.extras, out)

    def _mark(self, line: Line, faces: list[Placement], guarded: list[Box], extras: list, out: list[_Mark]) -> None:
        """`guarded`: each face's trimmed area less the tolerance; `extras`: the page's marks and labels."""
        halo = None  # white under the mark? (asked only of a dark mark on some face's bleed)
        for i, (p, visible) in enumerate(zip(faces, guarded, strict=True)):
            if crosses(line, visible) and p.clip_path is None:  # (a tile cut along stepped seams: its cut line)
                out.append((None, f"a mark at {_mm(line_box(line))} lies over the face's trimmed area", i))
            elif crosses(line, p.clip) and luminance(line.stroke) < 0.5:
                if halo is None:
                    halo = _on_white(line, extras)
                if not halo:
                    out.append((None, f"a dark mark at {_mm(line_box(line))} lies on the art (in the bleed) with no "
                                "white under it: it vanishes on dark art", i))

    # -- one face, checked once however often it is printed ----------------------------------
    def _earlier(self) -> KeptFindings:
        """The last build's findings, if they were found with these settings (else none)."""
        if self._kept is None or self._kept.key != self._key():
            self._kept = KeptFindings(self._key())
        return self._kept

    def _key(self) -> tuple:
        return (self.margin, self.font, id(self.icons), self.stamp_size, self.stamp, self.contrast)

    def kept(self) -> KeptFindings:
        """This build's findings, for the next (only the faces this build looked at)."""
        return KeptFindings(self._key(), self._faces, self._stamps, self._pages)

    def _face(self, face: Face) -> list[tuple[Where | None, str]]:
        key = face
        if key not in self._faces and key in self._earlier().faces:
            self._faces[key] = self._earlier().faces[key]
        if key not in self._faces:
            found: dict[tuple, None] = {}
            for item, scale in walk_scaled(face.items):
                src = face.source(item)
                where = src.where if src else None
                for message in self._item(item, scale):
                    found[(where, message)] = None
            for text, run, under, measured in low_contrast(face.items, least=self.contrast):
                src = face.source(text)
                found[(src.where if src else None,
                       f"text in {hex_of(run.color)} on {hex_of(under)}: contrast {measured:.1f}:1, under "
                       f"{needed(run, self.contrast):g}:1; a player may not read it: darken or lighten one of the "
                       "two")] = None
            self._faces[key] = list(found)
        return self._faces[key]

    def _under_stamp(self, p: Placement) -> Iterator[tuple[Where | None, str]]:
        """What the playtest stamp would print over, as the renderer places it (along the foot where the template's
        `stamp:` says, its baseline 1.2 mm above the trim's foot): text, or the edge of a shape that stops short of
        the trim (a panel's foot) or a stroked side. A fill that runs on past the trim (a background) is only under
        it."""
        from pnp.output.render.stamp import PLATE, STAMP_CONTRAST, STAMP_SIZE, ink, stamp_box, stamped, under_stamp

        face = upright(p.face)
        width = _width(TextRun(0, 0, self.font, STAMP_SIZE, (0, 0, 0), self.stamp.format(**p.meta)))
        if not stamped(face, width):  # not stamped: too small
            return
        box = stamp_box(face, width)
        top = face.stamp.startswith("top")
        under = under_stamp(face, width)
        colour, plated = ink(under)
        for c in dict.fromkeys([PLATE] if plated else [u for u in under if u is not None]):
            if ratio(colour, c) < STAMP_CONTRAST:
                yield (None, f"the playtest stamp in {hex_of(colour)} on {hex_of(c)}: contrast {ratio(colour, c):.1f}"
                             f":1, under {STAMP_CONTRAST:g}:1; move it (`stamp:` in the template) onto one colour")
        for item, scale in walk_scaled(face.items):
            if scale != 1.0:
                continue
            if _in_slot(box, item, face):
                src = face.source(item)
                yield (src.where if src else None,
                       "the playtest stamp prints inside this outlined box (a slot, a space to write in): move it "
                       "(`stamp:` in the template: left, right, a place along the foot, or top)")
                continue
            if isinstance(item, Text):
                hit = not item.rotate and any(_text_under(box, r) for r in item.runs
                                              if isinstance(r, TextRun) and r.text.strip())
            elif isinstance(item, Rect | Ellipse | Image | Icon):
                short = item.y > 0.1 * MM if top else item.y + item.h < face.h - 0.1 * MM  # stops short of the trim
                hit = crosses_box(box, (item.x, item.y, item.w, item.h)) and (short or _side_under(box, item))
            else:
                continue
            if hit:
                src = face.source(item)
                above = (item.y if top else face.h - item.y - item.h) / MM
                edge = "below the head" if top else "above the foot"
                yield (src.where if src else None,
                       "the playtest stamp prints over this text: keep the bottom 3 mm of a card front clear (or "
                       "`--final`)" if isinstance(item, Text) else
                       f"the playtest stamp prints over this element, {above:.1f} mm {edge} "
                       "of the trim: keep the bottom 3 mm of a card front clear (or `--final`)" if above > 0.05 else
                       "the playtest stamp prints across this element's side: move the stamp (`stamp: left` or "
                       "`right` in the template) or the element (or `--final`)")

    def _item(self, item: Item, scale: float) -> Iterator[str]:
        """What is wrong with one drawn item, drawn at `scale` (a die face's template is scaled onto the face)."""
        if isinstance(item, Text):
            for run in item.runs:
                if isinstance(run, TextRun):
                    if run.size * scale < MIN_TEXT - 0.01:
                        yield f"text at {run.size * scale:.3g} pt, under {MIN_TEXT:g} pt: give it a bigger size or " \
                              "min_size"
                    if not self._embedded(run.font):
                        yield f"font {run.font!r} is not embedded (a built-in PDF font): declare a TrueType font"
        elif isinstance(item, Icon):
            shapes = self.icons[item.name].shapes if item.name in self.icons else []
            thin = [s.width * min(item.w, item.h) * scale for s in shapes if s.stroke is not None]
            if thin and min(thin) < MIN_STROKE:
                yield f"icon {item.name!r} drawn {item.w / MM:.1f} mm wide: its strokes are {min(thin):.2f} pt, " \
                      f"under {MIN_STROKE:g} pt; draw it bigger"
        elif isinstance(item, Image):
            res = dpi(item, scale)
            if res is not None and res < MIN_DPI:
                yield f"image {item.path.rsplit('/', 1)[-1]!r} prints at {res:.0f} dpi, under {MIN_DPI}: use a " \
                      "bigger picture"
        elif isinstance(item, Line | Rect | Ellipse | Polygon) and item.stroke is not None \
                and item.width * scale < MIN_STROKE:
            yield f"a stroke of {item.width * scale:.3g} pt, under {MIN_STROKE:g} pt: make stroke_width at least " \
                      f"{MIN_STROKE:g}pt"

    def _embedded(self, font: str) -> bool:
        if font not in self._fonts:
            from reportlab.pdfbase import pdfmetrics
            from reportlab.pdfbase.ttfonts import TTFont

            try:
                self._fonts[font] = isinstance(pdfmetrics.getFont(font), TTFont)
            except KeyError:
                self._fonts[font] = False
        return self._fonts[font]

    def _extent(self, item: Any) -> Box | None:
        if isinstance(item, Line):
            return line_box(item)
        if isinstance(item, Label):
            from reportlab.pdfbase import pdfmetrics

            try:
                w = pdfmetrics.stringWidth(item.text, self.font, item.size)
            except KeyError:
                w = len(item.text) * item.size * 0.6
            left = {"center": item.x - w / 2, "right": item.x - w}.get(item.align, item.x)
            return left, item.y - item.size * 0.8, w, item.size
        if isinstance(item, Polygon):
            xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
            return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)
        if isinstance(item, Rect | Ellipse):
            return item.x, item.y, item.w, item.h
        return None


def _in_slot(box: Box, item: Any, face: Face) -> bool:
    """The stamp lies inside a stroked rectangle smaller than the face (Sleeping Gods' tuck slots)."""
    if not isinstance(item, Rect) or item.stroke is None or item.w >= face.w - 1 * MM:
        return False
    x, y, w, h = box
    return item.x <= x and x + w <= item.x + item.w and item.y <= y and y + h <= item.y + item.h


def _side_under(box: Box, item: Any) -> bool:
    """A stroked rectangle's left or right side runs through the stamp's box (a slot's outline that reaches the
    trim: its foot is cut away, its sides are not)."""
    if not isinstance(item, Rect) or item.stroke is None:
        return False
    x, _, w, _ = box
    return any(x < side < x + w for side in (item.x, item.x + item.w))


def _width(run: TextRun) -> float:
    from reportlab.pdfbase import pdfmetrics

    try:
        return float(pdfmetrics.stringWidth(run.text, run.font, run.size))
    except KeyError:  # a font reportlab does not know (reported as not embedded)
        return len(run.text) * run.size * 0.6


def _text_under(box: Box, run: TextRun) -> bool:
    """Does a run of text reach into the box? `crosses_box` with the run's box, measured only when the run lies
    at the box's height and starts left of its end (most runs of a face lie far above a stamp)."""
    top = run.y - 0.75 * run.size
    if not (run.x < box[0] + box[2] and box[1] < top + run.size and top < box[1] + box[3]):
        return False
    return box[0] < run.x + _width(run)


def crosses_box(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _on_white(line: Line, extras: list) -> bool:
    """Is a dark line drawn over white: a wider white line under it, or a white rectangle (a notch)?"""
    for o in extras:
        if o is line:
            return False
        if isinstance(o, Line) and luminance(o.stroke) > 0.8 and o.width >= line.width + 0.5 \
                and (o.x1, o.y1, o.x2, o.y2) == (line.x1, line.y1, line.x2, line.y2):
            return True
        if isinstance(o, Rect) and o.fill is not None and luminance(o.fill) > 0.8 \
                and within(line_box(line), (o.x - 0.01, o.y - 0.01, o.w + 0.02, o.h + 0.02)):
            return True
    return False


def subject_of(p: Placement) -> str:
    m = p.meta
    tile = f" tile {m['tile']}" if "tile" in m else ""
    return f"{m.get('component', '?')}/{m.get('id', '?')} {m.get('side', '')}{tile}".strip()


def _stamped(p: Placement) -> bool:
    return p.stamp and p.meta.get("side") == "front" and "copy" in p.meta and "tile" not in p.meta


def _visible(p: Placement) -> Box:
    """The part of a placed face that shows once cut (a tile: its piece, not its glue tabs)."""
    if "piece_mm" in p.meta:
        x, y, w, h = (v * MM for v in p.meta["piece_mm"])
        return x, y, w, h
    return p.box


def _mm(box: Box) -> str:
    x, y, w, h = (v / MM for v in box)
    return f"{x:.1f}, {y:.1f} mm ({w:.1f} x {h:.1f} mm)"
