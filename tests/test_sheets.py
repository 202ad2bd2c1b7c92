"""Write-in sheets: boxes, lined fields, pads of sheets with no bleed and no backs."""

from __future__ import annotations

import json

from pnp.commands.build import BuildOptions, prepare
from pnp.layout.scene import Icon, Line, Rect, Static, Text
from pnp.model.units import MM

from conftest import edit, run_pnp


def sheet_items(project) -> list:
    prep = prepare(project, "tiny", BuildOptions())
    deck, entries, _ = next(d for d in prep.decks if d[0].id == "sheet")
    front, back, _ = entries[0]
    assert back is None and front.bleed == 0
    out = []
    for item in front.items:
        out.extend(item.items if isinstance(item, Static) else [item])
    return out


def test_boxes_lines_and_marks(project):
    items = sheet_items(project)
    boxes = [i for i in items if isinstance(i, Rect) and abs(i.w - 5 * MM) < 0.01]
    assert len(boxes) == 10  # the skills: 2 columns of 5
    assert {round(b.x / MM, 2) for b in boxes} == {30.0, 36.5}
    ages = [i for i in items if isinstance(i, Rect) and abs(i.w - 6 * MM) < 0.01]
    assert len(ages) == 12
    icons = [i for i in items if isinstance(i, Icon)]
    assert len(icons) == 1 and abs(icons[0].x - (60 + 6 * 7 + 6 * 0.18) * MM) < 0.01  # box 7 holds the mark
    labels = [i.runs[0].text for i in items if isinstance(i, Text) and i.runs and i.size <= 6]
    assert labels == [str(n) for n in range(1, 11)]
    rules = [i for i in items if isinstance(i, Line)]
    assert len(rules) == 1 + 6  # the name line, and 6 note lines 8 mm apart in 50 mm


def test_sheets_print_as_pads_two_to_a_page(project):
    result = run_pnp("build", "tiny", cwd=project)
    assert result.code == 0, result.err
    manifest = json.loads((project / "output/tiny/manifest.json").read_text())
    sheets = [f for f in manifest["faces"] if f["component"] == "sheet"]
    assert [f["side"] for f in sheets] == ["front"] * 3  # single-sided
    assert [f["page"] for f in sheets] == [1, 1, 2]


def test_boxes_too_small_for_a_pencil(project):
    edit(project / "templates/mini/sheet.yaml", "count: 10, cols: 2, size: 5mm", "count: 10, cols: 2, size: 3mm")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 1
    assert ("templates/mini/sheet.yaml:12:5: sheet: write-in boxes of 3.0 mm are too small for a pencil; make them "
            "at least 4 mm (template mini/sheet)") in result.out


def test_a_broken_custom_rule_is_reported_not_raised(project):
    edit(project / "cards/tiny/rules.py", 'card.data.get("text", "")', 'card.data["nope"]')
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2 and "Traceback" not in result.err
    assert result.err.splitlines()[0] == ("cards/tiny/rules.yaml:18:5: no-forbidden: custom rule 'tiny-no-forbidden' "
                                          "failed: KeyError: 'nope' (at cards/tiny/rules.py:8)")


def test_custom_rules_may_be_a_package_of_modules(project):
    """A large game splits its rules into `rules/`: modules share helpers by relative import, and an
    error names the module and line it happened on."""
    rules = project / "cards/tiny/rules"
    rules.mkdir()
    (rules / "__init__.py").write_text("from . import forbidden  # noqa: F401\n")
    (rules / "words.py").write_text('WORD = "Forbidden"\n')
    code = (project / "cards/tiny/rules.py").read_text()
    (project / "cards/tiny/rules.py").unlink()
    (rules / "forbidden.py").write_text(code.replace('"Forbidden"', "WORD") + "from .words import WORD\n")
    edit(project / "cards/tiny/cards.yaml", 'text: "First card."', 'text: "Forbidden card."')
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 1, result.err
    assert "cards/tiny/cards.yaml:13:" in result.out and "the word 'Forbidden' is forbidden" in result.out
    edit(rules / "forbidden.py", 'card.data.get("text", "")', 'card.data["nope"]')
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2 and "Traceback" not in result.err
    assert "failed: KeyError: 'nope' (at cards/tiny/rules/forbidden.py:8)" in result.err.splitlines()[0]
