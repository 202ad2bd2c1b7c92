"""The preflight's word on the PDF/X files of a build: each file read back (readback.py), its findings as
preflight warnings naming the file and page, and a note of the largest total ink found against the limit."""

from __future__ import annotations

from typing import Any

from pnp.core.errors import Problem
from pnp.output.pdfx.readback import Inked, read_back


def inks_found(files: list[tuple[str, bytes]], pdfx: Any) -> tuple[list[str], list[Problem]]:
    """(notes, findings) of the PDF/X files (name, bytes) of one build."""
    read = [read_back(name, data, pdfx.version, pdfx.limit) for name, data in files if name.endswith(".pdf")]
    problems = [Problem(None, f"{r.file} {finding}", r.file, "warning", "preflight")
                for r in read for finding in r.findings]
    return [said(read, pdfx)], problems


def said(read: list[Inked], pdfx: Any) -> str:
    """`PDF/X-4, CMYK only (ISO Coated v2 300%): total ink at most 287 % (cards.pdf page 3), limit 300 %`."""
    from pnp.output.pdfx.inks import PROFILE_NAME

    worst = max(read, key=lambda r: r.most, default=None)
    where = f" ({worst.file} {worst.where})" if worst is not None and worst.where else ""
    clean = all(not r.findings for r in read)
    return (f"{pdfx.said()}, {'CMYK only' if clean else 'NOT clean (see the preflight)'} through {PROFILE_NAME}: "
            f"total ink at most {worst.most if worst else 0:g} %{where}, limit {pdfx.limit:g} %")
