"""Template expressions: what a value reads (which decides whether it is laid out once or per card)
and the fast path for text with plain look-ups, which must print what Jinja would."""

from __future__ import annotations

import pytest

from pnp.core.errors import InputError, Where
from pnp.layout.expr import ExprError, compile_value, names_in
from pnp.model.expressions.evaluate import _env

HERE = Where("templates/t.yaml", 3, 5)


@pytest.mark.parametrize("source,names", [
    ("{{ card.name }}", {"card"}),
    ("{{ vars.box }}mm", {"vars"}),
    ("{{ range(item.n) | list }}", {"item"}),  # Jinja's globals are not the card's
    ("{% set w = vars.width %}{{ w * 2 }}", {"vars"}),  # a name the template sets itself
    ("{% for f in data.sheet.factories %}{{ f.name }}{{ loop.index }}{% endfor %}", {"data"}),
    ("{{ dict.fromkeys(range(1, sf.cost + 1), 'energy') }}", {"sf"}),
    ("{{ card.a if index else deck.b }}", {"card", "index", "deck"}),
])
def test_names_read_are_what_the_context_must_supply(source, names):
    assert names_in(source) == names


@pytest.mark.parametrize("source,ctx", [
    ("{{ vars.box }}mm", {"vars": {"box": 7.5}}),
    ("Adventure {{ card.adventure }} · {{ card.name }}", {"card": {"adventure": 4, "name": "Deep Works"}}),
    ("{{ card.flag }}/{{ card.none }}", {"card": {"flag": True, "none": None}}),
    ("mission-{{ item | lower }}", {"item": "A"}),  # a filter: Jinja itself
])
def test_text_values_print_as_jinja_prints_them(source, ctx):
    dynamic, get = compile_value(source, HERE)
    assert dynamic and get(ctx) == _env().from_string(source).render(**ctx)


def test_a_missing_field_in_text_names_the_whole_value():
    _, get = compile_value("{{ vars.box }}mm", HERE)
    with pytest.raises(ExprError, match=r"\{\{ vars.box \}\}mm: the template sets no `vars.box`"):
        get({"vars": {}})


def test_a_syntax_error_is_located_even_when_compiled_before():
    with pytest.raises(InputError) as first:
        compile_value("{{ card.name | }}", HERE)
    with pytest.raises(InputError) as again:  # the compile cache never swallows an error
        compile_value("{{ card.name | }}", Where("templates/u.yaml", 9, 1))
    assert first.value.problems[0].where.file == "templates/t.yaml"
    assert again.value.problems[0].where.line == 9
