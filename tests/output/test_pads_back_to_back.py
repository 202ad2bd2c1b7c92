"""Write-in pads back to back: in the print-and-play document the back of a write-in page is
another write-in page, of a different pad where the game has more than one (pad A's copy k behind pad B's copy k),
so that the players at one table each get a sheet of the same pad; `print: pads: one-sided` keeps the blank
backs. Moon: 48 sheets -> 30; Ark Ship: 28 -> 24."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.output.packing.pads import pairs as pairs_of_pages

from conftest import REPO, edit, run_pnp


def _doc(manifest: dict) -> tuple[dict, list[dict]]:
    doc = manifest["files"][0]
    return doc, [p for p in manifest["pages"] if p["file"] == doc["path"]]


def _paper_sheets(pages: list[dict]) -> list[tuple[dict, dict | None]]:
    """The write-in sheets of the document: (front page, back page or None), checked to start on odd pages."""
    paper = [p for p in pages if p.get("stock") == "paper"]
    out: list[tuple[dict, dict | None]] = []
    for p in paper:
        if p["side"] == "front":
            assert p["page"] % 2 == 1, p
            out.append((p, None))
        elif p["side"] == "back":
            assert out and out[-1][0]["page"] == p["page"] - 1, p
            out[-1] = (out[-1][0], p)
    return out


def _sides(manifest: dict) -> list[tuple[str, str]]:
    _, pages = _doc(manifest)
    return [(front["what"], back["what"] if back else "") for front, back in _paper_sheets(pages)]


def pairs(pads: list[list[str]]) -> list[tuple[str, str | None]]:
    """The pairing rule on stand-ins for pages (it only moves them)."""
    return pairs_of_pages(pads)  # type: ignore[arg-type,return-value]


def test_pads_pair_copy_by_copy_and_only_the_last_with_itself():
    """The pairing rule, on pads of pages (strings stand for pages): A's k-th page behind B's k-th, the longer's rest
    with the next pad, the last one's rest with its own next page; an odd page left alone."""
    moon = [[f"{n}.{k}" for k in range(1, 7)] for n in range(1, 7)]
    got = pairs(moon)
    assert got == [(f"{a}.{k}", f"{a + 1}.{k}") for a in (1, 3, 5) for k in range(1, 7)]
    crew, ship = [f"crew{k}" for k in range(1, 7)], [f"ship{k}" for k in range(1, 3)]
    assert pairs([crew, ship]) == [("crew1", "ship1"), ("crew2", "ship2"), ("crew3", "crew4"),
                                   ("crew5", "crew6")]
    assert pairs([["a1", "a2", "a3"]]) == [("a1", "a2"), ("a3", None)]
    chain = pairs([["a1", "a2", "a3"], ["b1"], ["c1", "c2", "c3"]])
    assert chain == [("a1", "b1"), ("a2", "c1"), ("a3", "c2"), ("c3", None)]
    assert pairs([]) == []


def test_moon_and_arkship_reach_their_sheet_goals_on_a4(shared_build):
    """Counted as issue 30 counts them, from the manifest: Moon <= 30 sheets (48 with blank backs), Ark Ship <= 25
    (28); no page of Moon's is blank any more, Ark Ship keeps 2 (its tokens' and its standees' backs)."""
    goals = {"moon": 30, "arkship": 25}
    for game, goal in goals.items():
        _, manifest = shared_build(game)
        doc, pages = _doc(manifest)
        assert (len(pages) + 1) // 2 <= goal, (game, len(pages))
        assert doc["blank_pages"] == sum(p["side"] == "blank" for p in pages)
    assert _doc(shared_build("moon")[1])[0]["blank_pages"] == 0


def test_each_moon_sheet_holds_two_different_adventures_and_each_copy_its_own_sheet(shared_build):
    """Four players of adventure 1 each get their own sheet: the two sides of every paper sheet are different
    adventures (1 | 2, 3 | 4, 5 | 6), and each adventure's 6 copies lie on 6 different sheets. The pads still hold
    36 sheets to write on (6 of each adventure), each face a front of its pad, and each adventure's own file still
    prints it one to a page."""
    _, manifest = shared_build("moon")
    _, pages = _doc(manifest)
    sheets = _paper_sheets(pages)
    assert len(sheets) == 18
    for front, back in sheets:
        assert back is not None and back["side"] == "back" and back["stock"] == front["stock"] == "paper"
        assert re.fullmatch(r"Adventure \d Sheet", front["what"]) and re.fullmatch(r"Adventure \d Sheet", back["what"])
        assert front["what"] != back["what"], (front["page"], back["page"])
        assert back["sheet"] == "back of " + front["sheet"]
    assert {(f["what"][10], b["what"][10]) for f, b in sheets if b} == {("1", "2"), ("3", "4"), ("5", "6")}
    faces = [f for f in manifest["document_faces"] if f["component"].startswith("adventure-")]
    assert len(faces) == 36 and {f["side"] for f in faces} == {"front"}
    on_sheets: dict[str, set[int]] = defaultdict(set)
    for f in faces:
        on_sheets[f["component"]].add((f["page"] - 1) // 2)
    assert {c: len(s) for c, s in on_sheets.items()} == {f"adventure-{n}": 6 for n in range(1, 7)}
    own = {f["path"]: f["pages"] for f in manifest["files"]}
    assert all(own[f"adventure-{n}.pdf"] == 6 for n in range(1, 7))


def _segments(marks: list[list[float]], mirror: float | None = None) -> set[tuple[float, ...]]:
    out: set[tuple[float, ...]] = set()
    for x1, y1, x2, y2 in marks:
        if mirror is not None:
            x1, x2 = mirror - x1, mirror - x2
        a, b = sorted([(round(x1, 1), round(y1, 1)), (round(x2, 1), round(y2, 1))])
        out.add((*a, *b))
    return out


def test_arkship_backs_crew_with_ship_then_crew_with_crew_cut_lines_meeting(shared_build):
    """Ark Ship: crew | ship, crew | ship, crew | crew, crew | crew (4 sheets, 8 with blank backs); the cut between a
    page's two sheets lies where the page behind it is cut (its marks at the mirror image of the front's). Still 12
    crew sheets and 4 ship sheets to write on."""
    _, manifest = shared_build("arkship")
    assert _sides(manifest) == [("Crew Sheet", "Ship Sheet")] * 2 + [("Crew Sheet", "Crew Sheet")] * 2
    _, pages = _doc(manifest)
    for front, back in _paper_sheets(pages):
        assert back is not None and front["cut_marks_mm"]
        assert _segments(back["cut_marks_mm"]) == _segments(front["cut_marks_mm"], mirror=210.0)
    counts: dict[str, int] = defaultdict(int)
    for f in manifest["document_faces"]:
        counts[f["component"]] += 1
    assert counts["crew-sheet"] == 12 and counts["ship-sheet"] == 4


def test_the_how_to_page_says_the_sheets_are_printed_on_both_sides_and_which_pads_share_one(shared_build):
    out, manifest = shared_build("moon")
    how = " ".join(PdfReader(out / manifest["files"][0]["path"]).pages[1].extract_text().split())
    assert "Write-in sheets, printed on both sides" in how, how
    for a, b in ((1, 2), (3, 4), (5, 6)):
        assert f"Adventure {a} Sheet backed by Adventure {b} Sheet (6 sheets of paper)" in how, how
    assert "blank page" not in how and "One-sided" not in how  # Moon has no one-sided sheet left
    out, manifest = shared_build("arkship")
    how = " ".join(PdfReader(out / manifest["files"][0]["path"]).pages[1].extract_text().split())
    assert ("Crew Sheet backed by Ship Sheet (2 sheets of paper), Crew Sheet on both sides (2 sheets of paper)"
            in how), how


def _build(root: Path, out: Path, *args: str) -> dict:
    r = run_pnp("build", "moon", "--out", str(out), *args, cwd=root)
    assert r.code == 0, r.err
    return json.loads((out / "manifest.json").read_text())


def test_pads_one_sided_restores_the_blank_backs(moon: Path, tmp_path: Path):
    """`print: {pads: one-sided}`: every write-in page followed by a blank page again (96 pages, 36 blank), and the
    how-to page says so."""
    edit(moon / "cards/moon/game.yaml", "print:\n", "print:\n  pads: one-sided\n")
    manifest = _build(moon, tmp_path / "out")
    doc, pages = _doc(manifest)
    assert doc["pages"] == 96 and doc["blank_pages"] == 36
    sheets = _paper_sheets(pages)
    assert len(sheets) == 36 and all(back is None for _, back in sheets)
    after = {p["page"]: p for p in pages}
    assert all(after[front["page"] + 1]["side"] == "blank" for front, _ in sheets)
    how = " ".join(PdfReader(tmp_path / "out" / doc["path"]).pages[1].extract_text().split())
    assert "every one-sided sheet by a blank page" in how and "printed on both sides" not in how


def test_a_bad_pads_value_is_a_located_error(moon: Path, tmp_path: Path):
    edit(moon / "cards/moon/game.yaml", "print:\n", "print:\n  pads: both\n")
    lines = (moon / "cards/moon/game.yaml").read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if text.strip() == "pads: both")
    r = run_pnp("build", "moon", "--out", str(tmp_path / "out"), cwd=moon)
    assert r.code == 2
    assert f"game.yaml:{line}:3: print.pads: expected one of 'back-to-back', 'one-sided', got 'both'" in r.err, r.err
    assert "Traceback" not in r.err and not (tmp_path / "out").exists()


@pytest.mark.slow
@pytest.mark.parametrize("game", ["moon", "arkship"])
def test_letter_pairs_the_pads_too(shared_build, game):
    """On Letter: the same pairs, each back the same page size as its front (every page of the document is)."""
    _, manifest = shared_build(game, "--paper", "letter")
    want = {"moon": [(f"Adventure {a} Sheet", f"Adventure {a + 1} Sheet") for a in (1, 3, 5) for _ in range(6)],
            "arkship": [("Crew Sheet", "Ship Sheet")] * 2 + [("Crew Sheet", "Crew Sheet")] * 2}[game]
    assert _sides(manifest) == want
    _, pages = _doc(manifest)
    if game == "arkship":  # two crew sheets to a Letter page too: the cuts meet
        for front, back in _paper_sheets(pages):
            assert back is not None
            assert _segments(back["cut_marks_mm"]) == _segments(front["cut_marks_mm"], mirror=215.9)


@pytest.mark.slow
def test_pads_print_one_sided_where_the_cuts_would_not_meet_or_nothing_has_a_back(shared_build):
    """Short-edge duplex turns the sheet over its horizontal centre line: Ark Ship's cut between two crew sheets
    (above the footer's strip, so not at the centre) would not meet the one behind it, so its pads keep blank backs;
    Moon's whole-page sheets have no cut and pair. `--duplex none` prints no backs at all."""
    assert all(back == "" for _, back in _sides(shared_build("arkship", "--duplex", "short")[1]))
    assert all(back for _, back in _sides(shared_build("moon", "--duplex", "short")[1]))
    _, pages = _doc(shared_build("moon", "--duplex", "none")[1])
    assert {p["side"] for p in pages if p.get("stock") == "paper"} == {"front"}


def test_the_game_schema_offers_the_two_pads_values():
    """`pnp schema`: an editor completes `print: pads:` with its two values and refuses a third."""
    import jsonschema

    from pnp.commands.schema import schemas

    game = schemas(REPO)["game.schema.json"]
    pads = next(d for d in game.get("$defs", {}).values() if "pads" in d.get("properties", {}))["properties"]["pads"]
    assert pads["enum"] == ["back-to-back", "one-sided"] and pads["default"] == "back-to-back"
    doc = {"name": "x", "print": {"pads": "one-sided"}}
    jsonschema.validate(doc, game)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"name": "x", "print": {"pads": "both"}}, game)


def pads_line(sides: list[tuple[str, str, int]]) -> str:
    """The how-to page's line on write-in pads, as its template says it for these (front, back, sheets)."""
    from pnp.output.document.front_matter import how_to_template

    facts = {"duplex": "long", "edge": "long", "blanks": False, "two_sided": [], "one_sided": [], "stocks": {},
             "stock": "", "glued": False, "sheets": "", "more": "", "cards": False, "tokens": False, "dials": False,
             "pieces": [], "beside_tiles": False, "on_card_sheets": False, "steps": [],
             "pads": [{"front": f, "back": b, "n": n} for f, b, n in sides],
             "pads_mixed": any(b and b != f for f, b, _ in sides)}
    page = how_to_template().render(**facts)
    return next(line for line in page.splitlines() if line.startswith("*Write-in sheets"))


def test_the_how_to_line_says_each_pairing_and_promises_a_sheet_each_only_where_pads_differ():
    mixed = pads_line([("Crew Sheet", "Ship Sheet", 2), ("Crew Sheet", "Crew Sheet", 2), ("Crew Sheet", "", 1)])
    assert mixed == ("*Write-in sheets, printed on both sides*, two different pads on a sheet where the game has two, "
                     "so that each player at a table gets a sheet of their own: Crew Sheet backed by Ship Sheet (2 "
                     "sheets of paper), Crew Sheet on both sides (2 sheets of paper), Crew Sheet, one side only (1 "
                     "sheet of paper).")
    alone = pads_line([("Score Sheet", "Score Sheet", 3)])
    assert alone == "*Write-in sheets, printed on both sides*: Score Sheet on both sides (3 sheets of paper)."
