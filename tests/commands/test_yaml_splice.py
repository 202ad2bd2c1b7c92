"""The live page's YAML writes (pnp/commands/serve/yaml_splice.py): a value changed or added in place, in the
file's own style, every other byte kept; what cannot be written so is refused."""

from __future__ import annotations

import difflib

import pytest
import yaml

from pnp.commands.serve.yaml_splice import mapping_at, scalars, set_values
from pnp.core.errors import InputError

from conftest import REPO

TEXT = """\
# a template
size: poker
elements:
  # the title, top left
  - name: title   # keep me
    type: text
    x: 4mm
    text: >-
      A long line of words that the designer
      wrapped by hand.
  - {name: gem, type: icon, x: 28mm,
     y: 75mm}   # flow, over two lines
  - name: last
    y: '3mm'
"""


def changed_lines(old: str, new: str) -> list[str]:
    return [d for d in difflib.unified_diff(old.splitlines(), new.splitlines(), lineterm="", n=0)
            if d[:1] in "+-" and not d.startswith(("+++", "---"))]


def test_a_value_is_replaced_in_place_and_nothing_else_moves():
    new = set_values(TEXT, "t.yaml", 5, 5, {"x": "6.5mm"})
    assert changed_lines(TEXT, new) == ["-    x: 4mm", "+    x: 6.5mm"]


def test_a_missing_key_joins_its_mapping_in_the_mappings_style():
    block = set_values(TEXT, "t.yaml", 5, 5, {"size": "9pt"})
    assert changed_lines(TEXT, block) == ["+    size: 9pt"]  # after the folded text, at the keys' indent
    assert yaml.safe_load(block)["elements"][0]["text"] == "A long line of words that the designer wrapped by hand."
    flow = set_values(TEXT, "t.yaml", 11, 5, {"w": "7mm", "y": "70mm"})
    assert changed_lines(TEXT, flow) == ["-     y: 75mm}   # flow, over two lines",
                                         "+     y: 70mm, w: 7mm}   # flow, over two lines"]


def test_quotes_and_block_scalars_keep_their_style():
    quoted = set_values(TEXT, "t.yaml", 13, 5, {"y": "4mm"})
    assert changed_lines(TEXT, quoted) == ["-    y: '3mm'", "+    y: '4mm'"]
    folded = set_values(TEXT, "t.yaml", 5, 5, {"text": "Fewer words, \"quoted\"."})
    assert changed_lines(TEXT, folded) == ["-      A long line of words that the designer", "-      wrapped by hand.",
                                           "+      Fewer words, \"quoted\"."]
    assert "# keep me" in folded and "# the title, top left" in folded


def test_a_value_that_plain_yaml_would_misread_is_quoted():
    for text in ("yes", "12", "a: b", "#hash", "x # y", "[list]", "null", "  padded"):
        new = set_values(TEXT, "t.yaml", 13, 5, {"name": text})
        assert yaml.safe_load(new)["elements"][2]["name"] == text, text


def test_a_mapping_not_found_or_a_value_not_single_is_refused_with_its_place():
    with pytest.raises(InputError, match=r"t.yaml:6:5: nothing to edit here any more"):
        set_values(TEXT, "t.yaml", 6, 5, {"x": "1mm"})
    with pytest.raises(InputError, match=r"t.yaml:5:3: elements is not a single value here"):
        set_values(TEXT, "t.yaml", 2, 1, {"elements": "1mm"})


def test_mapping_at_gives_the_path_and_the_values_as_written():
    node, path = mapping_at(TEXT, "t.yaml", 11, 5)
    assert path == ("elements", 1)
    assert scalars(node) == {"name": "gem", "type": "icon", "x": "28mm", "y": "75mm"}


def test_every_element_of_the_bundled_templates_takes_a_new_x_on_its_own_line():
    """The first element each template writes with a literal `x` (block or flow style, as our games write them):
    the edit changes that one line, and the file still reads as it did but for that value."""
    from pnp.model.units import LENGTH_TEXT

    done = 0
    for path in sorted((REPO / "templates").rglob("*.yaml")):
        text = path.read_text()
        elements = (yaml.compose(text, Loader=yaml.SafeLoader) or yaml.ScalarNode("", "")).value
        elements = next((v.value for k, v in elements if k.value == "elements"), []) if elements else []
        for node in elements:
            x = scalars(node).get("x")
            if not (isinstance(x, str) and LENGTH_TEXT.fullmatch(x)):
                continue
            new = set_values(text, path.name, node.start_mark.line + 1, node.start_mark.column + 1, {"x": "1.25mm"})
            lines = changed_lines(text, new)
            assert len(lines) == 2 and lines[0][1:].replace(f"x: {x}", "x: 1.25mm", 1) == lines[1][1:], (path, lines)
            done += 1
            break  # one element a file: each file's style is seen, at a tenth of the time
    assert done > 80
