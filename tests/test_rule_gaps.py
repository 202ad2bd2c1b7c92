"""Small gaps of the rule kinds: `unique` over a data table, values shown as the YAML writes them."""

from __future__ import annotations

from pnp.rules.check import check_game

from conftest import edit

RULES = "cards/tiny/rules.yaml"


def found(root, rule: str) -> list[str]:
    return [str(p) for p in check_game(root, "tiny").problems if p.rule == rule]


def test_unique_over_a_data_table(project):
    edit(project / RULES, "  - {id: no-forbidden,",
         "  - {id: space-ids, kind: unique, source: {data: board, items: spaces, field: id}}\n  - {id: no-forbidden,")
    assert found(project, "space-ids") == []
    edit(project / "cards/tiny/board.yaml", "{id: y, color: blue}", "{id: x, color: blue}")
    assert found(project, "space-ids") == [
        "cards/tiny/board.yaml:3:6: board.spaces[1]: 'x' is also at cards/tiny/board.yaml:2:6; each needs its own"]


def test_unique_without_a_deck_or_a_source_is_located(project):
    edit(project / RULES, "  - {id: no-forbidden,", "  - {id: lone, kind: unique, field: id}\n  - {id: no-forbidden,")
    from pnp.errors import InputError

    try:
        check_game(project, "tiny")
    except InputError as exc:
        assert "a unique rule needs `deck:` and `field:`, or `source:`" in str(exc.problems[0])
    else:
        raise AssertionError("a unique rule with neither deck nor source was accepted")


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
