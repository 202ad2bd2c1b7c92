"""What a PDF paints is what its layout meant: every free edge of every face has its whole bleed, measured in the
rendered pixels of the files a build writes (pnp/output/preflight/painted.py), on every paper a game declares."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest

from pnp.layout.scene import Face, Rect
from pnp.model.units import MM
from pnp.output.impose.cards import Page, Placement
from pnp.output.preflight.painted import short_edges
from pnp.output.render.renderer import Renderer

from conftest import REPO, edit, run_pnp

GAMES = ["voyage", "arkship", "moon", "sleeping-gods", "intrepid"]
B = 3 * MM


def _page(background: tuple[float, float, float, float], marks: list | None = None) -> Page:
    """A page with one 60 x 80 mm face at (20, 20) mm, its cell the trim and 3 mm of bleed all round."""
    face = Face(60 * MM, 80 * MM, B, [Rect(*background, fill=(0.2, 0.3, 0.6))])
    x = y = 20 * MM
    placement = Placement(face, x, y, (x - B, y - B, face.w + 2 * B, face.h + 2 * B), meta={
        "component": "deck", "id": "card", "copy": 1, "side": "front"})
    return Page(210 * MM, 297 * MM, [placement], marks or [], 0.5, "front")


def _shorts(page: Page) -> list:
    data = Renderer({}, "test", "Helvetica").render([page])
    return short_edges(data, [page])


def test_a_background_that_reaches_the_bleed_passes():
    assert _shorts(_page((-B, -B, 60 * MM + 2 * B, 80 * MM + 2 * B))) == []


def test_a_background_that_stops_at_the_trim_is_found_on_every_edge():
    found = _shorts(_page((0, 0, 60 * MM, 80 * MM)))
    assert sorted(s.edge for s in found) == ["bottom", "left", "right", "top"]
    assert all(s.painted < 0.3 * MM and abs(s.meant - B) < 0.01 for s in found), found


def test_a_bleed_short_on_one_edge_says_how_far_it_reaches():
    found = _shorts(_page((-B, -B, 60 * MM + B + 1 * MM, 80 * MM + 2 * B)))  # 1 mm past the right trim
    assert [s.edge for s in found] == ["right"]
    assert abs(found[0].painted - 1 * MM) < 0.2 * MM, found[0].painted / MM
    assert "the right edge has 1.0 mm of painted bleed, not 3.0 mm" in found[0].message("deck.pdf", [1])


def test_a_white_edge_of_the_art_itself_is_not_counted():
    """Art whose own edge is paper-white shows nothing either way: not a shortfall."""
    page = _page((0, 0, 60 * MM, 80 * MM))
    page.placements[0].face.items[0].fill = (1.0, 1.0, 1.0)
    assert _shorts(page) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_free_edge_of_every_bundled_game_is_painted(game, shared_check):
    """`pnp check GAME --print` renders every file of the build on A4 and Letter (the papers each game declares) and
    measures every free edge of every face: none falls short."""
    import yaml

    assert yaml.safe_load((REPO / "cards" / game / "game.yaml").read_text())["print"]["papers"] == ["A4", "letter"]
    result = shared_check(game, "--print", "--format", "json")
    report = json.loads(result.out)["games"][0]
    painted = [e for e in report["errors"] if e["rule"] == "preflight"]
    assert painted == [], painted[:3]


def test_the_turned_cards_defect_fails_the_check(monkeypatch):
    """Planted: a turned card's art cut at its trim (the form's box without the bleed, as Letter's poker cards were
    drawn): `pnp check --print` on Letter fails, at the deck, saying how far the art reaches."""
    original = Renderer._transform

    def cut_at_the_trim(self, t, face):
        return original(self, dataclasses.replace(t, bleed=0.0), face)

    monkeypatch.setattr(Renderer, "_transform", cut_at_the_trim)
    result = run_pnp("check", "voyage", "--print", "--paper", "letter", "--format", "json")
    assert result.code == 1, result.out[-2000:]
    errors = [e for e in json.loads(result.out)["games"][0]["errors"] if e["rule"] == "preflight"]
    said = {e["file"] for e in errors}
    assert "cards/voyage/abilities.yaml" in said and "cards/voyage/events.yaml" in said, said
    assert any("voyage-pnp.pdf on letter" in e["message"] for e in errors)
    assert all("mm of painted bleed, not 3.0 mm" in e["message"] for e in errors)


def test_a_template_without_bleed_is_refused_at_its_deck(project: Path):
    """A designer's background that stops at the trim: the check names the deck and says what to change."""
    edit(project / "templates/mini/front.yaml", "type: rect, bleed: true", "type: rect, bleed: false")
    result = run_pnp("--root", str(project), "check", "mini", "--print", "--format", "json")
    assert result.code == 1, result.out
    errors = [e for e in json.loads(result.out)["games"][0]["errors"] if e["rule"] == "preflight"]
    assert errors and all("give the template's background `bleed: true`" in e["message"] for e in errors), errors


def _token(reach: float) -> Page:
    """A round token 30 mm across at (20, 20) mm, its art a disc `reach` past its circle, cut on its circle."""
    from pnp.layout.scene import Ellipse

    face = Face(30 * MM, 30 * MM, B, [Ellipse(-reach, -reach, 30 * MM + 2 * reach, 30 * MM + 2 * reach,
                                              fill=(0.6, 0.2, 0.2))])
    x = y = 20 * MM
    placement = Placement(face, x, y, (x - B, y - B, face.w + 2 * B, face.h + 2 * B), meta={
        "component": "coin", "id": "coin", "copy": 1, "side": "front"})
    outline = Ellipse(x, y, face.w, face.h, None, (0.35, 0.35, 0.35), 0.5)
    return Page(210 * MM, 297 * MM, [placement], [], 0.5, "front", extras=[outline])


def test_a_round_token_is_measured_round_its_circle():
    """A token cut on its circle: its bleed is a ring, whole when the disc reaches 3 mm past the circle, short (and
    said once, as the ring) when the art stops at the circle."""
    assert _shorts(_token(B)) == []
    found = _shorts(_token(0.0))
    assert [s.edge for s in found] == ["round"], found
    assert found[0].painted < 0.3 * MM
    said = found[0].message("coin.pdf", [1])
    assert re.search(r"the ring round the token has 0\.[0-2] mm of painted bleed, not 3\.0 mm", said), said


def test_a_turned_card_paints_its_bleed_to_a_tenth_of_a_millimetre(shared_build):
    """Measured finer than the preflight does (1200 dpi, across the middle of each free edge): every face on the
    first sheet of Voyage's turned Ability cards on Letter paints at least 2.9 mm past its trim."""
    import pypdfium2 as pdfium

    out, manifest = shared_build("voyage", "--paper", "letter")
    faces = [f for f in manifest["faces"] if f["file"] == "ability.pdf" and f["page"] == 1]
    assert faces and all(f.get("turned") == 90 for f in faces)
    page = pdfium.PdfDocument(out / "ability.pdf")[0]
    height = page.get_size()[1]
    scale = 1200 / 72
    for f in faces:
        x, y, w, h = (v * MM for v in (f["x_mm"], f["y_mm"], f["w_mm"], f["h_mm"]))
        for side, bleed in zip("ltrb", f["bleed_mm"], strict=True):
            if bleed < 1:
                continue
            # a strip 1 pt across the edge's middle, from 1 mm inside the trim to 4 mm outside
            if side in "lr":
                edge, mid = (x, y + h / 2) if side == "l" else (x + w, y + h / 2)
                lo, hi = sorted((edge + (1 if side == "l" else -1) * MM, edge + (-4 if side == "l" else 4) * MM))
                crop = (lo, height - mid - 0.5, page.get_size()[0] - hi, mid - 0.5)
            else:
                edge, mid = (y, x + w / 2) if side == "t" else (y + h, x + w / 2)
                lo, hi = sorted((edge + (1 if side == "t" else -1) * MM, edge + (-4 if side == "t" else 4) * MM))
                crop = (mid - 0.5, height - hi, page.get_size()[0] - mid - 0.5, lo)
            image = page.render(scale=scale, crop=crop).to_pil().convert("RGB")
            line = [image.getpixel((i, image.height // 2)) if side in "lr" else image.getpixel((image.width // 2, i))
                    for i in range(image.width if side in "lr" else image.height)]
            painted = [min(c) < 250 for c in line]
            if side in "lt":
                painted.reverse()  # from the inside out
            inside = int(1 * MM * scale)
            reach = next((i for i in range(inside, len(painted)) if not painted[i]), len(painted)) - inside
            assert reach / scale >= 2.9 * MM, (f["id"], side, reach / scale / MM)


@pytest.mark.parametrize("reach, short", [(2.8, True), (2.95, False), (3.0, False)])
def test_a_bleed_is_held_to_a_tenth_of_a_millimetre(reach, short):
    """The preflight samples 2.9 mm past the trim: art that reaches 2.8 mm is short on its edge (and says so to the
    hundredth, as its tenth would read 2.9), art that reaches 2.95 mm or the whole 3 mm is not."""
    found = _shorts(_page((-B, -B, 60 * MM + B + reach * MM, 80 * MM + 2 * B)))  # `reach` past the right trim
    assert [s.edge for s in found] == (["right"] if short else []), found
    if short:
        assert abs(found[0].painted - reach * MM) < 0.1 * MM, found[0].painted / MM
        assert "the right edge has 2.8" in found[0].message("deck.pdf", [1]), found[0].message("deck.pdf", [1])


def test_a_bleed_a_few_hundredths_short_on_every_turned_card_fails_the_check(monkeypatch):
    """Planted: turned cards painted to 2.8 mm past their trim instead of 3 (their form's box 0.2 mm short): `pnp
    check --print` on Letter fails at the decks."""
    original = Renderer._transform

    def short_box(self, t, face):  # the form's box is the bleed and 1 pt: 2.8 mm in all
        return original(self, dataclasses.replace(t, bleed=2.8 * MM - 1), face)

    monkeypatch.setattr(Renderer, "_transform", short_box)
    result = run_pnp("check", "voyage", "--print", "--paper", "letter", "--format", "json")
    assert result.code == 1, result.out[-2000:]
    errors = [e for e in json.loads(result.out)["games"][0]["errors"] if e["rule"] == "preflight"]
    assert {"cards/voyage/abilities.yaml", "cards/voyage/events.yaml"} <= {e["file"] for e in errors}, errors[:3]
    assert all("mm of painted bleed, not 3.0 mm" in e["message"] for e in errors), errors[:3]
