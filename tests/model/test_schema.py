from dataclasses import dataclass, field
from typing import Annotated, Literal

from pnp.model.load import load_text
from pnp.model.schema.reader import Check, read


@dataclass
class Inner:
    kind: Literal["a", "b"]
    n: Annotated[int, Check(ge=1, le=5)] = 1


@dataclass
class Outer:
    name: str
    items: list[Inner] = field(default_factory=list)
    size: float | None = None


def problems(text: str) -> list[str]:
    doc = load_text(text, "f.yaml")
    value, found = read(Outer, doc.data, doc)
    return [str(p) for p in found]


def test_valid_tree_becomes_dataclasses():
    doc = load_text("name: x\nitems:\n  - {kind: a, n: 2}\nsize: 3\n", "f.yaml")
    value, found = read(Outer, doc.data, doc)
    assert found == []
    assert value == Outer("x", [Inner("a", 2)], 3.0)


def test_every_problem_is_reported_with_its_place():
    assert problems("name: x\nitems:\n  - {kind: c, n: 9}\n  - {kind: a, n: three, extra: 1}\n") == [
        "f.yaml:3:6: items[0].kind: expected one of 'a', 'b', got 'c'",
        "f.yaml:3:15: items[0].n: must be at most 5, got 9",
        "f.yaml:4:25: items[1].extra: unknown field (known fields: kind, n); check its spelling or remove it",
        "f.yaml:4:15: items[1].n: expected an integer, got 'three'",
    ]


def test_a_near_miss_gets_a_suggestion_and_a_far_one_does_not():
    assert problems("name: x\nitems:\n  - {kind: B, nn: 2}\n  - {kind: c, zzz: 1}\n") == [
        "f.yaml:3:15: items[0].nn: unknown field; did you mean 'n'? (known fields: kind, n); or remove it",
        "f.yaml:3:6: items[0].kind: expected one of 'a', 'b', got 'B'; did you mean 'b'?",
        "f.yaml:4:15: items[1].zzz: unknown field (known fields: kind, n); check its spelling or remove it",
        "f.yaml:4:6: items[1].kind: expected one of 'a', 'b', got 'c'",
    ]


def test_missing_required_field():
    assert problems("items: []\n") == ["f.yaml:1:1: name: missing required field"]


def test_numbers_are_accepted_as_text_but_not_text_as_numbers():
    assert problems("name: 1984\nsize: big\n") == ["f.yaml:2:1: size: expected a number, got 'big'"]


DECK = """id: shop
name: Shop
template: mini/front
fields:
  name: {type: text}
  stock:
    type: list
    max: 3
    of: {item: text, qty: {type: integer, min: 1}, note: {type: text, required: false}}
  sizes: {type: list, of: integer}
cards:
  - name: Market
    stock:
      - {item: Rope, qty: 2}
      - {item: Lamp, qty: two}
      - {item: Oil, qty: 0, colour: red}
      - {qty: 1}
    sizes: [1, "x"]
  - name: Stall
    stock: [{item: Rope, qty: 1}]
    sizes: [3]
"""


def deck_problems(text: str):
    from pnp.core.errors import Problems
    from pnp.model.game import deck_from_doc

    problems = Problems()
    deck = deck_from_doc(load_text(text, "cards/g/shop.yaml"), problems)
    return deck, [str(p) for p in problems.items]


def test_a_list_of_records_checks_and_locates_every_value():
    deck, found = deck_problems(DECK)
    assert found == [
        "cards/g/shop.yaml:13:5: cards[0] (market).stock: has 4 items; it may have at most 3",
        "cards/g/shop.yaml:15:22: cards[0] (market).stock[1].qty: expected an integer, got 'two'",
        "cards/g/shop.yaml:16:29: cards[0] (market).stock[2].colour: unknown field (known fields: item, note, qty); "
        "check its spelling or declare it under the field's `of:`",
        "cards/g/shop.yaml:16:21: cards[0] (market).stock[2].qty: must be at least 1, got 0",
        "cards/g/shop.yaml:17:9: cards[0] (market).stock[3].item: missing required field",
        "cards/g/shop.yaml:18:16: cards[0] (market).sizes[1]: expected an integer, got 'x'",
    ]
    assert [c.id for c in deck.cards] == ["stall"]  # the broken card is left out, the good one typed
    assert deck.cards[0].data["stock"] == [{"item": "Rope", "qty": 1, "note": None}]


def test_a_field_declaration_that_makes_no_sense_is_located():
    bad = DECK.replace("  sizes: {type: list, of: integer}", "  sizes: {type: integer, of: integer}\n"
                       "  kinds: {type: list, of: {}}")
    _, found = deck_problems(bad)
    assert "cards/g/shop.yaml:10:26: fields.sizes.of: `of` describes a list's items; this field is of type integer: " \
           "make it `type: list` or remove `of`" in found
    assert "cards/g/shop.yaml:11:23: fields.kinds.of: a record needs at least one field: " \
           "`of: {item: text, qty: integer}`" in found
    _, found = deck_problems(DECK.replace("sizes: {type: list, of: integer}", "sizes: {type: list, of: float}"))
    assert found == ["cards/g/shop.yaml:10:23: fields.sizes.of: expected one of 'text', 'integer', 'number', "
                     "'boolean', 'any', 'choice', 'list' or a mapping, got 'float'"]
