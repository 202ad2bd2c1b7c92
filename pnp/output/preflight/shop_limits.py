"""The preflight of a print shop's limits (`--vendor`, pnp/output/export/shops.py) over the laid-out faces: a card size
the shop does not print, less bleed than it asks, text or an icon inside its cutting margin (its safe zone).
The ink limit is checked on the written files (pnp/output/pdfx/readback.py). Findings are preflight warnings that
name the component and, where an element is at fault, its template line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pnp.core.errors import Problem
from pnp.layout.scene import Icon, Text, TextRun
from pnp.output.export.shops import Vendor

TOLERANCE = 0.5 * 72 / 25.4  # a face within this of a size is that size
EPS = 0.05 * 72 / 25.4


def _mm(points: float) -> str:
    return f"{points * 25.4 / 72:.1f} mm"


def shop_findings(decks: Sequence[tuple[Any, list, Any]], shop: Vendor) -> list[Problem]:
    """Each (deck, entries, size) of a prepared game held to `shop`'s sizes, bleed and safe zone."""
    out: dict[tuple[str, str], Problem] = {}

    def add(where: Any, message: str, subject: str) -> None:
        out.setdefault((str(where), message), Problem(where, message, subject, "warning", "preflight"))

    for deck, entries, _ in decks:
        if deck.spec.kind not in ("cards", "tokens") or not entries:
            continue
        where = deck.doc.where(())
        face = entries[0].front
        if not any(abs(face.w - w) <= TOLERANCE and abs(face.h - h) <= TOLERANCE or
                   abs(face.h - w) <= TOLERANCE and abs(face.w - h) <= TOLERANCE for w, h in shop.sizes.values()):
            add(where, f"{deck.id} is {_mm(face.w)} x {_mm(face.h)}: {shop.name} prints "
                f"{', '.join(shop.sizes)} cards", deck.id)
        seen: set[int] = set()
        for front, back, meta in entries:
            for side, f in (("front", front), ("back", back)):
                if f is None or id(f) in seen:
                    continue
                seen.add(id(f))
                subject = f"{deck.id}/{meta.get('id', '?')} {side}"
                if f.bleed < shop.bleed - EPS:
                    add(where, f"{_mm(f.bleed)} of bleed: {shop.name} asks for {_mm(shop.bleed)}", subject)
                inside = (shop.safe, shop.safe, f.w - 2 * shop.safe, f.h - 2 * shop.safe)
                for item in f.items:
                    if isinstance(item, Text | Icon) and not item.rotate and not _within(item, inside):
                        src = f.source(item)
                        add(src.where if src else where, f"{type(item).__name__.lower()} within {_mm(shop.safe)} of "
                            f"the trim: {shop.name} may cut it off (its safe zone); move it inward", subject)
    return list(out.values())


def _within(item: Any, box: tuple[float, float, float, float]) -> bool:
    x, y, w, h = box
    if isinstance(item, Text):  # the text as set, not its box: a box may reach the edge with its text well inside
        runs = [r for r in item.runs if isinstance(r, TextRun) and r.text.strip()]
        if not runs:
            return True
        top = min(r.y - 0.8 * r.size for r in runs)
        bottom = max(r.y + 0.2 * r.size for r in runs)
        left = min(r.x for r in runs)
        from reportlab.pdfbase import pdfmetrics

        def width(r: Any) -> float:
            try:
                return float(pdfmetrics.stringWidth(r.text, r.font, r.size))
            except KeyError:
                return len(r.text) * r.size * 0.6

        right = max(r.x + width(r) for r in runs)
        return x - EPS <= left and right <= x + w + EPS and y - EPS <= top and bottom <= y + h + EPS
    return x - EPS <= item.x and item.x + item.w <= x + w + EPS and y - EPS <= item.y and item.y + item.h <= y + h + EPS
