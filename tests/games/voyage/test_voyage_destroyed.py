"""Voyage: a destroyed room is turned face down; an Empty Room's back (it is never drawn) says Destroyed."""

from __future__ import annotations

from pypdf import PdfReader


def test_an_empty_rooms_back_says_destroyed(shared_build):
    out, manifest = shared_build("voyage")  # (its own paper: A4)
    backs = {f["page"] for f in manifest["faces"] if f["component"] == "empty-room" and f["side"] == "back"
             and f.get("file", "empty-room.pdf") == "empty-room.pdf"}
    pages = PdfReader(out / "empty-room.pdf").pages
    texts = [pages[p - 1].extract_text() for p in sorted(backs)] if backs else [p.extract_text() for p in pages[1:]]
    assert texts and all("DESTROYED" in t.upper() and "EMPTY ROOM" not in t.upper().replace("EMPTY ROOM ·", "")
                         for t in texts), texts
