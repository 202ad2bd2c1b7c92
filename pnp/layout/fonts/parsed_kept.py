"""Layout: TrueType fonts as reportlab parsed them, kept between runs (`pnp.core.disk_cache`).

reportlab reads a font's tables (its characters, glyphs and widths) in Python, a hundredth of a second
or more a file at every start of pnp. A warm start reads back what it found for a file of the same
bytes, with the same reportlab and Python, and makes the same font object from it. What is kept is
checked when it is made: the font rebuilt from it must equal the one reportlab parsed, attribute by
attribute, or it is not kept (a later reportlab that keeps more, or other, state is parsed as usual).
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.core import disk_cache

_PLAIN = (int, float, str, bytes, bool, type(None))
_REBUILT = ("_ttf_data", "filename", "_pdfScale")  # the file's bytes and name, and a function of unitsPerEm
_STAMP = disk_cache.code_stamp(__file__)  # what is kept changes with this code


def ttfont(path: Path, pdf_name: str, check: Callable[[bytes], None] | None = None) -> Any:
    """reportlab's `TTFont(pdf_name, path)`, parsed once per version of the file; `check(data)` first refuses a
    file that is not kept (one that is was checked when it was parsed)."""
    import reportlab
    from reportlab.pdfbase.ttfonts import TTFont

    data = path.read_bytes()
    kind = f"ttf-{reportlab.Version}-{sys.implementation.cache_tag}-{_STAMP}"
    key = f"{pdf_name}:{hashlib.sha256(data).hexdigest()}"
    state = disk_cache.load(kind, key)
    if type(state) is tuple and len(state) == 3:
        try:
            return _rebuild(state, data, str(path))
        except Exception:  # noqa: BLE001 - a kept state that does not fit: parse as usual
            pass
    if check is not None:
        check(data)
    font = TTFont(pdf_name, str(path))
    state = _state(font)
    if state is not None and _same(_rebuild(state, data, str(path)), font):
        disk_cache.store(kind, key, state)
    return font


def _state(font: Any) -> tuple | None:
    """What the font is made of, as plain values; None when it holds something else."""
    from reportlab.pdfbase.ttfonts import TTFNameBytes

    face: dict[str, Any] = {}
    names: dict[str, str] = {}
    for k, v in vars(font.face).items():
        if k in _REBUILT:
            continue
        if type(v) is TTFNameBytes:
            names[k] = v.ustr
        elif _plain(v):
            face[k] = v
        else:
            return None
    rest = {k: v for k, v in vars(font).items() if k not in ("face", "encoding", "state")}
    return (face, names, rest) if all(type(v) in _PLAIN for v in rest.values()) else None


def _rebuild(state: tuple, data: bytes, filename: str) -> Any:
    from weakref import WeakKeyDictionary

    from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

    face_state, names, rest = state
    face = TTFontFace.__new__(TTFontFace)
    face.__dict__.update(face_state)
    face.__dict__.update({k: TTFNameBytes(u.encode("utf-8")) for k, u in names.items()})
    face._ttf_data, face.filename = data, filename
    units = face.unitsPerEm
    if units == 1000:
        face._pdfScale = lambda x: x
    else:
        per = 1000 / units
        face._pdfScale = lambda x: x * per
    font = TTFont.__new__(TTFont)
    font.__dict__.update(rest)
    font.face, font.encoding, font.state = face, TTEncoding(), WeakKeyDictionary()
    return font


def _same(rebuilt: Any, font: Any) -> bool:
    """The rebuilt font is the parsed one: the same attributes with equal values (and names, and scale)."""
    a, b = vars(rebuilt.face), vars(font.face)
    if a.keys() != b.keys() or vars(rebuilt).keys() != vars(font).keys():
        return False
    for k, v in b.items():
        if k == "_pdfScale":
            if any(a[k](x) != v(x) for x in (1, 7, 333, 2048)):
                return False
        elif a[k] != v or type(a[k]) is not type(v) or getattr(a[k], "ustr", None) != getattr(v, "ustr", None):
            return False
    return all(vars(rebuilt)[k] == v for k, v in vars(font).items() if k not in ("face", "encoding", "state")) and \
        vars(rebuilt.encoding) == vars(font.encoding)


def _plain(value: Any) -> bool:
    t = type(value)
    if t in _PLAIN:
        return True
    if t is list or t is tuple:
        return all(_plain(v) for v in value)
    if t is dict:
        return all(type(k) in _PLAIN and _plain(v) for k, v in value.items())
    return False
