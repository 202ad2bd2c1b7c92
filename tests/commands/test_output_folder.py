"""The output folder is always a whole build, the old one or the new one: killed at any point, on a
full disk or a folder that cannot be written, a build leaves the last good output as it was; files of
earlier builds that the new one does not write are removed; files pnp did not write are kept."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import shutil
import signal
import sys
from pathlib import Path

import pytest

from conftest import edit, run_pnp


def killed_build(root: Path, at: int, game: str = "voyage") -> int:
    """`pnp build GAME` in a child process (forked: it starts warm) that kills itself with SIGKILL (no
    cleanup, no finally) at its `at`th change to the output folder: every file opened for writing, link,
    rename, removal and folder creation counts, and so does the folder exchange (a ctypes call). With
    `at` 0 it runs to the end and returns how many changes it made; else the signal that ended it."""
    counted = root.parent / "changes"
    pid = os.fork()
    if pid == 0:  # the child: never returns to pytest
        try:
            from pnp.core import watchdog

            watchdog._watchdog = watchdog._Watchdog()  # the parent's watchdog thread is not in this process
            os.chdir(root)
            out, seen = str(root / "output"), [0]

            def hook(event: str, args: tuple) -> None:
                if event == "open":
                    writes = any(c in str(args[1]) for c in "wax+") or (
                        isinstance(args[2], int) and args[2] & (os.O_WRONLY | os.O_RDWR))
                    touching = isinstance(args[0], str) and out in args[0] and writes
                elif event in ("os.rename", "os.link", "os.remove", "os.rmdir", "os.mkdir", "shutil.rmtree",
                               "os.symlink"):
                    touching = out in str(args[0])
                else:
                    touching = event == "ctypes.call_function"
                if touching:
                    seen[0] += 1
                    if seen[0] == at:
                        os.kill(os.getpid(), signal.SIGKILL)

            sys.addaudithook(hook)
            from pnp.commands.cli import app

            with open(os.devnull, "w") as quiet:
                os.dup2(quiet.fileno(), 1)
                os.dup2(quiet.fileno(), 2)
                try:
                    app(["build", game], standalone_mode=False)
                except BaseException:
                    os._exit(1)
            counted.write_text(str(seen[0]))
        finally:
            os._exit(0)
    _, status = os.waitpid(pid, 0)
    if at == 0:
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
        return int(counted.read_text())
    return os.WTERMSIG(status) if os.WIFSIGNALED(status) else -1


def state(out: Path) -> dict[str, str]:
    """sha256 of every file of the output folder (hidden leftovers beside it are not part of it)."""
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()}


def whole(out: Path) -> dict[str, str]:
    """The folder's files, after checking that its manifest describes exactly them."""
    files = state(out)
    manifest = json.loads((out / "manifest.json").read_text())
    listed = {f["path"]: f["sha256"] for f in manifest["files"]}
    assert {k: v for k, v in files.items() if k in listed} == listed, "the manifest's sha256s match the files"
    return files


@pytest.mark.slow  # a build killed at each of its changes, each in a process of its own
def test_a_build_killed_at_any_point_leaves_the_old_build_or_the_new_one_whole(project):
    """Killed at every one of its changes to the output folder, in turn: each file written, linked, renamed or
    removed, each folder made, and the folder exchange."""
    (project / "cards/mini/sigils.yaml").write_text(  # a second deck: a build of several components and the document
        (project / "cards/mini/spells.yaml").read_text().replace("id: spell\n", "id: sigil\n", 1))
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, sigils.yaml]")
    assert run_pnp("build", "mini", cwd=project).code == 0
    out = project / "output" / "mini"
    (out / "notes.txt").write_text("the designer's own file")  # not pnp's: every build keeps it
    old = whole(out)
    assert len(old) >= 5, sorted(old)
    saved = project.parent / "old-output"
    shutil.copytree(out, saved)
    edit(project / "cards/mini/sigils.yaml", "name: Fireball", "name: Fireball Plus")  # a new build differs
    events = killed_build(project, 0, "mini")
    new = whole(out)
    assert new != old and new["notes.txt"] == old["notes.txt"]
    assert events >= 12, events
    outcomes = set()
    for at in range(1, events + 1):
        shutil.rmtree(out)
        shutil.copytree(saved, out)
        assert killed_build(project, at, "mini") == signal.SIGKILL, at
        now = whole(out)
        assert now in (old, new), f"killed at {at} of {events}: a mix of two builds"
        outcomes.add("new" if now == new else "old")
        again = run_pnp("build", "mini", cwd=project)  # the next run finishes or undoes the killed one
        assert again.code == 0 and whole(out) == new
        assert [p.name for p in out.parent.iterdir() if "pnp-new" in p.name or "pnp-old" in p.name] == []
    assert outcomes == {"old", "new"}  # some kills came before the switch, some after


def test_files_of_an_earlier_build_go_and_files_pnp_did_not_write_stay(project):
    assert run_pnp("build", "mini", cwd=project).code == 0
    out = project / "output" / "mini"
    (out / "png").mkdir()
    (out / "png" / "spell-blink-1.png").write_bytes(b"an export")
    (out / "my-notes.txt").write_text("mine")
    unchanged = (out / "spell.pdf").stat().st_ino
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml]\nprint: {document: false}")
    assert run_pnp("build", "mini", cwd=project).code == 0
    names = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    assert names == ["manifest.json", "my-notes.txt", "png", "png/spell-blink-1.png", "spell.pdf"]
    assert (out / "spell.pdf").stat().st_ino == unchanged  # the same bytes: linked, not rewritten


def test_an_output_folder_pnp_cannot_own_or_write_is_refused(project, tmp_path):
    a_file = tmp_path / "a-file"
    a_file.write_text("x")
    result = run_pnp("build", "mini", "--out", str(a_file), cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (2, f"{a_file} is a file, not a folder: name a folder for "
                                                            "the output")
    result = run_pnp("build", "mini", "--out", "/dev/full", cwd=project)
    assert result.code == 2 and "is a file, not a folder" in result.err
    foreign = tmp_path / "photos"
    foreign.mkdir()
    (foreign / "holiday.jpg").write_bytes(b"jpeg")
    result = run_pnp("build", "mini", "--out", str(foreign), cwd=project)
    assert result.code == 2 and "holds files but no manifest.json" in result.err
    assert [p.name for p in foreign.iterdir()] == ["holiday.jpg"]
    result = run_pnp("build", "mini", "--out", "/sys/pnp-test/out", cwd=project)
    assert result.code == 2 and "no permission to write there" in result.err, result.err


def test_a_full_disk_leaves_the_last_good_build(project, monkeypatch):
    assert run_pnp("build", "mini", cwd=project).code == 0
    out = project / "output" / "mini"
    before = whole(out)
    edit(project / "cards/mini/spells.yaml", "name: Fireball", "name: Fire Storm")
    real = Path.write_bytes

    def full(self: Path, data: bytes) -> int:
        if ".mini.pnp-new" in str(self):
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, data)

    monkeypatch.setattr(Path, "write_bytes", full)
    result = run_pnp("build", "mini", cwd=project)
    assert result.code == 2 and "the disk is full; the last good output is unchanged" in result.err
    assert whole(out) == before
    assert not (project / "output" / ".mini.pnp-new").exists()


def test_the_files_an_earlier_build_wrote_are_read_from_its_manifest_however_it_is_laid_out(tmp_path):
    from pnp.output.write.staging import MANIFEST, _owned, manifest_json

    manifest = {"game": "g", "files": [{"path": "deck.pdf"}, {"path": "single/deck.pdf"}],
                "faces": [{"file": "other.pdf", "files": [{"path": "no.pdf"}]}]}
    (tmp_path / MANIFEST).write_bytes(manifest_json(manifest))  # as pnp writes it: the list read alone
    assert _owned(tmp_path) == {MANIFEST, "deck.pdf", "single"}
    (tmp_path / MANIFEST).write_text(json.dumps(manifest, indent=4))  # re-indented by hand: read whole
    assert _owned(tmp_path) == {MANIFEST, "deck.pdf", "single"}
    (tmp_path / MANIFEST).write_text('{"files": [')
    assert _owned(tmp_path) == {MANIFEST}
