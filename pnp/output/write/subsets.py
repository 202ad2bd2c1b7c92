"""Write: each file's font subsets get tags of their own.

reportlab names every subset of every font `AAAAAA+Name`, `AAAAAB+Name`, ... by its index alone, so every file pnp
writes carries the same tags for different subsets; a tool that merges files (a print shop's imposition, a PDF
joiner) takes two subsets with one tag for the same font and drops glyphs. The tag of each subset becomes six
letters from a hash of the file's name, the old tag and the font's name: the same for the same build (output stays
byte for byte reproducible), different between files. A tag keeps its length, so no offset in the file moves.
"""

from __future__ import annotations

import hashlib
import re

_TAG = re.compile(rb"/(BaseFont|FontName) /([A-Z]{6})\+([^\s/\[\]<>()]+)")


def unique_tags(pdf: bytes, name: str) -> bytes:
    """The PDF with its subset tags drawn from `name` (the file's path in the build)."""
    salt = name.encode()

    def tag(match: re.Match[bytes]) -> bytes:
        digest = hashlib.sha256(salt + b"\0" + match[2] + b"+" + match[3]).digest()
        letters = bytes(65 + b % 26 for b in digest[:6])
        return b"/" + match[1] + b" /" + letters + b"+" + match[3]

    return _TAG.sub(tag, pdf)
