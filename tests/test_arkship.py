"""Ark Ship end to end: the whole pack builds, its sheets can be written on, its rules hold and bite."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from conftest import REPO, edit, run_pnp
from pdfcheck import text_of


@pytest.fixture
def built(shared_build) -> tuple[Path, dict]:
    return shared_build("arkship")


@pytest.fixture
def ark(tmp_path) -> Path:
    """A copy of the Ark Ship pack to break on purpose."""
    root = tmp_path / "ark"
    for folder in ("cards/arkship", "templates/arkship", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def test_everything_prints(built):
    out, manifest = built
    fronts = {}
    for f in manifest["faces"]:
        if f["side"] == "front":
            fronts.setdefault(f["component"], set()).add((f["id"], f["copy"]))
    counts = {k: len(v) for k, v in fronts.items()}
    assert counts == {"crew-portrait": 40, "life-goal": 30, "crisis": 30, "planet-crisis": 8, "waveform": 30,
                      "signal": 10, "ship-board": 8, "stress-token": 20, "signal-token": 10, "track-token": 2,
                      "crew-meeple": 8, "crew-sheet": 12, "ship-sheet": 4, "d6-net": 1}
    assert (out / "arkship-pnp.pdf").is_file()


def test_card_sizes_each_on_their_own_sheets(built):
    _, manifest = built
    sizes = {(f["component"], f["w_mm"], f["h_mm"]) for f in manifest["faces"] if f["side"] == "front"}
    assert ("crew-portrait", 44.45, 63.5) in sizes and ("life-goal", 44.45, 63.5) in sizes
    assert ("crisis", 63.5, 88.9) in sizes and ("waveform", 63.5, 88.9) in sizes
    for f in manifest["files"]:
        reader_sizes = {(m["w_mm"], m["h_mm"]) for m in manifest["faces"] if m["file"] == f["path"]}
        assert len(reader_sizes) <= 1 or f["path"] == "arkship-pnp.pdf"


def test_crew_sheets_come_two_to_a_page_and_can_be_written_on(built):
    out, manifest = built
    sheets = [f for f in manifest["faces"] if f["component"] == "crew-sheet"]
    assert len(sheets) == 12 and len({f["page"] for f in sheets}) == 6
    assert {f["side"] for f in sheets} == {"front"}
    text = text_of(out / "crew-sheet.pdf")
    for word in ("Engineering", "Medicine", "Herbology", "Piloting", "Science", "Sickness", "6.1", "6.6", "AGE"):
        assert word in text


def test_check_passes_strictly_and_lists_pending_names(built):
    result = run_pnp("check", "arkship", "--strict", "--format", "json")
    assert result.code == 0, result.out
    report = json.loads(result.out)["games"][0]
    pending = [w for w in report["warnings"] if w["rule"] == "placeholder"]
    assert pending and all("[NAME PENDING]" in w["message"] for w in pending)
    assert any("crisis cards" in i["message"] for i in report["infos"])
    text = run_pnp("check", "arkship").out
    assert "warning [placeholder]" in text and "--strict accepts it" in text


def test_the_contents_checklist_names_what_is_not_printed(built):
    out, _ = built
    checklist = PdfReader(out / "arkship-pnp.pdf").pages[1].extract_text()
    assert "ordinary six-sided dice" in checklist and "Crew Sheet" in checklist and "Crew clip" in checklist


@pytest.mark.parametrize("old,new,message", [
    ("{min: 0, max: 0,", "{min: 1, max: 1,", "row 1 starts at 1 successes, a gap after -1"),
])
def test_a_broken_success_table_is_caught(ark, old, new, message):
    crises = ark / "cards/arkship/crises.yaml"
    text = crises.read_text()
    assert old in text
    crises.write_text(text.replace(old, new, 1))
    result = run_pnp("check", "arkship", "--format", "json", cwd=ark)
    errors = json.loads(result.out)["games"][0]["errors"]
    assert result.code == 1 and any(message in e["message"] and e["rule"] == "success-tables" for e in errors)


def test_unknown_skill_and_bad_waveform_are_caught(ark):
    crises = ark / "cards/arkship/crises.yaml"
    text = crises.read_text()
    first_skill = text.split("skills: [", 1)[1].split("]", 1)[0].split(",")[0]
    crises.write_text(text.replace(first_skill, '"Juggling"', 1))
    waves = ark / "cards/arkship/waveforms.yaml"
    edit(waves, "columns: [", "columns: [2, ")
    result = run_pnp("check", "arkship", "--format", "json", cwd=ark)
    errors = json.loads(result.out)["games"][0]["errors"]
    rules = {e["rule"] for e in errors}
    assert {"skills-exist", "signal-shape"} <= rules
    assert any("skill 'Juggling' is not on the crew sheet" in e["message"] for e in errors)


def test_setup_deals_portraits_and_goals():
    result = run_pnp("setup", "arkship", "--players", "3", "--seed", "5", "--format", "json")
    assert result.code == 0, result.err
    dealt = json.loads(result.out)
    assert len(dealt["table"]["planet-crises"]) == 2 and len(dealt["table"]["signals"]) == 2
    assert all(len(h["portrait"]) == 1 and len(h["life-goal"]) == 1 for h in dealt["hands"])
