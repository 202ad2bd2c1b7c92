"""Where a project is: the nearest folder, upward from here, that holds `cards/`."""

from __future__ import annotations

from pathlib import Path

from pnp.errors import InputError, Problem


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
    return sorted(p.name for p in (root / "cards").iterdir() if (p / "game.yaml").is_file())
