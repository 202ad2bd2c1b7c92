"""The code stays linted and typed: ruff and mypy run with the tests, configured in pyproject.toml. The bundled
games' Python (cards/*/: rules, setups, play modules) is the code designers copy, so it is held to the same."""

import subprocess
import sys

import pytest

from conftest import REPO


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True)


def test_ruff():
    result = run("ruff", "check", "pnp", "tests", "benchmarks", "cards", "tools")
    assert result.returncode == 0, result.stdout + result.stderr


# one worker runs every mypy in turn, on one cache: the games' runs reuse what pnp's own run read (the standard
# library, pnp), and a module of one game's that another game also has (every game has `rules`) is read again
MYPY = pytest.mark.xdist_group("mypy")


@MYPY
def test_mypy():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr


GAME_CODE = sorted(p.parent.name for p in (REPO / "cards").glob("*/game.yaml")
                   if any((p.parent / n).exists() for n in ("rules.py", "rules", "play.py", "play", "setup.py")))


def test_every_game_with_python_is_typed():
    assert {"voyage", "moon", "arkship"} <= set(GAME_CODE)


@MYPY
@pytest.mark.parametrize("game", GAME_CODE)
def test_mypy_game_code(game):
    """Each game on its own (every game has a module named `rules`), with pnp's own settings and cache."""
    folder = REPO / "cards" / game
    targets = [str(p.relative_to(REPO)) for p in sorted(folder.iterdir()) if p.suffix == ".py" or
               (p.is_dir() and (p / "__init__.py").exists())]
    result = run("mypy", "--config-file", "pyproject.toml", *targets)
    assert result.returncode == 0, result.stdout + result.stderr
