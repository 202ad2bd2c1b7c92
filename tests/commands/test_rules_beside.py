"""`pnp watch`'s rules checked beside it (pnp/commands/rules_beside.py): a build that takes the second process's
verdict finds what a build in line finds, in the same order, and writes nothing when its rules fail; a verdict on
other files than the build read, or from a process that has died, is not taken: the rules are checked in line."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest

from pnp.commands import rules_verdict
from pnp.commands.build import BuildCache, BuildOptions, build
from pnp.commands.rules_beside import RulesBeside, stamp
from pnp.core.errors import RuleError
from pnp.rules.check import CheckOptions

from conftest import edit


@pytest.fixture
def beside():
    process = RulesBeside()
    process.start()
    assert process.wait_ready(60), "the process checking the rules did not start"
    yield process
    process.close()


def not_in_line(monkeypatch):
    """The build's own process checks no rule: what it finds came from beside."""
    def refused(*args, **kwargs):
        raise AssertionError("the rules were checked in line")

    monkeypatch.setattr(rules_verdict, "rule_problems", refused)


def test_a_verdict_from_beside_is_the_one_in_line_and_a_failing_one_writes_nothing(project, tmp_path, beside,
                                                                                monkeypatch):
    edit(project / "cards/tiny/cards.yaml", "Second card", "Forbidden card")  # its custom rule fails
    with pytest.raises(RuleError) as in_line:
        build(project, "tiny", BuildOptions(out=tmp_path / "in-line"))
    opts = BuildOptions(cache=BuildCache(), out=tmp_path / "watch", document=False)
    edit(project / "cards/tiny/cards.yaml", "Forbidden card", "Second card")
    build(project, "tiny", dataclasses.replace(opts, beside=beside))  # a good build first
    written = {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in (tmp_path / "watch").iterdir()}
    edit(project / "cards/tiny/cards.yaml", "Second card", "Forbidden card")
    not_in_line(monkeypatch)
    with pytest.raises(RuleError) as beside_it:
        build(project, "tiny", dataclasses.replace(opts, beside=beside))
    assert [str(p) for p in beside_it.value.problems] == [str(p) for p in in_line.value.problems]
    assert any("the word 'Forbidden' is forbidden" in str(p) for p in beside_it.value.problems)
    assert written == {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in (tmp_path / "watch").iterdir()}


def test_a_build_with_its_rules_beside_writes_what_one_in_line_writes(project, tmp_path, beside, monkeypatch):
    opts = BuildOptions(cache=BuildCache(), out=tmp_path / "watch", document=False)
    build(project, "tiny", dataclasses.replace(opts, beside=beside))
    edit(project / "cards/tiny/cards.yaml", "Second card", "Second card, saved")
    not_in_line(monkeypatch)
    watched = build(project, "tiny", dataclasses.replace(opts, beside=beside))
    monkeypatch.undo()
    fresh = build(project, "tiny", BuildOptions(out=tmp_path / "fresh", document=False))
    assert [str(w) for w in watched.warnings] == [str(w) for w in fresh.warnings]
    assert [(f.path.name, f.sha256) for f in watched.files] == [(f.path.name, f.sha256) for f in fresh.files]


def test_a_verdict_on_files_saved_since_it_was_asked_is_not_taken(project, beside):
    assert beside.ask(project, "tiny", CheckOptions())
    edit(project / "cards/tiny/cards.yaml", "Second card", "Second card, saved again")
    assert beside.verdict(stamp(project, "tiny")) is None
    assert beside.ask(project, "tiny", CheckOptions())  # asked again: on the files as they are now
    assert beside.verdict(stamp(project, "tiny")) == ("ok", [])


def test_with_the_process_gone_the_rules_are_checked_in_line(project, tmp_path, beside):
    beside.proc.kill()
    beside.proc.wait()
    edit(project / "cards/tiny/cards.yaml", "Second card", "Forbidden card")
    with pytest.raises(RuleError, match="forbidden"):
        build(project, "tiny", BuildOptions(cache=BuildCache(), out=tmp_path / "watch", beside=beside))
    assert not (tmp_path / "watch").exists()
