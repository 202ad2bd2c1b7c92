#!/usr/bin/env python3
"""Write the fingerprints of the source documents (../shared/seeds) that the own-words test compares our text with:
for each document, the hash of every run of three words (lower case, letters and digits only), one per line, sorted.
No text of the documents is kept in the project, only these hashes (tests/data/source-shingles/).

usage: python tools/source_shingles.py [SEEDS_FOLDER]
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from own_words import shingles  # noqa: E402


def main() -> None:
    seeds = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT.parent / "shared" / "seeds"
    out = ROOT / "tests" / "data" / "source-shingles"
    out.mkdir(parents=True, exist_ok=True)
    for path in sorted(seeds.glob("*.txt")):
        hashes = sorted(shingles(path.read_text(errors="replace")))
        (out / f"{path.stem}.txt").write_text("\n".join(hashes) + "\n")
        print(f"{path.name}: {len(hashes)} word runs")


if __name__ == "__main__":
    main()
