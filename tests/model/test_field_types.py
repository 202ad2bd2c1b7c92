"""Card fields that hold lists of lists (a shape's cells) and lists of choices (a tile's terrains)."""

from __future__ import annotations

from pnp.core.errors import Problems
from pnp.model.game import deck_from_doc
from pnp.model.load import load_text

DECK = """id: shape
name: Shape
template: mini/front
fields:
  name: {type: text}
  cells: {type: list, item: {type: list, of: integer, min: 2, max: 2}}
  rows: {type: list, of: list}
  terrain: {type: list, of: choice, choices: [forest, lake, hill]}
cards:
  - name: Ell
    cells: [[0, 0], [1, 0], [2, 0], [2, 1]]
    rows: [[a, b], [c]]
    terrain: [forest, lake]
  - name: Bad
    cells: [[0, 0], [1], [2, x]]
    rows: [a]
    terrain: [forest, laek]
"""


def loaded(text: str):
    problems = Problems()
    deck = deck_from_doc(load_text(text, "cards/g/shapes.yaml"), problems)
    return deck, [str(p) for p in problems.items]


def test_lists_of_lists_and_of_choices_are_typed_and_every_item_located():
    deck, found = loaded(DECK)
    assert deck is not None and [c.id for c in deck.cards] == ["ell"]
    assert deck.cards[0].data["cells"] == [[0, 0], [1, 0], [2, 0], [2, 1]]
    assert deck.cards[0].data["rows"] == [["a", "b"], ["c"]]
    assert found == [
        "cards/g/shapes.yaml:15:21: cards[1] (bad).cells[1]: has 1 item; it may have exactly 2",
        "cards/g/shapes.yaml:15:30: cards[1] (bad).cells[2][1]: expected an integer, got 'x'",
        "cards/g/shapes.yaml:16:12: cards[1] (bad).rows[0]: expected a list, got 'a'",
        "cards/g/shapes.yaml:17:23: cards[1] (bad).terrain[1]: expected one of 'forest', 'lake', 'hill', got 'laek'; "
        "did you mean 'lake'?",
    ]


def test_declarations_of_item_types_that_make_no_sense_are_located():
    _, found = loaded(DECK.replace("terrain: {type: list, of: choice, choices: [forest, lake, hill]}",
                                   "terrain: {type: list, of: choice}"))
    assert "cards/g/shapes.yaml:8:25: fields.terrain.of: a list of choices needs `choices:` (the values each item " \
           "may take)" in found
    _, found = loaded(DECK.replace("rows: {type: list, of: list}", "rows: {type: text, item: {type: integer}}"))
    assert "cards/g/shapes.yaml:7:22: fields.rows.item: `item` describes a list's items; this field is of type " \
           "text: make it `type: list` or remove `item`" in found


def test_a_rule_holds_every_shape_to_cells_joined_edge_to_edge(project):
    from conftest import edit, run_pnp

    deck = project / "cards/mini/shapes.yaml"
    deck.write_text(DECK.replace("template: mini/front", "template: mini/front\nback: mini/back")
                    .replace("  name: {type: text}\n", "  name: {type: text}\n  cost: {type: integer, default: 1}\n"
                             "  text: {type: text, default: A shape.}\n")
                    .replace("  - name: Bad\n    cells: [[0, 0], [1], [2, x]]\n    rows: [a]\n"
                             "    terrain: [forest, laek]\n",
                             "  - name: Split\n    cells: [[0, 0], [1, 1]]\n    rows: [[a]]\n    terrain: [hill]\n"))
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, shapes.yaml]")
    (project / "cards/mini/rules.yaml").write_text(
        "rules:\n  - {id: joined, kind: each, deck: shape, check: \"connected(card.cells)\", "
        "message: \"{{ card.name }}: its cells must join edge to edge\"}\n")
    result = run_pnp("check", "mini", cwd=project)
    assert "cards/mini/shapes.yaml:17:5: shape/split: Split: its cells must join edge to edge" in result.out, \
        result.out + result.err
    assert "shape/ell" not in result.out


def test_connected_cells():
    from pnp.model.expressions.functions import connected

    assert connected([[0, 0], [0, 1], [1, 1]]) is True
    assert connected([[0, 0], [1, 1]]) is False  # corners only
    assert connected([]) is False
    import pytest

    with pytest.raises(ValueError, match="each cell is a \\[row, col\\] pair"):
        connected([[0, 0], [1]])
