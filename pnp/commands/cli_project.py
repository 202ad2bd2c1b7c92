"""The command line's project commands: `list`, `new`, `schema`, `import`. Each parses its options and hands
them to its orchestrator (project_command.py); `terminal.run` prints what it says."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp.commands.options import complete_game
from pnp.commands.terminal import project_root, run


def list_cmd() -> None:
    """List the games found under cards/."""
    from pnp.commands.project_command import list_command

    run(lambda: list_command(project_root()))


def new(
    game: Annotated[str | None, typer.Argument(help="the new game's id (with --project: default, the folder's name)")]
    = None,
    project: Annotated[Path | None, typer.Option(help="make a whole project in this new folder")] = None,
    name: Annotated[str | None, typer.Option(help="the game's name (default: made from its id)")] = None,
) -> None:
    """Start a game that builds, checks and deals a setup at once (or a whole project, with --project)."""
    from pnp.commands.project_command import new_command

    run(lambda: new_command(project_root, game, project, name), written=False)


def schema(out: Annotated[Path | None, typer.Option(help="folder (default: schemas/ in the project)")] = None) -> None:
    """Write JSON Schemas of the project's files (game, decks, templates, rules, icons) and wire each file to its
    schema for your editor (.vscode/settings.json, or the file's own `$schema` line)."""
    from pnp.commands.project_command import schema_command

    run(lambda: schema_command(project_root(), out))


def import_cmd(
    sheet: Annotated[str, typer.Argument(help="a CSV, XLSX or ODS file, and its sheet: abilities.xlsx#Abilities")],
    deck: Annotated[str, typer.Option(help="the deck's id")],
    game: Annotated[str | None, typer.Option(help="the game: its deck ID types the cards, or a new deck ID is "
                                                  "added to it (default: print a new deck)",
                                             autocompletion=complete_game)] = None,
    template: Annotated[str | None, typer.Option(help="a new deck's front template (default: one made for its "
                                                      "fields)")] = None,
    out: Annotated[Path | None, typer.Option(help="write this YAML file (default: print it)")] = None,
    header_row: Annotated[int | None, typer.Option(min=1, max=1_000_000, help="the row that names the fields, "
                                                   "counting from 1 (default: the first of two cells or more)")]
    = None,
    add_icons: Annotated[bool, typer.Option("--add-icons", help="add a placeholder for each icon the cells name "
                                            "that the game's icon set lacks (making the set if it has none)")]
    = False,
) -> None:
    """Turn a spreadsheet (one row per card, one column per field) into a canonical YAML deck."""
    from pnp.commands.project_command import import_command

    run(lambda: import_command(project_root(), sheet, deck, game, template, out, header_row, add_icons),
        written=False)


def translate(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    lang: Annotated[str, typer.Option("--lang", help="the language to translate into (fr, de, ...)")],
    export: Annotated[bool, typer.Option("--export", help="write the translators' XLIFF file, with each string's "
                                         "context, into output/GAME/translate/")] = False,
    import_file: Annotated[Path | None, typer.Option("--import", help="read a translated XLIFF file back into "
                                                     "cards/GAME/lang/LANG/")] = None,
    refresh: Annotated[bool, typer.Option("--refresh", help="stamp every entry with the source it translates now")]
    = False,
    out: Annotated[Path | None, typer.Option(help="--export: the folder (default: output/GAME/translate)")] = None,
) -> None:
    """Translators' files out and in, and stamps of the sources they translate (docs/translating.md)."""
    from pnp.commands.translate_command import translate_command

    run(lambda: translate_command(project_root(), game, lang, export, import_file, refresh, out))
