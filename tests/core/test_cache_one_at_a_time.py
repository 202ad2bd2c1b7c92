"""Work whose result pnp keeps (a balance rule's findings) is done by one process at a time: a second `pnp check` of
the same game waits for the first and finds its findings, instead of playing the same games beside it."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

from pnp.core import disk_cache

HOLDER = """import sys, time
from pathlib import Path
from pnp.core import disk_cache
with disk_cache.one_at_a_time("test-lock", "the work"):
    Path(sys.argv[1]).write_text("started")
    time.sleep(0.6)
    disk_cache.store("test-lock", "the work", ["done"])
"""


def test_a_second_process_waits_for_the_first_and_finds_its_entry(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    started = tmp_path / "started"
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(started)])
    try:
        deadline = time.monotonic() + 60
        while not started.exists():
            assert holder.poll() is None and time.monotonic() < deadline, "the first process never started its work"
            time.sleep(0.01)
        assert disk_cache.load("test-lock", "the work") is None  # the first is still at it
        with disk_cache.one_at_a_time("test-lock", "the work"):
            assert disk_cache.load("test-lock", "the work") == ["done"]
    finally:
        holder.wait(60)
    assert holder.returncode == 0


def test_a_process_alone_does_its_work_at_once(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    with disk_cache.one_at_a_time("test-lock", "other work"):
        assert disk_cache.load("test-lock", "other work") is None
        disk_cache.store("test-lock", "other work", [1])
    with disk_cache.one_at_a_time("test-lock", "other work"):  # the lock was let go
        assert disk_cache.load("test-lock", "other work") == [1]
