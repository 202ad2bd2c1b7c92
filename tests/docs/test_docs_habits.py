"""Measurements and dates live in benchmarks/ and CHANGELOG.md only. A user doc (docs/*.md, README.md, the
README and rulebook `pnp new` writes) or a comment in pnp's code says what pnp does and what it aims for; what
was measured, when and on which machine, is benchmarks/README.md's to keep. No count of the tests is written
anywhere: it changes with every change, and pytest prints it.

`findings` scans one text; the first test plants what it must find (and what it must not), the others run it
over the real files."""

import io
import re
import tokenize
from pathlib import Path

from conftest import REPO

DATE = re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b")
# "measured on" a date or a machine (a run's figure), not "measured on the laid-out templates" (how pnp measures)
MEASURED_ON = re.compile(
    r"\bmeasured\s+on\s+(?:\d|(?:(?:a|an|the|this|that|our|my)\s+)?(?:[\w-]+\s+){0,2}?"
    r"(?:machine|host|laptop|vm|server|core|cores|day|morning|afternoon|evening|night)\b)", re.I)
TEST_COUNT = re.compile(r"\b\d[\d,]*\s+(?:tests|test\s+cases)\b", re.I)
PATTERNS = {"a date": DATE, "'measured on' a date or a machine": MEASURED_ON, "a count of tests": TEST_COUNT}

USER_DOCS = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md")),
             *sorted((REPO / "pnp/commands/scaffold").rglob("*.md"))]

# Comments under pnp/ that other work is moving (the restructuring of pnp/play, pnp/rules and pnp/layout is
# under way in parallel): each (file, what was found) is allowed until it is moved, then its entry must go.
KNOWN_ELSEWHERE: set[tuple[str, str]] = set()


def findings(text: str) -> list[str]:
    """What in this text is a measurement's date, machine or a test count: each as "kind: 'matched text'"."""
    return [f"{kind}: {' '.join(m.group().split())!r}"
            for kind, pattern in PATTERNS.items() for m in pattern.finditer(text)]


def comments(source: str) -> list[tuple[int, str]]:
    """The comments and docstrings of Python source, with their lines; string values the code uses are not."""
    out, before = [], tokenize.NEWLINE
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out.append((tok.start[0], tok.string))
        elif tok.type == tokenize.STRING and before in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            out.append((tok.start[0], tok.string))  # a string standing as a statement: a docstring
        if tok.type not in (tokenize.COMMENT, tokenize.NL):
            before = tok.type
    return out


def code_findings(path: Path) -> list[tuple[int, str]]:
    source = path.read_text()
    if not findings(source):  # the whole file first: tokenizing every file would take seconds
        return []
    return [(line, found) for line, text in comments(source) for found in findings(text)]


def test_the_check_finds_a_planted_measurement():
    bad = ("The suite runs on every core: 854 tests in 97 s on a 2-core machine (measured 2026-11-25, load\n"
           "average 1.1-1.7); `-m 'not slow'`: 629\ntests. Voyage's build was measured on a quiet machine.")
    assert findings(bad) == ["a date: '2026-11-25'", "'measured on' a date or a machine: 'measured on a quiet machine'",
                             "a count of tests: '854 tests'", "a count of tests: '629 tests'"]
    good = ("A game has 10 s of processor time and 100 s by the clock; a fit is measured on the laid-out templates,\n"
            "a tile measured on the turned board; the goal: 10,000 games in under 10 s (benchmarks/README.md).")
    assert findings(good) == []
    source = ('"""Built once (measured on 2026-11-25)."""\n'
              'STAMP = "2026-11-25"  # a value the code prints, not a comment\n'
              'def f():\n    """Laid out."""\n    return 1  # 854 tests\n')
    got = [(line, found) for line, text in comments(source) for found in findings(text)]
    assert got == [(1, "a date: '2026-11-25'"), (1, "'measured on' a date or a machine: 'measured on 2'"),
                   (5, "a count of tests: '854 tests'")], got


def test_user_docs_hold_no_measurements_nor_test_counts():
    found = [f"{path.relative_to(REPO)}: {f}" for path in USER_DOCS for f in findings(path.read_text())]
    assert not found, "move these to benchmarks/README.md (with their date and machine); say the goal here:\n" + \
        "\n".join(found)


def test_code_comments_hold_no_measurements_nor_test_counts():
    found, allowed = [], set()
    for path in sorted((REPO / "pnp").rglob("*.py")):
        name = path.relative_to(REPO).as_posix()
        for line, f in code_findings(path):
            if (name, f) in KNOWN_ELSEWHERE:
                allowed.add((name, f))
            else:
                found.append(f"{name}:{line}: {f}")
    assert not found, "say the reason, not the figure (figures go to benchmarks/README.md):\n" + "\n".join(found)
    assert allowed == KNOWN_ELSEWHERE, f"moved, so take them out of KNOWN_ELSEWHERE: {KNOWN_ELSEWHERE - allowed}"


def test_no_count_of_tests_is_written_where_figures_are_kept():
    """benchmarks/README.md and CHANGELOG.md keep dates and figures, but not a count of the tests either."""
    kept = [REPO / "benchmarks/README.md", REPO / "CHANGELOG.md", REPO / "pyproject.toml", REPO / "mkdocs.yml"]
    found = [f"{path.relative_to(REPO)}: {m.group()!r}" for path in kept for m in TEST_COUNT.finditer(path.read_text())]
    assert not found, "\n".join(found)
