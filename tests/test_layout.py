"""Layout is plain data: build scenes from the mini game and read them without drawing."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.build import BuildOptions, build, lay_out_deck, layout_env
from pnp.errors import Problems
from pnp.model import load_game
from pnp.scene import Icon, Image, Rect, Static, Text
from pnp.templates import TemplateStore
from pnp.units import MM

from conftest import edit
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
