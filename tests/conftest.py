"""Shared fixtures: a throwaway copy of a small project, and a CLI runner that returns what a user sees."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
# pnp keeps compiled template code between runs; the tests keep theirs apart from the user's
os.environ["PNP_CACHE_DIR"] = tempfile.mkdtemp(prefix="pnp-test-cache-")


@dataclass
class Result:
    code: int
    out: str
    err: str


def run_pnp(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> Result:
    """Run the real `pnp` in a fresh process, as a designer would (`env`: variables to set for it)."""
    proc = subprocess.run([sys.executable, "-m", "pnp", *args], cwd=cwd or REPO, capture_output=True, text=True,
                          timeout=120, env={**os.environ, **env} if env else None)
    return Result(proc.returncode, proc.stdout, proc.stderr)


def build_game(out: Path, game: str, *args: str) -> dict:
    """`pnp build GAME --out OUT` from the repository; the manifest it wrote."""
    import json

    result = run_pnp("build", game, "--out", str(out), *args)
    assert result.code == 0, result.err
    return json.loads((out / "manifest.json").read_text())


def copy_project(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, symlinks=False, ignore=shutil.ignore_patterns("output"))
    return dst


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """tests/data/proj (the `mini` game) copied with the repository's fonts; edit it freely."""
    root = copy_project(DATA / "proj", tmp_path / "proj")
    return root


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, 1))


@pytest.fixture(scope="session")
def moon_built(tmp_path_factory) -> tuple[Path, dict]:
    """Welcome to the Moon built once for all its test modules: (output folder, manifest)."""
    out = tmp_path_factory.mktemp("moon")
    return out, build_game(out, "moon")


@pytest.fixture
def moon(tmp_path: Path) -> Path:
    """A copy of the Moon pack to break on purpose."""
    root = tmp_path / "moon"
    for folder in ("cards/moon", "templates/moon", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    return root


def errors_of(result: Result) -> list[dict]:
    """The errors of `pnp check GAME --format json` for one game."""
    import json

    return json.loads(result.out)["games"][0]["errors"]
