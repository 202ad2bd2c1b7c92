"""A look-up that misses in a data table is said as the table's, with its keys and the near one; an empty
list says it is empty (not Jinja's "No first item, sequence was empty")."""

from __future__ import annotations

from conftest import edit, run_pnp

FRONT = "templates/mini/front.yaml"


def with_table(root, text: str) -> None:
    (root / "cards/mini/oob.yaml").write_text("units: {archer: 3, knight: 2}\nempty: []\n")
    edit(root / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml]\ndata: {oob: oob.yaml}")
    edit(root / FRONT, 'text: "{{ card.cost }}", font: title', f'text: "{text}", font: title')


def test_a_missing_data_key_names_the_table_and_its_keys(project):
    with_table(project, "{{ data.oob.units['archers'] + 1 }}")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    assert ("templates/mini/front.yaml:9:64: spell: {{ data.oob.units['archers'] + 1 }}: data.oob.units has no "
            "'archers' (it has archer, knight); did you mean 'archer'?") in result.err, result.err


def test_a_missing_data_key_read_plainly_is_said_the_same_way(project):
    with_table(project, "{{ data.oob.unit }}")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    assert "{{ data.oob.unit }}: data.oob has no 'unit' (it has units, empty); did you mean 'units'?" in result.err, \
        result.err


def test_an_empty_list_says_so(project):
    with_table(project, "{{ data.oob.empty | first }}")
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2
    assert "{{ data.oob.empty | first }}: a list it reads is empty here, so it has no first item" in result.err, \
        result.err
    assert "sequence was empty" not in result.err
