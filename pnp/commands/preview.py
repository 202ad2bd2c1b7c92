"""Previews: a card's front as a PNG, and a contact sheet of a deck's fronts to look over at a glance.

`preview(prep, out, "ability/duct-tape")` writes that card (with its bleed) and the ability deck's
contact sheet; `preview(prep, out, "ability")` every ability front and the sheet; no selector, one
contact sheet per deck. Contact sheets show each distinct front once, cut at the trim.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.errors import InputError, Problem, did_you_mean
from pnp.core.watchdog import working_on
from pnp.layout.scene import Entry, Face
from pnp.output.export.raster import check_fits, faces_fit, faces_to_images, pixels, trim

if TYPE_CHECKING:
    from PIL.Image import Image

    from pnp.layout.whole_game import Prepared
    from pnp.model.game import Deck

SHEET_COLS = 6
GAP_MM = 2.0  # between cards and around the sheet


def fronts_of(entries: list[Entry]) -> dict[str, Face]:
    """A deck's distinct fronts by card id (copies share one), in deck order."""
    fronts: dict[str, Face] = {}
    for front, _, meta in entries:
        fronts.setdefault(str(meta["id"]), front)
    return fronts


def select(prep: Prepared, selector: str | None) -> list[tuple[Deck, dict[str, Face], list[str]]]:
    """The decks a selector names, each with all its distinct fronts and the card ids it picks.

    A selector is `component` or `component/id`; an unknown one is an InputError that lists what
    exists. Without one, every deck and every card.
    """
    component, _, card = (selector or "").strip().partition("/")
    out = []
    for deck, entries, _ in prep.decks:
        if component and deck.id != component:
            continue
        fronts = fronts_of(entries)
        if card and card not in fronts:
            raise InputError([Problem(None, f"no card {card!r} in component {deck.id!r} "
                                            f"(cards: {', '.join(fronts)}){did_you_mean(card, fronts)}")])
        out.append((deck, fronts, [card] if card else list(fronts)))
    if component and not out:
        ids = [deck.id for deck, _, _ in prep.decks]
        raise InputError([Problem(None, f"no component {component!r} (components: {', '.join(ids)})"
                                        f"{did_you_mean(component, ids)}")])
    return out


def sheet_fits(faces: list[Face], dpi: int, subject: str) -> None:
    """Refuse a contact sheet too big to hold in memory, before any face of it is drawn."""
    if not faces:
        return
    faces_fit(faces, dpi, subject)  # (a face too big first: it is what to fix)
    gap = GAP_MM * 72 / 25.4
    cols = max(1, min(SHEET_COLS, len(faces)))
    rows = math.ceil(len(faces) / cols)
    cw, ch = max(f.w for f in faces), max(f.h for f in faces)
    what = f"a contact sheet of {len(faces)} face{'s' if len(faces) != 1 else ''}"
    check_fits(cols * cw + (cols + 1) * gap, rows * ch + (rows + 1) * gap, dpi, what, subject)


def contact_sheet(cards: list[Image], dpi: int, cols: int = SHEET_COLS) -> Image:
    """Cards in a grid of up to `cols` columns, a small gap between and around them, on white."""
    from PIL import Image as PILImage

    gap = pixels(GAP_MM * 72 / 25.4, dpi)
    cols = max(1, min(cols, len(cards)))
    rows = math.ceil(len(cards) / cols)
    cw, ch = max(c.width for c in cards), max(c.height for c in cards)
    sheet = PILImage.new("RGB", (cols * cw + (cols + 1) * gap, rows * ch + (rows + 1) * gap), "white")
    for i, card in enumerate(cards):
        x = gap + i % cols * (cw + gap) + (cw - card.width) // 2
        y = gap + i // cols * (ch + gap) + (ch - card.height) // 2
        sheet.paste(card, (x, y))
    return sheet


def preview(prep: Prepared, out_dir: Path, selector: str | None = None, dpi: int = 150,
            progress: Callable[[int, int, str], None] | None = None) -> list[Path]:
    """Write preview PNGs at `dpi`; return their paths.

    With a selector, one PNG per matching front, `<component>-<id>.png`, with its bleed (once per
    card, not per copy); in any case a contact sheet `<component>-sheet.png` per selected deck. The
    folder is written whole (a manifest.json lists its files): previews of an earlier run are gone.
    """
    from pnp.output.export.faces import png_bytes
    from pnp.output.write.staging import Staging

    chosen = select(prep, selector)
    paths: list[Path] = []
    files: list[dict[str, str]] = []
    with Staging(out_dir) as stage:
        for step, (deck, fronts, picked) in enumerate(chosen):
            working_on(f"drawing {deck.id} at {dpi} dpi")
            if progress:
                progress(step, len(chosen), deck.id)
            faces = list(fronts.values())
            sheet_fits(faces, dpi, deck.id)
            images = dict(zip(map(id, faces), faces_to_images(prep, faces, dpi, deck.id), strict=True))
            named = [(f"{deck.id}-{cid}.png", images[id(fronts[cid])]) for cid in picked] if selector else []
            if fronts:
                cards = [trim(images[id(face)], face, dpi) for face in faces]
                named.append((f"{deck.id}-sheet.png", contact_sheet(cards, dpi)))
            for name, image in named:
                files.append({"path": name, "sha256": stage.add(name, png_bytes(image, dpi))})
                paths.append(out_dir / name)
        stage.commit({"game": prep.game.id, "preview": selector or "", "dpi": dpi, "files": files})
    return paths
