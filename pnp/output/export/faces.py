"""Image exports: one PNG per printed face for print-on-demand services (Tabletop Simulator: tts.py).

Print-on-demand (The Game Crafter, MakePlayingCards) takes one image per card face, with bleed, at
300 dpi and an exact pixel size per card size. Every export writes its own folder whole, as a build
does (`Staging`): the files of this run and a manifest.json listing them, nothing of an earlier run;
what it leaves out, and why, is said in its result and its manifest.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.core.errors import InputError, Problem
from pnp.core.watchdog import working_on
from pnp.layout.scene import Entry, Face
from pnp.model.schema.fields import CARD_SIZES
from pnp.model.units import MM
from pnp.output.export.raster import FaceImages
from pnp.output.write.staging import Staging

if TYPE_CHECKING:
    from PIL.Image import Image

    from pnp.layout.whole_game import Prepared
    from pnp.model.game import Deck

DPI = 300
TOLERANCE = 0.5 * MM  # a face within this of a named card size is that size
# Upload size (trim + bleed, pixels, portrait) per vendor and card size. TGC's templates: trim + 1/8 in a
# side at 300 dpi (its square is the Small Square Deck). MPC's add 36 px a side: poker, bridge and tarot
# as published; mini and square by that rule.
VENDORS: dict[str, dict[str, tuple[int, int]]] = {
    "tgc": {"poker": (825, 1125), "bridge": (750, 1125), "mini": (600, 825), "tarot": (900, 1500),
            "square": (825, 825)},
    "mpc": {"poker": (822, 1122), "bridge": (747, 1122), "mini": (597, 822), "tarot": (897, 1497),
            "square": (822, 822)},
}
NOT_FACES = {"board": "a board: print its PDF (or export it --to tts)",
             "die": "a die's net: print its PDF (or export it --to tts)",
             "sheet": "a write-in sheet: print its PDF (or export it --to tts)"}

Entries = list[Entry]
Progress = Callable[[int, int, str], None] | None


@dataclass(repr=False, eq=False)
class Exported:
    """What an export wrote (the folder holds these and its manifest.json) and what it left out, and why."""

    folder: Path
    files: list[Path] = field(default_factory=list)
    left_out: list[tuple[str, str]] = field(default_factory=list)  # (component id, why)

    def manifest(self, game: str, kind: str, digests: dict[str, str]) -> dict[str, Any]:
        return {"game": game, "export": kind,
                "files": [{"path": p.relative_to(self.folder).as_posix(),
                           "sha256": digests[p.relative_to(self.folder).as_posix()]} for p in self.files],
                "left_out": [{"component": c, "why": why} for c, why in self.left_out]}


def card_decks(prep: Prepared) -> list[tuple[Deck, Entries]]:
    """The decks that are cards or tokens (not boards, not dice), with their faces."""
    return [(deck, entries) for deck, entries, _ in prep.decks if deck.spec.kind in ("cards", "tokens") and entries]


def size_name(face: Face) -> tuple[str, bool] | None:
    """The named card size of a face's trim (within 0.5 mm) and whether it lies on its side."""
    for name, (w, h) in CARD_SIZES.items():
        for turned, (fw, fh) in ((False, (face.w, face.h)), (True, (face.h, face.w))):
            if abs(fw - w) <= TOLERANCE and abs(fh - h) <= TOLERANCE:
                return name, turned and w != h
    return None


def png_bytes(image: Image, dpi: int = DPI) -> bytes:
    """The image as PNG, its resolution recorded (printers and TTS read it)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", dpi=(dpi, dpi))
    return buf.getvalue()


def vendor_targets(prep: Prepared, vendor: str, skip: bool, left_out: list[tuple[str, str]]
                   ) -> dict[str, tuple[tuple[int, int], bool]]:
    """Per deck, the vendor's pixel size and whether to turn it upright. A deck of a size the vendor does
    not print is left out when `skip` (every deck was asked for), else refused (it was named)."""
    sizes = VENDORS.get(vendor, {})
    if not sizes:
        raise InputError([Problem(None, f"no vendor {vendor!r} (vendors: {', '.join(VENDORS)})")])
    targets: dict[str, tuple[tuple[int, int], bool]] = {}
    problems = []
    for deck, entries in card_decks(prep):
        face, named = entries[0][0], size_name(entries[0][0])
        if named and named[0] in sizes:
            targets[deck.id] = (sizes[named[0]], named[1])
            continue
        size = f"{face.w / MM:.2f} x {face.h / MM:.2f} mm" + (f" ({named[0]})" if named else "")
        why = f"{size} is not a card size {vendor} prints ({', '.join(sizes)})"
        if skip:
            left_out.append((deck.id, why))
        else:
            problems.append(Problem(None, f"deck {deck.id!r}: {why}"))
    if problems:
        raise InputError(problems)
    return targets


def export_png(prep: Prepared, out_dir: Path, vendor: str | None = None, skip: bool = False,
               progress: Progress = None) -> Exported:
    """One RGB PNG per printed face, with bleed, at 300 dpi: `<component>-<id>-<copy>.png`, per-card backs
    `<component>-<id>-<copy>-back.png`, a shared back once as `<component>-back.png`. With a vendor
    (`tgc`, `mpc`), each image is resized to the exact pixel size the vendor asks for that card size; a
    deck of another size is refused, or left out with `skip`. Boards, dice and sheets are left out."""
    from PIL import Image as PILImage

    result = Exported(out_dir)
    result.left_out += [(deck.id, NOT_FACES[deck.spec.kind]) for deck, entries, _ in prep.decks
                        if deck.spec.kind in NOT_FACES]
    result.left_out += [(deck.id, "no faces to export") for deck, entries, _ in prep.decks
                        if deck.spec.kind not in NOT_FACES and not entries]
    targets = vendor_targets(prep, vendor, skip, result.left_out) if vendor is not None else {}
    decks = [(d, e) for d, e in card_decks(prep) if vendor is None or d.id in targets]
    with Staging(out_dir) as stage:
        digests: dict[str, str] = {}
        for step, (deck, entries) in enumerate(decks):
            working_on(f"drawing {deck.id} at {DPI} dpi")
            if progress:
                progress(step, len(decks), deck.id)
            jobs = [(f"{m['component']}-{m['id']}-{m['copy']}.png", front) for front, _, m in entries]
            backs = [back for _, back, _ in entries if back is not None]
            if len({id(b) for b in backs}) == 1:
                jobs.append((f"{deck.id}-back.png", backs[0]))
            else:
                jobs += [(f"{m['component']}-{m['id']}-{m['copy']}-back.png", back) for _, back, m in entries if back]
            encoded: tuple[int, bytes] | None = None  # the last face's PNG: its copies come next
            with FaceImages(prep, [f for _, f in jobs], DPI, deck.id, fixed=True) as images:
                for name, face in jobs:  # each face drawn and written in turn: memory holds one at a time
                    if encoded is None or encoded[0] != id(face):
                        image = images.image(face)
                        if deck.id in targets:
                            (w, h), turned = targets[deck.id]
                            if turned:
                                image = image.transpose(PILImage.Transpose.ROTATE_90)
                            image = image.resize((w, h), PILImage.Resampling.LANCZOS)
                        encoded = (id(face), png_bytes(image))
                    digests[name] = stage.add(name, encoded[1])
                    result.files.append(out_dir / name)
        stage.commit(result.manifest(prep.game.id, vendor or "png", digests))
    return result
