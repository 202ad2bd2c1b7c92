"""Paper stocks: the document's pages on each stock, said on its how-to page and in the manifest,
so that a print shop (or a printer with two trays) takes each stock apart; and the sheet counts the issue aims at."""

from __future__ import annotations

import pytest
from pypdf import PdfReader

GOALS_A4 = {"moon": 30, "sleeping-gods": 23, "intrepid": 29, "arkship": 25, "voyage": 16}


def _doc_pages(manifest: dict) -> list[dict]:
    doc = manifest["files"][0]["path"]
    return [p for p in manifest["pages"] if p["file"] == doc]


def _ranges(pages: list[dict], stock: str) -> str:
    numbers = [p["page"] for p in pages if p.get("stock") == stock]
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(f"{r[0]}-{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


@pytest.mark.slow
@pytest.mark.parametrize("game", ["moon", "arkship", "sleeping-gods"])
def test_the_how_to_page_gives_the_pages_of_each_stock(shared_build, game):
    """Write-in sheets go on paper, the rest on card stock: each page of the document says its stock in the manifest,
    every sheet (its two pages) is on one stock, and the how-to page names each stock's page ranges."""
    out, manifest = shared_build(game)
    pages = _doc_pages(manifest)
    body = [p for p in pages if p["what"] not in ("contents", "how to print and build") and "stock" in p]
    assert {p["stock"] for p in body} == {"card", "paper"}
    for front, back in zip(body[::2], body[1::2], strict=False):
        assert front["stock"] == back["stock"], (front["page"], back["page"])
    paper_what = {p["what"] for p in body if p["stock"] == "paper" and p["side"] != "blank"}
    assert paper_what and all("Sheet" in w or "Log" in w or "sheet" in w for w in paper_what), paper_what
    how = PdfReader(out / manifest["files"][0]["path"]).pages[1].extract_text()
    flat = " ".join(how.split())
    assert f"Card stock: pages {_ranges(pages, 'card')}" in flat, flat
    assert f"Paper: pages {_ranges(pages, 'paper')}" in flat or f"Paper: page {_ranges(pages, 'paper')}" in flat


# Intrepid (29 of 29, from 30): its card grids, dial bases and board tiles each take their fewest sheets on A4, and its
# pieces (with the player aids' last 3 cards) fill 3 sheets and the room on pages printed anyway: beside board tiles
# A2 and A3, in the two empty slots of the poker cards' last sheet and in the strips beside the player aids' grid
# (test_packing_intrepid.py). It takes identical round tokens sharing their bleed, a partial last row leaving its
# empty cells free, and a best-fit placement in which tokens split over that room.
NOT_YET = pytest.mark.xfail(strict=True, reason="issue 30 item 6: a game takes more sheets on A4 than its goal")
# pads back to back: Moon 30, Ark Ship 24 (test_pads_back_to_back.py); the assembly map beside a tile and decks
# kept on one sheet: Voyage 16, Sleeping Gods 23 (test_packing.py)
REACHED = {"moon", "arkship", "voyage", "sleeping-gods", "intrepid"}


@pytest.mark.slow
@pytest.mark.parametrize("game", [pytest.param(g, marks=() if g in REACHED else NOT_YET) for g in sorted(GOALS_A4)])
def test_the_document_takes_no_more_sheets_than_the_goal_on_a4(shared_build, game):
    _, manifest = shared_build(game)
    sheets = (len(_doc_pages(manifest)) + 1) // 2
    assert sheets <= GOALS_A4[game], sheets


def test_stock_builds_the_document_of_one_stock(tmp_path):
    """`pnp build moon --stock paper`: the front matter, then only the write-in sheets (36 pages of paper: the 36
    adventure sheets back to back on 18 sheets, no blank page); `--stock card` only the cards."""
    import json

    from conftest import run_pnp

    pages = {}
    for stock in ("paper", "card"):
        out = tmp_path / stock
        r = run_pnp("build", "moon", "--stock", stock, "--out", str(out))
        assert r.code == 0, r.err
        manifest = json.loads((out / "manifest.json").read_text())
        pages[stock] = _doc_pages(manifest)
        body = [p for p in pages[stock] if "stock" in p]
        assert body and {p["stock"] for p in body} == {stock}
    assert len(pages["paper"]) - 2 == 36 and len(pages["card"]) - 2 == 22  # each after the front matter's 2 pages
    assert len(pages["paper"]) + len(pages["card"]) - 2 == 60  # 60 pages in the whole document; the front matter twice
    assert run_pnp("build", "moon", "--stock", "wood", "--out", str(tmp_path / "x")).code == 2
