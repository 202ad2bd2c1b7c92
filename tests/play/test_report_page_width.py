"""`pnp simulate --format html` in a real browser (Debian's Chromium, headless): no table of the report runs past
its section or the page, the widest of them (Seats, with a column per policy of a seating; the paired rows of a
sweep, with a long name on each side) included."""

from __future__ import annotations

import shutil

import pytest

from browser import chromium, require_chromium
from conftest import DATA, edit, run_pnp

LONG = "spiked-running-shoes-with-a-name-as-long-as-a-designers"  # a card id as long as a designer may write it
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]
pytest.importorskip("matplotlib")
require_chromium()  # skipped, with the apt command, where there is none; required where CI is set

# each table's right edge less its section's inner right edge (a table in a scrolling box: that box's), and the
# page's width less the window's; all <= 0 when everything fits
OVERFLOW = """() => {
  const out = {page: document.documentElement.scrollWidth - window.innerWidth};
  for (const table of document.querySelectorAll('section table')) {
    const box = table.closest('section');
    const inner = box.getBoundingClientRect().right - parseFloat(getComputedStyle(box).paddingRight);
    out[table.id || 'table'] = Math.max(out[table.id || 'table'] ?? -1e9, table.getBoundingClientRect().right - inner);
  }
  return out;
}"""


@pytest.mark.parametrize(("args", "tables"), [
    (["--policy", "1=random,2-4=baseline"], {"summary", "seats"}),  # a seating: Seats has a column per policy
    (["--vary", f"shoe/{LONG}.start=1,3,5"], {"summary", "seats", "paired"}),  # long names on both sides
])
def test_the_reports_tables_fit_the_page(tmp_path, args: list[str], tables: set[str]):
    root = tmp_path / "seats"
    shutil.copytree(DATA / "seats", root, ignore=shutil.ignore_patterns("__pycache__"))
    edit(root / "cards/race/shoes.yaml", "{id: spiked,", f"{{id: {LONG},")
    result = run_pnp("--root", str(root), "simulate", "race", "--players", "2-4", "--games", "40",
                     "--jobs", "1", *args, "--format", "html")
    assert result.code == 0, result.err
    page_file = tmp_path / "report.html"
    page_file.write_text(result.out)
    with chromium(width=1200, height=1400) as (_, page):
        page.goto(page_file.as_uri())
        over = page.evaluate(OVERFLOW)
    assert tables <= set(over), over  # the tables this is about were drawn
    assert all(px <= 0.5 for px in over.values()), over
