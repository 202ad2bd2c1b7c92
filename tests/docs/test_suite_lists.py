"""The lists the suite's conftest keeps by name (HEAVY: slow, out of the quick run; LONGEST: started first) name
tests that exist: a test renamed or removed would otherwise leave its new name in the quick run, or its slot first
in the queue, unnoticed."""

from __future__ import annotations

import re

from conftest import HEAVY, LONGEST, REPO


def defined_tests() -> set[str]:
    return {name for path in (REPO / "tests").rglob("test_*.py")
            for name in re.findall(r"^(?:async )?def (test_\w+)", path.read_text(), re.M)}


def test_every_test_the_conftest_names_exists():
    assert sorted((HEAVY | LONGEST) - defined_tests()) == []


def test_a_name_no_test_has_is_caught():
    assert "test_the_fused_chooser_agrees_in_a_sweeps_games" not in defined_tests()
    assert "test_every_test_the_conftest_names_exists" in defined_tests()
