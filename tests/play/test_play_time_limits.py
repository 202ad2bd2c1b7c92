"""A play module's time limits hold for `pnp simulate`: a game that sleeps is stopped by the clock, one that
loops by its processor time, each once (the failing batch is never played again to find its game: the
runner names the part it failed in), and one that catches its time limit is killed a second after it, in
whichever game of a batch it is (the parent's deadline is that game's, not the batch's)."""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest

from conftest import DATA, run_pnp

SLOT = "        self.turn += 1\n"  # where a plant goes: the first line of Coins' apply()


@pytest.fixture
def coins(tmp_path: Path) -> Path:
    return Path(shutil.copytree(DATA / "simulate", tmp_path / "sim"))


def plant(root: Path, code: str) -> int:
    """`code` put at the start of apply(); the line of its first statement."""
    play = root / "cards" / "coins" / "play.py"
    text = play.read_text()
    play.write_text(text.replace(SLOT, code + SLOT, 1))
    return text[:text.index(SLOT)].count("\n") + 1


def timed(root: Path, *args: str) -> tuple[int, str, str, float]:
    started = time.monotonic()
    result = run_pnp("--root", str(root), "simulate", "coins", "--games", "40", *args)
    return result.code, result.out, result.err, time.monotonic() - started


def test_a_game_that_sleeps_is_stopped_once_by_the_clock(coins, monkeypatch):
    import pnp.play.run as run

    monkeypatch.setattr(run, "GAME_SECONDS", 0.2)  # the clock: 10 times that, 2 s
    line = plant(coins, "        import time\n        time.sleep(1000)\n")
    code, out, err, took = timed(coins, "--jobs", "1", "--players", "1")
    assert code == 2 and not out
    assert err.startswith(f"cards/coins/play.py:{line + 1}: the play module ran longer than 0.2 s of processor "
                          "time or 2 s by the clock"), err
    assert "game 1 at 1 player" in err and "Traceback" not in err
    assert took < 2 + 1.5, took  # its limit once (a replay of the batch would be a second 2 s)


def children_cpu() -> float:
    """Processor time of this process's ended children (the workers), once every idle one is reaped."""
    import resource

    from pnp.core.sandbox import runner

    until = time.monotonic() + 5
    while runner._EXITING and time.monotonic() < until:
        runner._reap_exited()
        time.sleep(0.01)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def test_a_game_that_loops_is_stopped_once_by_its_processor_time(coins, monkeypatch):
    import pnp.play.run as run

    monkeypatch.setattr(run, "GAME_SECONDS", 1.5)
    line = plant(coins, "        while True:\n            pass\n")
    before = children_cpu()
    code, out, err, _ = timed(coins, "--jobs", "1")
    used = children_cpu() - before
    assert code == 2 and not out
    assert re.match(rf"cards/coins/play.py:({line}|{line + 1}): the play module ran longer than 1.5 s of processor "
                    "time", err), err
    # its limit once, never again for a replay of its batch; the kernel's ITIMER_PROF and the rusage of a reaped
    # child are two accountings of one time, and on a busy host they part by some ticks (1.488 s and 1.418 s read;
    # 1.171 s with the whole suite on both cores)
    assert 1.5 * 0.7 <= used < 1.5 * 1.5, used


def test_a_game_that_catches_its_time_limit_is_killed_a_second_after_it_whichever_game_of_a_batch(coins, monkeypatch):
    import pnp.play.run as run
    from pnp.play.run import game_seed

    monkeypatch.setattr(run, "GAME_SECONDS", 0.2)  # 2 s by the clock, then the parent's deadline a second later
    plant(coins, "        while self.table.seed % 5 == 3:\n            try:\n                __import__('time')"
                 ".sleep(1000)\n            except BaseException:\n                pass\n")
    code, out, err, took = timed(coins, "--jobs", "1", "--players", "1", "--seed", "9")
    first = next(i for i in range(40) if game_seed(9, i) % 5 == 3)
    assert first > 0  # not the batch's first game
    assert code == 2 and not out
    assert re.match(r"cards/coins/play.py:\d+: the play module ran longer than", err), err
    assert f"game {first + 1} at 1 player" in err, err  # the game it was in, from the page the worker shares
    assert took < 2 + 1 + 1.5, took  # not the batch's 25 games' time


def test_a_play_module_cannot_give_itself_a_games_time_again(coins):
    """`lap()` starts the time limits again between two games of a batch: pnp's to call, refused to game code."""
    line = plant(coins, "        from pnp.core.sandbox.child import lap\n        lap()\n")
    code, out, err, _ = timed(coins, "--jobs", "1", "--players", "1")
    assert code == 2 and not out
    assert err.startswith(f"cards/coins/play.py:{line + 1}: the play module tried to start its time limits again "
                          "(lap()): refused"), err
