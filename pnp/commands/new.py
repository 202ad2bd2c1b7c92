"""`pnp new GAME` and `pnp new --project DIR`: a game (or a whole project) that builds, checks and deals
a setup the moment it is made.

The files come from the package (pnp/commands/scaffold/): `game/` becomes cards/GAME/, `templates/`
becomes templates/GAME/, `project/` the project's own files (a name stored without its leading dot,
`gitignore`, gets it back), `fonts/` an open font and its licence. `$game` and `$name` in them are
the game's id and name (in the project's files, `$dist` and `$version` name the pnp that wrote them).
Then the JSON Schemas are written and wired in for the editor.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from string import Template

from pnp.commands.editor import write_schemas
from pnp.core.errors import InputError, Problem, echo
from pnp.model.project import check_game_id

SCAFFOLD = resources.files("pnp.commands") / "scaffold"
DOTTED = {"gitignore", "github"}  # stored without their dot (packaging tools skip hidden files)


def game_name(game: str) -> str:
    """`space-pirates` -> `Space Pirates`."""
    return " ".join(w.capitalize() for w in game.split("-"))


def _copy(src, dst: Path, values: dict[str, str], dotted: bool = False) -> list[Path]:  # src: a Traversable
    """Copy a scaffold folder, filling `$game` and `$name` into its text files; the files made."""
    made = []
    for item in sorted(src.iterdir(), key=lambda i: i.name):
        name = f".{item.name}" if dotted and item.name in DOTTED else item.name
        target = dst / name
        if item.is_dir():
            made += _copy(item, target, values)
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        data = item.read_bytes()
        if name.endswith((".yaml", ".yml", ".md", ".txt")) or name == ".gitignore":
            data = Template(data.decode()).substitute(values).encode()
        target.write_bytes(data)
        made.append(target)
    return made


NAME_MAX = 200  # characters of a game's name


def check_name(name: str | None) -> None:
    """A game's name is one line of printable text (it heads the game's files and a YAML comment)."""
    if name is None:
        return
    import unicodedata

    bad = next((ch for ch in name if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp")), None)
    if bad is not None or not name.strip() or len(name) > NAME_MAX:
        why = (f"holds the character U+{ord(bad):04X} (a line break or a control character)" if bad is not None
               else f"is {len(name):,} characters long" if name.strip() else "is empty")
        raise InputError([Problem(None, f"--name {echo(name)} {why}: a game's name is one line of text of at most "
                                  f"{NAME_MAX} characters")])


def new_game(root: Path, game: str, name: str | None = None) -> list[Path]:
    """cards/GAME/ and templates/GAME/ in the project at `root`, the font if the project lacks it, the
    schemas, and the editor's settings that wire every file to its schema."""
    check_game_id(game)
    check_name(name)
    for folder in (root / "cards" / game, root / "templates" / game):
        if folder.exists():
            raise InputError([Problem(None, f"{folder.relative_to(root).as_posix()}/ already exists: choose another "
                                            f"name for the new game (see `pnp list`)")])
    name = name or game_name(game)
    values = {"game": game, "name": name, "name_yaml": json.dumps(name, ensure_ascii=False)}
    made = _copy(SCAFFOLD / "game", root / "cards" / game, values)
    made += _copy(SCAFFOLD / "templates", root / "templates" / game, values)
    for font in (SCAFFOLD / "fonts").iterdir():
        target = root / "fonts" / font.name
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(font.read_bytes())
            made.append(target)
    wired = write_schemas(root, root / "schemas")
    return made + wired.schemas + [p for p in wired.changed if p not in made]


def new_project(folder: Path, game: str | None = None, name: str | None = None) -> tuple[str, list[Path]]:
    """A project folder with cards/, templates/, fonts/, a .gitignore, a CI workflow and a first game
    (named after the folder unless `game` is given)."""
    from pnp.model.game import slug

    game = game or slug(folder.resolve().name)
    check_game_id(game)
    check_name(name)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise InputError([Problem(None, f"{folder} already exists and is not empty: give `--project` a new folder")])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cards").mkdir()
    from pnp import DISTRIBUTION, __version__

    values = {"game": game, "name": name or game_name(game), "name_yaml": json.dumps(name or game_name(game)),
              "dist": DISTRIBUTION, "version": __version__}  # the workflow installs the pnp that wrote it
    made = _copy(SCAFFOLD / "project", folder, values, dotted=True)
    return game, made + new_game(folder.resolve(), game, name)

