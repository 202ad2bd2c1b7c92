from pathlib import Path

import pytest

from pnp.core.errors import InputError
from pnp.layout.templates import TemplateStore
from pnp.model.units import MM


def write(root: Path, name: str, text: str) -> None:
    path = root / "templates" / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)


def test_extends_overrides_settings_and_replaces_named_elements(tmp_path):
    write(tmp_path, "base", "size: poker\nvars: {a: 1, b: 2}\nelements:\n"
          "  - {name: bg, type: rect, fill: '#000000'}\n  - {name: t, type: text, text: hi}\n")
    write(tmp_path, "child", "extends: base\nsize: square\nvars: {b: 3}\nelements:\n"
          "  - {name: bg, type: rect, fill: '#ffffff'}\n  - {type: icon, icon: x}\n")
    t = TemplateStore(tmp_path).get("child")
    assert t.size == (63.5 * MM, 63.5 * MM)
    assert t.vars == {"a": 1, "b": 3}
    assert [(p.element.type, p.element.name) for p in t.elements] == [("rect", "bg"), ("text", "t"), ("icon", None)]
    assert t.elements[0].element.fill == "#ffffff"
    assert str(t.elements[0].where) == "templates/child.yaml:5:5"


def test_circular_extends_is_refused(tmp_path):
    write(tmp_path, "a", "extends: b\n")
    write(tmp_path, "b", "extends: a\n")
    with pytest.raises(InputError) as info:
        TemplateStore(tmp_path).get("a")
    assert str(info.value) == "templates/b.yaml:1:1: extends: circular `extends`: a -> b -> a"


def test_missing_parent_is_located(tmp_path):
    write(tmp_path, "a", "extends: nothere\n")
    with pytest.raises(InputError) as info:
        TemplateStore(tmp_path).get("a")
    assert str(info.value) == ("templates/a.yaml:1:1: template: template 'nothere' not found "
                               "(expected templates/nothere.yaml)")


def test_unknown_element_type(tmp_path):
    write(tmp_path, "a", "size: poker\nelements:\n  - {type: star}\n")
    with pytest.raises(InputError) as info:
        TemplateStore(tmp_path).get("a")
    assert str(info.value) == "templates/a.yaml:3:6: elements[0].type: unknown type 'star': use one of rect, " \
        "ellipse, line, polygon, text, image, icon, boxes, lines, group, grid, table"


def test_unknown_size(tmp_path):
    write(tmp_path, "a", "size: huge\n")
    with pytest.raises(InputError, match="unknown size 'huge'"):
        TemplateStore(tmp_path).get("a")
