"""Contrast: text a player could not read on what lies under it is a preflight finding at its template line."""

from __future__ import annotations

import json

from pnp.layout.scene import Ellipse, Image, Rect, Static, Text, TextRun, Transform
from pnp.output.preflight.contrast import MIN_CONTRAST, low_contrast, ratio

from conftest import edit, run_pnp

WHITE, BLACK, YELLOW = (1.0, 1.0, 1.0), (0.0, 0.0, 0.0), (0.949, 0.784, 0.059)  # #f2c80f, Voyage's old yellow


def text(colour, x=10.0, y=20.0, words="Gain 2 Coins") -> Text:
    return Text(x, y - 8, 60, 10, [TextRun(x, y, "Lato-Regular", 8, colour, words)], 8, 1)


def found(items: list) -> list[tuple[str, float]]:
    return [(run.text, round(r, 2)) for _, run, _, r in low_contrast(items)]


def test_the_measure_is_wcag_contrast_ratio():
    assert round(ratio(BLACK, WHITE), 1) == 21.0 and ratio(YELLOW, YELLOW) == 1.0
    assert 1.5 < ratio(WHITE, YELLOW) < MIN_CONTRAST < ratio((0.83, 0.65, 0.05), BLACK)


def test_light_text_on_a_light_fill_is_found_and_dark_text_on_it_is_not():
    panel = Rect(0, 0, 200, 100, YELLOW)
    assert found([panel, text(WHITE)]) == [("Gain 2 Coins", 1.61)]
    assert found([panel, text(BLACK)]) == []
    assert found([text(WHITE)]) == [("Gain 2 Coins", 1.0)]  # nothing under it: the white paper


def test_the_colour_under_the_middle_of_the_run_counts_the_last_one_painted():
    dark = Rect(0, 0, 200, 100, BLACK)
    assert found([Rect(0, 0, 200, 100, YELLOW), dark, text(WHITE)]) == []  # the dark panel lies on top
    assert found([dark, Rect(0, 0, 200, 100, YELLOW), text(WHITE)]) == [("Gain 2 Coins", 1.61)]
    aside = Rect(150, 0, 50, 100, BLACK)  # a dark panel beside the text: not under it
    assert found([Rect(0, 0, 200, 100, YELLOW), aside, text(WHITE)]) == [("Gain 2 Coins", 1.61)]
    disc = Ellipse(30, 15, 100, 100, BLACK)  # the run's middle (34, 17) lies in the disc's box, outside its curve
    assert found([disc, text(WHITE)]) == [("Gain 2 Coins", 1.0)]
    assert found([Ellipse(0, 0, 100, 100, BLACK), text(WHITE)]) == []  # inside its curve: white on black
    assert found([Static("frame", [Rect(0, 0, 200, 100, YELLOW)]), text(WHITE)]) == [("Gain 2 Coins", 1.61)]


def test_under_a_picture_or_a_see_through_fill_nothing_is_said():
    picture = Image("art/sun.png", 0, 0, 200, 100)
    assert found([picture, text(WHITE)]) == []
    from pnp.model.units import parse_colour

    veil = parse_colour("#f2c80f80")
    assert found([Rect(0, 0, 200, 100, veil), text(WHITE)]) == []


def test_a_frame_of_its_own_is_measured_inside_and_unknown_outside():
    """A die face's template or a board turned on its tile: measured in its own coordinates, on what lies under
    its centre; text later drawn over it on the face lies on something not known."""
    turned = Transform(100, 50, 1.0, 90, 200, 100, [Rect(0, 0, 200, 100, YELLOW), text(WHITE)])
    assert found([turned]) == [("Gain 2 Coins", 1.61)]
    assert found([Rect(0, 0, 300, 300, YELLOW), Transform(100, 50, 0.5, 0, 200, 100, [text(WHITE)])]) == [
        ("Gain 2 Coins", 1.61)]  # nothing painted in the frame: the colour under its centre
    assert found([Transform(100, 50, 1.0, 0, 200, 100, [Rect(0, 0, 200, 100, BLACK)]), text(WHITE)]) == []


def test_check_print_finds_unreadable_text_at_its_template_line_and_strict_fails(project):
    front = project / "templates/mini/front.yaml"
    edit(front, "fill: paper, radius: 2mm}", "fill: \"#f2c80f\", radius: 2mm}")
    edit(front, "text: {font: body, size: 9pt, min_size: 7pt, color: ink}",
         "text: {font: body, size: 9pt, min_size: 7pt, color: \"#fbf8f1\"}")
    result = run_pnp("--root", str(project), "check", "mini", "--print", "--final", "--format", "json")
    assert result.code == 0, result.err
    said = [w for w in json.loads(result.out)["games"][0]["warnings"] if "contrast" in w["message"]]
    assert said and all(w["file"] == "templates/mini/front.yaml" and w["rule"] == "preflight" for w in said)
    assert "text in #fbf8f1 on #f2c80f: contrast 1.5:1, under 2:1" in said[0]["message"], said
    assert run_pnp("--root", str(project), "check", "mini", "--print", "--final", "--strict").code == 1
    edit(front, "color: \"#fbf8f1\"}", "color: ink}")
    fixed = run_pnp("--root", str(project), "check", "mini", "--print", "--final", "--strict")
    assert fixed.code == 0, fixed.out + fixed.err


def test_glossary_terms_on_a_coloured_box_take_the_texts_own_term_colour(project):
    """The game's term colour (accent) on an accent panel cannot be read; `glossary_color` on the text fixes it."""
    from pnp.core.errors import Problems
    from pnp.layout.templates import TemplateStore
    from pnp.layout.whole_game import lay_out_deck, layout_env
    from pnp.model.game import load_game
    from pnp.model.units import MM, hex_of

    front = project / "templates/mini/front.yaml"
    edit(front, "fill: paper, radius: 2mm}", "fill: accent, radius: 2mm}")
    edit(front, 'text: "{{ card.text }}"}', 'text: "{{ card.text }}", color: paper}')
    said = run_pnp("--root", str(project), "check", "mini", "--print", "--final", "--strict")
    assert said.code == 1 and "text in #2f4f9c on #2f4f9c: contrast 1.0:1" in said.out, said.out
    edit(front, 'text: "{{ card.text }}", color: paper}', 'text: "{{ card.text }}", color: paper, '
         'glossary_color: "#f2c80f"}')
    game = load_game(project, "mini")
    problems = Problems()
    entries = lay_out_deck(game.deck("spell"), game, TemplateStore(project), layout_env(game, problems), 3 * MM,
                           problems)
    fireball = entries[0][0]
    runs = [r for item in fireball.items if isinstance(item, Text) for r in item.runs if isinstance(r, TextRun)]
    assert {hex_of(r.color) for r in runs if r.text.strip() in ("Room", "Damage Token")} == {"#f2c80f"}
    assert run_pnp("--root", str(project), "check", "mini", "--print", "--final", "--strict").code == 0


def test_text_on_a_solid_polygon_is_measured():
    from pnp.layout.scene import Polygon, Text, TextRun
    from pnp.output.preflight.contrast import low_contrast

    mustard, cream = (0.85, 0.60, 0.04), (0.98, 0.95, 0.85)
    run = TextRun(20, 30, "Lato", 7, mustard, "Energy")
    label = Text(20, 22, 60, 10, [run], 7, 1)
    floor = Polygon([(0, 0), (100, 0), (100, 50), (0, 50)], cream)
    assert [r.text for _, r, _, _ in low_contrast([floor, label], least=4.5)] == ["Energy"]
    assert list(low_contrast([floor, label])) == []  # the floor, 2:1, passes it (2.2:1)
    outside = Polygon([(60, 0), (100, 0), (100, 50)], cream)  # a triangle that does not reach the text
    assert list(low_contrast([outside, label], base=(0.0, 0.0, 0.0), least=4.5)) == []  # black under: readable


def test_a_games_contrast_setting_is_checked_and_bounded(project):
    game = project / "cards/mini/game.yaml"
    text = game.read_text()
    game.write_text(text.replace("print:\n", "print:\n  contrast: 30\n", 1) if "print:\n" in text
                    else text + "\nprint:\n  contrast: 30\n")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2 and "contrast" in result.err
