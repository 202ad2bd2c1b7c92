"""Print shops' presets: `--vendor` sets the shop's sizes, bleed, colour, ink limit and page
order, and the preflight holds a build to them."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

from conftest import run_pnp

pytestmark = pytest.mark.slow


def test_options_name_the_shops() -> None:
    from pnp.commands.options import PDFX, SHOPS
    from pnp.output.export.shops import VENDORS
    from pnp.output.pdfx.keys import VERSIONS

    assert set(SHOPS) == set(VENDORS) and set(PDFX) == set(VERSIONS)
    for shop in VENDORS.values():
        assert shop.bleed > 0 and shop.safe > 0 and shop.sizes
        assert shop.colour == "rgb" or shop.colour in VERSIONS


def test_drivethrucards_each_back_then_its_front(tmp_path) -> None:
    out = tmp_path / "dtc"
    result = run_pnp("build", "voyage", "--vendor", "drivethrucards", "--final", "--out", str(out))
    assert result.code == 0, result.err
    assert "PDF/X-1a:2003" in result.out and "limit 240 %" in result.out
    reader = PdfReader(out / "event.pdf")
    assert reader.metadata["/GTS_PDFXVersion"] == "PDF/X-1a:2003" and reader.pdf_header == "%PDF-1.4"
    assert not (out / "event-backs.pdf").exists()
    pages = reader.pages
    assert len(pages) % 2 == 0
    # poker cards with 1/8 in of bleed: 2.75 x 3.75 in pages, the trim 1/8 in inside
    box = [float(v) for v in pages[0].mediabox]
    assert abs(box[2] - 2.75 * 72) < 0.5 and abs(box[3] - 3.75 * 72) < 0.5
    trim = [float(v) for v in pages[0].trimbox]
    assert abs(trim[0] - 9) < 0.01 and abs(trim[2] - trim[0] - 2.5 * 72) < 0.5
    # page 1 a back, page 2 its front: every back of a deck alike, the fronts differ
    texts = [p.extract_text() for p in pages[:6]]
    assert texts[0] == texts[2] == texts[4] and len({texts[1], texts[3], texts[5]}) == 3
    manifest = (out / "manifest.json").read_text()
    assert '"pdfx": "PDF/X-1a:2003"' in manifest and '"ink_limit": 240' in manifest


def test_the_preflight_holds_a_build_to_the_shop(tmp_path) -> None:
    result = run_pnp("check", "voyage", "--print", "--vendor", "drivethrucards", "--final")
    assert result.code == 0, result.err
    assert "cards/voyage/tracks.yaml:2:1: track: track is 190.0 mm x 30.0 mm: DriveThruCards prints poker" in \
        result.out
    assert "within 3.2 mm of the trim: DriveThruCards may cut it off" in result.out
    assert "total ink at most" in result.out and "limit 240 %" in result.out


def test_tgc_takes_pngs_at_its_sizes(tmp_path) -> None:
    out = tmp_path / "tgc"
    result = run_pnp("build", "voyage", "--vendor", "tgc", "--out", str(out))
    assert result.code == 0, result.err
    from PIL import Image

    event = sorted(out.glob("event-*.png"))[0]
    assert Image.open(event).size == (825, 1125)
    bad = run_pnp("build", "voyage", "--vendor", "tgc", "--pdfx", "x4")
    assert bad.code == 2 and "takes RGB pictures" in bad.err
