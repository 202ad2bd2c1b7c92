"""Layout is plain data: build scenes from the mini game and read them without drawing."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.commands.build import BuildOptions, build
from pnp.core import bounds
from pnp.core.errors import Problems
from pnp.layout.scene import Icon, Image, Rect, Static, Text
from pnp.layout.templates import TemplateStore
from pnp.layout.whole_game import lay_out_deck, layout_env
from pnp.model.game import load_game
from pnp.model.units import MM

from conftest import edit, run_pnp
from pdfcheck import text_of


def faces(root: Path, bleed: float = 3 * MM) -> tuple[list, Problems]:
    game = load_game(root, "mini")
    problems = Problems()
    env = layout_env(game, problems)
    entries = lay_out_deck(game.decks[0], game, TemplateStore(root), env, bleed, problems)
    return entries, problems


def flat(items) -> list:
    out = []
    for item in items:
        out.extend(flat(item.items) if isinstance(item, Static) else [item])
    return out


def test_copies_share_one_laid_out_face_and_the_back_is_static(project):
    entries, problems = faces(project)
    assert not problems.items
    assert [(m["id"], m["copy"]) for _, _, m in entries] == [
        ("fireball", 1), ("fireball", 2), ("frost-nova", 1), ("frost-nova", 2), ("blink", 1)]
    assert entries[0][0] is entries[1][0]
    backs = {id(b) for _, b, _ in entries}
    assert len(backs) == 1  # the back reads only game data: laid out once, drawn as one form
    assert all(isinstance(item, Static) for item in entries[0][1].items)


def test_background_with_bleed_covers_the_bleed(project):
    entries, _ = faces(project)
    background = flat(entries[0][0].items)[0]
    assert isinstance(background, Rect)
    assert (background.x, background.y) == pytest.approx((-3 * MM, -3 * MM))
    assert (background.w, background.h) == pytest.approx((69.5 * MM, 94.9 * MM))


def test_condition_and_repeat(project):
    edit(project / "templates/mini/front.yaml", '"{{ card.cost > 1 }}"}',
         '"{{ card.cost > 1 }}"}\n  - {type: icon, icon: damage, repeat: "{{ card.cost }}", '
         'x: "{{ 5 + index * 6 }}mm", y: 78mm, w: 5mm, h: 5mm}')
    entries, problems = faces(project)
    assert not problems.items
    by_id = {m["id"]: front for front, _, m in entries}
    icons = {cid: [i for i in flat(f.items) if isinstance(i, Icon)] for cid, f in by_id.items()}
    assert [i.name for i in icons["fireball"]] == ["dot", "damage", "damage", "damage"]
    assert [i.name for i in icons["blink"]] == ["damage"]  # cost 1: no gem, one damage icon
    xs = [i.x for i in icons["fireball"] if i.name == "damage"]
    assert xs == pytest.approx([5 * MM, 11 * MM, 17 * MM])


def test_text_is_fitted_inside_its_box(project):
    entries, _ = faces(project)
    texts = [i for i in flat(entries[0][0].items) if isinstance(i, Text)]
    body = texts[-1]
    assert body.size == 9 and body.lines >= 1
    for run in body.runs:
        assert body.x <= run.x <= body.x + body.w and body.y <= run.y <= body.y + body.h


def test_images_are_placed_and_printed(project):
    edit(project / "templates/mini/front.yaml", "  - {name: gem",
         "  - {type: image, src: art/sun.png, x: 20mm, y: 50mm, w: 24mm, h: 16mm}\n  - {name: gem")
    entries, problems = faces(project)
    assert not problems.items
    images = [i for i in flat(entries[0][0].items) if isinstance(i, Image)]
    assert images and images[0].path.endswith("art/sun.png")
    result = build(project, "mini", BuildOptions())
    pdf = result.files[0].path
    assert b"/Subtype /Image" in pdf.read_bytes()
    assert "Fireball" in text_of(pdf)


def test_if_on_a_repeated_element_is_asked_of_each_item(project):
    edit(project / "templates/mini/front.yaml", '"{{ card.cost > 1 }}"}',
         '"{{ card.cost > 1 }}"}\n  - {type: icon, icon: damage, repeat: 5, if: "{{ index % 2 == 0 }}", '
         'x: "{{ 5 + index * 6 }}mm", y: 78mm, w: 5mm, h: 5mm}')
    entries, problems = faces(project)
    assert not problems.items
    icons = [i for i in flat(entries[0][0].items) if isinstance(i, Icon) and i.name == "damage"]
    assert [round(i.x / MM) for i in icons] == [5, 17, 29]


def test_a_repeated_group_places_its_elements_from_each_items_origin(project):
    """A group draws its elements relative to its (x, y), once per item; `as` names the item for a nested
    repeat; a group that reads no card is laid out once, as part of the static form."""
    edit(project / "templates/mini/front.yaml", '"{{ card.cost > 1 }}"}', '''"{{ card.cost > 1 }}"}
  - type: group
    repeat: [{x: 5, n: 2}, {x: 30, n: 3}]
    as: slot
    x: "{{ item.x }}mm"
    y: 70mm
    elements:
      - {type: rect, x: 0mm, y: 0mm, w: 20mm, h: 8mm, stroke: "#000000"}
      - {type: icon, icon: damage, repeat: "{{ slot.n }}", x: "{{ 1 + index * 6 }}mm", y: 1mm, w: 5mm, h: 5mm}
      - {type: polygon, points: [[0mm, 0mm], ["{{ slot.x }}mm", 2mm], [0mm, 4mm]], fill: "#ff0000"}''')
    entries, problems = faces(project)
    assert not problems.items, problems.items
    front = entries[0][0]
    items = flat(front.items)
    frames = [i for i in items if isinstance(i, Rect) and i.w == pytest.approx(20 * MM)]
    assert [(round(r.x / MM), round(r.y / MM)) for r in frames] == [(5, 70), (30, 70)]
    icons = [i for i in items if isinstance(i, Icon) and i.name == "damage"]
    assert [(round(i.x / MM), round(i.y / MM)) for i in icons] == [(6, 71), (12, 71), (31, 71), (37, 71), (43, 71)]
    from pnp.layout.scene import Polygon

    tips = [p.points[1] for p in items if isinstance(p, Polygon) and p.fill == (1.0, 0.0, 0.0)]
    assert [(round(x / MM), round(y / MM)) for x, y in tips] == [(10, 72), (60, 72)]
    # the group reads no card: the same laid-out items on every face, inside a static form
    static = [i for i in front.items if isinstance(i, Static) and any(r in frames for r in flat([i]))]
    assert static and static[0] in entries[2][0].items


def test_a_group_leaving_the_safe_zone_is_reported_where_it_lands(project):
    edit(project / "templates/mini/front.yaml", '"{{ card.cost > 1 }}"}', '''"{{ card.cost > 1 }}"}
  - {type: group, x: 10mm, y: 10mm, elements: [{type: icon, icon: damage, x: 5mm, y: 5mm, w: 5mm, h: 5mm}]}''')
    _, problems = faces(project)
    assert not problems.items  # at 15 mm, well inside
    edit(project / "templates/mini/front.yaml", "{type: group, x: 10mm", "{type: group, x: 52mm")
    _, problems = faces(project)
    assert [p.rule for p in problems.items] == ["safe-zone"]
    assert "icon 'damage' leaves the safe zone" in problems.items[0].message


def test_marks_crossed_boxes_and_a_text_if(project):
    """Boxes take their marks from an expression and print the first N crossed off; an `if` written as a
    `{% %}` template is false when it renders "False"."""
    from pnp.layout.scene import Line

    edit(project / "templates/mini/front.yaml", '"{{ card.cost > 1 }}"}', '''"{{ card.cost > 1 }}"}
  - {type: boxes, x: 5mm, y: 70mm, count: 4, size: 6mm, crossed: 1, marks: "{{ {3: 'damage', 4: 'damage'} }}"}
  - {type: icon, icon: dot, x: 5mm, y: 60mm, w: 4mm, h: 4mm,
     if: "{% if card.cost > 2 %}True{% else %}False{% endif %}"}''')
    entries, problems = faces(project)
    assert not problems.items, problems.items
    by_id = {m["id"]: flat(front.items) for front, _, m in entries}
    marks = [i for i in by_id["fireball"] if isinstance(i, Icon) and i.name == "damage"]
    assert [round(i.x / MM, 1) for i in marks] == [round((5 + 2 * 7 + 6 * 0.18), 1), round((5 + 3 * 7 + 6 * 0.18), 1)]
    crosses = [i for i in by_id["fireball"] if isinstance(i, Line) and 5 * MM <= i.x1 <= 11 * MM
               and 70 * MM <= i.y1 <= 76 * MM]
    assert len(crosses) == 2  # one X, in the first box only
    dots = {cid: [i for i in items if isinstance(i, Icon) and i.name == "dot" and round(i.y / MM) == 60]
            for cid, items in by_id.items()}
    assert [cid for cid, found in dots.items() if found] == ["fireball"]  # cost 3; the others are "False"


def test_a_mistake_inside_a_group_names_the_line_of_the_inner_element(project):
    edit(project / "templates/mini/front.yaml", '"{{ card.cost > 1 }}"}', '''"{{ card.cost > 1 }}"}
  - type: group
    repeat: 2
    elements:
      - {type: rect, x: 0mm, y: 0mm, w: 5mm, h: 5mm}
      - {type: icon, icon: damage, x: "{{ item.nope }}mm", y: 60mm, w: 5mm, h: 5mm}''')
    _, problems = faces(project)
    lines = (project / "templates/mini/front.yaml").read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "item.nope" in text)
    assert problems.items and {(p.where.file, p.where.line) for p in problems.items} == {
        ("templates/mini/front.yaml", line)}
    assert "nope" in problems.items[0].message


def test_an_if_reading_the_groups_item_is_asked_of_each_item_for_every_child(project):
    """A child of a repeated group that is not repeated itself reads the group's `item` in its `if`: it is
    drawn for the items where the `if` holds, not always."""
    edit(project / "templates/mini/front.yaml", '"{{ card.cost > 1 }}"}', '''"{{ card.cost > 1 }}"}
  - type: group
    repeat: [{x: 5, shown: true}, {x: 20, shown: false}, {x: 35, shown: true}]
    x: "{{ item.x }}mm"
    y: 70mm
    elements:
      - {type: icon, icon: damage, x: 0mm, y: 0mm, w: 5mm, h: 5mm, if: "{{ item.shown }}"}
      - {type: icon, icon: dot, x: 0mm, y: 6mm, w: 3mm, h: 3mm, if: "{{ index > 0 }}"}''')
    entries, problems = faces(project)
    assert not problems.items, problems.items
    items = flat(entries[0][0].items)
    damage = [round(i.x / MM) for i in items if isinstance(i, Icon) and i.name == "damage"]
    dots = [round(i.x / MM) for i in items if isinstance(i, Icon) and i.name == "dot" and round(i.y / MM) == 76]
    assert damage == [5, 35]
    assert dots == [20, 35]


def test_dashed_outlines_see_through_colours_and_trigonometry(project):
    """`dash` on rect, ellipse and polygon; `#rrggbbaa` colours drawn with their alpha; sin, cos and pi in
    expressions (a ring of dots)."""
    edit(project / "templates/mini/front.yaml", '"{{ card.cost > 1 }}"}', '''"{{ card.cost > 1 }}"}
  - {type: rect, x: 5mm, y: 60mm, w: 20mm, h: 10mm, stroke: ink, dash: [2mm, 1mm]}
  - {type: ellipse, x: 30mm, y: 60mm, w: 10mm, h: 10mm, stroke: ink, fill: "#2f4f9c80", dash: [1mm, 1mm]}
  - {type: polygon, points: [[45mm, 60mm], [55mm, 60mm], [50mm, 68mm]], stroke: ink, dash: [0.5mm, 0.5mm]}
  - {type: icon, icon: dot, repeat: 4, w: 2mm, h: 2mm, x: "{{ 30 + 10 * cos(index * pi / 2) }}mm",
     y: "{{ 40 + 10 * sin(index * pi / 2) }}mm"}''')
    entries, problems = faces(project)
    assert not problems.items, problems.items
    from pnp.layout.scene import Ellipse, Polygon

    items = flat(entries[0][0].items)
    rect = next(i for i in items if isinstance(i, Rect) and i.w == pytest.approx(20 * MM))
    ellipse = next(i for i in items if isinstance(i, Ellipse))
    polygon = next(i for i in items if isinstance(i, Polygon))
    assert rect.dash == pytest.approx((2 * MM, MM)) and ellipse.dash == pytest.approx((MM, MM))
    assert polygon.dash == pytest.approx((0.5 * MM, 0.5 * MM))
    assert ellipse.fill.alpha == pytest.approx(128 / 255) and ellipse.fill == pytest.approx((0x2f / 255, 0x4f / 255,
                                                                                             0x9c / 255))
    dots = [(round(i.x / MM), round(i.y / MM)) for i in items if isinstance(i, Icon) and i.w == pytest.approx(2 * MM)]
    assert dots == [(40, 40), (30, 50), (20, 40), (30, 30)]
    # and in the PDF: the dash patterns and a fill alpha of one half
    from pypdf import PdfReader
    from pypdf.generic import ContentStream

    result = build(project, "mini", BuildOptions())
    reader = PdfReader(next(f.path for f in result.files if f.path.name == "spell.pdf"))
    ops, states = [], []

    def walk(stream, resources):
        states.extend(s.get_object() for s in resources.get("/ExtGState", {}).values())
        for operands, op in ContentStream(stream, reader).operations:
            ops.append((op, operands))
            if op == b"Do":
                xobj = resources["/XObject"][operands[0]].get_object()
                walk(xobj, xobj.get("/Resources", resources))

    page = reader.pages[0]
    walk(page.get_contents(), page["/Resources"])
    dashes = {tuple(round(float(v) / MM, 2) for v in operands[0]) for op, operands in ops if op == b"d" and operands[0]}
    assert {(2.0, 1.0), (1.0, 1.0), (0.5, 0.5)} <= dashes
    assert any(float(s.get("/ca", 1)) == pytest.approx(128 / 255, abs=0.01) for s in states)


def test_running_out_of_time_is_a_located_error_never_a_crash(project, monkeypatch):
    """A deck whose layout runs past its time is reported (it crashed the imposition with an empty deck);
    compiling the template's expressions is not counted (a cold cache on a busy machine)."""

    loop = '{% for i in range(9000) %}{% for j in range(100) %}{% endfor %}{% endfor %}x'
    loops = "".join(f'\n  - {{type: text, x: 5mm, y: {60 + 3 * i}mm, w: 20mm, h: 3mm, text: "{loop}"}}'
                    for i in range(5))
    edit(project / "templates/mini/front.yaml", '"{{ card.cost > 1 }}"}', '"{{ card.cost > 1 }}"}' + loops)
    # each element's loops take about 0.04 s of CPU (bounds.ITERATIONS allows no more), five a face: a watchdog
    # woken late on a busy machine still stops the face
    monkeypatch.setattr(bounds, "FACE_SECONDS", 0.005)
    entries, problems = faces(project)
    assert entries == [] and problems.items
    assert all("took more than 0.005 s" in p.message for p in problems.items)
    assert {p.where.file for p in problems.items} == {"templates/mini/front.yaml"}


def test_a_deck_that_prints_nothing_is_a_located_error(project):
    """No cards (or every card's copies 0) was a page of no size: a crash in the imposition."""
    text = (project / "cards/mini/spells.yaml").read_text()
    (project / "cards/mini/spells.yaml").write_text(text[:text.index("cards:")] + "cards: []\n")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2, result.err
    assert result.err.startswith("cards/mini/spells.yaml:11:1: cards: this deck prints nothing (no cards, or every "
                                 "card has `copies: 0`)"), result.err
