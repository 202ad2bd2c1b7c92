"""The rulebook made in a forked child beside the decks (pnp/commands/rulebook_aside.py): what the child made comes
back whole, its located problems come back as the same errors, and any other failure is pnp's own (exit 3)."""

from __future__ import annotations

import os
import threading
import time

import pytest

from pnp.commands.rulebook_aside import Aside
from pnp.core.errors import InputError, Problem, RuleError, Where


@pytest.fixture(autouse=True)
def one_thread(monkeypatch):
    """As `pnp build` runs: no thread but the main one (a test worker may hold others, left by earlier tests)."""
    monkeypatch.setattr(threading, "active_count", lambda: 1)


def test_with_another_thread_running_the_book_is_made_in_line(monkeypatch):
    monkeypatch.setattr(threading, "active_count", lambda: 9)  # (more than the main one and the time keeper)
    aside = Aside(lambda: (str(os.getpid()).encode(), []))
    assert not aside.pid
    assert aside.result() == (str(os.getpid()).encode(), [])


def test_what_the_child_made_comes_back_whole_and_it_ran_in_another_process():
    parent = os.getpid()
    aside = Aside(lambda: (str(os.getpid()).encode() + b"x" * 3_000_000, ["a note"]))
    assert aside.pid  # forked: the parent goes on meanwhile
    made, notes = aside.result()
    assert made is not None and made.endswith(b"x" * 3_000_000) and int(made[:-3_000_000]) != parent
    assert notes == ["a note"]


@pytest.mark.parametrize("error", [InputError, RuleError])
def test_a_located_problem_in_the_child_is_raised_again_at_its_place(error):
    def make():
        raise error([Problem(Where("cards/g/rulebook.md", 7, 2), "a stale count", "rulebook-count")])

    with pytest.raises(error) as got:
        Aside(make).result()
    [p] = got.value.problems
    assert (p.where.file, p.where.line, p.message) == ("cards/g/rulebook.md", 7, "a stale count")


def test_any_other_failure_in_the_child_is_pnps_own_with_its_traceback():
    def make():
        raise ZeroDivisionError("planted")

    with pytest.raises(RuntimeError, match="ZeroDivisionError: planted"):
        Aside(make).result()


def test_a_child_not_wanted_after_all_is_stopped_and_reaped():
    aside = Aside(lambda: (time.sleep(30), [])[1:] and (None, []))
    pid = aside.pid
    assert pid
    started = time.monotonic()
    aside.close()
    assert time.monotonic() - started < 5
    with pytest.raises(ChildProcessError):
        os.waitpid(pid, 0)
