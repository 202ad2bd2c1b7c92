"""What a rule covers and what its message shows: `unique` over a data table, `each` over several decks (a list of
decks where one is read is located), values shown as the YAML writes them (a reference's numbers, the values a
rule compared, both sides of an `expect`), a mistake in a message located at it, and `--force` printing past the
safe zone but not past bad input."""

from __future__ import annotations

import pytest

from pnp.core.errors import InputError
from pnp.rules.check import check_game

from conftest import edit

RULES = "cards/tiny/rules.yaml"


def found(root, rule: str) -> list[str]:
    return [str(p) for p in check_game(root, "tiny").problems if p.rule == rule]


def refused(root) -> str:
    """What `pnp check` says first of the game's bad input (it must refuse it)."""
    with pytest.raises(InputError) as exc:
        check_game(root, "tiny")
    return str(exc.value.problems[0])


def test_unique_over_a_data_table(project):
    edit(project / RULES, "  - {id: no-forbidden,",
         "  - {id: space-ids, kind: unique, source: {data: board, items: spaces, field: id}}\n  - {id: no-forbidden,")
    assert found(project, "space-ids") == []
    edit(project / "cards/tiny/board.yaml", "{id: y, color: blue}", "{id: x, color: blue}")
    assert found(project, "space-ids") == [
        "cards/tiny/board.yaml:3:6: board.spaces[1]: 'x' is also at cards/tiny/board.yaml:2:6; each needs its own"]


def test_unique_without_a_deck_or_a_source_is_located(project):
    edit(project / RULES, "  - {id: no-forbidden,", "  - {id: lone, kind: unique, field: id}\n  - {id: no-forbidden,")
    assert "a unique rule needs `deck:` and `field:`, or `source:`" in refused(project)


def test_a_reference_shows_numbers_as_numbers(project):
    edit(project / RULES, "  - {id: no-forbidden,",
         "  - {id: costs-known, kind: reference, source: {deck: card, field: cost}, target: {data: costs, items: ok}}"
         "\n  - {id: no-forbidden,")
    (project / "cards/tiny/costs.yaml").write_text("ok: [10, 2, 1]\n")
    game = project / "cards/tiny/game.yaml"
    text = game.read_text()
    assert "data:" in text
    edit(game, "data:", "data:\n  costs: costs.yaml")
    said = found(project, "costs-known")
    assert said and all(s.endswith("5 is not among [1, 2, 10]") for s in said), said


def add_rule(root, rule: str) -> None:
    edit(root / RULES, "  - {id: no-forbidden,", f"  - {rule}\n  - {{id: no-forbidden,")


def test_a_message_shows_the_values_its_rule_compared(project):
    add_rule(project, "{id: cheap, kind: each, deck: card, check: 'card.cost < 5', "
             "message: 'costs {{ card.cost }}, at most 4'}")
    assert found(project, "cheap") == ["cards/tiny/cards.yaml:15:5: card/gamma: costs 5, at most 4"]


def test_an_expect_without_a_message_shows_both_sides_as_computed(project):
    add_rule(project, "{id: six, kind: expect, check: 'decks.card.count == data.die.sides * 3'}")
    assert found(project, "six") == [
        "cards/tiny/die.yaml:1:1: six: breaks decks.card.count == data.die.sides * 3 (decks.card.count is 6, "
        "data.die.sides * 3 is 9)"]


def test_a_mistake_in_a_message_is_located_at_it(project):
    add_rule(project, "{id: cheap, kind: each, deck: card, check: 'card.cost < 5', message: '{{ card.coast }}'}")
    said = refused(project)
    assert said.startswith("cards/tiny/rules.yaml:18:65: cheap: {{ card.coast }} names the field"), said


def test_each_over_several_decks(project):
    add_rule(project, "{id: named, kind: each, deck: [card, sheet], check: 'card.name | length < 5'}")
    said = found(project, "named")
    assert any(s.startswith("cards/tiny/sheets.yaml") for s in said), said
    assert any(s.startswith("cards/tiny/cards.yaml") for s in said), said


def test_a_list_of_decks_where_one_is_read_is_located(project):
    add_rule(project, "{id: two, kind: unique, deck: [card, sheet], field: name}")
    assert "`each` is the kind that takes a list of decks" in refused(project)



def test_force_prints_past_the_safe_zone_but_not_past_bad_input(project):
    from conftest import run_pnp

    front = project / "templates/mini/front.yaml"
    edit(front, "{name: body, type: text, x: 5mm", "{name: body, type: text, x: 1mm")
    assert run_pnp("build", "mini", cwd=project).code == 1
    result = run_pnp("build", "mini", "--force", cwd=project)
    assert result.code == 0, result.err
    assert "leaves the safe zone" in result.out + result.err and "printed anyway: --force" in result.out + result.err
    assert (project / "output/mini").is_dir()
    edit(front, "color: accent, if:", "color: acent, if:")  # bad input: no force prints past it
    result = run_pnp("build", "mini", "--force", cwd=project)
    assert result.code == 2
    assert "acent" in result.err
