"""`pnp simulate --cluster ADDRESS`: the same games on a Dask distributed cluster give the same report as
`--jobs`; the play module still runs in pnp's one runner there (located failures, its limits); a cluster
that is not there, or the extra that is not installed, is said plainly (exit 2)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REPO, run_pnp

pytest.importorskip("distributed")
ROOT = REPO / "tests" / "data" / "simulate"


@pytest.fixture(scope="module")
def cluster():
    """A local cluster of one worker process (two threads: two chunks at once, each forking its runner)."""
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=True, dashboard_address=None) as local:
        yield local.scheduler_address


def simulate(root: Path, *args: str, process: bool = True) -> tuple[int, str, str]:
    result = run_pnp("--root", str(root), "simulate", "coins", "--format", "json", "--policy", "random", *args,
                     process=process)
    return result.code, result.out, result.err


@pytest.mark.slow
def test_the_cluster_plays_the_same_games_as_jobs(cluster):
    args = ("--games", "70", "--vary", "coin/gold.value=1,4")  # 420 games: several chunks, two at a time
    code, local, err = simulate(ROOT, *args, "--jobs", "1")
    assert code == 0, err
    code, remote, err = simulate(ROOT, *args, "--cluster", cluster)
    assert code == 0, err
    assert remote == local
    from pnp.play.cluster import chunks

    tasks = [(v, n, i) for v in range(2) for n in (1, 2, 3) for i in range(70)]
    parts = chunks(tasks, "random")
    assert len(parts) > 2 and [t for part in parts for t in part] == tasks  # split by the task list alone


@pytest.mark.slow
def test_a_failing_play_module_on_the_cluster_is_located_as_with_jobs(cluster, tmp_path):
    root = tmp_path / "project"
    shutil.copytree(ROOT, root, ignore=shutil.ignore_patterns("__pycache__"))
    play = root / "cards" / "coins" / "play.py"
    text = play.read_text()
    marker = "        self.turn += 1\n"  # every game fails, in every chunk: the first in order is named
    assert marker in text
    play.write_text(text.replace(marker, marker + "        open('/etc/hostname').read()\n"))
    line = play.read_text().splitlines().index("        open('/etc/hostname').read()") + 1
    _, _, local = simulate(root, "--games", "40", "--jobs", "1")
    code, out, remote = simulate(root, "--games", "40", "--cluster", cluster)
    assert code == 2 and out == ""
    assert f"cards/coins/play.py:{line}:" in remote, remote
    assert "refused" in remote and "Traceback" not in remote
    assert remote == local  # the same game named, the same way
    assert "game 1 at 1 player" in remote


def short_deadline(monkeypatch) -> int:
    """pnp's connection deadline, 2 s for a test in this process instead of the documented 10 s (which
    test_the_whole_command_ends_within_the_documented_10_s_when_the_peer_never_answers holds by the clock)."""
    import pnp.play.cluster as on_cluster

    assert on_cluster.CONNECT_SECONDS == 10
    monkeypatch.setattr(on_cluster, "CONNECT_SECONDS", 2)
    return 2


@pytest.mark.slow
def test_no_scheduler_at_the_address_is_said_plainly(monkeypatch):  # slow: Dask tries to connect until the deadline
    import socket

    short_deadline(monkeypatch)
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    code, out, err = simulate(ROOT, "--games", "5", "--cluster", f"tcp://127.0.0.1:{port}", process=False)
    assert code == 2 and out == ""
    assert f"--cluster tcp://127.0.0.1:{port}: no Dask scheduler answers there" in err
    assert "Traceback" not in err


@pytest.mark.slow
def test_a_scheduler_without_workers_is_said_plainly(monkeypatch):  # slow: it waits out the deadline for a worker
    from distributed import LocalCluster

    seconds = short_deadline(monkeypatch)
    with LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=None) as empty:
        code, out, err = simulate(ROOT, "--games", "5", "--cluster", empty.scheduler_address, process=False)
    assert code == 2 and out == "" and "Traceback" not in err
    assert f"the scheduler answers but no worker joined it within {seconds} s" in err


def test_what_is_not_an_address_is_said_plainly():
    code, _, err = simulate(ROOT, "--games", "5", "--cluster", "not an address")
    assert code == 2 and "no Dask scheduler answers there" in err and "Traceback" not in err


def test_without_the_extra_the_message_says_how_to_install_it():
    code = ("import sys; sys.modules['distributed'] = None; from pnp.commands.cli import main; "
            f"sys.argv = ['pnp', '--root', {str(ROOT)!r}, 'simulate', 'coins', '--games', '5', "
            "'--cluster', 'tcp://127.0.0.1:8786']; main()")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "pip install 'pnp-press[cluster]'" in proc.stderr and "Traceback" not in proc.stderr


@pytest.mark.slow
def test_the_cluster_tells_its_progress_as_chunks_come_back(cluster):
    from pnp.play.lab import simulate

    told: list[int] = []
    report = simulate(ROOT, "coins", "1-3", 70, 1, "random", None, 1, cluster=cluster,
                      progress=lambda done, total, what: told.append(done))
    assert sum(g["win"]["games"] for g in report["groups"]) == 210
    assert told == sorted(told) and told[-1] == 210 and len(told) > 2, told


def test_a_peer_that_takes_the_connection_and_never_answers_is_said_within_the_deadline(monkeypatch):
    """Dask's own timeout does not end this wait (`Client()` waits for the handshake for ever): pnp's does."""
    import socket
    import time

    import pnp.play.cluster as on_cluster

    monkeypatch.setattr(on_cluster, "CONNECT_SECONDS", 2)
    with socket.socket() as silent:  # takes every connection, says nothing
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        started = time.monotonic()
        result = run_pnp("--root", str(ROOT), "simulate", "coins", "--games", "5", "--cluster", address)
        took = time.monotonic() - started
    assert result.code == 2 and not result.out and "Traceback" not in result.err
    assert result.err.startswith(f"--cluster {address}: no Dask scheduler answers there"), result.err
    assert took < 2 + 1.5, took  # its deadline, and a second


def test_the_whole_command_ends_within_the_documented_10_s_when_the_peer_never_answers():
    """By the clock from the command's start (Python, pnp and Dask's import count too), exit 2 within 10 s."""
    import socket
    import subprocess
    import sys
    import time

    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        address = f"tcp://127.0.0.1:{silent.getsockname()[1]}"
        started = time.monotonic()
        done = subprocess.run([sys.executable, "-m", "pnp", "--root", str(ROOT), "simulate", "coins", "--games", "5",
                               "--cluster", address], capture_output=True, text=True, timeout=60)
        took = time.monotonic() - started
    assert done.returncode == 2 and "no Dask scheduler answers there" in done.stderr, done.stderr
    assert took < 10.5, took
