"""Messages a designer reads: a card named by index and id; a template mistake said once, where it is."""

from __future__ import annotations

from conftest import edit, run_pnp

FRONT = "templates/mini/front.yaml"


def test_an_expression_naming_a_missing_field_is_reported_once_at_its_line_with_the_cards_it_affects(project):
    body = '  - {name: body, type: text, x: 5mm, y: 20mm, w: 53.5mm, h: 50mm, text: "{{ card.text }}"}'
    edit(project / FRONT, body, "  - name: body\n    type: text\n    x: 5mm\n    y: 20mm\n    w: 53.5mm\n"
         "    h: 50mm\n    text: \"{{ card.txet }}\"")
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2
    assert result.err.splitlines() == [
        "templates/mini/front.yaml:17:5: spell: {{ card.txet }} names the field 'txet', which 3 spell cards do not "
        "have (fireball, frost-nova, blink); did you mean 'text'? (template mini/front)", "1 error"]


def test_a_field_error_names_the_card_by_index_and_id(project):
    edit(project / "cards/mini/spells.yaml", "cost: 2", "cost: two")
    result = run_pnp("check", "mini", cwd=project)
    assert result.err.splitlines()[0] == "cards/mini/spells.yaml:17:5: cards[1] (frost-nova).cost: expected an " \
        "integer, got 'two'"


def test_the_same_problem_said_twice_is_said_once_and_a_deck_named_card_reads_well():
    from pnp.core.errors import Problem, Where
    from pnp.rules.messages import said_once

    where = Where("templates/g/front.yaml", 4, 1)
    twice = [Problem(where, "'lft': use center, left or right", "stamp") for _ in range(2)]  # two decks, one template
    assert [str(p) for p in said_once(twice, None)] == ["templates/g/front.yaml:4:1: stamp: 'lft': use center, left "
                                                         "or right"]
    per_card = [Problem(where, "unknown colour 'acent'", f"card/{c}") for c in ("a", "b", "c", "d")]
    assert [p.message for p in said_once(per_card, None)] == [
        "unknown colour 'acent' (on 4 cards of deck 'card': a, b, c and 1 more)"]
