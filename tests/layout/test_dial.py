"""`kind: dial`: a base with a window and a wheel pinned under it. The engine cuts the holes, prints the
values round the wheel and refuses, at the deck file's line, a dial whose values would not show whole
and alone in the window, or whose wheel does not fit its base. Tested on a small dial added to the
test project, and on Intrepid's resource boards turned step by step."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from conftest import REPO, edit, run_pnp

DIAL = """id: gauge
name: Gauge
kind: dial
template: mini/dial-base
wheel: mini/dial-wheel
dial:
  center: [60mm, 60mm]
  radius: 40mm
  window: {angle: 0, distance: 32mm, width: 12mm, height: 8mm}
  thumb: {angle: 180, distance: 14mm, size: 10mm}
  values: [1, 2, 3, 4, 5, 6, 7, 8]
  text: {font: title, size: 14pt, color: ink}
  end_mark: {icon: dot, size: 3mm}
fields:
  name: {type: text}
cards:
  - {id: heat, name: Heat}
"""
BASE = """size: {width: 120mm, height: 120mm}
elements:
  - {type: rect, fill: paper, bleed: true}
  - {type: ellipse, x: "{{ dial.center[0] - dial.radius }}mm", y: "{{ dial.center[1] - dial.radius }}mm",
     w: "{{ 2 * dial.radius }}mm", h: "{{ 2 * dial.radius }}mm", stroke: accent}
  - {type: text, x: "{{ dial.window.x - 10 }}mm", y: "{{ dial.window.y + 5 }}mm", w: 20mm, h: 5mm,
     text: "{{ card.name }}", align: center}
"""
WHEEL = """size: {width: 80mm, height: 80mm}
elements:
  - {type: ellipse, fill: "#f4e3b0", bleed: true}
"""


@pytest.fixture
def dial(project: Path) -> Path:
    """The test project's `tiny` game with a small dial: 8 values, an end mark, a thumb hole."""
    (project / "cards/tiny/dial.yaml").write_text(DIAL)
    (project / "templates/mini/dial-base.yaml").write_text(BASE)
    (project / "templates/mini/dial-wheel.yaml").write_text(WHEEL)
    game = project / "cards/tiny/game.yaml"
    edit(game, "decks: [cards.yaml, sheets.yaml]", "decks: [cards.yaml, sheets.yaml, dial.yaml]")
    edit(game, "  card: 6", "  card: 6\n  gauge: 1")
    return project


def dial_errors(root: Path) -> tuple[int, list[tuple[int, int, str]]]:
    result = run_pnp("check", "tiny", "--format", "json", cwd=root)
    report = json.loads(result.out) if result.out.startswith("{") else None
    if report is None:
        return result.code, [(0, 0, result.err)]
    errors = report["games"][0]["errors"]
    return result.code, [(e["line"], e["col"], e["message"]) for e in errors if e["file"] == "cards/tiny/dial.yaml"]


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def test_a_dial_prints_its_bases_then_its_wheels_on_a_sheet_of_their_own(dial, tmp_path):
    assert dial_errors(dial) == (0, [])
    result = run_pnp("build", "tiny", "--out", str(tmp_path / "out"), cwd=dial)
    assert result.code == 0, result.err
    manifest = json.loads((tmp_path / "out/manifest.json").read_text())
    faces = [(f["side"], f["page"], f["w_mm"]) for f in manifest["faces"] if f["component"] == "gauge"]
    assert faces == [("front", 1, 120.0), ("wheel", 2, 80.0)]
    from pdfcheck import text_of

    text = text_of(tmp_path / "out/gauge.pdf")
    assert all(str(v) in text for v in range(1, 9)) and "Heat" in text and "punch the centre" in text


def test_a_value_that_does_not_show_whole_in_the_window_is_an_error_at_its_line(dial):
    edit(dial / "cards/tiny/dial.yaml", "values: [1, 2, 3, 4, 5, 6, 7, 8]",
         "values: [1, 2, 3, 4, 5, 6, 7,\n    88888]")
    code, errors = dial_errors(dial)
    assert code == 1
    assert errors == [(line_of(dial / "cards/tiny/dial.yaml", "88888]"), 5, "88888 inks 12.0 mm x 3.6 mm at 14 pt: "
                       "the 12.0 mm x 8.0 mm window leaves 0.0 mm round it, and 1.0 mm is needed for it to show "
                       "whole (a wider window or a smaller text)")]


def test_a_neighbour_that_shows_in_the_window_is_an_error(dial):
    edit(dial / "cards/tiny/dial.yaml", "values: [1, 2, 3, 4, 5, 6, 7, 8]",
         "values: [1, 2, 3, 4, 5, 6, 7, 8]\n  slots: 24")
    edit(dial / "cards/tiny/dial.yaml", "width: 12mm", "width: 15mm")
    code, errors = dial_errors(dial)
    assert code == 1
    assert errors == [(line_of(dial / "cards/tiny/dial.yaml", "values:"), 15, "with 1 in the window, 2 comes into it; "
                       "keep it 1.0 mm clear (more slots, a bigger radius, a smaller text or window)")]


@pytest.mark.parametrize(("old", "new", "field", "message"), [
    ("center: [60mm, 60mm]", "center: [30mm, 60mm]", "center:", "the wheel (80.0 mm across, its pin at 30.0 mm, "
     "60.0 mm) does not fit the 120.0 mm x 120.0 mm base: move the pin or shrink the wheel"),
    ("distance: 32mm, width: 12mm", "distance: 36mm, width: 12mm", "window:", "a corner of the window is 40.4 mm from "
     "the pin and the wheel's radius is 40.0 mm: what lies under the base would show (keep 1.0 mm inside the wheel)"),
    ("thumb: {angle: 180, distance: 14mm, size: 10mm}", "thumb: {angle: 180, distance: 30mm, size: 10mm}", "thumb:",
     "the thumb hole (25.0 mm to 35.0 mm from the pin) shows the ring of values (29.9 mm to 34.1 mm)"),
])
def test_a_dial_that_cannot_work_on_paper_is_an_error_at_its_field(dial, old, new, field, message):
    edit(dial / "cards/tiny/dial.yaml", old, new)
    code, errors = dial_errors(dial)
    assert code == 1 and (line_of(dial / "cards/tiny/dial.yaml", field), 3, message) in errors


def test_a_wheel_template_of_the_wrong_size_and_a_dial_without_geometry_are_refused(dial):
    (dial / "templates/mini/dial-wheel.yaml").write_text(WHEEL.replace("80mm, height: 80mm", "90mm, height: 90mm"))
    result = run_pnp("check", "tiny", cwd=dial)
    assert result.code == 2 and result.err.splitlines()[0] == (
        f"cards/tiny/dial.yaml:{line_of(dial / 'cards/tiny/dial.yaml', 'wheel:')}:1: wheel: the wheel template "
        "'mini/dial-wheel' is 90 x 90 mm; the dial's radius makes it 80 mm across (size: {width: 80mm, height: 80mm})")
    edit(dial / "cards/tiny/dial.yaml", "wheel: mini/dial-wheel\n", "")
    result = run_pnp("check", "tiny", cwd=dial)
    assert result.code == 2
    assert "cards/tiny/dial.yaml:3:1: kind: a dial (`kind: dial`) has a `wheel` template" in result.err


# ---- Intrepid's resource boards, turned step by step ---------------------------------------------

def laid_out_wheel() -> tuple[object, list[object], object]:
    """Intrepid's dial spec, the value items of a laid-out wheel and its face."""
    from pnp.core.errors import Problems
    from pnp.layout.scene import Text
    from pnp.layout.templates import TemplateStore
    from pnp.layout.whole_game import lay_out_deck, layout_env
    from pnp.model.game import load_game

    game = load_game(REPO, "intrepid")
    problems = Problems()
    deck = game.deck("resource-board")
    entries = lay_out_deck(deck, game, TemplateStore(REPO), layout_env(game, problems), 0.0, problems)
    assert not problems.items
    wheel = next(face for face, _, meta in entries if meta.get("part") == "wheel")
    shown = {("\u2212" + str(-v)) for v in deck.spec.dial.values}
    values = [t for t in wheel.items if isinstance(t, Text) and t.runs[0].text in shown]
    return deck.spec.dial, values, wheel


def test_the_wheel_turned_to_every_step_shows_that_value_upright_whole_and_alone():
    """From the laid-out wheel: turn it k steps about the pin and see which value lands in the window."""
    spec, values, wheel = laid_out_wheel()
    mm = 72 / 25.4
    n, step = len(spec.values), 360 / 28
    assert len(values) == n and wheel.w == pytest.approx(2 * spec.radius)
    a = math.radians(spec.window.angle)
    wx, wy = spec.window.distance * math.sin(a), -spec.window.distance * math.cos(a)
    left, right = wx - spec.window.width / 2, wx + spec.window.width / 2
    top, bottom = wy - spec.window.height / 2, wy + spec.window.height / 2
    clear = spec.clearance

    def corners(item, turn):  # the item's box, turned `turn` degrees clockwise with the wheel, from the pin
        cx, cy = item.x + item.w / 2 - spec.radius, item.y + item.h / 2 - spec.radius
        t = math.radians(turn)
        px, py = cx * math.cos(t) - cy * math.sin(t), cx * math.sin(t) + cy * math.cos(t)
        r = math.radians(item.rotate + turn)
        return [(px + dx * math.cos(r) - dy * math.sin(r), py + dx * math.sin(r) + dy * math.cos(r))
                for dx in (-item.w / 2, 0, item.w / 2) for dy in (-item.h / 2, 0, item.h / 2)]

    for k in range(n):
        inside = [v for v in values if all(left < x < right and top < y < bottom for x, y in corners(v, k * step))]
        assert [v.runs[0].text for v in inside] == ["\u2212" + str(-spec.values[k])]
        assert (values[k].rotate + k * step) % 360 == pytest.approx(0, abs=1e-6) or \
            (values[k].rotate + k * step) % 360 == pytest.approx(360, abs=1e-6)  # upright
        for x, y in corners(values[k], k * step):  # whole: its ink at least `clearance` inside every edge
            assert left + clear - 0.01 <= x <= right - clear + 0.01 and top + clear - 0.01 <= y <= bottom - clear + 0.01
        for other in values:
            if other is values[k]:
                continue
            for x, y in corners(other, k * step):  # alone: every other value's ink `clearance` outside the window
                near_x = left - clear + 0.01 < x < right + clear - 0.01
                assert not (near_x and top - clear + 0.01 < y < bottom + clear - 0.01)
    assert clear == pytest.approx(1.3 * mm)
