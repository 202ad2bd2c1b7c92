"""Sheets of paper and coverage of a game's print-and-play document, from a build's manifest.

    python benchmarks/sheets.py output/voyage/manifest.json [more manifests...]

Coverage is the share of a sheet's fronts page covered by trimmed faces (a board tile: the part of the
board it prints). A manifest written before pnp listed its pages (no "pages" key) is read as the
document was then laid out: four pages of front matter, then each component file's pages in order,
each single-sided sheet followed by a blank page.
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from pathlib import Path

PAPER_MM = {"A4": (210.0, 297.0), "letter": (215.9, 279.4), "A3": (297.0, 420.0), "tabloid": (279.4, 431.8)}


def document_pages(manifest: dict) -> list[tuple[str, str, float]]:
    """(side, group, coverage) of every page of the document."""
    doc = manifest["files"][0]["path"]
    if "pages" in manifest:
        return [(p["side"], p.get("group", ""), p["coverage"]) for p in manifest["pages"] if p["file"] == doc]
    pw, ph = PAPER_MM[manifest["paper"]]
    area: dict[tuple[str, int], float] = defaultdict(float)
    sides: dict[tuple[str, int], str] = {}
    for f in manifest["faces"]:
        key = (f["file"], f["page"])
        sides[key] = f["side"]
        if f["side"] == "front":
            w, h = (f["region_mm"][2], f["region_mm"][3]) if "region_mm" in f else (f["w_mm"], f["h_mm"])
            area[key] += min(w, f["w_mm"]) * min(h, f["h_mm"])
    pages: list[tuple[str, str, float]] = [("front", "", 0.0), ("back", "", 0.0), ("front", "", 0.0),
                                           ("blank", "", 0.0)]
    for file in manifest["files"][1:]:
        component = file["path"].removesuffix(".pdf")
        group = component if not any(f["file"] == file["path"] and f["side"] == "back" for f in manifest["faces"]) \
            else f"{component} (duplex)"
        for n in range(1, file["pages"] + 1):
            side = sides.get((file["path"], n), "map")
            pages.append((side, group, area[(file["path"], n)] / (pw * ph)))
            following = sides.get((file["path"], n + 1))
            if side != "back" and following != "back":
                pages.append(("blank", "", 0.0))
    return pages


def report(path: Path) -> str:
    manifest = json.loads(path.read_text())
    pages = document_pages(manifest)
    sheets = (len(pages) + 1) // 2 if manifest["duplex"] != "none" else len(pages)
    fronts = [(group, cover) for side, group, cover in pages if side == "front" and group]
    low = []
    by_group: dict[str, list[float]] = defaultdict(list)
    for group, cover in fronts:
        by_group[group].append(cover)
    for group, covers in by_group.items():
        low += [f"{group} {c:.0%}" for c in covers[:-1] if c < 0.4]
    mean = sum(c for _, c in fronts) / len(fronts) if fronts else 0.0
    lines = [f"{manifest['files'][0]['path']} ({manifest['paper']}): {len(pages)} pages, {sheets} sheets; "
             f"{len(fronts)} sheets of pieces, mean coverage {mean:.0%}; under 40 % but the last of their kind: "
             f"{', '.join(low) or 'none'}"]
    lines += [f"  {group}: " + " ".join(f"{c:.0%}" for c in covers) for group, covers in by_group.items()]
    return "\n".join(lines)


if __name__ == "__main__":
    for arg in sys.argv[1:]:
        print(report(Path(arg)))
