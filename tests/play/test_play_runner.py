"""`pnp simulate` plays through the one runner for game code (pnp/core/sandbox/runner.py): pnp.play starts no
process of its own, a play module is held by the runner's audit hook as a custom rule is (located at its
line, exit 2), and a run stops at the first game that fails instead of playing the rest."""

from __future__ import annotations

import ast
import re
import shutil
import time
from pathlib import Path

import pytest

from pnp.core.sandbox.confinement import Confinement
from pnp.core.sandbox.runner import Running

from conftest import DATA, REPO, run_pnp

PROCESSES = {"multiprocessing", "subprocess", "concurrent", "resource", "signal", "pnp.play.workers"}


def test_pnp_play_starts_no_process_of_its_own():
    files = sorted((REPO / "pnp" / "play").rglob("*.py"))
    assert len(files) >= 5
    for path in files:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = {a.name for a in node.names}
            elif isinstance(node, ast.ImportFrom):
                names = {node.module or ""}
            else:
                continue
            assert not {n.split(".")[0] for n in names} & PROCESSES and not names & PROCESSES, (path, names)
        source = path.read_text()
        for call in ("os.fork", "os.posix_spawn", "os.system", "os.kill", "setrlimit", "setitimer"):
            assert call not in source, (path, call)
    assert "pnp.core.sandbox.runner" in (REPO / "pnp" / "play" / "run.py").read_text()


@pytest.fixture
def coins(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DATA / "simulate", tmp_path / "sim"))


def test_a_play_module_that_writes_a_file_is_refused_at_its_line(coins, tmp_path):
    play = coins / "cards" / "coins" / "play.py"
    text = play.read_text()
    old = "        self.turn += 1\n"
    line = text[:text.index(old)].count("\n") + 1
    target = tmp_path / "written.txt"
    play.write_text(text.replace(old, f"        open({str(target)!r}, 'w').write('x')\n" + old, 1))
    result = run_pnp("--root", str(coins), "simulate", "coins", "--games", "5", "--jobs", "1")
    assert result.code == 2 and not result.out
    assert result.err.startswith(f"cards/coins/play.py:{line}: the play module tried to write a file"), result.err
    assert "refused" in result.err and "Traceback" not in result.err and not target.exists()


def test_a_run_stops_at_the_first_failure_and_leaves_the_rest_unrun():
    def fails() -> None:
        raise ValueError("no")

    works = [lambda: 1, fails, *[lambda: time.sleep(0.2) for _ in range(20)]]
    started = time.perf_counter()
    outcomes = Running(works, Confinement(5.0), jobs=1).outcomes(until=lambda o: o.kind != "ok")
    assert time.perf_counter() - started < 3  # not the 4 s the sleeping works would take
    assert [o.kind for o in outcomes[:2]] == ["ok", "error"] and outcomes[0].value == 1
    assert {o.kind for o in outcomes[2:]} == {"unrun"}
    assert re.match(r"failed: ValueError: no", outcomes[1].failure)
    every = Running(works[:1] + works[2:4], Confinement(5.0), jobs=2).outcomes()
    assert [o.kind for o in every] == ["ok", "ok", "ok"]


def test_the_work_queued_behind_one_that_ends_its_worker_is_run_by_the_next(tmp_path):
    import os

    def exits() -> None:
        os._exit(3)

    def writes() -> None:
        open(tmp_path / "x.txt", "w")  # noqa: SIM115 - refused before it opens

    works = [lambda: 1, exits, lambda: 2, lambda: 3, writes, lambda: 4, lambda: 5]
    outcomes = Running(works, Confinement(5.0), jobs=1).outcomes()
    assert [o.kind for o in outcomes] == ["ok", "died", "ok", "ok", "refused", "ok", "ok"]
    assert [o.value for o in outcomes if o.kind == "ok"] == [1, 2, 3, 4, 5]


def test_works_given_to_a_worker_that_has_just_ended_go_to_the_next():
    import os

    def exits() -> None:
        os._exit(1)

    for _ in range(20):  # the worker ends while pnp queues its next work: a broken pipe, never an exception
        outcomes = Running([exits, lambda: 1, exits, lambda: 2], Confinement(5.0), jobs=1).outcomes()
        assert [o.kind for o in outcomes] == ["died", "ok", "died", "ok"]


def test_simulate_tells_its_progress_as_batches_come_back():
    """`pnp simulate` shows a bar on a terminal: lab.simulate tells `progress` the games played so far, at
    each whole per cent, up to every game of every policy and value."""
    from pnp.play.lab import simulate

    told: list[tuple[int, int, str]] = []
    report = simulate(REPO / "tests" / "data" / "simulate", "coins", "1-2", 300, 1, "random,baseline",
                      "coin/gold.value=1,4", 2, progress=lambda done, total, what: told.append((done, total, what)))
    total = 2 * 2 * 2 * 300
    assert sum(g["win"]["games"] for g in report["groups"]) == total
    assert told[-1] == (total, total, "games played")
    dones = [d for d, _, _ in told]
    assert dones == sorted(dones) and len(set(dones)) == len(dones) and 10 < len(told) <= 101, told
