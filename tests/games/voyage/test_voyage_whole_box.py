"""Voyage's whole box: board tiles, tokens, the die, and the duplex-ready print-and-play document."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from pnp.commands.build import BuildOptions, build
from pnp.core.errors import Problems
from pnp.layout.pieces.dice import die_face
from pnp.layout.pieces.dienet import net
from pnp.layout.scene import Face, Polygon

from conftest import REPO, edit, run_pnp
from pdfcheck import MM, text_of


@pytest.fixture
def voyage(shared_build) -> tuple[Path, dict]:
    return shared_build("voyage")  # (its own paper: A4)


def test_board_fits_one_a3_sheet(shared_build):
    out, manifest = shared_build("voyage", "--paper", "A3")  # built with exit 0
    assert [f["tile"] for f in manifest["faces"] if f["component"] == "ship-board"] == ["A1"]
    assert len(PdfReader(out / "ship-board.pdf").pages) == 1


@pytest.mark.slow  # a build of the whole Voyage pack
def test_tokens_and_their_cut_lines(tmp_path):
    result = build(REPO, "voyage", BuildOptions(out=tmp_path))
    faces = json.loads((tmp_path / "manifest.json").read_text())["faces"]
    assert sum(f["component"] == "damage-token" for f in faces) == 27
    assert sum(f["component"] == "action-cube" for f in faces) == 25
    assert result.faces["damage-token"] == 27
    text = (tmp_path / "damage-token.pdf").read_bytes()
    assert len(PdfReader(tmp_path / "damage-token.pdf").pages) == 1 and text


def test_die_net_has_ten_coloured_faces_and_its_numbers():
    from pnp.layout.whole_game import layout_env
    from pnp.model.game import load_game

    game = load_game(REPO, "voyage")
    problems = Problems()
    env = layout_env(game, problems)
    faces = game.data["peril-die"].data["faces"]
    face = die_face(net("d10", 38 * MM), faces, env, problems, "peril-die")
    assert not problems.items and isinstance(face, Face)
    kites = [i for i in face.items if isinstance(i, Polygon) and len(i.points) == 4 and i.fill != (0.86, 0.86, 0.86)]
    assert len(kites) == 10
    assert len({k.fill for k in kites}) == 10  # nine colours and the white wild face


def test_die_with_the_wrong_number_of_faces_is_bad_input(project):
    game = project / "cards" / "mini"
    (game / "die.yaml").write_text("faces:\n  - {color: accent, number: 1, symbol: x}\n")
    (game / "d6.yaml").write_text("id: d6\nname: Die\nkind: die\ndie: d6\nedge: 20mm\nfaces: die\n"
                                  "cards:\n  - {id: d6}\n")
    edit(game / "game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, d6.yaml]\ndata: {die: die.yaml}")
    result = run_pnp("build", "mini", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (
        2, "cards/mini/d6.yaml:6:1: faces: a d6 has 6 faces; die lists 1")


def test_token_too_big_for_the_paper_is_bad_input(project):
    (project / "templates/mini/huge.yaml").write_text("size: {width: 300mm, height: 20mm}\nelements:\n"
                                                      "  - {type: rect, fill: accent}\n")
    edit(project / "cards/mini/spells.yaml", "template: mini/front\nback: mini/back\n",
         "template: mini/huge\nkind: tokens\n")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    assert result.err.splitlines()[0] == (
        "cards/mini/spells.yaml:3:1: spell: a 300.0 x 20.0 mm token does not fit on A4 paper inside its margins: "
        "use a bigger --paper or a smaller size")


def test_the_print_and_play_document(voyage):
    out, manifest = voyage
    doc = out / "voyage-pnp.pdf"
    reader = PdfReader(doc)
    assert manifest["files"][0]["path"] == "voyage-pnp.pdf"
    assert len(reader.pages) == manifest["files"][0]["pages"]
    assert len(reader.pages) % 2 == 0  # whole sheets: it prints duplex in one go
    first = reader.pages[0].extract_text()  # the cover carries the contents checklist
    assert "Voyage In Progress" in first and "Print-and-play edition" in first
    for component in ("Room", "Ability", "Damage Token", "Action Cube", "Location Marker", "Peril Die",
                      "Happiness meter (a Track)", "Round tracker (a Track)", "Ship Board", "ship-board.pdf"):
        assert component in first, component  # names for the player, files by id
    # a contents entry that is a card sits right under its own deck's row, not after the last deck
    lines = [line.strip() for line in first.splitlines()]
    track = lines.index("Track")
    assert [line for line in lines[track:] if "(a " in line][:3] == [
        "Happiness meter (a Track)", "Sanitation meter (a Track)", "Round tracker (a Track)"]
    assert lines.index("Round tracker (a Track)") < lines.index("Peril Die")
    assert "Print at 100 %" in reader.pages[1].extract_text()
    # every printed face is in it, once (pieces of several components share sheets: manifest["document_faces"])
    listed = [(f["component"], f["id"], f["copy"]) for f in manifest["faces"] if f["side"] == "front"]
    in_doc = [(f["component"], f["id"], f["copy"]) for f in manifest["document_faces"] if f["side"] == "front"]
    assert sorted(in_doc) == sorted(listed)
    assert all(f["file"] == "voyage-pnp.pdf" for f in manifest["document_faces"])
    assert text_of(doc).count("Duct Tape") == 2


def test_the_summary_counts_match_the_rulebook_contents(voyage):
    result = run_pnp("check", "voyage", "--format", "json")
    report = json.loads(result.out)["games"][0]
    assert report["ok"] and not [e for e in report["errors"] if e["rule"] == "contents"]
    contents = {"room": 16, "empty-room": 9, "ability": 44, "event": 20, "captain": 6, "ship-board": 1,
                "action-cube": 25, "damage-token": 27, "location-marker": 4, "peril-die": 1}
    _, manifest = voyage
    for component, count in contents.items():
        printed = {(f["id"], f["copy"]) for f in manifest["faces"] if f["component"] == component
                   and f["side"] == "front"}
        assert len(printed) == count, component
