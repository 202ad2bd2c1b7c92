"""A write-in sheet may have a back (a two-sided pad, printed duplex); a tiled board says why it was tiled
and how."""

from __future__ import annotations

from conftest import REPO, edit, run_pnp
from pdfcheck import text_of

BACK = """size: {width: 190mm, height: 130mm}
safe: 5mm
text: {font: body, size: 9pt, min_size: 7pt, color: ink}
elements:
  - {type: text, x: 8mm, y: 6mm, w: 100mm, h: 8mm, text: "{{ card.name }}: side B", font: title, size: 14pt}
  - {type: lines, x: 8mm, y: 20mm, w: 170mm, h: 100mm, spacing: 8mm}
"""


def test_a_sheet_with_a_back_prints_as_a_two_sided_pad(project):
    (project / "templates/mini/sheet-back.yaml").write_text(BACK)
    edit(project / "cards/tiny/sheets.yaml", "template: mini/sheet\n", "template: mini/sheet\nback: mini/sheet-back\n")
    result = run_pnp("build", "tiny", cwd=project)
    assert result.code == 0, result.err
    text = text_of(project / "output/tiny/sheet.pdf")
    assert text.count("Crew Sheet: side B") == 3  # one back for each of the 3 sheets of the pad
    assert "back of sheet 1 of 2" in text
    from pypdf import PdfReader

    pages = [page.extract_text() for page in PdfReader(project / "output/tiny/sheet.pdf").pages]
    assert len(pages) == 4 and "side B" not in pages[0] and "side B" in pages[1]  # fronts, then their backs


def test_a_tiled_board_says_why_and_how(tmp_path):
    result = run_pnp("build", "voyage", "--out", str(tmp_path / "out"), cwd=REPO)
    assert result.code == 0, result.err
    note = next(line for line in result.out.splitlines() if "ship-board:" in line and "tiles" in line)
    assert "250 x 300 mm with 3 mm bleed is more than one A4 page holds" in note
    assert "2 tiles" in note and "seams at" in note and "`seams: avoid:`" in note
