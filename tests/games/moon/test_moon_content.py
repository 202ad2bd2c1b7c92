"""Welcome to the Moon's content: Planning reads the next open box left to right, and every text reads at WCAG AA
(4.5:1)."""

from __future__ import annotations

import json

import yaml

from conftest import REPO
from pdfcheck import text_of


def load(game: str, name: str) -> dict:
    return yaml.safe_load((REPO / "cards" / game / name).read_text())


def test_planning_reads_the_next_open_box_left_to_right(moon_built):
    out, _ = moon_built
    text = " ".join(text_of(out / "adventure-3.pdf").split())
    assert "cross off the next open box, left to right" in text
    assert "lowest open box" not in text and "lose the points in the first box still open" in text


def test_every_moon_text_reads_at_wcag_aa(shared_check):
    assert load("moon", "game.yaml")["print"]["contrast"] == 4.5
    result = shared_check("moon", "--print", "--format", "json")
    assert result.code == 0, result.err
    said = [w["message"] for w in json.loads(result.out)["games"][0]["warnings"] if "contrast" in w["message"]]
    assert said == []
