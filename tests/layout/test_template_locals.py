"""A template's `vars` may be expressions, and `let:` names values computed once per face: the same
lookup is written once, not in every element that needs it."""

from __future__ import annotations

import pytest

from pnp.core.errors import InputError, Problems
from pnp.layout.scene import Rect, Static, Text
from pnp.layout.templates import TemplateStore
from pnp.layout.whole_game import lay_out_deck, layout_env
from pnp.model.game import load_game
from pnp.model.units import MM, parse_colour

from conftest import edit, run_pnp

FRONT = "templates/mini/front.yaml"


def faces(root):
    game = load_game(root, "mini")
    problems = Problems()
    entries = lay_out_deck(game.decks[0], game, TemplateStore(root), layout_env(game, problems), 3 * MM, problems)
    out = []
    for entry in entries:
        items = [i for item in entry[0].items for i in (item.items if isinstance(item, Static) else [item])]
        out.append(items)
    return out, problems


def with_locals(root, header: str) -> None:
    edit(root / FRONT, "elements:\n", header + "elements:\n")
    edit(root / FRONT, "{name: background, type: rect, bleed: true, fill: accent}",
         "{name: background, type: rect, bleed: true, fill: \"{{ vars.bg }}\"}")
    edit(root / FRONT, 'text: "{{ card.name }}", font: title', 'text: "{{ label }}", font: title')


def test_vars_read_the_card_and_let_names_a_value_per_face(project):
    with_locals(project, "vars: {bg: \"{{ 'ink' if card.cost > 2 else 'accent' }}\"}\n"
                "let: {label: \"{{ card.name | upper }}\"}\n")
    laid, problems = faces(project)
    assert not problems.items, [str(p) for p in problems.items]
    fills = [next(i.fill for i in items if isinstance(i, Rect) and i.w > 60 * MM) for items in laid]
    titles = [next(i.runs[0].text for i in items if isinstance(i, Text) and i.runs and i.y < 12 * MM)
              for items in laid]
    assert titles[::2] == ["FIREBALL", "FROST NOVA", "BLINK"]  # (two copies of each)
    assert fills[0] == pytest.approx(parse_colour("#222222", {}))  # Fireball costs 3: ink
    assert fills[2] == pytest.approx(parse_colour("#2f4f9c", {}))  # Frost Nova costs 2: accent


def test_a_let_may_read_one_above_it_and_a_fixed_one_is_computed_once(project):
    with_locals(project, "vars: {bg: accent}\n"
                "let: {big: \"{{ game.name | upper }}\", label: \"{{ big }}: {{ card.name }}\"}\n")
    laid, problems = faces(project)
    assert not problems.items, [str(p) for p in problems.items]
    title = next(i.runs[0].text for i in laid[0] if isinstance(i, Text) and i.runs and i.y < 12 * MM)
    assert title.endswith(": Fireball") and title.split(":")[0].isupper()


def test_a_mistake_in_a_let_is_said_at_its_line(project):
    with_locals(project, "vars: {bg: accent}\nlet: {label: \"{{ card.nmae }}\"}\n")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    assert result.err.startswith("templates/mini/front.yaml:5:7: spell: let.label: {{ card.nmae }} names the field "
                                 "'nmae', which 3 spell cards do not have (fireball, frost-nova, blink); did you mean "
                                 "'name'? (template mini/front)"), result.err
    assert "did you mean 'name'" in result.err


def test_a_let_may_not_take_a_name_templates_read(project):
    with_locals(project, "vars: {bg: accent}\nlet: {card: \"{{ 1 }}\", label: x}\n")
    try:
        faces(project)
    except InputError as exc:
        assert "let: 'card' is a name templates read already" in str(exc.problems[0])
    else:
        raise AssertionError("a let named card was taken")


def test_a_value_of_an_element_whose_if_is_false_is_not_computed(project):
    edit(project / FRONT, '{name: gem, type: icon, icon: dot, x: 28mm, y: 75mm, w: 7mm, h: 7mm, color: accent, '
         'if: "{{ card.cost > 1 }}"}',
         '{name: gem, type: icon, icon: dot, x: 28mm, y: 75mm, w: 7mm, h: 7mm, color: "{{ data.nope.colour }}", '
         'if: "{{ card.cost > 10 }}"}')
    assert run_pnp("build", "mini", cwd=project).code == 0  # no card costs more than 10: never drawn
    edit(project / FRONT, 'if: "{{ card.cost > 10 }}"', 'if: "{{ card.cost > 2 }}"')
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2 and "data" in result.err and "spell/fireball" in result.err, result.err


def test_a_group_names_values_for_its_elements_once_per_item(project):
    edit(project / FRONT, "elements:\n", "elements:\n  - type: group\n    repeat: [1, 2, 3]\n"
         "    let: {twice: \"{{ item * 2 }}\", label: \"{{ card.name }} x{{ twice }}\"}\n"
         "    elements:\n      - {type: text, x: 5mm, y: \"{{ 20 + index * 6 }}mm\", w: 50mm, h: 5mm, "
         "text: \"{{ label }}\", glossary: false}\n")
    laid, problems = faces(project)
    assert not problems.items, [str(p) for p in problems.items]
    texts = [i.runs[0].text for i in laid[0] if isinstance(i, Text) and i.runs and "x" in i.runs[0].text]
    assert texts[:3] == ["Fireball x2", "Fireball x4", "Fireball x6"], texts
    edit(project / FRONT, "let: {twice:", "let: {card: \"{{ 1 }}\", twice:")
    laid, problems = faces(project)
    assert any("let: 'card' is a name templates read already" in p.message for p in problems.items)
