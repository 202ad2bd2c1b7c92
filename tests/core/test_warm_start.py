"""A warm start does only what it must: the YAML parsed before is read back from the signed cache (the same
data, the same places), a build imports neither PyYAML nor Jinja when it needs neither, and the cycle
collector does not walk what importing made."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import REPO

SOURCE = """\
# a comment
name: Test  # another
cards:
  - {id: a, cost: 1, tags: [x, "y"], ratio: 0.5, ok: true, none: null}
  - id: b
    text: |
      two
      lines
"""


def test_a_kept_parse_is_the_parse(tmp_path: Path, monkeypatch):
    from pnp.core import disk_cache
    from pnp.model import load

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    cold = load.load_text(SOURCE, "cards/t/deck.yaml")
    [entry] = list((tmp_path / "cache").rglob("*.code"))
    monkeypatch.setattr(load, "_parse", lambda *_: (_ for _ in ()).throw(AssertionError("parsed again")))
    warm = load.load_text(SOURCE, "cards/other/deck.yaml")
    assert warm.data == cold.data and warm.root == cold.root and warm.file == "cards/other/deck.yaml"
    for path in [(), ("cards", 0, "tags", 1), ("cards", 1, "text"), ("name",)]:
        assert (warm.where(path).line, warm.where(path).col) == (cold.where(path).line, cold.where(path).col)
    entry.write_bytes(entry.read_bytes()[:-1] + b"\0")  # damaged, or written by someone else: parsed again
    monkeypatch.setattr(load, "_parse", lambda text, file: cold)
    assert load.load_text(SOURCE, "x.yaml") is cold
    assert disk_cache.load(load._KEPT, "no such entry") is None


def test_a_broken_file_is_never_kept(tmp_path: Path, monkeypatch):
    from pnp.core.errors import InputError
    from pnp.model import load

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    for _ in range(2):  # said the same way both times
        with pytest.raises(InputError, match="x.yaml:2:1: YAML syntax error"):
            load.load_text("a: [1, 2\n", "x.yaml")
    assert not list((tmp_path / "cache").rglob("*.code"))


def test_a_warm_build_imports_no_yaml_and_no_jinja(tmp_path: Path):
    """The benchmark deck, built twice in fresh processes: the second reads its files from the cache."""
    script = ("import sys\nfrom pnp.commands.cli import main\n"
              "sys.argv = ['pnp', 'build', 'bench', '--out', sys.argv[1]]\n"
              "try:\n    main()\nexcept SystemExit as e:\n    assert not e.code, e.code\n"
              "print(sorted(m for m in ('yaml', 'jinja2') if m in sys.modules))\n")
    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", script, str(tmp_path / f"out{i}")], cwd=REPO / "benchmarks",
                           capture_output=True, text=True, env=env, timeout=120) for i in range(2)]
    assert [r.stdout.strip().splitlines()[-1] for r in runs] == ["['yaml']", "[]"], [r.stderr for r in runs]
    assert (tmp_path / "out0/card.pdf").read_bytes() == (tmp_path / "out1/card.pdf").read_bytes()


def test_importing_the_command_line_leaves_the_collector_as_it_found_it():
    script = ("import gc\nimport pnp.commands.cli\nprint(gc.isenabled(), gc.get_freeze_count() > 1000)\n"
              "gc.disable()\nimport importlib, pnp.commands.cli as c\nimportlib.reload(c)\nprint(gc.isenabled())\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60).stdout.split()
    assert out == ["True", "True", "False"]


def test_a_kept_font_is_the_font_reportlab_parses(tmp_path: Path, monkeypatch):
    from reportlab.pdfbase.ttfonts import TTFont

    from pnp.core import disk_cache
    from pnp.layout.fonts import parsed_kept as ttfkept

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    # the cache as a new process finds it: an earlier test in this worker may have confined game code here (which
    # fixes the folder and turns writes off, as in a game-code worker) or given a folder that could not be written
    monkeypatch.setattr(disk_cache, "_BROKEN", set())
    monkeypatch.setattr(disk_cache, "_FIXED", [])
    monkeypatch.setattr(disk_cache, "_WRITES", [True])
    monkeypatch.setattr(disk_cache, "_KEY", False)  # the signing key read again
    path = REPO / "fonts" / "Lato-Bold.ttf"
    parsed = ttfkept.ttfont(path, "Lato-Bold")  # parsed, and kept
    assert len(list((tmp_path / "cache").rglob("*.code"))) == 1
    monkeypatch.setattr(TTFont, "__init__", lambda *_: (_ for _ in ()).throw(AssertionError("parsed again")))
    warm = ttfkept.ttfont(path, "Lato-Bold")
    assert warm is not parsed and ttfkept._same(warm, parsed)
    assert warm.face.name.ustr == parsed.face.name.ustr and warm.face.makeSubset([0, 65, 66]) == \
        parsed.face.makeSubset([0, 65, 66])
    assert warm.stringWidth("Hello, world", 10) == parsed.stringWidth("Hello, world", 10)


def test_a_run_makes_only_its_own_command_and_says_the_same():
    from typer.main import get_command

    from pnp.commands.cli import _app_for, app

    one: Any = get_command(_app_for(["--root", "build", "build", "voyage", "--paper", "letter"]))
    whole: Any = get_command(app)
    assert list(one.commands) == ["build"]  # a group of one command (`--root build`: a folder named build)
    assert [p.name for p in one.params] == [p.name for p in whole.params]  # --root, --version, completion
    assert [p.name for p in one.commands["build"].params] == [p.name for p in whole.commands["build"].params]
    for args in ([], ["--help"], ["--version"], ["buld", "voyage"], ["--root", "x"]):  # the whole command line
        assert _app_for(args) is app
