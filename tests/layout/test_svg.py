"""SVG art: drawn as vectors in the palette's colours, bounded and confined like every input; Voyage's own art."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from pypdf import PdfReader

from conftest import REPO, edit, run_pnp

SQUARE = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{}</svg>'
ART = SQUARE.format('<path fill="currentColor" d="M10 10h80v80H10z"/><circle cx="50" cy="50" r="20" fill="#ff0000"/>')


def with_svg_image(project: Path, svg: str, colour: str = "accent") -> Path:
    (project / "cards/mini/art/box.svg").write_text(svg)
    edit(project / "templates/mini/front.yaml", "  - {name: gem,",
         f"  - {{type: image, src: art/box.svg, x: 20mm, y: 55mm, w: 20mm, h: 12mm, color: {colour}}}\n"
         "  - {name: gem,")
    return project


def page_content(pdf: Path) -> tuple[bytes, list]:
    """The first page's drawing operators (forms included) and the subtypes of every XObject it uses."""
    page = PdfReader(pdf).pages[0]
    data, kinds = page.get_contents().get_data(), []
    todo = [page["/Resources"]]
    while todo:
        res = todo.pop().get_object()
        for xo in (res.get("/XObject") or {}).values():
            xo = xo.get_object()
            kinds.append(xo["/Subtype"])
            data += xo.get_data()
            if "/Resources" in xo:
                todo.append(xo["/Resources"])
    return data, kinds


def test_an_svg_image_is_drawn_as_vectors_in_the_palette_colour(project: Path):
    with_svg_image(project, ART)
    result = run_pnp("--root", str(project), "build", "mini")
    assert result.code == 0, result.err
    ops, kinds = page_content(project / "output/mini/spell.pdf")
    assert "/Image" not in kinds  # not a picture: vectors
    # currentColor became the palette's accent (#2f4f9c); the SVG's own red stays red
    assert b".184314 .309804 .611765 rg" in ops
    assert b"1 0 0 rg" in ops


def test_an_svg_without_colours_takes_the_element_colour(project: Path):
    with_svg_image(project, SQUARE.format('<path d="M10 10h80v80H10z"/>'), '"#00ff00"')
    assert run_pnp("--root", str(project), "build", "mini").code == 0
    ops, _ = page_content(project / "output/mini/spell.pdf")
    assert b"0 1 0 rg" in ops


def test_an_svg_icon_in_the_icon_set_is_drawn_inline(project: Path):
    (project / "cards/mini/art/box.svg").write_text(ART)
    with open(project / "cards/mini/icons.yaml", "a") as f:
        f.write("  box: {svg: art/box.svg, description: a box}\n")
    edit(project / "cards/mini/spells.yaml", 'text: "Move."', 'text: "Move :box: now."')
    result = run_pnp("--root", str(project), "build", "mini")
    assert result.code == 0, result.err
    ops, kinds = page_content(project / "output/mini/spell.pdf")
    assert "/Image" not in kinds and b"1 0 0 rg" in ops


@pytest.mark.parametrize("svg, said", [
    ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>',
     "has a DOCTYPE or entities"),
    (SQUARE.format('<image href="file:///etc/passwd" width="10" height="10"/>'), "<image> embeds a picture"),
    (SQUARE.format('<use href="other.svg#part"/>'), "refers to 'other.svg#part'"),
    (SQUARE.format('<rect width="10" height="10" fill="url(http://example.org/x)"/>'), "refers to 'http://example.org/x"),
    (SQUARE.format("<text>hi</text>"), "<text> draws text"),
    (SQUARE.format("<g>" + "<g/>" * 20_001 + "</g>"), "more than 20,000 elements"),
    ("<svg", "is not a readable SVG"),
    ('<html xmlns="http://www.w3.org/1999/xhtml"/>', "is not an SVG"),
    ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 x"/>', "viewBox '0 0 x'"),
])
def test_a_bad_svg_is_refused_at_the_template_line(project: Path, svg: str, said: str):
    with_svg_image(project, svg)
    result = run_pnp("--root", str(project), "build", "mini")
    assert result.code == 2, result.err
    assert re.search(r"templates/mini/front.yaml:\d+:\d+: .*image 'art/box.svg': .*" + re.escape(said), result.err), \
        result.err
    assert "Traceback" not in result.err


def test_a_huge_svg_and_one_outside_the_project_are_refused(project: Path, tmp_path: Path):
    with_svg_image(project, SQUARE.format("<!--" + "x" * (4 * 2**20) + "-->"))
    result = run_pnp("--root", str(project), "build", "mini")
    assert result.code == 2 and "an SVG may be at most 4 MB" in result.err, result.err
    (tmp_path / "secret.svg").write_text(ART)
    edit(project / "templates/mini/front.yaml", "src: art/box.svg", "src: ../../../secret.svg")
    result = run_pnp("--root", str(project), "build", "mini")
    assert result.code == 2 and "leads outside the project folder" in result.err, result.err


def test_an_svg_icon_that_is_missing_is_named_in_the_icon_file(project: Path):
    with open(project / "cards/mini/icons.yaml", "a") as f:
        f.write("  box: {svg: art/nothing.svg}\n")
    result = run_pnp("--root", str(project), "build", "mini")
    assert result.code == 2
    assert re.search(r"cards/mini/icons.yaml:\d+:\d+: icons.box.svg: SVG 'art/nothing.svg' not found", result.err)


DECKS = {"rooms.yaml": "room", "abilities.yaml": "ability", "events.yaml": "event", "captains.yaml": "captain"}


def test_every_voyage_room_ability_event_and_captain_has_its_own_art():
    arts = []
    for file in DECKS:
        cards = yaml.safe_load((REPO / "cards/voyage" / file).read_text())["cards"]
        arts += [c["art"] for c in cards]
        assert all(c.get("art") for c in cards), file
    assert len(arts) == len(set(arts)) == 64
    folder = REPO / "cards/voyage/art"
    assert sorted(p.stem for p in folder.glob("*.svg")) == sorted(arts)  # only the icons used are kept
    licence = (folder / "LICENSE.txt").read_text()
    assert "CC BY 3.0" in licence and all(f"{a}.svg" in licence for a in arts)


@pytest.mark.slow
def test_voyage_cards_draw_their_art_as_vectors_and_credit_it(shared_build):
    out, manifest = shared_build("voyage")
    ops, kinds = page_content(out / "ability.pdf")
    assert "/Image" not in kinds and len(ops) > 20_000  # the nine cards' outlines
    front = " ".join(page.extract_text() for page in PdfReader(out / "voyage-pnp.pdf").pages[:3])  # the front matter
    assert "Credits" in front and "Game Icons" in front and "CC BY 3.0" in front
