"""Paper: every blank page counted, in the build's summary and per file in the manifest, and the
count checked against the PDF itself; the journey log printed once, as a master to copy."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader
from pypdf.generic import ContentStream

from conftest import run_pnp

# what paints: fills and strokes of paths, images and forms (Do, inline BI), shadings (docs/printing.md)
PAINT = {b"f", b"F", b"f*", b"S", b"s", b"B", b"B*", b"b", b"b*", b"Do", b"BI", b"sh"}
SHOW = {b"Tj", b"TJ", b"'", b'"'}
FOOTER = re.compile(r"page \d+ of \d+$")


def blank_in_pdf(reader: PdfReader, index: int) -> bool:
    """Page `index` paints nothing and shows no text but its running footer (one line ending 'page N of M')."""
    page = reader.pages[index]
    contents = page.get_contents()
    ops = [op for _, op in ContentStream(contents, reader).operations] if contents is not None else []
    if PAINT & set(ops):
        return False
    text = " ".join(page.extract_text().split())
    return ops.count(b"Tj") + ops.count(b"TJ") <= 1 and (not text or bool(FOOTER.search(text)))


def blank_pages(pdf: Path) -> list[int]:
    reader = PdfReader(pdf)
    return [i + 1 for i in range(len(reader.pages)) if blank_in_pdf(reader, i)]


def _summary_blank(out: str) -> int:
    """The summary's count of blank pages: none said when there are none."""
    found = re.search(r"\d+ files, \d+ pages, \d+ pieces in \d+\.\d\d s( \((\d+) blank pages?[^)]*\))?$", out, re.M)
    assert found, out
    return int(found.group(2)) if found.group(1) else 0


def test_the_summary_and_the_manifest_count_the_blank_pages_of_the_pdf(project: Path):
    """The mini game: each file's `blank_pages` is the number of its pages that draw nothing but the footer, read
    from the PDF; the summary line adds them up."""
    import json

    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 0, result.err
    out = project / "output" / "mini"
    manifest = json.loads((out / "manifest.json").read_text())
    counted = 0
    for f in manifest["files"]:
        if "blank_pages" not in f:
            continue
        assert f["blank_pages"] == len(blank_pages(out / f["path"])), f["path"]
        counted += f["blank_pages"]
    assert any("blank_pages" in f for f in manifest["files"])
    assert _summary_blank(result.out) == counted


def test_a_page_with_a_drawing_is_not_blank(tmp_path: Path):
    """The PDF reading the tests rely on can fail: a page that strokes a line, or shows a second text, is not blank."""
    from reportlab.pdfgen import canvas

    pdf = tmp_path / "t.pdf"
    c = canvas.Canvas(str(pdf))
    c.drawString(10, 10, "page 1 of 3")
    c.showPage()
    c.drawString(10, 10, "page 2 of 3")
    c.line(10, 100, 100, 100)
    c.showPage()
    c.drawString(10, 10, "page 3 of 3")
    c.drawString(10, 100, "Write here")
    c.showPage()
    c.save()
    assert blank_pages(pdf) == [1]


def test_the_document_counts_its_blank_pages(shared_build):
    """Intrepid's document (its dial bases and board tiles have blank backs; Moon's and Ark Ship's have none since their
    pads print back to back and pieces fill the room beside tiles): the blank pages the manifest counts
    are exactly the pages of the PDF that draw nothing but the footer, and the pages the manifest calls "blank" are
    among them."""
    out, manifest = shared_build("intrepid")
    doc = manifest["files"][0]
    found = blank_pages(out / doc["path"])
    assert doc["blank_pages"] == len(found) > 0
    said = [p["page"] for p in manifest["pages"] if p["file"] == doc["path"] and p["side"] == "blank"]
    assert set(said) <= set(found)



def test_the_journey_log_is_one_master_to_copy(shared_build):
    """Sleeping Gods prints the journey log once (front and its save lines behind it), says "copy as needed" on the
    sheet and in the how-to page, and its document takes fewer sheets than the 27 it took with 4 copies."""
    out, manifest = shared_build("sleeping-gods")
    doc = manifest["files"][0]
    logs = [f for f in manifest["document_faces"] if f.get("component") == "journey-log"]
    assert sorted(f["side"] for f in logs) == ["back", "front"], logs
    reader = PdfReader(out / doc["path"])
    front = " ".join(reader.pages[logs[0]["page"] - 1].extract_text().split()).lower()
    assert "copy as needed" in front
    how = " ".join(reader.pages[1].extract_text().split())
    assert "Journey Log: a master: copy it, both sides, as needed" in how, how
    assert (doc["pages"] + 1) // 2 <= 24
