"""The command line: the table of commands, the options every command shares, and `main`.

Each command is a function of cli_print, cli_play or cli_project that parses its options and hands them to its
orchestrator (`commands/*_command.py`, `check_games.py`); `terminal.run` prints what the orchestrator says. No
command holds a branch of its own. Heavy modules (reportlab, pydantic, jinja2) are imported inside the
orchestrators, so `pnp --help` answers at once. Every `PnpError` becomes one line per problem and its exit
status; anything else escaping is a bug.
"""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import Annotated, NoReturn

_COLLECTING = gc.isenabled()
gc.disable()  # till the end of this module: typer, click and the command table are objects, none of them garbage

import typer  # noqa: E402

from pnp import __version__  # noqa: E402
from pnp.commands import cli_play, cli_print, cli_project  # noqa: E402
from pnp.commands.option_alone import given_alone  # noqa: E402
from pnp.commands.terminal import ROOT, paused  # noqa: E402

# rich_markup_mode=None: plain click help and errors even where rich is installed (twine brings it): the same
# text everywhere, and no rich import at start
EPILOG = """New here? `pnp new --project my-game`, then docs/tutorial.md.

\b
Examples:
  pnp new --project my-game    a project with a first game
  pnp build my-game            every component, ready to print
  pnp check my-game --strict   the game against its rules
  pnp serve my-game            every face in a browser, redrawn as you save
  pnp import cards.csv --deck loot --game my-game
                               a spreadsheet as a new deck
  pnp COMMAND --help           a command's options"""

app = typer.Typer(no_args_is_help=True, suggest_commands=False, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Print-and-play asset generator: canonical YAML in, print-ready PDFs out.", epilog=EPILOG)


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
    ROOT["root"] = root


def first_sentence(doc: str | None) -> str | None:
    """A docstring's first sentence, on one line (the whole of its first paragraph when it has no full stop)."""
    if not doc:
        return None
    para = " ".join(doc.strip().split("\n\n")[0].split())
    end = para.find(". ")
    return para[:end + 1] if end >= 0 else para


# the commands, in the order `pnp --help` lists them
app.command("list")(cli_project.list_cmd)
app.command("build")(paused(cli_print.build))
app.command("check")(cli_print.check)
app.command("setup")(cli_play.setup)
app.command("simulate")(cli_play.simulate)
app.command("tune")(cli_play.tune)
app.command("watch")(cli_play.watch)
app.command("serve")(cli_play.serve)
app.command("preview")(cli_print.preview)
app.command("export")(cli_print.export)
app.command("calibrate")(cli_print.calibrate)
app.command("new")(cli_project.new)
app.command("schema")(cli_project.schema)
app.command("import")(cli_project.import_cmd)
app.command("translate")(cli_project.translate)
for _info in app.registered_commands:  # `pnp --help` lists each command's first sentence whole (click cuts at 45)
    _info.short_help = first_sentence(_info.callback.__doc__ if _info.callback else None)


def _internal(exc: Exception) -> NoReturn:
    typer.echo(f"internal error: {type(exc).__name__}: {exc}", err=True)
    typer.echo("This is a bug in pnp, not in your game: please report it with the command you ran and "
               "the game's files (pnp " + __version__ + ").", err=True)
    sys.exit(3)


def _app_for(args: list[str]) -> typer.Typer:
    """The command line with just the command that `args` runs: typer makes every command's options and their
    types at each start (a fifteenth of a small build), and a run needs one. The whole of it for anything
    else: help, shell completion, a mistyped command."""
    import copy
    import os

    from typer.main import get_command_name

    name = None
    tokens = iter(args)
    for token in tokens:
        if token == "--root":
            next(tokens, None)  # its value
        elif not token.startswith("-"):
            name = token
            break
    if name is None or "_PNP_COMPLETE" in os.environ:
        return app
    for info in app.registered_commands:
        if (info.name or get_command_name(info.callback.__name__ if info.callback else "")) == name:
            one = copy.copy(app)
            one.registered_commands = [info]
            return one
    return app


def main() -> None:
    """The console script: every PnpError is handled by its command (exit 1 or 2); what the system
    refuses (a folder that cannot be read or written) and memory past pnp's ceiling (`PNP_MEMORY`,
    4 GiB unless set) are exit 2; anything else is pnp's own bug, said
    as such with exit 3, never a traceback."""
    from pnp.core.watchdog import hold_memory

    try:
        release = hold_memory()
    except ValueError as exc:  # PNP_MEMORY is not a size
        typer.echo(str(exc), err=True)
        typer.echo("1 error", err=True)
        sys.exit(2)
    try:
        sys.argv[1:] = given_alone(sys.argv[1:])
        _app_for(sys.argv[1:])()
    except KeyboardInterrupt:
        sys.exit(130)
    except MemoryError:
        from pnp.core.watchdog import out_of_memory

        typer.echo(out_of_memory(), err=True)
        typer.echo("1 error", err=True)
        sys.exit(2)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        typer.echo(f"{where}{exc.strerror or exc}", err=True)
        typer.echo("1 error", err=True)
        sys.exit(2)
    except Exception as exc:
        _internal(exc)
    finally:
        release()
        # The process ends here (every file is written and closed). Python's last garbage collection would walk
        # every object the command made, a whole game's layouts and pages (a tenth of a build of Voyage);
        # frozen, they are left to the operating system, which takes back the process's memory anyway.
        gc.freeze()


gc.freeze()  # what importing made lives as long as the process: the collector need never walk it again
if _COLLECTING:
    gc.enable()
