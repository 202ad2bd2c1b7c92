"""The cache's signing key made by several pnp processes starting at the same moment (two builds, a test run's
workers): each reads the whole key the first one made, none reads a key half written (which kept nothing from it
all its run: every cache test of that process failed, at random, for whichever worker lost the race)."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # processes started together, twice

READ_KEY = """\
import sys, time
at = float(sys.argv[1])
from pnp.core import disk_cache
while time.time() < at:
    pass
key = disk_cache.secret()
print(key.hex() if key else "none")
"""


@pytest.mark.parametrize("trial", [1, 2])
def test_processes_making_the_key_at_once_all_read_the_same_whole_key(tmp_path: Path, trial: int):
    config = tmp_path / "config"
    at = time.time() + 1.0  # each process imports pnp first, then all ask for the key at this moment
    procs = [subprocess.Popen([sys.executable, "-c", READ_KEY, str(at)], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "XDG_CONFIG_HOME": str(config)}) for _ in range(6)]
    keys = [p.communicate(timeout=60)[0].strip() for p in procs]
    assert "none" not in keys and len(set(keys)) == 1, keys
    assert (config / "pnp" / "cache-key").read_bytes().hex() == keys[0]
    assert [p.name for p in (config / "pnp").iterdir()] == ["cache-key"]  # nothing left aside
