"""Game code in a box (pnp/core/sandbox/runner.py): a custom rule runs in a worker process with limits, and
whatever it does (exits, crashes, hangs, sleeps, eats memory, writes, connects) ends as a located
error naming the rule (exit 2), never as a pass, a traceback or a hang; pnp's own process never
imports game code; commands that need no game code do not run it."""

from __future__ import annotations

import os
import re
import sys
import threading
import time

import pytest

from pnp.core import watchdog
from pnp.core.errors import Where
from pnp.core.sandbox.confinement import Confinement
from pnp.core.sandbox.runner import run_all, run_one

from conftest import REPO, edit, run_pnp

RULE = "cards/tiny/rules.yaml:18:5: no-forbidden: custom rule 'tiny-no-forbidden' "
FIRST = "    for deck in game.decks:"


@pytest.fixture
def rules_py(project):
    return project / "cards/tiny/rules.py"


def plant(rules_py, code: str) -> None:
    """`code` (lines, indented as the rule's body) run first thing in the tiny game's custom rule."""
    body = "".join(f"    {line}\n" for line in code.splitlines())
    edit(rules_py, FIRST, body + FIRST)


# (what the rule does, what the error says after "custom rule 'tiny-no-forbidden' ")
HOSTILE = {
    "os._exit": ("import os\nos._exit(0)", "ended the worker process (exit status 0) before it finished, as "
                 "os._exit() does; a rule reports with fail(message, where, subject) and returns"),
    "BaseException": ("raise BaseException('out')", "failed: BaseException: out (at cards/tiny/rules.py:6)"),
    "GeneratorExit": ("raise GeneratorExit", "failed: GeneratorExit (at cards/tiny/rules.py:6)"),
    "SIGKILL itself": ("import os\nos.kill(os.getpid(), 9)", "tried to send a signal (os.kill): refused (at "
                       "cards/tiny/rules.py:7)"),
    "catches everything": ("while True:\n    try:\n        while True:\n            pass\n    except BaseException:\n"
                           "        pass", "ran longer than (0.3 s|2.5 s by the clock .*) and was stopped \\(at "
                           "cards/tiny/rules.py:[6-9]\\)"),
    "sleeps": ("import time\ntime.sleep(1000)", "ran longer than 0.3 s and was stopped (at cards/tiny/rules.py:7)"),
    "catastrophic regex": ("import re\nre.match(r'(a+)+$', 'a' * 40 + 'b')", "ran longer than (0.3 s|2.5 s by the "
                           "clock .*) and was stopped \\(at cards/tiny/rules.py:7\\)"),
    "10 GB": ("x = bytearray(10 * 1024 ** 3)", "ran out of memory (a worker may take 1024 MB) (at "
              "cards/tiny/rules.py:6)"),
    "socket": ("import socket\nsocket.socket().connect(('127.0.0.1', 9))", "tried to use the network "
               "(socket.__new__): refused (at cards/tiny/rules.py:7)"),
    "subprocess": ("import subprocess\nsubprocess.run(['true'])", "tried to start a process (subprocess.Popen): "
                   "refused (at cards/tiny/rules.py:7)"),
    "reads outside": ("open('/etc/hostname').read()", "tried to read a file outside the project (/etc/hostname): "
                      "refused (at cards/tiny/rules.py:6)"),
}


@pytest.mark.parametrize("case", HOSTILE, ids=list(HOSTILE))
def test_game_code_that_misbehaves_is_a_located_error_never_a_pass(project, rules_py, case):
    code, said = HOSTILE[case]
    plant(rules_py, code)
    started = time.perf_counter()
    result = run_pnp("check", "tiny", "--strict", "--rule-timeout", "0.3", cwd=project)
    assert time.perf_counter() - started < 8  # stopped, whatever it does (2.5 s by the clock at most)
    assert result.code == 2, (result.out, result.err)
    said = said if case in ("catches everything", "catastrophic regex") else re.escape(said)  # the processor's
    assert re.match(re.escape(RULE) + said, result.err.splitlines()[0]), result.err  # limit, or (loaded) the clock's
    assert "Traceback" not in result.err + result.out
    assert "ok" not in result.out


def test_a_rule_that_writes_a_file_writes_nothing_and_is_reported(project, rules_py, tmp_path):
    target = tmp_path / "written.txt"
    plant(rules_py, f"try:\n    open({str(target)!r}, 'w').write('x')\nexcept Exception:\n    pass")
    result = run_pnp("check", "tiny", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (
        2, RULE + f"tried to write a file ({target}): refused (at cards/tiny/rules.py:7); a rule reads the game it "
        "is given and reports with fail(); it writes no file, opens no connection and starts no process "
        "(docs/rules.md, \"Security\")")
    assert not target.exists()
    plant(rules_py, "import pathlib\npathlib.Path('cards/tiny/cards.yaml').unlink()")  # inside the project too
    assert run_pnp("check", "tiny", cwd=project).code == 2
    assert (project / "cards/tiny/cards.yaml").is_file()


def test_a_good_rule_reports_its_findings_and_what_it_printed(project, rules_py):
    edit(project / "cards/tiny/cards.yaml", 'text: "Second card."', 'text: "Forbidden card."')
    plant(rules_py, "print('looking at', len(game.decks), 'decks')")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 1, result.err
    assert "cards/tiny/cards.yaml:14:61: card/beta: the word 'Forbidden' is forbidden" in result.out
    assert (RULE.replace("no-forbidden: custom", "no-forbidden: custom", 1) + "printed 'looking at 2 decks': a rule "
            "says what it finds with fail(message, where, subject), not print()") in result.out


def test_a_syntax_error_is_located_once_for_every_rule_of_the_file(project, rules_py):
    edit(project / "cards/tiny/rules.yaml", "  - {id: no-forbidden, kind: custom, function: tiny-no-forbidden}",
         "  - {id: no-forbidden, kind: custom, function: tiny-no-forbidden}\n"
         "  - {id: again, kind: custom, function: tiny-no-forbidden}")
    edit(rules_py, FIRST, "    for deck in game.decks")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2
    assert result.err.splitlines() == ["cards/tiny/rules.py:6:27: no-forbidden: syntax error in the custom rules: "
                                       "expected ':'", "1 error"]


def test_a_rule_that_dies_is_named_and_the_others_still_run(project, rules_py):
    edit(project / "cards/tiny/rules.yaml", "  - {id: no-forbidden, kind: custom, function: tiny-no-forbidden}",
         "  - {id: first, kind: custom, function: tiny-dies}\n"
         "  - {id: no-forbidden, kind: custom, function: tiny-no-forbidden}\n"
         "  - {id: last, kind: custom, function: tiny-dies-too}")
    rules_py.write_text(rules_py.read_text() + "\n\n@custom_rule('tiny-dies')\ndef dies(game, fail):\n"
                        "    import os\n    os._exit(3)\n\n\n@custom_rule('tiny-dies-too')\ndef dies_too(game, fail):\n"
                        "    raise MemoryError\n")
    edit(project / "cards/tiny/cards.yaml", 'text: "Second card."', 'text: "Forbidden card."')
    result = run_pnp("check", "tiny", cwd=project)
    lines = result.err.splitlines()
    assert result.code == 2 and len(lines) == 3, result.err
    assert lines[0].startswith("cards/tiny/rules.yaml:18:5: first: custom rule 'tiny-dies' ended the worker process "
                               "(exit status 3)")
    assert lines[1].startswith("cards/tiny/rules.yaml:20:5: last: custom rule 'tiny-dies-too' ran out of memory")


def test_pnp_itself_never_imports_game_code(project, rules_py):
    plant(rules_py, "import sys\nsys.modules['pnp'].GAME_CODE_WAS_HERE = True")
    assert run_pnp("check", "tiny", cwd=project).code == 0
    import pnp
    from pnp.rules.custom_runner import CUSTOM

    assert not hasattr(pnp, "GAME_CODE_WAS_HERE")
    assert not [m for m in sys.modules if m.startswith("pnp_rules_")] and not CUSTOM


def test_commands_that_need_no_game_code_do_not_run_it(project, rules_py, tmp_path):
    plant(rules_py, "import os\nos._exit(0)")
    assert run_pnp("check", "tiny", cwd=project).code == 2
    assert run_pnp("preview", "tiny", "card/alpha", cwd=project).code == 0
    assert run_pnp("export", "tiny", "--to", "png", "--only", "card", cwd=project).code == 0
    assert run_pnp("setup", "tiny", "--players", "2", "--seed", "1", cwd=project).code == 0
    for command in (("preview", "tiny", "card/alpha"), ("export", "tiny", "--to", "png", "--only", "card"),
                    ("setup", "tiny", "--players", "2"), ("build", "tiny", "--out", str(tmp_path / "out")),
                    ("check", "tiny")):
        result = run_pnp(*command, "--no-custom-rules", cwd=project)
        assert result.code == 0, (command, result.err)


def test_watch_takes_no_custom_rules(project, rules_py, monkeypatch):
    import pnp.commands.watch as watch

    seen = {}
    monkeypatch.setattr(watch, "watch", lambda root, game, opts, say: seen.setdefault("rules", opts.rules))
    assert run_pnp("watch", "tiny", "--no-custom-rules", "--rule-timeout", "2", cwd=project).code == 0
    assert (seen["rules"].custom, seen["rules"].rule_seconds) == (False, 2.0)


# -- the runner itself, for the play modules to come ---------------------------------------------------

def test_many_works_in_a_bounded_pool_each_outcome_in_its_place(tmp_path):
    def die() -> None:
        os._exit(5)

    def nope() -> None:
        raise ValueError("nope")

    works = [lambda i=i: i * i for i in range(6)] + [die, lambda: Where("x.yaml", 3, 1), nope, lambda: 7]
    outcomes = run_all(works, Confinement(seconds=2, reads=(tmp_path,)), jobs=2)
    assert [o.value for o in outcomes[:6]] == [0, 1, 4, 9, 16, 25]
    assert (outcomes[6].kind, outcomes[6].failure) == ("died", "ended the worker process (exit status 5) before "
                                                       "it finished, as os._exit() does")
    assert outcomes[7].value == Where("x.yaml", 3, 1)
    assert (outcomes[8].kind, outcomes[8].failure) == ("error", "failed: ValueError: nope")
    assert outcomes[9].value == 7


def test_a_worker_reports_only_plain_data_never_code_to_run():
    class Sneaky:
        def __reduce__(self):
            return (os.system, ("true",))

    outcome = run_one(lambda: Sneaky(), Confinement(seconds=2))
    assert outcome.kind == "error" and "posix.system is not something a worker reports" in outcome.failure


def test_a_worker_forks_safely_beside_a_busy_watchdog():
    """pnp serve and watch build beside other threads: the time-limit watchdog of this process may hold its
    lock at the fork; the worker has its own and keeps time."""
    stop = threading.Event()

    def busy() -> None:
        while not stop.is_set():
            with watchdog.time_limit(5):
                pass

    thread = threading.Thread(target=busy, daemon=True)
    thread.start()
    try:
        for _ in range(10):
            assert run_one(lambda: 1, Confinement(seconds=1)).value == 1

        def spin() -> None:
            while True:
                pass

        assert run_one(spin, Confinement(seconds=0.2, wall=60)).failure == "ran longer than 0.2 s and was stopped"
    finally:
        stop.set()
        thread.join()


def test_code_stuck_in_c_is_ended_by_the_system_at_its_line():
    """A catastrophic regular expression never returns to Python, where the watchdog could stop it: the
    processor-time limit (RLIMIT_CPU) ends the worker, and its fault handler says where it was."""
    import re as regex

    def backtrack() -> None:
        regex.match(r"(a+)+$", "a" * 40 + "b")

    from pathlib import Path

    here = Path(__file__).parents[1]  # tests/, said as its label
    started = time.perf_counter()
    outcome = run_one(backtrack, Confinement(seconds=0.2, code=here, label="tests", wall=60))
    assert (outcome.kind, outcome.failure) == ("overtime", "ran longer than 0.2 s and was stopped")
    assert regex.fullmatch(r"tests/core/test_game_code_worker.py:\d+", outcome.at)
    assert time.perf_counter() - started < 30


def test_a_worker_started_from_another_thread_keeps_time_too():
    """pnp serve checks the rules in its rebuild thread, not the main one."""
    seen = {}

    def spin() -> None:
        while True:
            pass

    def check() -> None:
        seen["ok"] = run_one(lambda: "fine", Confinement(seconds=1)).value
        seen["spin"] = run_one(spin, Confinement(seconds=0.2, wall=60)).failure

    thread = threading.Thread(target=check)
    thread.start()
    thread.join(90)
    assert seen == {"ok": "fine", "spin": "ran longer than 0.2 s and was stopped"}


def test_rules_are_compiled_once_beside_them_never_through_a_link(project, rules_py, tmp_path):
    """Each worker reads the game's rules compiled (it cannot keep what it compiles); pnp compiles them,
    without running them, where an import would keep them, and never through a link out of the game."""
    assert run_pnp("check", "tiny", cwd=project).code == 0
    cached = list((project / "cards/tiny/__pycache__").glob("rules.*.pyc"))
    assert len(cached) == 1
    made = cached[0].stat().st_mtime_ns
    assert run_pnp("check", "tiny", cwd=project).code == 0
    assert cached[0].stat().st_mtime_ns == made  # not compiled again
    outside = tmp_path / "outside"
    outside.mkdir()
    for f in cached:
        f.unlink()
    (project / "cards/tiny/__pycache__").rmdir()
    (project / "cards/tiny/__pycache__").symlink_to(outside)
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2 and "tried to read a file outside the project" in result.err  # the import, refused
    assert list(outside.iterdir()) == []


def test_a_rule_that_catches_its_time_limit_and_returns_is_late_all_the_same(project, rules_py):
    plant(rules_py, "try:\n    while True:\n        pass\nexcept BaseException:\n    pass")
    result = run_pnp("check", "tiny", "--rule-timeout", "0.3", cwd=project)  # stopped by its processor time, or
    assert result.code == 2 and result.err.startswith(RULE + "ran longer than 0.3 s and was stopped"), result.err
    # on a busy machine by the clock: the same message


def test_every_command_that_could_run_game_code_takes_no_custom_rules():
    for command in ("build", "check", "watch", "serve", "preview", "export", "setup"):
        shown = run_pnp(command, "--help").out
        assert "--no-custom-rules" in shown, command
        assert ("--rule-timeout" in shown) == (command in ("build", "check", "watch", "serve")), command


@pytest.mark.slow  # checks a bundled game twice, in processes of their own
def test_a_rule_that_lays_out_templates_passes_on_a_warm_start_too(tmp_path):
    """A warm start (what pnp keeps between runs) imports no reportlab before the worker forks: the rule that
    lays out a template imports it in the worker, where reportlab reads its settings from the home folder."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PNP_CACHE_DIR": str(tmp_path / "cache"), "XDG_CONFIG_HOME": str(tmp_path / "config")}
    for run in ("cold", "warm"):
        result = subprocess.run([sys.executable, "-m", "pnp", "check", "sleeping-gods", "--strict"], cwd=REPO,
                                capture_output=True, text=True, env=env, timeout=300)
        assert result.returncode == 0, f"{run}: {result.stdout}{result.stderr}"
