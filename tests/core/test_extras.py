"""The optional extras (pyproject.toml): each use of a missing one says in one line which pip command adds it,
names its file where there is one, and exits 2 without a traceback; the base package needs none of them."""

from __future__ import annotations

import sys
import tomllib

import pytest

from conftest import REPO, run_pnp

EXTRAS = {"sheets": ["python_calamine"], "serve": ["starlette", "uvicorn"], "hex": ["shapely"]}


@pytest.fixture
def without(monkeypatch):
    """Hold a module out of this process, as if its extra were not installed."""
    def hide(*modules: str) -> None:
        for module in modules:
            for name in [m for m in sys.modules if m == module or m.startswith(module + ".")]:
                monkeypatch.delitem(sys.modules, name)
            monkeypatch.setitem(sys.modules, module, None)
    return hide


def test_the_extras_hold_what_only_some_games_need_and_the_tests_take_them_all():
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    base = " ".join(project["dependencies"])
    extras = project["optional-dependencies"]
    for extra, modules in EXTRAS.items():
        assert extra in extras and not any(m.replace("_", "-") in base for m in modules), extra
    assert all(f"pnp-press[{','.join(['sheets', 'serve', 'hex', 'plots', 'cluster'])}]" in e
               for e in (extras["all"], extras["test"]))


def test_pnp_serve_without_its_extra_names_the_pip_command(project, without):
    without("starlette")
    result = run_pnp("--root", str(project), "serve", "mini", "--port", "0")
    assert result.code == 2
    assert result.err.splitlines()[0] == "pnp serve needs starlette and uvicorn, an optional extra: pip install " \
                                 "'pnp-press[serve]'", result.err


def test_a_workbook_deck_without_its_extra_is_said_at_the_file_and_a_csv_deck_needs_nothing(project, without):
    deck = project / "cards/mini/spells.yaml"
    text = deck.read_text()
    deck.write_text(text[:text.index("cards:")] + "cards_from: spells.xlsx\n")
    (project / "cards/mini/spells.xlsx").write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip: read no further
    without("python_calamine")
    result = run_pnp("--root", str(project), "check", "mini")
    assert result.code == 2
    said = ("cards/mini/spells.xlsx: cards_from: reading an XLSX, XLS or ODS sheet needs python-calamine, an optional "
            "extra: pip install 'pnp-press[sheets]' (or save the sheet as CSV, which needs nothing)")
    assert said in result.err, result.err
    deck.write_text(text[:text.index("cards:")] + "cards_from: spells.csv\n")
    (project / "cards/mini/spells.csv").write_text("id,name,cost,text\nblink,Blink,1,Move.\n")
    assert run_pnp("--root", str(project), "check", "mini").code == 0


def test_a_board_tiled_along_its_grid_without_its_extra_names_the_pip_command(without):
    from pnp.core.errors import InputError
    from pnp.output.tiling.tiles import _plan

    without("shapely")
    with pytest.raises(InputError) as got:
        _plan((800.0, 800.0), 9.0, (500.0, 700.0), 20.0, [], (object(),), "map")  # type: ignore[arg-type]
    assert str(got.value) == ("map: a board holding a grid, tiled along its cells' edges, needs shapely, an "
                              "optional extra: pip install 'pnp-press[hex]'")
