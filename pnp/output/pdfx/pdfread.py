"""Reading back a PDF that pnp wrote (reportlab's plain layout: numbered objects one after another, no object
streams, streams filtered with ASCII85 and Flate): its objects as Python values, its streams decoded, and the
operators of a content stream. Enough for the preflight to see what the file paints; not a general PDF reader.
"""

from __future__ import annotations

import re
import zlib
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

_OBJ = re.compile(rb"(\d+) (\d+) obj\b")
_TOKEN = re.compile(rb"""\s*(?:(<<|>>|\[|\])|(/[^\s/\[\]()<>{}%]*)|(\((?:\\.|[^\\)])*\))|(<[0-9A-Fa-f\s]*>)"""
                    rb"""|([-+]?(?:\d+\.?\d*|\.\d+))|([A-Za-z'"*]+)|(%[^\r\n]*))""", re.S)


class Name(str):
    """A PDF name, without its slash."""


@dataclass(frozen=True)
class Ref:
    num: int


@dataclass
class Stream:
    head: dict[str, Any]
    raw: bytes

    def data(self) -> bytes:
        """The stream decoded (ASCII85, Flate); a JPEG (DCT) stays as it is."""
        out = self.raw
        filters = self.head.get("Filter")
        for f in filters if isinstance(filters, list) else [filters] if filters else []:
            if f == "ASCII85Decode":
                text = out.strip()
                text = text[:-2] if text.endswith(b"~>") else text
                import base64

                out = base64.a85decode(re.sub(rb"\s", b"", text), adobe=False)
            elif f == "FlateDecode":
                out = zlib.decompress(out)
            elif f == "DCTDecode":
                break
            else:
                raise ValueError(f"a stream filter pnp does not write: {f}")
        return out


def _values(tokens: list[tuple[int, bytes]], at: int) -> tuple[Any, int]:
    """One PDF value from the token list at `at` (a `N G R` reference made from its three tokens)."""
    kind, text = tokens[at]
    if kind == 0:  # << >> [ ]
        if text == b"<<":
            out: dict[str, Any] = {}
            at += 1
            while tokens[at][1] != b">>":
                key, at = _values(tokens, at)
                value, at = _values(tokens, at)
                out[str(key)] = value
            return out, at + 1
        if text == b"[":
            items = []
            at += 1
            while tokens[at][1] != b"]":
                item, at = _values(tokens, at)
                items.append(item)
            return items, at + 1
        raise ValueError(f"unexpected {text!r}")
    if kind == 1:
        return Name(text[1:].decode("latin-1")), at + 1
    if kind == 2:
        return text[1:-1], at + 1
    if kind == 3:
        return bytes.fromhex(re.sub(rb"\s", b"", text[1:-1]).decode()), at + 1
    if kind == 4:
        if at + 2 < len(tokens) and tokens[at + 1][0] == 4 and tokens[at + 2][1] == b"R":
            return Ref(int(text)), at + 3
        return (float(text) if b"." in text else int(text)), at + 1
    if text in (b"true", b"false"):
        return text == b"true", at + 1
    if text == b"null":
        return None, at + 1
    raise ValueError(f"unexpected {text!r}")


def tokens(data: bytes) -> Iterator[tuple[int, bytes]]:
    """(kind, text) of each token: 0 a delimiter, 1 a name, 2 a string, 3 a hex string, 4 a number, 5 a word
    (an operator, true, false, null, R); comments are left out."""
    at = 0
    n = len(data)
    while at < n:
        m = _TOKEN.match(data, at)
        if m is None or m.end() == at:
            if data[at:].strip() == b"":
                return
            raise ValueError(f"cannot read the PDF at {data[at:at + 20]!r}")
        at = m.end()
        kind = m.lastindex
        if kind is None or kind == 7:
            continue
        yield kind - 1, m.group(kind)


def parse(data: bytes) -> dict[int, Any]:
    """Every numbered object of the file: a value, or a Stream (its dictionary and raw bytes)."""
    objects: dict[int, Any] = {}
    for m in _OBJ.finditer(data):
        start = m.end()
        end = data.find(b"endobj", start)
        body = data[start:end]
        split = re.search(rb"\bstream\r?\n", body)
        head = body[:split.start()] if split else body
        value, _ = _values(list(tokens(head)), 0)
        if split:
            length = value.get("Length")
            raw = body[split.end():]
            raw = raw[:length] if isinstance(length, int) else raw[:raw.rfind(b"endstream")].rstrip(b"\r\n")
            value = Stream(value, raw)
        objects[int(m.group(1))] = value
    return objects


def resolve(objects: dict[int, Any], value: Any) -> Any:
    while isinstance(value, Ref):
        value = objects.get(value.num)
    return value


_STRINGS = re.compile(rb"\((?:\\.|[^\\)])*\)|<[0-9A-Fa-f\s]*>(?!>)")
_COLOUR_OPS = re.compile(rb"(?<![^\s\]>)])((?:[-+]?(?:\d+\.?\d*|\.\d+)\s+)*)(?:/([^\s/\[\]()<>]+)\s+)?"
                         rb"(k|K|rg|RG|g|G|cs|CS|scn|SCN|sc|SC|BI)(?![^\s\[(</])")


def colour_operators(data: bytes) -> Iterator[tuple[bytes, list[Any]]]:
    """(operator, its operands) of each colour operator of a content stream (and BI, an inline image), in order:
    its numbers, or the name a `cs` sets. Strings are taken out first, so no text is read as an operator."""
    data = _STRINGS.sub(b"()", data)
    for m in _COLOUR_OPS.finditer(data):
        numbers: list[Any] = [float(v) for v in m.group(1).split()]
        if m.group(2) is not None:
            numbers.append(Name(m.group(2).decode("latin-1")))
        yield m.group(3), numbers
