"""What every command line command shares: the project folder (`--root`), a progress bar, the cycle collector
paused over heavy work, and `run`, which calls a command's orchestrator and prints what it says (a `CommandOutput`),
its refusal (one line, exit 2) or its errors (one line per problem, a count, the exit status)."""

from __future__ import annotations

import functools
import gc
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import typer

if TYPE_CHECKING:
    from pnp.commands.command_output import CommandOutput
    from pnp.core.errors import PnpError

ROOT: dict[str, Path | None] = {"root": None}  # --root, set by the command line's callback


def project_root() -> Path:
    from pnp.model.project import find_root

    return find_root(explicit=ROOT["root"])


def fail(exc: PnpError, written: bool = True) -> NoReturn:
    for problem in exc.problems:
        typer.echo(str(problem), err=True)
    n = len(exc.problems)
    kind = "rule error" if exc.exit_code == 1 else "error"
    tail = "; nothing was written" if written else ""
    typer.echo(f"{n} {kind}{'s' if n != 1 else ''}{tail}", err=True)
    raise typer.Exit(exc.exit_code)


def run(work: Callable[[], CommandOutput | None], written: bool = True) -> None:
    """Call a command's orchestrator and print what it says, its refusal or its errors (`written`: whether
    they end with "nothing was written", for a command that writes files)."""
    from pnp.commands.command_output import Refused
    from pnp.core.errors import PnpError

    try:
        said = work()
    except Refused as exc:
        clear_progress()
        typer.echo(str(exc), err=True)
        raise typer.Exit(2) from None
    except PnpError as exc:
        clear_progress()
        fail(exc, written)
    clear_progress()
    if said is None:
        return
    for line in said.lines:
        typer.echo(line.text, err=line.err, nl=line.nl)
    if said.code:
        raise typer.Exit(said.code)


def root_or_fail(written: bool = False) -> Path:
    """The project folder, or its error said (for a command that finds it before its own work)."""
    from pnp.core.errors import PnpError

    try:
        return project_root()
    except PnpError as exc:
        fail(exc, written)


def progress_bar() -> Callable[[int, int, str], None] | None:
    """A one-line bar on a terminal, shown once a build has taken more than a second; nothing in logs."""
    import time

    if not sys.stderr.isatty():
        return None
    started = time.perf_counter()

    def show(done: int, total: int, what: str) -> None:
        if time.perf_counter() - started < 1.0:
            return
        filled = int(24 * done / max(total, 1))
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (24 - filled)}] {done}/{total} {what:<28}")
        sys.stderr.flush()

    return show


def clear_progress() -> None:
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 72 + "\r")  # clear the progress bar, if there was one


@contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a whole game is laid out, drawn or checked, on again after: the work
    makes hundreds of thousands of objects, which reference counting frees, and the collector walking them
    again and again found next to nothing to free (peak memory is the same) at a tenth of the time of a build
    of Welcome to the Moon."""
    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def paused(command: Callable[..., None]) -> Callable[..., None]:
    """A command run whole with the cycle collector paused (`collector_paused`), its imports included: they
    make tens of thousands of objects, none of them garbage (a twentieth of a small build's time)."""
    @functools.wraps(command)
    def whole(*args: Any, **kwargs: Any) -> None:
        with collector_paused():
            command(*args, **kwargs)

    return whole
