import pytest

from pnp.core.errors import InputError
from pnp.model.load import load_text


def test_marks_point_at_keys_and_items():
    doc = load_text("name: x\ncards:\n  - id: a\n    cost: three\n", "f.yaml")
    assert doc.data == {"name": "x", "cards": [{"id": "a", "cost": "three"}]}
    assert str(doc.where(("cards", 0, "cost"))) == "f.yaml:4:5"
    assert str(doc.where(("cards", 0))) == "f.yaml:3:5"


def test_where_falls_back_to_the_nearest_ancestor():
    doc = load_text("a:\n  b: 1\n", "f.yaml")
    assert str(doc.where(("a", "missing", 3))) == "f.yaml:1:1"


def test_syntax_error_is_located():
    with pytest.raises(InputError) as info:
        load_text("a: 1\n b: 2\n", "f.yaml")
    assert str(info.value) == ("f.yaml:2:3: YAML syntax error: mapping values are not allowed in this context; a "
                               "value that holds `: ` needs quotes (\"Cost: 2\"), or this line is indented deeper "
                               "than its block")


def test_duplicate_key_is_an_error():
    with pytest.raises(InputError) as info:
        load_text("a: 1\na: 2\n", "f.yaml")
    assert str(info.value) == "f.yaml:2:1: duplicate key 'a': each key may appear once in a mapping"


def test_scalars_keep_their_yaml_types():
    doc = load_text("i: 3\nf: 2.5\nb: true\nn: null\ns: '3'\n", "f.yaml")
    assert doc.data == {"i": 3, "f": 2.5, "b": True, "n": None, "s": "3"}
