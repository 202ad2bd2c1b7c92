"""The disk cache of compiled template code: it only ever saves time. A warm cache, a damaged one and
one that cannot be written all give the same PDFs as no cache at all."""

from __future__ import annotations

import json

import pytest

from conftest import edit, run_pnp

pytestmark = pytest.mark.slow  # whole builds of the Moon pack, each in a fresh process


def build(moon, tmp_path, name: str, cache) -> dict:
    out = tmp_path / name
    # the sheets and cards, whose template code is what is kept (the guide is kept whole on its own: no rulebook)
    result = run_pnp("build", "moon", "--out", str(out), "--no-rulebook", cwd=moon, env={"PNP_CACHE_DIR": str(cache)})
    assert result.code == 0, result.err
    return {f["path"]: f["sha256"] for f in json.loads((out / "manifest.json").read_text())["files"]}


def test_a_cold_warm_damaged_or_unwritable_cache_gives_the_same_pdfs(tmp_path, moon):
    # every sheet and card, without the print-and-play document, which draws the same pages again
    edit(moon / "cards/moon/game.yaml", "print:\n", "print:\n  document: false\n")
    cache = tmp_path / "cache"
    cold = build(moon, tmp_path, "cold", cache)
    entries = list(cache.glob("*/*.code"))
    assert len(entries) > 100  # the Moon sheets' expressions, kept
    assert build(moon, tmp_path, "warm", cache) == cold
    for entry in entries:  # a crash mid-write elsewhere, a disk error: garbage in every entry
        entry.write_bytes(b"\x00not code")
    assert build(moon, tmp_path, "damaged", cache) == cold
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    assert build(moon, tmp_path, "unwritable", blocked) == cold


def test_a_changed_expression_is_compiled_again(tmp_path, moon):
    edit(moon / "cards/moon/game.yaml", "print:\n", "print:\n  document: false\n")
    cache = tmp_path / "cache"
    env = {"PNP_CACHE_DIR": str(cache)}
    assert run_pnp("build", "moon", cwd=moon, env=env).code == 0
    sheet = moon / "templates/moon/adventure-1.yaml"
    title = "| first).name }}"  # the sheet's title: the adventure's name, as written in adventures.yaml
    assert title in sheet.read_text()
    sheet.write_text(sheet.read_text().replace(title, "| first).name | upper }}", 1))
    assert run_pnp("build", "moon", cwd=moon, env=env).code == 0
    from pdfcheck import text_of

    assert "LIFTOFF" in text_of(moon / "output/moon/adventure-1.pdf")
