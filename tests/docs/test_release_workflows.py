"""The repository's own release and docs workflows: what a tag publishes, and where the site goes.

They run on GitHub, not here; these tests hold what can be checked on this machine: the step that
reads the version finds the one pnp says, the tag check refuses a tag that differs, the files PyPI
receives are the ones built and checked, and the docs site is built strictly."""

import os
import subprocess
import tomllib

import yaml

import pnp

from conftest import REPO as ROOT


def workflow(name: str) -> dict:
    return yaml.safe_load((ROOT / ".github" / "workflows" / name).read_text())


def step_named(job: dict, name: str) -> str:
    return next(s["run"] for s in job["steps"] if s.get("name") == name)


def tag_check(tag: str) -> subprocess.CompletedProcess:
    script = step_named(workflow("release.yml")["jobs"]["build"], "the tag names the version pnp says")
    return subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=ROOT, capture_output=True,
                          text=True, env={**os.environ, "GITHUB_REF_NAME": tag})


def test_the_release_runs_on_version_tags_only():
    release = workflow("release.yml")
    triggers = release[True]  # YAML 1.1 reads the key `on` as true
    assert triggers == {"push": {"tags": ["v*"]}}


def test_the_tag_of_the_version_pnp_says_passes():
    done = tag_check(f"v{pnp.__version__}")
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_tag_that_differs_from_the_version_is_refused():
    done = tag_check("v9.9.9")
    assert done.returncode != 0
    assert f"is not v{pnp.__version__}" in done.stdout


def test_pypi_receives_the_files_built_and_checked_by_trusted_publishing():
    jobs = workflow("release.yml")["jobs"]
    build_runs = [s.get("run", "") for s in jobs["build"]["steps"]]
    assert any("python3 -m build" in r for r in build_runs)
    assert any("twine check --strict dist/*" in r for r in build_runs)
    assert any("tests/docs/test_release.py" in r for r in build_runs)
    publish = jobs["publish"]
    assert publish["needs"] == "build" and publish["environment"] == "pypi"
    assert publish["permissions"] == {"id-token": "write"}  # trusted publishing: no stored token
    uses = [s.get("uses", "") for s in publish["steps"]]
    assert uses[0].startswith("actions/download-artifact") and uses[-1].startswith("pypa/gh-action-pypi-publish")
    name = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["name"]
    assert name == pnp.DISTRIBUTION == "pnp-press"
    assert f"project `{name}`" in (ROOT / "docs" / "releasing.md").read_text()


def test_the_docs_site_is_built_strictly_and_published_from_main():
    docs = workflow("docs.yml")
    assert docs[True] == {"push": {"branches": ["main"]}}
    runs = [s.get("run", "") for s in docs["jobs"]["deploy"]["steps"]]
    assert "python3 -m pip install '.[docs]'" in runs
    assert any(r.startswith("python3 -m mkdocs build --strict") for r in runs)
    assert any(s.get("uses", "").startswith("actions/deploy-pages") for s in docs["jobs"]["deploy"]["steps"])
