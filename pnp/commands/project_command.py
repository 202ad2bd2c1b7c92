"""The commands of a project's files: `pnp list` (its games), `pnp new` (a game or a whole project), `pnp schema`
(JSON Schemas wired to the editor) and `pnp import` (a spreadsheet turned into a YAML deck)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.commands.command_output import CommandOutput, Refused


def list_command(root: Path) -> CommandOutput:
    from pnp.model.project import list_games

    said = CommandOutput()
    for game in list_games(root):
        said.out(game)
    return said


def new_command(find_root: Callable[[], Path], game: str | None, project: Path | None,
                name: str | None) -> CommandOutput:
    from pnp.commands.new import new_game, new_project

    note = None
    if project is not None:
        game, made, note = new_project(project, game, name)
        root = project.resolve()
    elif game is None:
        raise Refused("name the new game (`pnp new my-game`), or make a project (`pnp new --project DIR`)")
    else:
        root = find_root()
        made = new_game(root, game, name)
    said = CommandOutput()
    said.out(f"made {len(made)} files in {root}: cards/{game}/, templates/{game}/, schemas/")
    where = f"cd {project} && " if project is not None else ""
    said.out(f"next: {where}pnp build {game} && pnp check {game} && pnp setup {game} --players 2")
    if note:
        said.err(f"note: {note}")
    return said


def schema_command(root: Path, out: Path | None) -> CommandOutput:
    from pnp.commands.editor import write_schemas
    from pnp.core.errors import Problems
    from pnp.model.load import display_path
    from pnp.model.project import output_folder

    skipped = Problems()
    folder = output_folder(root, out, under="schemas")
    wired = write_schemas(root, folder, skipped)
    said = CommandOutput()
    for problem in skipped.items:
        said.err(f"warning: {problem} (no schema for this deck until it is fixed)")
    for problem in wired.warnings.items:
        said.err(f"warning: {problem}")
    removed = f"; removed {len(wired.removed)} no longer used" if wired.removed else ""
    shown = [display_path(p, root) for p in wired.changed]
    changed = f"; updated {', '.join(shown) if len(shown) <= 3 else f'{len(shown)} files'}" if shown else ""
    said.out(f"{len(wired.schemas)} schemas in {display_path(folder, root)}{removed}{changed}")
    return said


def import_command(root: Path, sheet: str, deck: str, game: str | None, template: str | None,
                   out: Path | None, header_row: int | None = None, add_icons: bool = False) -> CommandOutput:
    from pnp.commands.sheet_import import import_sheet

    done = import_sheet(root, sheet, deck, game, template, out, header_row, add_icons)
    said = CommandOutput()
    for note in done.notes:
        said.err(f"note: {note}")
    count = (f"wrote {done.cards} card{'s' if done.cards != 1 else ''} of {done.rows} data row"
             f"{'s' if done.rows != 1 else ''} in {sheet}")
    if done.written:
        said.out(f"wrote {', '.join(done.written)}")
        said.out(f"next: pnp build {game} && pnp check {game}")
        said.out(count)
    elif out is None:
        said.out(done.text, nl=False)
        said.err(count + " (the deck is printed above: --out FILE writes it)")
    elif out.exists():
        said.err(f"{out} exists; choose another --out, or move it away first")
        said.code = 2
    else:
        out.write_text(done.text)
        said.out(f"wrote {out}")
        said.out(count)
    return said
