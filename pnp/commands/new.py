"""`pnp new GAME` and `pnp new --project DIR`: a game (or a whole project) that builds, checks and deals
a setup the moment it is made.

The files come from the package (pnp/commands/scaffold/): `game/` becomes cards/GAME/, `templates/`
becomes templates/GAME/, `project/` the project's own files (a name stored without its leading dot,
`gitignore`, gets it back), `fonts/` an open font and its licence. `$game` and `$name` in them are
the game's id and name (in the project's files, `$install_step` and `$install_readme` install the pnp that
wrote them: `install_of`).
Then the JSON Schemas are written and wired in for the editor.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from string import Template
from typing import Any

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


def new_project(folder: Path, game: str | None = None, name: str | None = None
                ) -> tuple[str, list[Path], str | None]:
    """A project folder with cards/, templates/, fonts/, a .gitignore, a CI workflow and a first game
    (named after the folder unless `game` is given); what to say of the workflow's install step, if anything."""
    from pnp.model.game import slug

    game = game or slug(folder.resolve().name)
    check_game_id(game)
    check_name(name)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        raise InputError([Problem(None, f"{folder} already exists and is not empty: give `--project` a new folder")])
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "cards").mkdir()
    from pnp import DISTRIBUTION

    install = install_of(_direct_url(DISTRIBUTION))
    values = {"game": game, "name": name or game_name(game), "name_yaml": json.dumps(name or game_name(game)),
              "install_step": install.step, "install_readme": install.readme}  # the pnp that wrote it
    made = _copy(SCAFFOLD / "project", folder, values, dotted=True)
    return game, made + new_game(folder.resolve(), game, name), install.note


@dataclass
class Install:
    """How the project's CI installs pnp: the workflow's step (its lines, indented as a step), the README's
    words, and what `pnp new` says when the step must be edited (None: it installs a pnp that exists)."""

    step: str
    readme: str
    note: str | None = None


def install_of(found: dict[str, Any] | None) -> Install:
    """How CI installs this pnp, from how it was installed here (`found`: PEP 610 direct_url.json as
    `_direct_url` reads it, None for none): by name from an index (no direct URL), from the same git repository and
    commit, or from the same web archive; installed from a folder or file of this machine, a commented step
    that says what to put there, and fails until it is edited."""
    from pnp import DISTRIBUTION, __version__

    pinned = f"{DISTRIBUTION}=={__version__}"
    if found is None:
        return Install(f"      # the pnp that made this project ({pinned}); raise the version when you upgrade pnp\n"
                       f"      - run: pip install '{pinned}'", f"`pip install '{pinned}'`")
    url = str(found.get("url", ""))
    if url.startswith(("https://", "http://")) or "vcs_info" in found and not url.startswith("file:"):
        vcs = found.get("vcs_info")
        spec = f"{DISTRIBUTION} @ {vcs['vcs']}+{url}@{vcs['commit_id']}" if isinstance(vcs, dict) else \
            f"{DISTRIBUTION} @ {url}"
        return Install(f"      # the pnp that made this project ({__version__}), from where it was installed\n"
                       f"      - run: pip install '{spec}'", f"`pip install '{spec}'`")
    where = url.removeprefix("file://") or "a folder of this machine"
    fix = (f"# pnp {__version__} was installed from a folder or file on the machine that made this project, not from\n"
           "# a package index: CI cannot reach it.\n"
           "# Replace the next step with one that installs pnp, e.g. from its git repository\n"
           f"#   - run: pip install '{DISTRIBUTION} @ git+https://github.com/OWNER/REPO@v{__version__}'\n"
           f"# or, once this version is on PyPI: - run: pip install '{pinned}'")
    fail = (f"echo '::error file=.github/workflows/pnp.yml::edit the install step: pnp {__version__} came from "
            "a folder CI cannot reach (the comment above it says what to put there)' && exit 1")
    step = "".join(f"      {line}\n" for line in fix.splitlines()) + f"      - name: install pnp (edit this step)\n" \
        f"        run: {json.dumps(fail)}"
    return Install(step, f"pnp {__version__} came from a folder, not from a package index: install it from pnp's git "
                   f"repository, or once it is on PyPI with `pip install '{pinned}'`, and put the same in "
                   ".github/workflows/pnp.yml's install step",
                   f"this pnp ({__version__}) was installed from {where}, not from a package index: before the first "
                   "push, edit the install step of .github/workflows/pnp.yml (its comment says what to put there)")


def _direct_url(dist: str) -> dict[str, Any] | None:
    """PEP 610's record of where the distribution was installed from; None: from an index (or not installed)."""
    from importlib import metadata

    try:
        text = metadata.distribution(dist).read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return {"url": ""}  # run from a checkout, not installed: a folder of this machine
    try:
        found = json.loads(text) if text else None
    except ValueError:
        return None
    return found if isinstance(found, dict) else None

