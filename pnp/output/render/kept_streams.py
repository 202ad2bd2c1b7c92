"""What a PDF is made of that comes out the same from the same input, made once: compressed streams and font subsets.

Every PDF pnp draws compresses each page's and each form's operators with zlib, and each TrueType subset it embeds is
cut from its font by reportlab in Python. In `pnp watch` a saved card changes one page of its deck: the deck's other
pages, its forms (the templates' static parts, the icons) and mostly its font subsets are the same as at the last
save. So reportlab's FlateDecode filter is given a memory (`KeptFlate`, while `keep_streams(True)`: `pnp watch`, `pnp
serve`), and its subsetting one (always: a deck's subsets recur in the build's other files). zlib and the subsetter
are pure functions of what they are given: the bytes are the ones reportlab writes without them.

Both memories are bounded (`STREAM_BYTES`, `SUBSETS`), the oldest forgotten first.
"""

from __future__ import annotations

import weakref
from collections import OrderedDict
from typing import Any

from reportlab.pdfbase import pdfdoc, ttfonts

STREAM_BYTES = 24 * 1024 * 1024  # raw stream bytes kept with their compressed form, at most
SUBSETS = 64  # font subsets kept per font file, at most


class KeptFlate(pdfdoc.PDFStreamFilterZCompress):
    """reportlab's FlateDecode filter, remembering what it compressed while keeping is on."""

    def __init__(self) -> None:
        self.on = False
        self.kept: OrderedDict[bytes, bytes] = OrderedDict()
        self.size = 0
        self.hits = 0  # streams given back compressed before (what a test of it reads)

    def encode(self, text: Any) -> bytes:
        if not self.on:
            return super().encode(text)
        raw = text.encode("utf8") if isinstance(text, str) else text
        done = self.kept.get(raw)
        if done is None:
            done = super().encode(raw)
            self.kept[raw] = done
            self.size += len(raw) + len(done)
            while self.size > STREAM_BYTES and self.kept:
                old, packed = self.kept.popitem(last=False)
                self.size -= len(old) + len(packed)
        else:
            self.hits += 1
            self.kept.move_to_end(raw)
        return done

    def forget(self) -> None:
        self.kept.clear()
        self.size = 0


FLATE = KeptFlate()
pdfdoc.PDFZCompress = FLATE  # every stream's filter reportlab names (page contents, forms, font files, cmaps)

_SUBSETS: weakref.WeakKeyDictionary[Any, OrderedDict[tuple[int, ...], bytes]] = weakref.WeakKeyDictionary()
_make_subset = ttfonts.TTFontFile.makeSubset


def _kept_subset(face: Any, subset: Any) -> bytes:
    """`face.makeSubset(subset)`, once for each font file and set of characters."""
    key = tuple(subset)
    kept = _SUBSETS.setdefault(face, OrderedDict())
    made = kept.get(key)
    if made is None:
        made = kept[key] = _make_subset(face, subset)
        if len(kept) > SUBSETS:
            kept.popitem(last=False)
    else:
        kept.move_to_end(key)
    return made


ttfonts.TTFontFile.makeSubset = _kept_subset


def keep_streams(on: bool) -> None:
    """Remember compressed streams from now on (a process that draws the same pages again), or forget them."""
    FLATE.on = on
    if not on:
        FLATE.forget()
