"""Where a project is, and the fence around it.

A project is the nearest folder, upward from here, that holds `cards/`. Everything a game names (deck
files, data tables, templates, icons, images, fonts, rules) must lie inside it, links followed: a
game's repository is input that others edit, and `data: {pw: /etc/passwd}` must not print a file of
the machine onto a card.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from pnp.errors import InputError, Problem, Where, did_you_mean

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
