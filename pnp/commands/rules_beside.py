"""`pnp watch`'s rules checked beside it: a second pnp process, started with the watch, that loads the game and
checks its rules on the other core while the watch lays out, imposes and draws the deck just saved.

The second process keeps what the rules keep between saves (the kept rules.yaml, each deck's findings, the templates
laid out for rules), as the watch's own process would: it is started once, not forked for each save (a fork's copied
memory cost the watch as much as the rules). Each save, the watch asks it before it loads the game itself, and takes
its verdict before it writes a file, so a build whose rules fail still writes nothing. Both stamp what they read
(every file's name, size and time under the game's folder, the templates and the fonts): a verdict on other files
than the watch's (a save between the two readings), from a process that is not ready yet, has died, or is late by
more than `ANSWER_SECONDS`, is not taken, and the rules are checked in line, as `pnp build` checks them.

The protocol: each message is a pickle of pnp's own plain data, after its length (4 bytes). The watch sends
`(root, game, CheckOptions)`; this process answers `(stamp, kind, value)` (kind ok: the problems; input or rule:
the located problems it raised; error: a traceback), the stamp taken once it has read the files. The verdict is taken
when that stamp is the watch's when it asked and when it has read the files itself: nothing changed from the question
to the end of both readings. It ends when its input closes (the watch has ended).
"""

from __future__ import annotations

import os
import pickle
import select
import struct
import subprocess
import sys
from pathlib import Path
from typing import Any

ANSWER_SECONDS = 60.0  # a verdict waited for at most this long once the build needs it


def stamp(root: Path, game_id: str) -> str:
    """What a build reads, by name, size and time of change (the layout keys its cache the same way)."""
    parts = []
    for folder in (root / "cards" / game_id, root / "templates", root / "fonts"):
        for here, subdirs, files in os.walk(folder):
            subdirs[:] = sorted(d for d in subdirs if d not in ("__pycache__", "output"))
            for name in sorted(files):
                try:
                    st = os.stat(os.path.join(here, name))
                except OSError:
                    continue
                parts.append(f"{here}/{name}:{st.st_size}:{st.st_mtime_ns}")
    return "\n".join(parts)


class RulesBeside:
    """The second process, its pipes, and the question it is answering (if any)."""

    def __init__(self) -> None:
        self.proc: subprocess.Popen[bytes] | None = None
        self.ready = False
        self.asked: str | None = None  # the watch's stamp of the files when it asked

    def start(self) -> None:
        """The process started, on the same pnp as this one (`-P`: not one that the current folder holds)."""
        import pnp

        if os.name != "posix":  # (its pipes are waited on with select)
            return
        here = str(Path(pnp.__file__).resolve().parent.parent)
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([here, *filter(None, [os.environ.get("PYTHONPATH")])])}
        try:
            self.proc = subprocess.Popen([sys.executable, "-P", "-m", "pnp.commands.rules_beside"], env=env,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                         start_new_session=True)
        except OSError:
            self.proc = None

    def wait_ready(self, seconds: float) -> bool:
        """Wait until the process has started (what a test of it does); True once it has."""
        proc = self.proc
        if not self.ready and proc is not None and proc.stdout is not None and \
                select.select([proc.stdout], [], [], seconds)[0]:
            self.ready = proc.stdout.read(1) == b"!"
        return self.ready

    def ask(self, root: Path, game_id: str, rules: Any) -> bool:
        """Ask for the rules' verdict on the files as they are now; False when the process cannot take it."""
        if self.asked is not None:  # the last build stopped before it took its verdict: read it, unused
            self.verdict(self.asked)
        proc = self.proc
        if proc is None or proc.poll() is not None or proc.stdin is None or proc.stdout is None:
            return False
        if not self.ready:  # it says so once, when pnp is imported there
            if not select.select([proc.stdout], [], [], 0)[0] or proc.stdout.read(1) != b"!":
                return False
            self.ready = True
        now = stamp(root, game_id)
        try:
            _send(proc.stdin, (str(root), game_id, rules))
        except OSError:
            self.close()
            return False
        self.asked = now
        return True

    def verdict(self, now: str) -> tuple[str, Any] | None:
        """(kind, value) for the question asked, or None: not to be taken (the rules are then checked in line).
        `now`: the files' stamp as the build ends its reading; the verdict holds for the files it asked about only."""
        proc, asked, self.asked = self.proc, self.asked, None
        if proc is None or asked is None or proc.stdout is None:
            return None
        try:
            if not select.select([proc.stdout], [], [], ANSWER_SECONDS)[0]:
                raise OSError("no answer in time")
            said, kind, value = _receive(proc.stdout)
        except (OSError, EOFError, ValueError, pickle.UnpicklingError):
            self.close()
            return None
        return (kind, value) if said == asked == now and kind != "error" else None

    def close(self) -> None:
        proc, self.proc = self.proc, None
        if proc is not None:
            proc.kill()
            proc.wait()
            for pipe in (proc.stdin, proc.stdout):
                if pipe is not None:
                    pipe.close()


def _send(out: Any, message: Any) -> None:
    data = pickle.dumps(message)
    out.write(struct.pack("<I", len(data)) + data)
    out.flush()


def _receive(pipe: Any) -> Any:
    head = pipe.read(4)
    if len(head) < 4:
        raise EOFError("the process checking the rules has ended")
    (n,) = struct.unpack("<I", head)
    data = pipe.read(n)
    if len(data) < n:
        raise EOFError("the process checking the rules has ended")
    return pickle.loads(data)  # our own child's: plain data and located problems


def serve() -> None:
    """This process: answer each question until the watch closes its input."""
    from pnp.core.errors import InputError, Problems, RuleError
    from pnp.core.watchdog import hold_memory
    from pnp.model.game import load_game
    from pnp.model.translation.translated import game_in
    from pnp.rules.check import rule_problems, start_custom_rules

    hold_memory()  # the ceiling on memory the watch holds to (PNP_MEMORY)
    stdin, stdout = sys.stdin.buffer, sys.stdout.buffer
    stdout.write(b"!")
    stdout.flush()
    while True:
        try:
            root_name, game_id, rules = _receive(stdin)
        except EOFError:
            return
        root = Path(root_name)
        try:
            game = game_in(load_game(root, game_id), rules.lang, Problems())
            started = start_custom_rules(game, rules)  # their worker first: the others are checked meanwhile
            try:
                said: tuple[str, Any] = ("ok", rule_problems(game, rules, started))
            finally:
                if started is not None:
                    started.close()
        except (InputError, RuleError) as exc:
            said = ("input" if isinstance(exc, InputError) else "rule", exc.problems)
        except BaseException:  # noqa: BLE001 - pnp's own fault: checked in line by the watch, which says it
            import traceback

            said = ("error", traceback.format_exc())
        _send(stdout, (stamp(root, game_id), *said))  # the files as they are once it has read them


if __name__ == "__main__":
    serve()
