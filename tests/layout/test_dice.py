"""Dice faces: numbers that read otherwise upside down are marked, an icon alone is centred and sized to its
face, a face may be laid out by a template, and a mistyped symbol or colour, or a die deck with no die, is a
located error."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pnp.core.errors import InputError, Problems
from pnp.layout.pieces.dienet import net
from pnp.layout.rotatable import reads_otherwise
from pnp.layout.scene import Icon, Polygon, Static, Text, Transform
from pnp.layout.templates import TemplateStore
from pnp.layout.whole_game import lay_out_deck, layout_env
from pnp.model.game import load_game
from pnp.model.units import MM

from conftest import REPO, edit, run_pnp


@pytest.mark.parametrize(("number", "marked"), [
    ("6", True), ("9", True), ("66", True), ("99", True), ("68", True), ("86", True), ("16", True), ("19", True),
    ("8", False), ("69", False), ("96", False), ("11", False), ("88", False), ("0", False), ("1", False),
    ("7", False), ("10", False), ("60", False), ("12", False), ("", False), ("6a", False)])
def test_which_numbers_read_otherwise_upside_down(number, marked):
    assert reads_otherwise(number) is marked


def marks_of(items: list) -> dict[str, list[Polygon]]:
    """Each number's text and the marks laid out right after it (a mark follows its text)."""
    out: dict[str, list[Polygon]] = {}
    for i, item in enumerate(items):
        if isinstance(item, Text) and len(item.runs) == 1 and item.runs[0].text.strip().isdigit():
            following = []
            for nxt in items[i + 1:]:
                if not (isinstance(nxt, Polygon) and nxt.fill == item.runs[0].color and len(nxt.points) > 4):
                    break
                following.append(nxt)
            out[item.runs[0].text.strip()] = following
    return out


def upright(point: tuple[float, float], text: Text) -> tuple[float, float]:
    """A point of a turned text's frame, turned back upright about the text box's centre."""
    a = -math.radians(text.rotate)
    cx, cy = text.x + text.w / 2, text.y + text.h / 2
    x, y = point[0] - cx, point[1] - cy
    return cx + x * math.cos(a) - y * math.sin(a), cy + x * math.sin(a) + y * math.cos(a)


def test_the_peril_dies_6_and_9_are_underlined_and_no_other_number_is():
    """Voyage's d10: the brown 9 read as 6 before; now 6 and 9 carry a bar under their digits, as read
    upright on the folded die, and the other numbers carry none."""
    from pnp.layout.pieces.dice import die_face

    game = load_game(REPO, "voyage")
    problems = Problems()
    env = layout_env(game, problems)
    face = die_face(net("d10", 38 * MM), game.data["peril-die"].data["faces"], env, problems, "peril-die")
    assert not problems.items
    found = marks_of(face.items)
    assert sorted(found) == [str(n) for n in range(1, 10)]
    assert {n for n, marks in found.items() if marks} == {"6", "9"}
    texts = {i.runs[0].text: i for i in face.items if isinstance(i, Text)}
    for n in ("6", "9"):
        text, (bar,) = texts[n], found[n]
        run = text.runs[0]
        points = [upright(p, text) for p in bar.points]
        assert min(y for _, y in points) > run.y  # below the baseline, once the face is read upright
        assert max(y for _, y in points) < run.y + 0.3 * run.size
        assert run.x <= min(x for x, _ in points) < max(x for x, _ in points) <= run.x + run.size  # under the digit


def mini_die(root: Path, faces: str, deck_extra: str = "", cards: str = "cards:\n  - {id: d6}\n") -> None:
    game = root / "cards" / "mini"
    (game / "die.yaml").write_text("faces:\n" + faces)
    (game / "d6.yaml").write_text(f"id: d6\nname: Die\nkind: die\ndie: d6\nedge: 20mm\nfaces: die\n{deck_extra}{cards}")
    edit(game / "game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, d6.yaml]\ndata: {die: die.yaml}")


def die_items(root: Path) -> tuple[list, Problems]:
    game = load_game(root, "mini")
    problems = Problems()
    entries = lay_out_deck(game.deck("d6"), game, TemplateStore(root), layout_env(game, problems), 0, problems)
    return (entries[0][0].items if entries else []), problems


SYMBOLS = "".join(f"  - {{color: accent, symbol: {s}}}\n" for s in ("dot", "damage", "dot", "damage", "dot", "damage"))


def with_symbols(root: Path) -> None:
    """The mini game's icons with two die symbols, `sym-dot` and `sym-damage`."""
    icons = root / "cards/mini/icons.yaml"
    icons.write_text(icons.read_text().replace("  dot:", (
        "  sym-dot:\n    shapes:\n      - {type: circle, cx: 50, cy: 50, r: 40, fill: current}\n"
        "  sym-damage:\n    shapes:\n      - {type: polygon, points: [[50, 5], [95, 95], [5, 95]], fill: current}\n"
        "  dot:")))


def test_an_icon_alone_is_centred_on_its_face_and_sized_to_it(project):
    with_symbols(project)
    mini_die(project, SYMBOLS)
    items, problems = die_items(project)
    assert not problems.items, [str(p) for p in problems.items]
    icons = [i for i in items if isinstance(i, Icon)]
    the_net = net("d6", 20 * MM)
    assert len(icons) == 6
    for nf in the_net.faces:
        icon = next(i for i in icons if abs(i.x + i.w / 2 - nf.center[0]) < 0.01 and abs(i.y + i.h / 2 - nf.center[1])
                    < 0.01)  # centred on its face, not shifted up for a number it does not have
        assert icon.w == pytest.approx(1.4 * nf.inner_radius)  # as large as the inscribed circle allows
        assert icon.w > 0.65 * 20 * MM


@pytest.mark.parametrize(("faces", "line", "message"), [
    (SYMBOLS.replace("symbol: damage}", "symbol: damgae}", 1), 3,
     "faces[1].symbol: unknown symbol 'damgae': a symbol names the icon `sym-<symbol>` in the game's icons (symbols: "
     "damage, dot)"),
    (SYMBOLS.replace("color: accent", "color: acent", 1).replace("symbol: dot", "number: 6").replace(
        "symbol: damage", "number: 1"), 2,
     "faces[0].color: unknown colour 'acent': use #rrggbb or a palette name (palette: accent, ink, paper)"),
])
def test_a_mistyped_symbol_or_colour_is_located_in_the_faces_table(project, faces, line, message):
    with_symbols(project)
    mini_die(project, faces)
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    assert f"cards/mini/die.yaml:{line}:" in result.err and message in result.err, result.err
    assert "Traceback" not in result.err and "internal error" not in result.err


def test_a_die_deck_with_no_die_is_located(project):
    mini_die(project, SYMBOLS.replace("symbol: dot", "number: 6").replace("symbol: damage", "number: 1"),
             cards="")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    assert result.err.startswith("cards/mini/d6.yaml:1:1: cards: this die deck prints no die: list one card per die "
                                 "to print, e.g. `cards: [{id: d6, name: Die}]`"), result.err
    assert not (project / "output").exists()  # no 0-page PDF


def test_a_die_face_laid_out_by_a_template(project):
    """Each face's template is scaled onto the square round the face's inscribed circle and turned with the face;
    its numbers that read otherwise upside down are underlined as on any die."""
    (project / "templates/mini/die-face.yaml").write_text(
        "size: {width: 20mm, height: 20mm}\nsafe: 0mm\nelements:\n"
        "  - {type: text, x: 2mm, y: 2mm, w: 16mm, h: 16mm, text: '{{ face.number }}', font: title, size: 30pt,\n"
        "     align: center, valign: middle, color: '{{ face.ink }}'}\n"
        "  - {type: rect, x: 1mm, y: 1mm, w: 18mm, h: 18mm, stroke: '{{ face.ink }}', radius: 2mm}\n")
    mini_die(project, "".join(f"  - {{color: {c}, number: {n}}}\n" for n, c in
                              zip(range(1, 7), ["accent", "paper"] * 3, strict=True)), "template: mini/die-face\n")
    items, problems = die_items(project)
    assert not problems.items, [str(p) for p in problems.items]
    placed = [i for i in items if isinstance(i, Transform)]
    the_net = net("d6", 20 * MM)
    assert len(placed) == 6
    for nf, t in zip(the_net.faces, placed, strict=True):
        assert (t.x, t.y) == pytest.approx(nf.center) and t.rotate == pytest.approx(nf.angle)
        assert t.scale == pytest.approx(2 * nf.inner_radius / (20 * MM))
    texts = {flat_text(t): t for t in placed}
    assert sorted(texts) == ["1", "2", "3", "4", "5", "6"]
    inks = {n: next(i for i in all_items(t.items) if isinstance(i, Text)).runs[0].color for n, t in texts.items()}
    assert inks["1"] == (1.0, 1.0, 1.0)  # `face.ink`: white on the accent colour, the dice's ink on paper
    assert inks["2"] == pytest.approx((0x1c / 255, 0x21 / 255, 0x30 / 255))
    assert [n for n, t in texts.items() if marks_of(all_items(t.items))[n]] == ["6"]


def flat_text(t: Transform) -> str:
    return next(i for i in all_items(t.items) if isinstance(i, Text)).runs[0].text


def all_items(items: list) -> list:
    return [i for item in items for i in (all_items(item.items) if isinstance(item, Static) else [item])]


def test_a_template_marks_its_numbers_rotatable(project):
    """A card read from both ends marks its 6 and 9 too, when its template says so."""
    edit(project / "cards/mini/spells.yaml", "cost: 3", "cost: 6")
    edit(project / "cards/mini/spells.yaml", "cost: 2", "cost: 9")
    game = load_game(project, "mini")
    problems = Problems()

    def numbers() -> dict[str, list[Polygon]]:
        entries = lay_out_deck(load_game(project, "mini").decks[0], game, TemplateStore(project),
                               layout_env(game, problems), 0, problems)
        return {k: v for front, _, _ in entries for k, v in marks_of(all_items(front.items)).items()}

    assert {n for n, marks in numbers().items() if marks} == set()  # not marked: a card is read one way up
    edit(project / "templates/mini/front.yaml", "safe: 3mm", "safe: 3mm\nrotatable: true")
    assert {n for n, marks in numbers().items() if marks} == {"6", "9"}
    edit(project / "templates/mini/front.yaml", "color: paper, align: right}", "color: paper, align: right,\n"
         "     rotatable: false}")
    assert {n for n, marks in numbers().items() if marks} == set()  # the element says no
    assert not problems.items


def test_rotatable_takes_only_known_marks(project):
    edit(project / "templates/mini/front.yaml", "safe: 3mm", "safe: 3mm\nrotatable: bar")
    with pytest.raises(InputError, match="rotatable: 'bar'; use true"):
        TemplateStore(project).get("mini/front")
