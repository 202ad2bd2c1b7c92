"""`pnp simulate --format html` in a real browser (Debian's Chromium, headless): no table of the report runs past
its section or the page, the widest of them (Seats, with a column per policy of a seating) included."""

from __future__ import annotations

import pytest

from browser import chromium, require_chromium
from conftest import DATA, run_pnp

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


def test_the_seats_and_summary_tables_fit_the_page(tmp_path):
    result = run_pnp("--root", str(DATA / "seats"), "simulate", "race", "--players", "2-4", "--games", "40",
                     "--jobs", "1", "--policy", "1=random,2-4=baseline", "--format", "html")
    assert result.code == 0, result.err
    page_file = tmp_path / "report.html"
    page_file.write_text(result.out)
    with chromium(width=1200, height=1400) as (_, page):
        page.goto(page_file.as_uri())
        over = page.evaluate(OVERFLOW)
    assert {"summary", "seats"} <= set(over), over  # the tables this is about were drawn
    assert all(px <= 0.5 for px in over.values()), over
