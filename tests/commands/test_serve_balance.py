"""`pnp serve`'s Balance panel: the game played in the background after each save, its figures the same games
`pnp simulate` plays, the change from the last save, a save cancelling the run under way (its workers killed),
and what the panel says when there is nothing to play, it is turned off, or the play module fails."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import threading
import time
from pathlib import Path

import pytest

from conftest import DATA, edit

TEMPLATE = """size: poker
elements:
  - {type: rect, bleed: true, fill: "#c8a040"}
  - {type: text, x: 5mm, y: 30mm, w: 53.5mm, h: 12mm, text: "{{ card.name }}: {{ card.value }}", font: body,
     size: 16pt, align: center}
"""


@pytest.fixture
def coins(tmp_path: Path) -> Path:
    """The Coins game of docs/simulate.md (tests/data/simulate) with a template and a font: a game serve can lay
    out and play."""
    root = tmp_path / "coins"
    shutil.copytree(DATA / "simulate", root)
    shutil.copytree(DATA / "proj" / "fonts", root / "fonts", symlinks=False)
    (root / "templates").mkdir()
    (root / "templates" / "coin.yaml").write_text(TEMPLATE)
    with open(root / "cards/coins/game.yaml", "a") as f:
        f.write("fonts:\n  body: {regular: Lato-Regular.ttf}\n")
    return root


@pytest.fixture
def small(monkeypatch):
    """Runs of 200 games a player count (50, then 150): quick, still two batches."""
    import pnp.commands.serve.balance_panel as balance

    monkeypatch.setattr(balance, "TOTAL", 200)
    monkeypatch.setattr(balance, "FIRST", 50)
    return balance


class Serving:
    """A server in this process, and every Balance message it published."""

    def __init__(self, root: Path, game: str, **kw):
        from pnp.commands.serve import Server

        self.server = Server(root, game, port=0, say=lambda _: None, **kw)
        self.messages: list[dict] = []
        publish = self.server.hub.publish

        def record(message: str, kind: str = "state") -> None:
            if kind == "balance":
                self.messages.append(json.loads(message))
            publish(message, kind)

        self.server.hub.publish = record  # type: ignore[method-assign]
        self.server.start()
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        assert self.server.wait_ready()

    def until(self, test, seconds: float = 60.0) -> dict:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            for m in list(self.messages):
                if test(m):
                    return m
            time.sleep(0.02)
        raise AssertionError(f"no such Balance message in {seconds} s: {self.messages[-3:]}")

    def stop(self) -> None:
        self.server.stop()
        self.thread.join(10)


@pytest.fixture
def serve():
    made: list[Serving] = []

    def start(root: Path, game: str, **kw) -> Serving:
        made.append(Serving(root, game, **kw))
        return made[-1]

    yield start
    for s in made:
        s.stop()


def done(m: dict) -> bool:
    return m["status"] == "done"


def test_the_panel_shows_the_win_rate_simulate_gives_for_the_same_games(coins, small, serve):
    from pnp.play.lab import simulate

    s = serve(coins, "coins")
    final = s.until(done)
    report = simulate(coins, "coins", None, 200, small.SEED, small.POLICY, None, 2)
    expected = {g["players"]: g["win"] for g in report["groups"]}
    assert [r["players"] for r in final["rows"]] == [1, 2, 3]
    for row in final["rows"]:
        win = expected[row["players"]]
        assert (row["games"], row["wins"], row["low"], row["high"]) == (win["games"], win["wins"], win["low"],
                                                                       win["high"])
        assert row["before"] is None and "->" not in row["said"]
    first = next(m for m in s.messages if m["rows"] and min(r["games"] for r in m["rows"]) >= small.FIRST)
    assert first["status"] == "running"  # an estimate from the first batch, before the run ends
    assert all(r["games"] == small.FIRST for r in first["rows"])


def test_a_save_that_changes_the_game_shows_the_change_from_the_last_save(coins, small, serve):
    s = serve(coins, "coins")
    before = s.until(done)
    s.messages.clear()
    edit(coins / "cards/coins/purse.yaml", "goal: 10", "goal: 6")  # an easier purse: the crew wins more
    after = s.until(done)
    for old, new in zip(before["rows"], after["rows"], strict=True):
        assert new["before"] == pytest.approx(old["wins"] / old["games"])
        n = new["players"]
        assert new["said"] == (f"{n} player{'s' if n > 1 else ''}: {100 * new['before']:.0f} % -> "
                               f"{100 * new['rate']:.0f} %")
    assert sum(r["rate"] for r in after["rows"]) > sum(r["rate"] for r in before["rows"])


def test_a_save_that_changes_nothing_the_games_read_keeps_the_figures(coins, small, serve):
    s = serve(coins, "coins")
    s.until(done)
    thread = s.server.balance.thread
    s.messages.clear()
    edit(coins / "templates/coin.yaml", "#c8a040", "#40a0c8")
    s.server.wait_ready()
    time.sleep(1.0)  # the save is laid out and published
    assert s.server.balance.thread is thread and not s.messages


def test_a_save_during_a_run_kills_its_workers(coins, small, serve, monkeypatch):
    monkeypatch.setattr(small, "TOTAL", 10_000)
    play = coins / "cards/coins/play.py"
    edit(play, "    def apply(self, move: Move) -> None:\n",
         "    def apply(self, move: Move) -> None:\n        import time\n        t = time.monotonic()\n"
         "        while time.monotonic() - t < 0.5:  # a slow game: several seconds each\n            pass\n")
    s = serve(coins, "coins")
    deadline = time.monotonic() + 30
    while not (s.server.balance.running and s.server.balance.running.workers) and time.monotonic() < deadline:
        time.sleep(0.02)
    pids = [w.pid for w in s.server.balance.running.workers]
    assert pids
    for pid in pids:
        os.kill(pid, 0)  # running, in the middle of a game
    edit(coins / "cards/coins/coins.yaml", "value: 3,", "value: 4,")
    saved = time.monotonic()
    while any(_alive(pid) for pid in pids) and time.monotonic() - saved < 10:
        time.sleep(0.01)
    assert not any(_alive(pid) for pid in pids)
    assert time.monotonic() - saved < 2.0  # killed, not left to finish their game (several seconds)
    s.until(lambda m: m["status"] == "running" and m["rows"][0]["before"] is None and m is not None)
    assert s.server.balance.thread.is_alive()  # this save's run has started


def _alive(pid: int) -> bool:
    """A process not yet ended and reaped (a zombie is ended)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().split(") ")[1][0] != "Z"
    except (OSError, IndexError):  # gone, or going: /proc says ESRCH while the process is torn down
        return False


def test_a_game_without_a_play_module_says_how_to_add_one(project, serve):
    s = serve(project, "mini")
    m = s.until(lambda m: m["status"] == "none")
    assert "cards/mini/play.py" in m["note"] and "docs/simulate.md" in m["note"] and not m["rows"]


@pytest.mark.parametrize("how, said", [({"balance": False}, "--no-balance"), ("no-custom-rules", "--no-custom-rules")])
def test_the_panel_is_off_when_asked_or_when_game_code_is_not_run(coins, serve, how, said):
    from pnp.rules.check import CheckOptions

    kw = how if isinstance(how, dict) else {"rules": CheckOptions(custom=False)}
    s = serve(coins, "coins", **kw)
    m = s.until(lambda m: m["status"] == "off")
    assert said in m["note"] and not m["rows"]
    time.sleep(0.5)
    assert s.server.balance.thread is None  # nothing was played


def test_a_failing_play_module_is_located_in_the_panel_and_the_server_goes_on(coins, small, serve):
    play = coins / "cards/coins/play.py"
    edit(play, "        self.turn += 1\n", "        self.turn += 1\n        raise ValueError('no such coin')\n")
    line = play.read_text().splitlines().index("        raise ValueError('no such coin')") + 1
    s = serve(coins, "coins")
    m = s.until(lambda m: m["status"] == "error")
    error = m["errors"][0]
    assert (error["file"], error["line"]) == ("cards/coins/play.py", line)
    assert "no such coin" in error["message"] and "raise ValueError" in error["source"]
    edit(play, "        raise ValueError('no such coin')\n", "")
    assert s.until(done)["rows"]  # the next save plays again
    assert s.server.hub.version > 1 and s.thread.is_alive()


def test_the_event_stream_sends_the_panel_as_its_own_event(coins, small, serve):
    s = serve(coins, "coins")
    s.until(done)
    host, port = s.server.sock.getsockname()[:2]
    conn = http.client.HTTPConnection(host, port, timeout=10)
    conn.request("GET", "/events")
    response = conn.getresponse()
    lines = [response.readline() for _ in range(5)]
    conn.close()
    assert lines[0].startswith(b"data: {") and lines[1] == b"\n"  # the state first, as before
    assert lines[2] == b"event: balance\n" and json.loads(lines[3][len(b"data: "):])["status"] == "done"


@pytest.mark.slow
@pytest.mark.xdist_group("browser")
def test_the_page_shows_the_panel_and_its_change_after_a_save(coins, small, serve):
    from browser import chromium, missing

    if missing():
        pytest.skip(missing())
    s = serve(coins, "coins")
    rows = "#balance-rows tbody tr"
    with chromium() as (_, page):
        page.goto(s.server.url)
        page.wait_for_function(f"""() => document.querySelector('#balance-status').textContent === 'done'
            && document.querySelectorAll('{rows}').length === 3""", timeout=60_000)
        first = page.locator(rows).first.inner_text()
        assert first.startswith("1 player: ") and "->" not in first
        run = page.evaluate("() => Number(document.querySelector('#balance').dataset.run)")
        page.evaluate("() => { window.unchanged = true; }")
        edit(coins / "cards/coins/purse.yaml", "goal: 10", "goal: 6")
        page.wait_for_function("""run => Number(document.querySelector('#balance').dataset.run) > run
            && document.querySelector('#balance-status').textContent === 'done'""", arg=run, timeout=60_000)
        said = page.locator(rows).first.inner_text()
        final = s.messages[-1]["rows"][0]
        assert said.split("\t")[0] == final["said"] and "->" in said
        assert page.locator(rows).first.get_attribute("class") == "up"  # an easier purse: more games won
        assert page.evaluate("() => window.unchanged === true")  # updated in place, not reloaded


def test_ctrl_c_ends_the_games_under_way(coins):
    import signal
    import subprocess
    import sys

    edit(coins / "cards/coins/play.py", "    def apply(self, move: Move) -> None:\n",
         "    def apply(self, move: Move) -> None:\n        import time\n        t = time.monotonic()\n"
         "        while time.monotonic() - t < 1.0:\n            pass\n")
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "coins", "--port", "0"], cwd=coins,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().startswith("serving coins at ")
        def children() -> list[int]:
            tasks = Path(f"/proc/{proc.pid}/task")
            return [int(c) for t in tasks.iterdir() for c in (t / "children").read_text().split()]

        deadline = time.monotonic() + 60
        workers: list[int] = []
        while time.monotonic() < deadline:  # the Balance panel's workers (forks of the server), in slow games
            workers = children()
            time.sleep(1.0)
            if workers and workers == children():
                break
        assert workers and all(_alive(pid) for pid in workers)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=10)
    finally:
        proc.kill()
    assert "stopped" in out and "Traceback" not in err, err
    ended = time.monotonic() + 2.0  # a killed worker still has to be given the processor to end (a busy machine)
    while any(_alive(pid) for pid in workers) and time.monotonic() < ended:
        time.sleep(0.02)
    assert not any(_alive(pid) for pid in workers)  # not left to play on (a game takes 8 s, and more are queued)


def test_a_save_that_cannot_be_laid_out_greys_the_figures_and_the_fix_brings_them_back(coins, small, serve):
    s = serve(coins, "coins")
    final = s.until(done)
    run = s.server.balance.runs
    coins_yaml = coins / "cards/coins/coins.yaml"
    good = coins_yaml.read_text()
    coins_yaml.write_text(good.replace("value: 3,", "value: [3,"))
    paused = s.until(lambda m: m["status"] == "paused")
    assert paused["rows"] == final["rows"] and "cannot be laid out" in paused["note"]
    s.messages.clear()  # before the fix is saved: its answer comes at once (the same games, nothing to play again)
    coins_yaml.write_text(good)  # back as it was
    back = s.until(done)
    assert back["rows"] == final["rows"] and s.server.balance.runs == run


def _get(s: Serving, path: str) -> tuple[int, str]:
    host, port = s.server.sock.getsockname()[:2]
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read().decode()
    conn.close()
    return response.status, body


def test_each_row_links_its_first_lost_game_told_move_by_move(coins, small, serve):
    """A row names the first game (in deal order) it lost; `/trace` tells that game as `pnp simulate --trace` does,
    and nothing else: a game it did not lose, or a query that is not two numbers, is not found."""
    from pnp.model.game import load_game
    from pnp.play.told import trace
    from pnp.rules.check import load_rules

    s = serve(coins, "coins")
    final = s.until(done)
    rows = [r for r in final["rows"] if r["wins"] < r["games"]]
    assert rows, final["rows"]  # the Coins game loses some games at every count
    game = load_game(coins, "coins")
    setup = load_rules(game)[0].setup
    for row in rows:
        n, index = row["players"], row["lost"]
        assert isinstance(index, int) and 0 <= index < row["games"], row
        ends = [trace(game, setup, n, str(i), small.SEED, small.POLICY)["events"][-1] for i in range(index + 1)]
        assert [e[1] for e in ends] == [True] * index + [False], (n, ends)  # the first lost one
        status, body = _get(s, f"/trace?players={n}&game={index}")
        assert status == 200, body
        assert f"--trace {small.SEED}:{index} replays it" in body and "lost: " in body and "move 1: " in body, body
    n, index = rows[0]["players"], rows[0]["lost"]
    for query in (f"players={n}&game={index + 1}", f"players={n}&game=-1", f"players={n}&game=..%2F",
                  f"players={n}", "", f"players={n}&game={'9' * 12}"):
        assert _get(s, f"/trace?{query}")[0] == 404, query
