"""The command line: parse, call the stage functions, print. No logic of its own.

Heavy modules (reportlab, pydantic, jinja2) are imported inside the commands, so `pnp --help`
answers at once. Every `PnpError` becomes one line per problem and its exit status; anything
else escaping is a bug.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from pnp import __version__

app = typer.Typer(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
                  help="Print-and-play asset generator: canonical YAML in, print-ready PDFs out.")
_state: dict[str, Path | None] = {"root": None}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"pnp {__version__}")
        raise typer.Exit()


@app.callback()
def main_options(
    root: Annotated[Path | None, typer.Option(help="project folder (default: nearest folder with cards/)")] = None,
    version: Annotated[bool, typer.Option("--version", callback=_version, is_eager=True,
                                          help="print the version and exit")] = False,
) -> None:
    _state["root"] = root


def _fail(exc) -> NoReturn:  # exc: PnpError
    for problem in exc.problems:
        typer.echo(str(problem), err=True)
    n = len(exc.problems)
    kind = "rule error" if exc.exit_code == 1 else "error"
    typer.echo(f"{n} {kind}{'s' if n != 1 else ''}; nothing was written", err=True)
    raise typer.Exit(exc.exit_code)


def _root() -> Path:
    from pnp.project import find_root

    return find_root(explicit=_state["root"])


@app.command("list")
def list_cmd() -> None:
    """List the games found under cards/."""
    from pnp.errors import PnpError
    from pnp.project import list_games

    try:
        root = _root()
    except PnpError as exc:
        _fail(exc)
    for game in list_games(root):
        typer.echo(game)


@app.command()
def build(
    game: Annotated[str, typer.Argument(help="game id (a folder under cards/)")],
    paper: Annotated[str | None, typer.Option(help="A4, letter, A3 or tabloid (default: the game's)")] = None,
    duplex: Annotated[str | None, typer.Option(help="long, short or none (default: the game's, long)")] = None,
    no_bleed: Annotated[bool, typer.Option("--no-bleed", help="print without bleed (saves ink)")] = False,
    out: Annotated[Path | None, typer.Option(help="output folder (default: output/GAME)")] = None,
) -> None:
    """Render every component of GAME into output/GAME/."""
    from pnp.build import BuildOptions
    from pnp.build import build as run_build
    from pnp.errors import PnpError

    if paper and paper.lower() not in ("a4", "letter", "a3", "tabloid"):
        typer.echo(f"--paper {paper}: use A4, letter, A3 or tabloid", err=True)
        raise typer.Exit(2)
    if duplex and duplex not in ("long", "short", "none"):
        typer.echo(f"--duplex {duplex}: use long, short or none", err=True)
        raise typer.Exit(2)
    try:
        result = run_build(_root(), game, BuildOptions(paper, duplex, not no_bleed, out))
    except PnpError as exc:
        _fail(exc)
    for w in result.warnings:
        typer.echo(f"warning: {w}", err=True)
    root = result.game.root
    s = result.settings
    typer.echo(f"{result.game.manifest.name}: {s.paper}, duplex {s.duplex}, bleed {s.bleed / 72 * 25.4:.1f} mm")
    for f in result.files:
        rel = f.path.relative_to(root) if f.path.is_relative_to(root) else f.path
        typer.echo(f"  {str(rel):<34} {f.pages:>3} pages  {f.faces:>3} cards  ({f.grid} per sheet)")
    for note in result.notes:
        typer.echo(f"  note: {note}")
    total_pages = sum(f.pages for f in result.files)
    typer.echo(f"{len(result.files)} files, {total_pages} pages, {sum(result.faces.values())} card fronts "
               f"in {result.seconds:.2f} s")


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
