"""The sandbox's one loader (pnp/core/sandbox/loader.py) finds, confines and imports custom rules and play
modules alike: a file or a package, every file of it confined, an edit read on the next import, and a failed
import leaving nothing half-imported behind."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from pnp.core.sandbox import loader


def test_a_package_is_found_with_every_module_under_it(tmp_path: Path):
    (tmp_path / "play" / "deep").mkdir(parents=True)
    (tmp_path / "play" / "__init__.py").write_text("from .deep.rule import VALUE\n")
    (tmp_path / "play" / "deep" / "__init__.py").write_text("")
    (tmp_path / "play" / "deep" / "rule.py").write_text("VALUE = 1\n")
    (tmp_path / "play.py").write_text("VALUE = 'the file, not the package'\n")
    code = loader.find("pnp_test_pkg", tmp_path, "play")
    assert code is not None and code.package
    assert [p.relative_to(tmp_path).as_posix() for p in code.files] == [
        "play/__init__.py", "play/deep/__init__.py", "play/deep/rule.py"]
    assert loader.load(code).VALUE == 1
    assert loader.find("pnp_test_none", tmp_path, "rules") is None


def test_an_edit_is_read_on_the_next_import(tmp_path: Path):
    (tmp_path / "rules.py").write_text("VALUE = 1\n")
    code = loader.find("pnp_test_edit", tmp_path, "rules")
    assert code is not None
    assert loader.load(code).VALUE == 1 and loader.current(code)
    (tmp_path / "rules.py").write_text("VALUE = 22\n")  # another size: changed whatever the clock's grain
    assert not loader.current(code)
    assert loader.load(code).VALUE == 22


def test_a_failed_import_leaves_nothing_behind(tmp_path: Path):
    (tmp_path / "play.py").write_text("VALUE = 1\nraise RuntimeError('broken')\n")
    code = loader.find("pnp_test_broken", tmp_path, "play")
    assert code is not None
    with pytest.raises(RuntimeError):
        loader.load(code)
    assert "pnp_test_broken" not in sys.modules


def test_every_file_goes_through_the_callers_confinement(tmp_path: Path):
    outside = tmp_path / "outside.py"
    outside.write_text("VALUE = 1\n")
    game = tmp_path / "game"
    (game / "rules" / "more").mkdir(parents=True)
    (game / "rules" / "__init__.py").write_text("")
    (game / "rules" / "more" / "linked.py").symlink_to(outside)
    code = loader.find("pnp_test_confined", game, "rules")
    assert code is not None
    seen: list[str] = []

    def check(path: Path) -> None:
        seen.append(path.relative_to(game).as_posix())
        if not path.resolve().is_relative_to(game.resolve()):
            raise ValueError(f"{path.name} leads outside")

    with pytest.raises(ValueError, match="linked.py leads outside"):
        loader.confine(code, check)
    assert seen == ["rules/__init__.py", "rules/more/linked.py"]
