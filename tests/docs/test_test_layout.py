"""The tests mirror the package (docs/architecture.md, "Where to add things"): `tests/<stage>/` for each stage of
pnp, `tests/games/<game>/` for a bundled game end to end, `tests/hostile/` and `tests/docs/`; only the helpers the
tests import by name sit at `tests/`' top. A test file is named by what it tests, never by the issue, the round
or the gap it came from (`test_print_craft3.py`, `test_engine_gaps3.py`), and its name is unique across the
folders (pytest imports each by its name alone: there are no `__init__.py` files)."""

from __future__ import annotations

import re
from pathlib import Path

from conftest import REPO

OTHER_FOLDERS = {"hostile", "docs"}
# a name that says where a test came from, not what it holds: an issue, a round, a gap, a goal, a number at its end
NOT_A_SUBJECT = re.compile(r"(^|_)(issues?|rounds?|gaps|goals)(\d*)(_|$)|\d$")


def misplaced(tests: Path, stages: set[str], games: set[str]) -> list[str]:
    """What breaks the layout under `tests`, one line each (empty when it holds)."""
    found, seen = [], {}
    for path in sorted(p for p in tests.rglob("*.py") if "data" not in p.relative_to(tests).parts):
        where = path.relative_to(tests)
        folders = where.parts[:-1]
        if path.name == "__init__.py":
            found.append(f"{where}: no __init__.py in tests (each test module is imported by its name)")
            continue
        if not path.name.startswith("test_"):
            if folders:
                found.append(f"{where}: a helper belongs at tests/' top, where the tests import it by name")
            continue
        if not folders:
            found.append(f"{where}: a test at tests/' top; it belongs in the folder of what it tests")
        elif not (folders[0] in stages | OTHER_FOLDERS and len(folders) == 1
                  or folders[0] == "games" and len(folders) == 2 and folders[1] in games):
            found.append(f"{where}: not a folder of the layout (a stage, games/<game>, hostile or docs)")
        if NOT_A_SUBJECT.search(path.stem.removeprefix("test_")):
            found.append(f"{where}: named by an issue, a round or a number, not by its subject")
        if path.name in seen:
            found.append(f"{where}: the same name as {seen[path.name]}")
        seen.setdefault(path.name, where)
    return found


def stages() -> set[str]:
    return {p.parent.name for p in (REPO / "pnp").glob("*/__init__.py")}


def games() -> set[str]:
    return {p.parent.name for p in (REPO / "cards").glob("*/game.yaml")}


def test_the_tests_mirror_the_package_and_are_named_by_subject():
    assert {"core", "model", "layout", "output", "rules", "play", "commands"} <= stages()
    assert misplaced(REPO / "tests", stages(), games()) == []


def test_a_planted_misplaced_or_misnamed_test_is_caught(tmp_path: Path):
    for name in ("conftest.py", "pdfcheck.py", "test_loose.py", "output/test_print_craft3.py",
                 "layout/test_engine_gaps.py", "rules/test_issue_30.py", "play/test_round_two_rounds.py",
                 "games/nowhere/test_nowhere.py", "stuff/test_stuff.py", "model/test_load.py", "hostile/test_load.py",
                 "core/__init__.py", "core/helper.py", "data/test_ignored3.py", "output/test_fits_circles.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    assert misplaced(tmp_path, {"core", "model", "layout", "output", "rules", "play"}, {"voyage"}) == [
        "core/__init__.py: no __init__.py in tests (each test module is imported by its name)",
        "core/helper.py: a helper belongs at tests/' top, where the tests import it by name",
        "games/nowhere/test_nowhere.py: not a folder of the layout (a stage, games/<game>, hostile or docs)",
        "layout/test_engine_gaps.py: named by an issue, a round or a number, not by its subject",
        "model/test_load.py: the same name as hostile/test_load.py",
        "output/test_print_craft3.py: named by an issue, a round or a number, not by its subject",
        "play/test_round_two_rounds.py: named by an issue, a round or a number, not by its subject",
        "rules/test_issue_30.py: named by an issue, a round or a number, not by its subject",
        "stuff/test_stuff.py: not a folder of the layout (a stage, games/<game>, hostile or docs)",
        "test_loose.py: a test at tests/' top; it belongs in the folder of what it tests",
    ]


# the programs a test may start by name: the system's own, and those .ci/run installs (with CI set, where they are
# missing the tests that need them fail; elsewhere they skip). A PDF's text is read with pdfium (tests/pdfcheck.py).
PROGRAMS = {"git", "bash", "true", "qpdf", "gs", "chromium", "chromedriver"}
STARTED = re.compile(r"subprocess\.(?:run|Popen|check_output|check_call)\(\s*\[\s*[\"']([^\"']+)[\"']")


def programs_not_installed(tests: Path) -> list[str]:
    """Each test's start of a program that neither the system nor .ci/run installs (a clean CI machine lacks it)."""
    found = []
    for path in sorted(p for p in tests.rglob("*.py") if p != Path(__file__)):  # (this file plants one)
        for match in STARTED.finditer(path.read_text()):
            if match.group(1) not in PROGRAMS:
                line = path.read_text().count("\n", 0, match.start()) + 1
                found.append(f"{path.relative_to(tests)}:{line}: starts {match.group(1)!r}, which CI does not install")
    return found


def test_the_tests_start_only_programs_ci_installs():
    ci = (REPO / ".ci" / "run").read_text()
    assert all(package in ci for package in ("chromium", "chromium-driver", "ghostscript", "qpdf"))
    assert programs_not_installed(REPO / "tests") == []


def test_a_planted_program_ci_does_not_install_is_caught(tmp_path: Path):
    (tmp_path / "test_text.py").write_text('import subprocess\n\nsubprocess.run(["pdftotext", "a.pdf", "-"])\n'
                                           'subprocess.run(["git", "status"])\n')
    assert programs_not_installed(tmp_path) == ["test_text.py:3: starts 'pdftotext', which CI does not install"]
