"""`pnp check`: the orchestrator. Each game checked against its rules (custom rules in the sandbox) and, played
from its YAML, against what pnp's engine plays; then, when it breaks none, its balance rules played; a recorded
setup checked against its `setup:`; and with `--print`, the files a build would write preflighted on every paper
the game is made for. A game that cannot be read is reported like the others (`Unchecked`), and the next one is
checked. The CLI parses and prints."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.commands.command_output import CommandOutput, Refused
from pnp.rules.check import CheckOptions

if TYPE_CHECKING:
    from pnp.commands.build import BuildOptions


@dataclass
class CheckRequest:
    """What `pnp check` was asked for, beside the games."""

    rules: CheckOptions = field(default_factory=CheckOptions)
    setup_file: Path | None = None  # a recorded setup (named on the command line: it may be anywhere)
    build: BuildOptions | None = None  # also preflight the files this build would write (`--print`)
    paused: Any = None  # a context manager around the heavy work (the CLI pauses its garbage collector)


@dataclass(frozen=True)
class PrintCheck:
    """`pnp check --print` and the options of the build it preflights."""

    wanted: bool = False
    paper: str | None = None
    duplex: str | None = None
    final: bool = False
    layout: str = "sheets"
    pdfx: str | None = None
    ink_limit: float | None = None
    vendor: str | None = None


def check_command(find_root: Callable[[], Path], game: str | None, all_games: bool, strict: bool, fmt: str,
                  request: CheckRequest, printed: PrintCheck) -> CommandOutput:
    """`pnp check GAME` or `--all`: the report in the form asked for, and its exit status (the worst game's).
    One game that cannot be read is said as any command's errors (a PnpError)."""
    from dataclasses import replace

    from pnp.commands.check_report import FORMATS, Unchecked, exit_code
    from pnp.core.errors import PnpError
    from pnp.model.project import list_games

    if (game is None) == (not all_games):
        raise Refused("name one game, or --all")
    root = find_root()
    games = list_games(root) if all_games or game is None else [game]
    if (printed.pdfx or printed.ink_limit is not None or printed.vendor) and not printed.wanted:
        raise Refused("--pdfx, --ink-limit and --vendor are for --print (the preflight of the files a build writes)")
    if printed.wanted:
        from pnp.commands.build import BuildOptions

        request = replace(request, build=BuildOptions(printed.paper, printed.duplex, final=printed.final,
                                                      layout=printed.layout, pdfx=printed.pdfx,
                                                      ink_limit=printed.ink_limit, vendor=printed.vendor))
    results, ink_notes = check_games(root, games, request)
    if fmt == "text" and not all_games and isinstance(results[0], Unchecked):  # one game: errors as any command
        error = PnpError(results[0].problems)
        error.exit_code = results[0].exit_code
        raise error
    said = CommandOutput(code=exit_code(results, strict))
    said.out(FORMATS[fmt](results, strict))
    if fmt == "text":
        for note in ink_notes:  # a PDF/X preflight: the largest total ink read back
            said.out(f"preflight: {note}")
    return said


def check_games(root: Path, games: list[str], request: CheckRequest) -> tuple[list, list[str]]:
    """Every game's report (a `Checked`, or an `Unchecked` for a game that cannot be read), and the notes of a
    PDF/X preflight (the largest total ink read back)."""
    import contextlib

    from pnp.commands.check_report import Unchecked
    from pnp.core.errors import PnpError

    paused = request.paused or contextlib.nullcontext
    results: list = []
    ink_notes: list[str] = []
    for g in games:
        try:
            results.append(_check_one(root, g, request, paused, ink_notes))
        except PnpError as exc:
            results.append(Unchecked(g, exc.problems, exc.exit_code))
    return results, ink_notes


def _check_one(root: Path, g: str, request: CheckRequest, paused: Any, ink_notes: list[str]) -> Any:
    from dataclasses import replace

    from pnp.rules.check import check_game

    every = request.rules.lang == "all"
    with paused():
        checked = check_game(root, g, replace(request.rules, lang=None) if every else request.rules)
    if every:  # each other language: what its translation adds to the source's findings
        checked.problems.extend(_other_languages(root, g, request, checked.problems))
    checked.problems.extend(_engine_problems(checked.game))  # what pnp's engine cannot play, before any game
    if not checked.errors:  # a game that breaks its rules is not played: its balance can wait
        from pnp.play.balance_kept import kept_findings
        from pnp.play.balance_play import balance_problems

        game, custom = checked.game, request.rules.custom
        checked.problems.extend(kept_findings(game, custom, lambda: balance_problems(game, custom)))
    if request.setup_file is not None:
        checked.problems.extend(_recorded_setup(root, checked.game, request.setup_file))
    if request.build is not None and not checked.errors:  # a game that breaks its rules does not build
        from pnp.commands.build import preflight_game

        declared = checked.game.manifest.print
        papers = [request.build.paper] if request.build.paper else declared.papers or [declared.paper]
        for on in papers:  # every paper it is made for
            with paused():
                found = preflight_game(root, g, replace(request.build, paper=on), ink_notes)
            checked.problems.extend(p for p in found if p not in checked.problems)  # once, if on both
    return checked


def _other_languages(root: Path, g: str, request: CheckRequest, found: list) -> list:
    """`--lang all`: every language but the source checked, each problem that is not the source's own."""
    from dataclasses import replace

    from pnp.core.errors import InputError
    from pnp.model.game import load_game
    from pnp.model.translation.lang_files import languages_of
    from pnp.rules.check import check_game

    out: list = []
    for code in languages_of(load_game(root, g))[1:]:
        try:
            problems = check_game(root, g, replace(request.rules, lang=code)).problems
        except InputError as exc:
            problems = exc.problems
        out += [p for p in problems if p not in found and p not in out]
    return out


def _engine_problems(game: Any) -> list:
    """What pnp's engine refuses of a game played from its play.yaml, each at its line (none for a game with a
    play module, which plays it instead, or with no play.yaml)."""
    from pnp.core.errors import InputError
    from pnp.play.play_spec import has_play_spec, load_play_spec
    from pnp.play.run import play_code

    if not has_play_spec(game) or play_code(game) is not None:
        return []
    try:
        load_play_spec(game)
    except InputError as exc:
        return list(exc.problems)
    return []


def _recorded_setup(root: Path, game: Any, setup_file: Path) -> list:
    from pnp.core.errors import InputError
    from pnp.model.load import load_file
    from pnp.rules.check import load_rules
    from pnp.rules.setup import check_recorded

    spec, _ = load_rules(game)
    if spec.setup is None:
        raise InputError(f"{game.id} has no `setup:` in its rules.yaml")
    recorded = load_file(setup_file, root, named=True)
    return check_recorded(game, spec.setup, recorded)
