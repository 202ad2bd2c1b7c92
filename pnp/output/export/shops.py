"""Print shops' presets: data only, one entry per shop, each figure with the page it comes from in
docs/print-shops.md. `pnp build GAME --vendor NAME` builds what the shop takes (PNG faces, or one PDF/X file per
deck in the shop's page order); the preflight holds the build to the shop's limits
(pnp/output/preflight/shop_limits.py).
"""

from __future__ import annotations

from dataclasses import dataclass

IN = 72.0  # points an inch
MM = 72 / 25.4


@dataclass(frozen=True)
class Vendor:
    name: str  # as the shop names itself
    files: str  # "png": one image per face (pnp export); "pdfx": one PDF/X file per deck
    bleed: float  # points, on every side of a face
    safe: float  # points inside the trim that text and icons keep clear of
    sizes: dict[str, tuple[float, float]]  # card sizes it prints (points, portrait): named as pnp names them
    colour: str  # "rgb" (it converts) or a PDF/X version (x1a, x1a-2003, x4)
    ink_limit: float | None = None  # percent of total ink, where it sets one
    order: str = "fronts-backs"  # pages of a deck: "fronts-backs" (two files) or "back-front" (each card's back
    # then its front, one file)
    min_dpi: int = 300


_POKER = (2.5 * IN, 3.5 * IN)
_BRIDGE = (2.25 * IN, 3.5 * IN)
_MINI = (1.75 * IN, 2.5 * IN)
_TAROT = (2.75 * IN, 4.75 * IN)
_SQUARE = (2.5 * IN, 2.5 * IN)

VENDORS: dict[str, Vendor] = {
    # The Game Crafter: PNG or JPG per face, its templates trim + 1/8 in a side at 300 dpi (pnp/output/export/faces.py)
    "tgc": Vendor("The Game Crafter", "png", 0.125 * IN, 0.125 * IN,
                  {"poker": _POKER, "bridge": _BRIDGE, "mini": _MINI, "tarot": _TAROT, "square": _SQUARE}, "rgb"),
    # MakePlayingCards: an image per face, 36 px (0.12 in) of bleed a side at 300 dpi
    "mpc": Vendor("MakePlayingCards", "png", 0.12 * IN, 0.12 * IN,
                  {"poker": _POKER, "bridge": _BRIDGE, "mini": _MINI, "tarot": _TAROT, "square": _SQUARE}, "rgb"),
    # DriveThruCards (OneBookShelf): PDF/X-1a:2003, 1/8 in of bleed, each card's back then its front, 240 % of ink
    "drivethrucards": Vendor("DriveThruCards", "pdfx", 0.125 * IN, 0.125 * IN,
                             {"poker": _POKER, "bridge": _BRIDGE, "mini": _MINI, "tarot": _TAROT,
                              "square": _SQUARE}, "x1a-2003", 240, "back-front"),
}
