"""Ark Ship's rulebook (cards/arkship/rulebook.md): every section of the design's rules, its counts the ones the build
prints, its numbers read from the game's YAML, its pending names marked as the cards mark them."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import REPO, edit, errors_of, run_pnp
from pdfcheck import text_of

BOOK = "arkship-rulebook.pdf"

# Every section of the design's rulebook (shared seed 003), by our heading for it.
SECTIONS = ["About the game", "What is in the box", "Setup", "The turn", "Ship progress", "New crisis",
            "New waveform", "Thaw crew", "Assign crew", "Evaluate each location", "Roll for sickness", "Age crew",
            "Skill tests", "When a test fails", "Rolling a skill", "Rolling a trait", "Crew", "Creating a crew member",
            "Ageing", "Stress", "Life goals", "Sickness", "Death", "The ship", "The ship board", "The ship sheet",
            "Crisis cards", "The signal", "Moving signal tokens", "Waveforms", "Decoding a signal", "Planet crises",
            "The end of the voyage", "Icons and terms"]


def _flat(text: str) -> str:
    return " ".join(text.split())


def _printed(manifest: dict) -> dict[str, int]:
    """Pieces printed per component: the manifest's front faces."""
    out: dict[str, int] = {}
    for face in manifest["faces"]:
        if face["side"] == "front":
            out[face["component"]] = out.get(face["component"], 0) + 1
    return out


@pytest.fixture
def ark(tmp_path: Path) -> Path:
    """A copy of Ark Ship to change on purpose."""
    root = tmp_path / "ark"
    for folder in ("cards/arkship", "templates/arkship", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def test_the_rulebook_builds_with_every_section(shared_build):
    out, manifest = shared_build("arkship")
    assert BOOK in [f["path"] for f in manifest["files"]]
    text = _flat(text_of(out / BOOK))
    toc = text.split("In this book", 1)[1].split("About the game", 2)
    contents_page = "About the game" + toc[1]  # the table of contents, up to the first section's own heading
    for section in SECTIONS:
        assert re.search(rf"{re.escape(section)}[ .]*\d", contents_page), section  # listed with its page
        assert text.count(section) >= 2, section  # and printed as a heading
    assert "1 The crisis's name." in text  # the crisis card's anatomy
    assert "1 The portrait card" in text  # the crew sheet's anatomy
    assert "Ship progress: each box holds" in text  # the ship sheet's anatomy
    assert "Shuffle each deck: Crew Portrait, Life Goal, Crisis" in text  # the setup block, from rules.yaml
    assert "6.1 Stoic" in text and "1 Engineering" in text  # the trait and skill tables, from skills.yaml
    assert "1 Bridge Move 1 signal token" in text  # the locations table, from ship.yaml


def test_every_count_in_the_rulebook_is_the_count_the_build_prints(shared_build):
    out, manifest = shared_build("arkship")
    text = _flat(text_of(out / BOOK))
    printed = _printed(manifest)
    names = {"crew-portrait": "Crew Portrait", "life-goal": "Life Goal", "crisis": "Crisis",
             "planet-crisis": "Planet Crisis", "waveform": "Waveform", "signal": "Signal", "ship-board": "Ship Board",
             "stress-token": "Stress Token", "signal-token": "Signal Token", "progress-token": "Progress Token",
             "knowledge-token": "Knowledge Token", "crew-meeple": "Crew Meeple", "player-aid": "Player Aid",
             "crew-sheet": "Crew Sheet", "ship-sheet": "Ship Sheet"}
    assert set(names) <= set(printed)
    for deck, name in names.items():  # the contents list: each component's name, then its count
        assert re.search(rf"\b{name} {printed[deck]}\b", text), (deck, printed[deck])
    # every number written before a component's name in the prose is the printed count
    said = {r"(\d+) crisis cards threaten": "crisis", r"(\d+) signal cards has": "signal",
            r"pool of the (\d+) stress tokens": "stress-token", r"(\d+) Ship Board cards": "ship-board",
            r"(\d+) planet crises include": "planet-crisis", r"is not one piece: it is (\d+) cards": "ship-board"}
    for pattern, deck in said.items():
        found = re.findall(pattern, text)
        assert found and {int(n) for n in found} == {printed[deck]}, (pattern, found, printed[deck])
    assert f"all {printed['signal-token']} of them" in text
    dice = yaml.safe_load((REPO / "cards/arkship/game.yaml").read_text())["contents"]["d6"]["count"]
    assert f"a few of the {dice} dice" in text  # not printed: game.yaml's contents count


def test_a_changed_game_changes_the_rulebook_with_no_edit_to_it(ark: Path):
    book = ark / "cards/arkship/rulebook.md"
    source = book.read_text()
    run = run_pnp("build", "arkship", "--force", cwd=ark)
    assert run.code == 0, run.err
    before = _flat(text_of(ark / "output/arkship" / BOOK))
    assert "Every die showing 4 or more is a success" in before and "4 5 and 6: 3 successes" in before.replace(",", "")
    assert "Roll for starting skills: 3 times" in before and "shared pool of the 20 stress tokens" in before
    assert "The track holds 14 boxes" in before and re.search(r"\bStress Token 20\b", before)
    edit(ark / "cards/arkship/crew.yaml", "success_from: 4", "success_from: 5")
    edit(ark / "cards/arkship/crew.yaml", "starting_dice: 3", "starting_dice: 2")
    edit(ark / "cards/arkship/stress-tokens.yaml", "copies: 20", "copies: 24")
    edit(ark / "cards/arkship/game.yaml", "stress-token: 20", "stress-token: 24")
    edit(ark / "cards/arkship/ship.yaml", "progress: [1, 1, 1,", "progress: [1, 1, 1, 1,")
    run = run_pnp("build", "arkship", "--force", cwd=ark)
    assert run.code == 0, run.err
    assert book.read_text() == source
    after = _flat(text_of(ark / "output/arkship" / BOOK))
    assert "Every die showing 5 or more is a success" in after and "4 5 and 6: 2 successes" in after.replace(",", "")
    assert "Roll for starting skills: 2 times" in after and "shared pool of the 24 stress tokens" in after
    assert "The track holds 15 boxes" in after and re.search(r"\bStress Token 24\b", after)
    aid = _flat(text_of(ark / "output/arkship/player-aid.pdf"))  # the printed aid reads the same number
    assert "Every 5 or 6 is a success" in aid and "Every 4, 5 or 6" not in aid


def test_pending_names_are_warned_at_their_line_and_print_highlighted(shared_build):
    report = json.loads(run_pnp("check", "arkship", "--format", "json").out)["games"][0]
    lines = (REPO / "cards/arkship/rulebook.md").read_text().splitlines()
    found = [w for w in report["warnings"] if w["rule"] == "placeholder" and "rulebook.md" in (w.get("file") or "")]
    assert found, report["warnings"]
    for w in found:
        assert lines[w["line"] - 1][w["col"] - 1:].startswith("[NAME PENDING]"), w
    out, _ = shared_build("arkship")
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(out / BOOK))
    page = next(p for p in pdf if "[NAME PENDING]" in " ".join(p.get_textpage().get_text_range().split()))
    yellow = 0
    for obj in page.get_objects():  # the highlight behind it: a band in the cards' loud yellow
        if obj.type == pdfium.raw.FPDF_PAGEOBJ_PATH:
            r, g, b, _ = (c for c in _fill(obj))
            yellow += (r, g, b) == (255, 230, 0)
    assert yellow


def _fill(obj) -> tuple[int, int, int, int]:
    import ctypes

    import pypdfium2.raw as raw

    c = [ctypes.c_uint() for _ in range(4)]
    raw.FPDFPageObj_GetFillColor(obj, *c)
    return tuple(v.value for v in c)  # type: ignore[return-value]


def test_the_key_shows_the_icons_it_names_and_an_unknown_one_is_located(ark: Path):
    book = ark / "cards/arkship/rulebook.md"
    edit(book, "bulb crew crisis", "bulb crew crisys")
    run = run_pnp("check", "arkship", "--format", "json", cwd=ark)
    errors = errors_of(run)
    hit = [e for e in errors if "crisys" in e["message"]]
    assert hit and "did you mean 'crisis'" in hit[0]["message"], errors
    line = next(n for n, text in enumerate(book.read_text().splitlines(), 1) if "crisys" in text)
    assert hit[0]["line"] == line
