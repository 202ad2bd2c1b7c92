from dataclasses import dataclass, field
from typing import Annotated, Literal

from pnp.model.load import load_text
from pnp.model.schema import Check, read


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


def test_missing_required_field():
    assert problems("items: []\n") == ["f.yaml:1:1: name: missing required field"]


def test_numbers_are_accepted_as_text_but_not_text_as_numbers():
    assert problems("name: 1984\nsize: big\n") == ["f.yaml:2:1: size: expected a number, got 'big'"]
