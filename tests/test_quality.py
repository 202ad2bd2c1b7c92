"""The code stays linted and typed: ruff and mypy run with the tests, configured in pyproject.toml."""

import subprocess
import sys

from conftest import REPO


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *args], cwd=REPO, capture_output=True, text=True)


def test_ruff():
    result = run("ruff", "check", "pnp", "tests", "benchmarks")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy():
    result = run("mypy")
    assert result.returncode == 0, result.stdout + result.stderr
