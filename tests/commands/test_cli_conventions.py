"""Command-line conventions: one suggestion for a mistyped command, shell completion, errors that stop a
command, and `--changed-since` keeping only this run's reprint."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from conftest import REPO, edit, run_pnp

PNP = str(Path(sys.executable).parent / "pnp")  # the console script, as a shell runs it


def test_a_mistyped_command_is_suggested_once():
    result = run_pnp("buid", "voyage", process=True)
    assert result.code == 2
    assert result.err.count("Did you mean 'build'?") == 1, result.err


def test_help_says_each_command_whole_and_where_to_start():
    from pnp.commands.cli import app

    said = run_pnp("--help").out
    commands = said.split("Commands:")[1]
    assert "..." not in commands  # click cuts a description at 45 characters: none is cut
    flat = " ".join(said.split())
    for info in app.registered_commands:
        first = " ".join((info.callback.__doc__ or "").strip().split("\n\n")[0].split()).split(". ")[0]
        assert first in flat, first
    assert "New here? `pnp new --project my-game`, then docs/tutorial.md." in said
    assert "Examples:\n    pnp new --project my-game    a project with a first game\n" in said


def test_shell_completion_is_offered_and_completes_game_ids():
    assert "--install-completion" in run_pnp("--help").out
    env = {**os.environ, "_PNP_COMPLETE": "complete_bash", "COMP_WORDS": "pnp build vo", "COMP_CWORD": "2"}
    proc = subprocess.run([PNP], cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert proc.stdout.split() == ["voyage"], proc.stdout + proc.stderr
    env.update(COMP_WORDS="pnp exp", COMP_CWORD="1")
    proc = subprocess.run([PNP], cwd=REPO, env=env, capture_output=True, text=True, timeout=60)
    assert proc.stdout.split() == ["export"]


def test_watch_of_a_game_that_is_not_there_stops_with_exit_2():
    proc = subprocess.run([sys.executable, "-m", "pnp", "watch", "nosuch"], cwd=REPO, capture_output=True, text=True,
                          timeout=30)
    assert proc.returncode == 2 and "no game 'nosuch' here" in proc.stderr


def git(project, *args):
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=project, check=True,
                   capture_output=True)


def test_a_reprint_keeps_only_what_this_run_printed(project):
    reprint = project / "output/tiny/reprint"
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "playtest 1")
    edit(project / "cards/tiny/cards.yaml", "First card.", "First card, reworded.")
    assert run_pnp("build", "tiny", "--changed-since", "HEAD", cwd=project).code == 0
    assert (reprint / "card.pdf").is_file()
    (reprint / "notes.txt").write_text("cut these first")  # the designer's own file stays
    git(project, "commit", "-qam", "playtest 2")
    result = run_pnp("build", "tiny", "--changed-since", "HEAD", cwd=project)
    assert (result.code, result.out.strip()) == (0, "nothing changed since HEAD: no reprint needed")
    assert sorted(p.name for p in reprint.iterdir()) == ["manifest.json", "notes.txt"]  # no stale card.pdf
