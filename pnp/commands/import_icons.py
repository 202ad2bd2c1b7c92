"""The icons a sheet's cells name (`Gain 2 :gem:`), checked by `pnp import --game` against the game's icon set.

An icon the set lacks is an error at its cell, naming the set's file (or saying that game.yaml names none),
and offering `--add-icons`: a placeholder for each (a ring and a dot, for the designer to draw) added to the
set, or a new set `icons.yaml` made and named in game.yaml. The set is changed by adding text at its end,
and read back to make sure it says what was meant; a set written some other way is left alone, with what
to add.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, Problem, Where, did_you_mean
from pnp.model.load import display_path, load_file, load_text
from pnp.model.spreadsheets.decks import Worksheet

PLACEHOLDER = ("{type: circle, cx: 50, cy: 50, r: 40, stroke: current, width: 10}",
               "{type: circle, cx: 50, cy: 50, r: 12, fill: current}")


@dataclass
class GameIcons:
    """A game's icon set as `pnp import` sees it: its names, its file (named in game.yaml, or None), and an
    icons.yaml in the game folder that game.yaml does not name."""

    names: set[str]
    file: Path | None
    unnamed: Path | None
    game_dir: Path


def game_icons(root: Path, game: str) -> GameIcons:
    game_dir = root / "cards" / game
    data = load_file(game_dir / "game.yaml", root).data
    named = data.get("icons") if isinstance(data, dict) else None
    if not isinstance(named, str):
        unnamed = next((game_dir / n for n in ("icons.yaml", "icons.yml") if (game_dir / n).is_file()), None)
        return GameIcons(set(), None, unnamed, game_dir)
    file = game_dir / named
    try:
        icons = load_file(file, root).data if file.is_file() else None
    except InputError:
        icons = None  # the build says what is wrong with it
    found = icons.get("icons") if isinstance(icons, dict) else None
    return GameIcons(set(found) if isinstance(found, dict) else set(), file, None, game_dir)


def icon_problems(sheet: Worksheet, kinds: Mapping[str, str], icons: GameIcons, root: Path) -> dict[str, Problem]:
    """Each icon the sheet's text cells name that the set lacks, by name: a problem at the first cell naming it."""
    from pnp.layout.text import icon_names

    found: dict[str, Problem] = {}
    for r, cells in sheet.rows:
        for key, value in cells.items():
            if kinds.get(key) not in ("text", "list") or not isinstance(value, str):
                continue
            for name in icon_names(value):
                if name not in icons.names and name not in found:
                    found[name] = Problem(sheet.where(r, sheet.columns[key]), _said(name, icons, root), key)
    return found


def _said(name: str, icons: GameIcons, root: Path) -> str:
    offer = "; import again with --add-icons to add a placeholder for it (then draw it)"
    if icons.file is not None:
        file = display_path(icons.file, root)
        return (f"unknown icon :{name}: ({file} has {', '.join(sorted(icons.names)) or 'none'})"
                f"{did_you_mean(name, icons.names)}; add it to {file}{offer.replace('; ', ', or ', 1)}")
    if icons.unnamed is not None:
        return (f"unknown icon :{name}:: game.yaml names no icon set, though {display_path(icons.unnamed, root)} is "
                f"there; add `icons: {icons.unnamed.name}` to game.yaml{offer.replace('; ', ', or ', 1)}")
    return (f"unknown icon :{name}:: the game has no icon set (game.yaml names none); import again with "
            f"--add-icons to make {display_path(icons.game_dir / 'icons.yaml', root)}, named in game.yaml, with a "
            "placeholder for it (then draw it)")


def add_icons(names: list[str], icons: GameIcons, root: Path) -> list[str]:
    """Add a placeholder for each of `names` to the game's set, making it (and naming it in game.yaml) where the
    game has none; the files changed, as shown. InputError, with what to add, where a file cannot be added to."""
    file = icons.file or icons.unnamed or icons.game_dir / "icons.yaml"
    shown = display_path(file, root)
    entries = "".join(f"  {n}:\n    description: \"a placeholder made by `pnp import`: draw it\"\n    shapes:\n"
                      + "".join(f"      - {s}\n" for s in PLACEHOLDER) for n in names)
    if file.is_file():
        text = file.read_text()
        last = re.search(r"(?m)^icons:[ \t]*(#.*)?\n(?![\s\S]*^\S)", text)  # `icons:` is the file's last key
        new = text + ("" if text.endswith("\n") else "\n") + entries if last else None
    else:
        new = "# The icon set (docs/format.md, \"icons.yaml\"): a card text draws one as :name:.\nsize: 100\n" \
              "icons:\n" + entries
    data: Any = _read(new, shown) if new is not None else None
    if new is None or not isinstance(data, dict) or not set(names) <= set(data.get("icons") or {}):
        raise InputError([Problem(Where(shown), f"add the icons {', '.join(names)} to it by hand (pnp could not tell "
                                  "where its `icons:` end); nothing was written")])
    writes = [(file, new)]
    if icons.file is None:
        manifest = icons.game_dir / "game.yaml"
        text = manifest.read_text()
        named = text + ("" if text.endswith("\n") or not text else "\n") + f"icons: {file.name}\n"
        wired: Any = _read(named, display_path(manifest, root))
        if re.search(r"(?m)^icons:", text) or not isinstance(wired, dict) or wired.get("icons") != file.name:
            raise InputError([Problem(Where(display_path(manifest, root)), f"add `icons: {file.name}` to it by hand; "
                                      "nothing was written")])
        writes.append((manifest, named))
    for path, text in writes:
        path.write_text(text)
    return [display_path(path, root) for path, _ in writes]


def _read(text: str, shown: str) -> Any:
    try:
        return load_text(text, shown).data
    except InputError:
        return None
