"""Layout: a TrueType file's sizes, checked before reportlab parses it.

reportlab builds a dictionary entry for every code point a font's character map (`cmap`) claims: a
hostile file whose map claims every code point, or a few billion of them, takes gigabytes and minutes.
Here the table directory and the character maps are read (a few hundred bytes of the file, with
`struct`), and their claims are added up before anything is built from them.
"""

from __future__ import annotations

import struct

from pnp.core import bounds

_U16, _U32 = struct.Struct(">H"), struct.Struct(">I")


def _u16(data: bytes, at: int) -> int:
    return _U16.unpack_from(data, at)[0]


def _u32(data: bytes, at: int) -> int:
    return _U32.unpack_from(data, at)[0]


def _codes(data: bytes, at: int) -> int:
    """How many code points the character map subtable at `at` claims (as reportlab would expand them)."""
    fmt = _u16(data, at)
    if fmt == 0:
        return 256
    if fmt == 2:  # 256 keys to sub-headers of (first code, count, delta, offset)
        keys = max(_u16(data, at + 6 + 2 * i) for i in range(256)) // 8
        return sum(_u16(data, at + 518 + 8 * i + 2) for i in range(keys + 1))
    if fmt == 4:  # segments of start..end
        segments = _u16(data, at + 6) // 2
        ends, starts = at + 14, at + 16 + 2 * segments
        return sum(max(0, _u16(data, ends + 2 * i) - _u16(data, starts + 2 * i) + 1) for i in range(segments))
    if fmt == 6:
        return _u16(data, at + 8)
    if fmt == 10:
        return _u32(data, at + 16)
    if fmt in (12, 13):  # groups of (start, end, glyph)
        groups = _u32(data, at + 12)
        if at + 16 + 12 * groups > len(data):
            raise struct.error("groups past the end of the file")
        total = 0
        for i in range(groups):
            start, end = _u32(data, at + 16 + 12 * i), _u32(data, at + 20 + 12 * i)
            total += max(0, end - start + 1)
            if total > bounds.FONT_CODE_POINTS:
                break
        return total
    return 0  # a format reportlab refuses itself


def font_problem(data: bytes) -> str | None:
    """What makes this font file too big for pnp to read safely, or None. Files that are not TrueType are
    left to reportlab, which says so."""
    try:
        base = _u32(data, 12) if data[:4] == b"ttcf" else 0  # a collection: its first font, as reportlab reads
        tables = {data[base + 12 + 16 * i: base + 16 + 16 * i]: _u32(data, base + 20 + 16 * i)
                  for i in range(_u16(data, base + 4))}
        cmap = tables.get(b"cmap")
        if cmap is None:
            return None
        claimed = sum(_codes(data, cmap + _u32(data, cmap + 8 + 8 * i)) for i in range(_u16(data, cmap + 2)))
    except (struct.error, ValueError):
        return "its table of characters (cmap) is damaged or cut short; save the font again"
    if claimed > bounds.FONT_CODE_POINTS:
        return (f"its character map claims {claimed:,} characters; a font may map at most "
                f"{bounds.FONT_CODE_POINTS:,} (all of Unicode has fewer), so this file is damaged or hostile")
    return None
