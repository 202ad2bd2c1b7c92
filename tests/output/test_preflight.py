"""Preflight: each check finds what it is for, names the component, face and template line, and every
bundled game passes it on every paper."""

from __future__ import annotations

import json

import pytest

from pnp.core.errors import Where
from pnp.layout.scene import Face, Label, Line, Rect, Text, TextRun
from pnp.model.schema.fields import PAPERS
from pnp.output.impose.cards import Page, Placement
from pnp.output.preflight.laid_out import Preflight, Sheets

from conftest import REPO, edit, run_pnp
from pdfcheck import MM, fonts

A4 = PAPERS["A4"]


def line_of(path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)
META = {"component": "spell", "id": "fireball", "copy": 1, "side": "front"}


def findings(page: Page, font: str = "Lato-Regular", single: bool = False) -> list[str]:
    _registered("Lato-Regular")  # embedded, as a build registers it (whatever ran before in this process)
    check = Preflight(5 * MM, font, {})
    check.check(Sheets("spell.pdf", [page], Where("cards/mini/spells.yaml", 1), single))
    return [f"{p.subject}: {p.message}" for p in check.problems()]


def _registered(name: str) -> None:
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    if name not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont(name, str(REPO / "fonts" / f"{name}.ttf")))


def card(x: float = 20 * MM, y: float = 20 * MM, items: list | None = None) -> Placement:
    face = Face(63.5 * MM, 88.9 * MM, 3 * MM, items or [Rect(-3 * MM, -3 * MM, 69.5 * MM, 94.9 * MM, (0, 0, 0))])
    return Placement(face, x, y, (x - 3 * MM, y - 3 * MM, 69.5 * MM, 94.9 * MM), False, dict(META))


def test_a_clean_sheet_passes(project):
    from pnp.core.errors import Problems
    from pnp.layout.fonts.families import load_families

    load_families(project, {"body": {"regular": "Lato-Regular.ttf"}}, lambda *a: None, Problems())  # registers it
    assert findings(Page(*A4, [card()], [(10 * MM, 16.9 * MM, 15 * MM, 16.9 * MM)], 0.5, "front")) == []


def test_a_face_outside_the_printable_area_is_found():
    assert findings(Page(*A4, [card(x=4 * MM)], [], 0.5, "front")) == [
        "spell/fireball front: 1.0, 17.0 mm (69.5 x 94.9 mm) reaches outside the printable area (the sheet less "
        "5 mm margins)"]
    assert findings(Page(*A4, [card(x=4 * MM)], [], 0.5, "front"), single=True) == []  # a print-shop page


def test_a_cut_mark_over_a_face_and_a_dark_mark_in_the_bleed_are_found():
    over = findings(Page(*A4, [card()], [(30 * MM, 10 * MM, 30 * MM, 30 * MM)], 0.5, "front"))
    assert over == ["spell/fireball front: a mark at 30.0, 10.0 mm (0.0 x 20.0 mm) lies over the face's trimmed area"]
    in_bleed = [Line(18 * MM, 19 * MM, 18 * MM, 10 * MM, (0, 0, 0), 0.5)]  # crosses the bleed, not the trim
    assert findings(Page(*A4, [card()], [], 0.5, "front", in_bleed)) == [
        "spell/fireball front: a dark mark at 18.0, 10.0 mm (0.0 x 9.0 mm) lies on the art (in the bleed) with no "
        "white under it: it vanishes on dark art"]
    halo = [Line(18 * MM, 19 * MM, 18 * MM, 10 * MM, (1, 1, 1), 1.7), *in_bleed]
    assert findings(Page(*A4, [card()], [], 0.5, "front", halo)) == []


def test_pages_alike_are_checked_once_and_each_face_is_named():
    def page(card_id: str, mark_x: float) -> Page:
        face = card()
        face.meta["id"] = card_id
        dark = [Line(18 * MM, 19 * MM, 18 * MM, 10 * MM, (0, 0, 0), 0.5)]
        return Page(*A4, [face], [(mark_x, 10 * MM, mark_x, 30 * MM)], 0.5, "front", dark)

    check = Preflight(5 * MM, "Lato-Regular", {})
    check.check(Sheets("spell.pdf", [page("a", 30 * MM), page("b", 30 * MM), page("c", 40 * MM)], None))
    assert len(check._pages) == 2  # the first two pages alike: checked once
    assert [(p.message[:12], p.subject) for p in check.problems()] == [
        ("a dark mark ", "spell/a front (and 2 more)"), ("a mark at 30", "spell/a front (and 1 more)"),
        ("a mark at 40", "spell/c front")]


def test_small_text_thin_strokes_and_builtin_fonts_are_found_at_their_template_line():
    from pnp.layout.scene import ElementSource

    run = TextRun(5 * MM, 9 * MM, "Helvetica", 5.0, (0, 0, 0), "tiny")
    small = Text(5 * MM, 5 * MM, 40 * MM, 5 * MM, [run], 5.0, 1)
    thin = Line(0, 0, 10 * MM, 0, (0, 0, 0), 0.1)
    face = card(items=[small, thin])
    face.face.sources = {id(small): ElementSource(Where("templates/mini/front.yaml", 7)),
                         id(thin): ElementSource(Where("templates/mini/front.yaml", 9))}
    found = findings(Page(*A4, [face], [], 0.5, "front"))
    assert "spell/fireball front: text at 5 pt, under 6 pt: give it a bigger size or min_size" in found
    check = Preflight(5 * MM, "Lato-Regular", {})
    check.check(Sheets("spell.pdf", [Page(*A4, [face], [], 0.5, "front")]))
    places = {str(p.where) for p in check.problems()}
    assert places == {"templates/mini/front.yaml:7", "templates/mini/front.yaml:9"}
    assert any("font 'Helvetica' is not embedded" in f for f in found)
    assert any("a stroke of 0.1 pt, under 0.25 pt" in f for f in found)
    labels = findings(Page(*A4, [], [], 0.5, "front", [Label(20 * MM, 20 * MM, "page 1", 5, (0, 0, 0))]))
    assert labels == ["spell.pdf page 1: page label 'page 1' at 5 pt, under 6 pt"]


def test_check_print_names_the_template_line_and_strict_fails(project):
    front = project / "templates/mini/front.yaml"
    edit(front, "h: 50mm, text: \"{{ card.text }}\"}", "h: 50mm, text: \"{{ card.text }}\", size: 5.5pt, "
                "min_size: 5.5pt}\n  - {type: line, x1: 5mm, y1: 80mm, x2: 50mm, y2: 80mm, stroke: ink, "
                "stroke_width: 0.1pt}\n  - {type: image, src: art/sun.png, x: 20mm, y: 50mm, w: 24mm, h: 16mm}")
    result = run_pnp("--root", str(project), "check", "mini", "--print", "--final", "--format", "json")
    assert result.code == 0, result.err  # findings are warnings ...
    warnings = json.loads(result.out)["games"][0]["warnings"]
    found = {(w["line"], w["message"].split(",")[0].split(" under")[0]) for w in warnings if w["rule"] == "preflight"}
    body, stroke, image = (line_of(front, "size: 5.5pt"), line_of(front, "stroke_width: 0.1pt"),
                           line_of(front, "art/sun.png"))
    assert found == {(body, "text at 5.5 pt"), (stroke, "a stroke of 0.1 pt"),
                     (image, "image 'sun.png' prints at 127 dpi")}
    assert all(w["file"] == "templates/mini/front.yaml" and w["subject"].startswith("spell/") for w in warnings)
    strict = run_pnp("--root", str(project), "check", "mini", "--print", "--final", "--strict")
    assert strict.code == 1 and "[preflight] (3)" in strict.out
    built = run_pnp("--root", str(project), "build", "mini", "--final", "--out", str(project / "out"))
    assert built.code == 0 and built.err.count("preflight: templates/mini/front.yaml:") == 3


def test_the_playtest_stamp_is_checked_unless_final(project):
    result = run_pnp("--root", str(project), "check", "mini", "--print")
    from pnp.output.render.pdftext import STAMP_SIZE

    assert ("the playtest stamp prints at" in result.out) == (STAMP_SIZE < 6)


def test_the_playtest_stamp_over_a_shape_edge_or_text_is_found_at_its_template_line(project):
    """The stamp prints 1.2 mm above the foot of a card front: a panel that stops 2.5 mm above it had the stamp
    across its edge (Voyage, Ark Ship, ...); a background that runs on past the trim is only under it."""
    front = project / "templates/mini/front.yaml"
    assert "the playtest stamp prints over" not in run_pnp("--root", str(project), "check", "mini", "--print").out
    edit(front, "h: 71.9mm, fill: paper", "h: 72.4mm, fill: paper")  # its foot 2.5 mm above the trim's
    edit(front, "  - {name: gem,", "  - {name: note, type: text, x: 5mm, y: 85mm, w: 53.5mm, h: 3mm, text: x, "
         "size: 6pt, align: center, art: true}\n  - {name: gem,")
    result = run_pnp("--root", str(project), "check", "mini", "--print", "--format", "json")
    found = {(w["line"], w["message"]) for w in json.loads(result.out)["games"][0]["warnings"]
             if w["rule"] == "preflight"}
    assert found == {
        (line_of(front, "h: 72.4mm"), "the playtest stamp prints over this element, 2.5 mm above the foot of the "
                                      "trim: keep the bottom 3 mm of a card front clear (or `--final`)"),
        (line_of(front, "name: note"), "the playtest stamp prints over this text: keep the bottom 3 mm of a card "
                                       "front clear (or `--final`)")}
    final = run_pnp("--root", str(project), "check", "mini", "--print", "--final", "--strict")
    assert final.code == 0, final.out  # no stamp, nothing under it


@pytest.mark.slow
@pytest.mark.parametrize("game", ["voyage", "arkship", "moon", "sleeping-gods", "intrepid"])
def test_every_bundled_game_passes_preflight_on_every_paper(game):
    import dataclasses

    from pnp.commands.build import BuildOptions, prepare
    from pnp.commands.build_preflight import preflight_prepared

    from conftest import REPO

    prep = prepare(REPO, game, BuildOptions(force=True))  # laid out once, imposed on each paper
    for paper in ("A4", "letter", "A3", "tabloid"):
        settings = dataclasses.replace(prep.settings, paper=paper)
        on_paper = dataclasses.replace(prep, settings=settings, paper=PAPERS[paper])
        assert [str(p) for p in preflight_prepared(on_paper, False, True)] == [], paper  # with the playtest stamp
    assert [str(p) for p in preflight_prepared(prep, True, True)] == []  # --layout single


@pytest.mark.slow
def test_the_fonts_the_preflight_trusts_are_embedded_in_the_pdfs(shared_build):
    out, manifest = shared_build("voyage")  # on A4, Voyage's own paper (the build other tests share)
    for f in manifest["files"]:
        used = fonts(out / f["path"])
        assert used and all(embedded for _, embedded in used), f["path"]


def test_the_stamp_across_a_slots_side_is_found_and_the_templates_stamp_setting_moves_it(project):
    """A stroked slot that reaches the trim (Sleeping Gods' tuck slots): its foot is cut away, its sides are not.
    `stamp:` in the template moves the stamp along the foot, clear of them."""
    front = project / "templates/mini/front.yaml"
    edit(front, "  - {name: gem,", "  - {name: slot, type: rect, x: 36mm, y: 80mm, w: 20mm, h: 8.9mm, stroke: ink, "
         "stroke_width: 1pt}\n  - {name: gem,")
    result = run_pnp("--root", str(project), "check", "mini", "--print", "--format", "json")
    said = [w for w in json.loads(result.out)["games"][0]["warnings"] if "stamp" in w["message"]]
    assert [(w["line"], w["message"].split(":")[0]) for w in said] == [
        (line_of(front, "name: slot"), "the playtest stamp prints across this element's side")]
    edit(front, "size: poker\n", "size: poker\nstamp: left\n")
    result = run_pnp("--root", str(project), "check", "mini", "--print", "--strict")
    assert result.code == 0, result.out
    edit(front, "stamp: left\n", "stamp: 7O%\n")
    bad = run_pnp("--root", str(project), "check", "mini")
    assert bad.code == 2 and "templates/mini/front.yaml:2:1: stamp: '7O%': use center, left, right" in bad.err, bad.err
    last = "7O%"
    for wrong, said in (("centre", "; did you mean 'center'?"), ("150%", "on the face"), ("90mm", "on the face")):
        edit(front, f"stamp: {last}\n", f"stamp: {wrong}\n")
        last = wrong
        bad = run_pnp("--root", str(project), "check", "mini")
        assert bad.code == 2 and said in bad.err, bad.err


def test_a_watched_build_finds_what_a_fresh_build_finds(project):
    """`pnp watch` keeps each face's preflight findings for the next build (a deck not laid out again has the
    same faces): after an edit, a cached build reports exactly what a build from nothing reports."""
    from pnp.commands.build import BuildCache, BuildOptions, build

    game = project / "cards/mini/game.yaml"
    game.write_text(game.read_text().replace('ink: "#222222"', 'ink: "#e8e8e8"'))  # text a player cannot read
    cache = BuildCache()
    first = build(project, "mini", BuildOptions(cache=cache)).preflight
    spells = project / "cards/mini/spells.yaml"
    spells.write_text(spells.read_text().replace("Move.", "Move twice."))
    watched = build(project, "mini", BuildOptions(cache=cache)).preflight
    fresh = build(project, "mini", BuildOptions()).preflight
    assert first and any("contrast" in p.message for p in watched)
    assert [(str(p.where), p.message, p.subject) for p in watched] == [
        (str(p.where), p.message, p.subject) for p in fresh]
    assert cache.preflight is not None and cache.preflight.faces, "the findings are kept for the next build"
