"""Where a project is, and the fence around it.

A project is the nearest folder, upward from here, that holds `cards/`. Everything a game names (deck
files, data tables, templates, icons, images, fonts, rules, printers.yaml) must lie inside it, links
followed: a game's repository is input that others edit, and `data: {pw: /etc/passwd}` must not print
a file of the machine onto a card. `unreadable` and `read_input` are the one gate every game file
passes before it is opened: inside the project, a regular file (a named pipe would block the build,
a device never ends), within its size bound. The default output folder is held to the project too.
"""

from __future__ import annotations

import re
import stat
from functools import lru_cache
from pathlib import Path

from pnp.core.errors import InputError, Problem, Where, did_you_mean

GAME_ID = re.compile(r"[a-z0-9][a-z0-9-]*")
OUTSIDE = ("leads outside the project folder; a game may name only files inside its project (absolute paths, "
           "`..` and links that leave it are refused)")


def find_root(start: Path | None = None, explicit: Path | None = None) -> Path:
    if explicit is not None:
        if not (explicit / "cards").is_dir():
            raise InputError([Problem(None, f"--root {explicit}: no cards/ folder there")])
        return explicit.resolve()
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "cards").is_dir():
            return folder
    raise InputError([Problem(None, f"no pnp project here: no cards/ folder in {here} or above it "
                                    "(run inside a project or pass --root DIR)")])


def list_games(root: Path) -> list[str]:
    return sorted(p.name for p in (root / "cards").iterdir()
                  if GAME_ID.fullmatch(p.name) and (p / "game.yaml").is_file())


def no_game(root: Path, game_id: str) -> InputError:
    """The error for a game id with no cards/<id>/game.yaml, suggesting a near one."""
    return InputError([Problem(Where(f"cards/{game_id}/game.yaml"), f"no game {game_id!r} here: expected this file "
                               f"(see `pnp list`){did_you_mean(game_id, list_games(root))}")])


def check_game_id(game_id: str) -> None:
    """A game id names a folder under cards/: lower-case letters, digits and dashes, nothing else."""
    if not GAME_ID.fullmatch(game_id):
        raise InputError([Problem(None, f"{game_id!r} is not a game id: a game id is a folder name under cards/ "
                                  "of lower-case letters, digits and dashes (see `pnp list`)")])


@lru_cache(maxsize=64)
def _real(root: Path) -> Path:
    return root.resolve()


def outside(root: Path, path: Path) -> bool:
    """True when `path`, with every link followed, is not inside the project `root`."""
    try:
        return not path.resolve().is_relative_to(_real(root))
    except (OSError, RuntimeError):  # a link loop
        return True


def confined(root: Path, path: Path, where: Where | None, what: str, subject: str = "") -> Path:
    """`path` itself when it lies inside the project; else an InputError at `where` naming `what`."""
    if outside(root, path):
        raise InputError([Problem(where, f"{what} {OUTSIDE}", subject)])
    return path


def output_folder(root: Path, out: Path | None, *default: str, under: str = "output") -> Path:
    """Where a command writes: `--out` as given (named on the command line, it may be anywhere), else
    `output/<default...>` (or `under/...`) in the project, which must stay inside it with every link on
    the way followed (a committed `output` link must not send a build out of the project)."""
    if out is not None:
        return out
    path = root.joinpath(under, *(part for part in default if part))
    if outside(root, path):
        shown = "/".join((under, *(part for part in default if part)))
        raise InputError([Problem(None, f"the output folder {shown} leads outside the project folder (a link on "
                                  "the way); pnp writes outside the project only where --out says: remove the link "
                                  "or name the folder with --out")])
    return path


_KINDS = ((stat.S_ISFIFO, "a named pipe"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"))


def _not_regular(mode: int, what: str) -> str:
    kind = next((name for test, name in _KINDS if test(mode)), "not a file")
    return (f"is {kind}, not a regular file; {what} must be a plain file (pnp never opens pipes, devices or "
            "sockets: reading one may never end)")


def unreadable(root: Path, path: Path, what: str, max_bytes: int | None = None, hint: str = "",
               named: bool = False) -> str | None:
    """Why `path` may not be read as one of the game's files, found before it is opened; None when it may.
    `what` names the kind of file in the message ("a YAML file", "a font file"); `named`: a file the
    designer named on the command line (a recorded setup), which may lie anywhere."""
    if not named and outside(root, path):
        return OUTSIDE
    try:
        st = path.stat()
    except FileNotFoundError:
        return "file not found"
    except OSError as exc:
        return f"cannot read this file: {exc.strerror or exc}"
    if stat.S_ISDIR(st.st_mode):
        return f"is a folder; {what} is expected here"
    if not stat.S_ISREG(st.st_mode):
        return _not_regular(st.st_mode, what)
    if max_bytes is not None and st.st_size > max_bytes:
        return f"{st.st_size / 2**20:.1f} MB: {what} may be at most {max_bytes / 2**20:g} MB{hint}"
    return None


def read_input(root: Path, path: Path, shown: str, what: str, max_bytes: int, hint: str = "",
               named: bool = False) -> bytes:
    """The bytes of one of the game's files, checked by `unreadable` before it is opened; InputError naming
    `shown`. (A file swapped for another between the check and the read is outside what pnp defends: a
    game's files are a checkout, not a folder someone edits during the build.)"""
    why = unreadable(root, path, what, max_bytes, hint, named)
    if why is None:
        try:
            return path.read_bytes()
        except OSError as exc:
            why = f"cannot read this file: {exc.strerror or exc}"
    raise InputError([Problem(Where(shown), why)])
