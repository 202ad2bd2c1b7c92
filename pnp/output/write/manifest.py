"""What the manifest says of each printed face and each page: positions, the bleed printed on each
side, cut marks, coverage. Plain rows for `manifest.json` (a contract: fields are added, never changed)."""

from __future__ import annotations

import json
from typing import Any

from pnp.model.units import MM, to_mm
from pnp.output.impose.cards import Page, Placement


def _mm(v: float) -> float:
    return round(to_mm(v), 3)


def face_rows(file: str, pages: list[Page]) -> list[dict[str, Any]]:
    """Every printed face: component, id, copy, side, file, page, trim position and size in mm, and `bleed_mm`:
    the art printed beyond each trim edge (left, top, right, bottom; 0 where a neighbour is cut against it)."""
    out = []
    for number, page in enumerate(pages, 1):
        for p in page.placements:
            if p.meta.get("side") == "map":  # the assembly map's preview is not a printed piece
                continue
            _, _, w, h = p.box
            _, bleed = trim_bleed(p)
            out.append({**p.meta, "file": file, "page": number, "x_mm": _mm(p.x), "y_mm": _mm(p.y),
                        "w_mm": _mm(w), "h_mm": _mm(h), "bleed_mm": [_mm(b) for b in bleed]})
    return out


def encoded(rows: list[dict[str, Any]]) -> list[bytes]:
    """Rows as `manifest.json` writes each one (pnp/output/write/staging.py): `pnp watch` keeps a deck's with its pages,
    encoded once."""
    return [json.dumps(row, separators=(", ", ": ")).encode() for row in rows]


def kept_rows(kept: dict[str, tuple], file: str, pages: list[Page], paper: tuple[float, float]
              ) -> tuple[list[bytes], list[bytes]]:
    """A file's face and page rows, encoded; `kept` (file -> its pages, paper and rows) holds them while its pages
    are the same objects (`pnp watch`, or a deck's rows read back with its PDF)."""
    rows = kept.get(file)
    if rows is None or rows[0] is not pages or rows[1] != paper:
        rows = kept[file] = (pages, paper, encoded(face_rows(file, pages)), encoded(page_rows(file, pages, paper)))
    return rows[2], rows[3]


def trim_bleed(p: Placement) -> tuple[tuple[float, float, float, float], list[float]]:
    """A placed face's trim on the page (x, y, w, h, points) and the bleed its cell gives each edge (left, top, right,
    bottom; 0 where a neighbour is cut against it). A board's tile: its cut outline, not the whole board's."""
    cx, cy, cw, ch = p.clip
    if "trim_mm" in p.meta:
        tx, ty, tw, th = (v * MM for v in p.meta["trim_mm"])
    else:
        tx, ty, tw, th = p.box
    return (tx, ty, tw, th), [max(0.0, tx - cx), max(0.0, ty - cy), max(0.0, cx + cw - tx - tw),
                              max(0.0, cy + ch - ty - th)]


def coverage(page: Page) -> float:
    """The share of the sheet covered by trimmed faces (the part of each face inside its cell)."""
    area = 0.0
    for p in page.placements:
        if p.meta.get("side") == "map":
            continue
        cx, cy, cw, ch = p.clip
        w = min(cx + cw, p.x + p.face.w * p.scale) - max(cx, p.x)
        h = min(cy + ch, p.y + p.face.h * p.scale) - max(cy, p.y)
        area += max(0.0, w) * max(0.0, h)
    return area / (page.w * page.h)


def page_rows(file: str, pages: list[Page], paper: tuple[float, float]) -> list[dict[str, Any]]:
    """Every page: its side, what it holds (and, in the document, `group`: the sheets it shares, "pieces", "cards
    63.5 x 88.9 mm" or a deck id), sheet i of n, the share of the sheet covered, and its cut marks in mm."""
    return [{"file": file, "page": number, "side": page.side, "what": page.info.get("what", ""),
             **{k: page.info[k] for k in ("sheet", "group", "stock") if k in page.info},
             "coverage": round(coverage(page), 3),
             "cut_marks_mm": [[_mm(v) for v in mark] for mark in [*page.marks, *page.info.get("cut_marks", [])]]}
            for number, page in enumerate(pages, 1)]


def blank(page: Page) -> bool:
    """A page that prints nothing but its running footer: no face, no cut mark, no text or line of its own
    (docs/printing.md, "Blank pages"): the back of a one-sided sheet, a page left so the next sheet starts odd."""
    return not (page.placements or page.marks or page.extras or page.info.get("cut_marks"))


def sheet_count(pages: list[Page], duplex: str) -> int:
    """Sheets of paper the pages print on."""
    return (len(pages) + 1) // 2 if duplex != "none" else len(pages)


def merge_notes(notes: list[str]) -> list[str]:
    """'a: x', 'b: x' -> 'a, b: x' (the same finding for several components, said once)."""
    merged: dict[str, list[str]] = {}
    plain: list[str] = []
    for note in notes:
        who, sep, what = note.partition(": ")
        if sep and " " not in who:
            merged.setdefault(what, []).append(who)
        else:
            plain.append(note)
    return [f"{', '.join(dict.fromkeys(who))}: {what}" for what, who in merged.items()] + plain
