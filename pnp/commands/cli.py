"""The command line: parse, call the stage functions, print. No logic of its own.

Heavy modules (reportlab, pydantic, jinja2) are imported inside the commands, so `pnp --help`
answers at once. Every `PnpError` becomes one line per problem and its exit status; anything
else escaping is a bug.
"""

from __future__ import annotations

import functools
import gc
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

_COLLECTING = gc.isenabled()
gc.disable()  # till the end of this module: typer, click and the command table are objects, none of them garbage

import typer  # noqa: E402

from pnp import __version__  # noqa: E402
from pnp.commands.options import (  # noqa: E402
    CHECK_FORMATS,
    EXPORTS,
    PAPER_NAMES,
    SETUP_FORMATS,
    SIMULATE_FORMATS,
    VENDORS,
    Choice,
    Duplex,
    InkLimitOption,
    Layout,
    Paper,
    Pdfx,
    Shop,
    complete_components,
    complete_face,
    complete_game,
    complete_printer,
)

if TYPE_CHECKING:
    from pnp.commands.build import BuildOptions

# rich_markup_mode=None: plain click help and errors even where rich is installed (twine brings it): the same
# text everywhere, and no rich import at start
app = typer.Typer(no_args_is_help=True, suggest_commands=False, pretty_exceptions_enable=False, rich_markup_mode=None,
                  help="Print-and-play asset generator: canonical YAML in, print-ready PDFs out.")
_state: dict[str, Path | None] = {"root": None}
RULE_SECONDS = 10.0  # pnp.core.bounds.RULE_SECONDS and PIECES, without importing the engine for --help
PIECES = 20_000
NoCustomRules = Annotated[bool, typer.Option(
    "--no-custom-rules", help="skip the game's Python rules (they are code that runs: for untrusted changes)")]
RuleTimeout = Annotated[float, typer.Option(min=0.1, max=3600, help="seconds each custom rule may run")]
NoGameCode = Annotated[bool, typer.Option(
    "--no-custom-rules", help="accepted for scripts that pass it to every command: this one runs no game code")]


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


def _fail(exc, written: bool = True) -> NoReturn:  # exc: PnpError
    for problem in exc.problems:
        typer.echo(str(problem), err=True)
    n = len(exc.problems)
    kind = "rule error" if exc.exit_code == 1 else "error"
    tail = "; nothing was written" if written else ""
    typer.echo(f"{n} {kind}{'s' if n != 1 else ''}{tail}", err=True)
    raise typer.Exit(exc.exit_code)


def _progress_bar():
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


def _clear_progress() -> None:
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 72 + "\r")  # clear the progress bar, if there was one


@contextmanager
def _collector_paused() -> Iterator[None]:
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


def _paused(command: Callable[..., None]) -> Callable[..., None]:
    """A command run whole with the cycle collector paused (`_collector_paused`), its imports included: they
    make tens of thousands of objects, none of them garbage (a twentieth of a small build's time)."""
    @functools.wraps(command)
    def paused(*args: Any, **kwargs: Any) -> None:
        with _collector_paused():
            command(*args, **kwargs)

    return paused


def _root() -> Path:
    from pnp.model.project import find_root

    return find_root(explicit=_state["root"])


@app.command("list")
def list_cmd() -> None:
    """List the games found under cards/."""
    from pnp.core.errors import PnpError
    from pnp.model.project import list_games

    try:
        root = _root()
    except PnpError as exc:
        _fail(exc)
    for game in list_games(root):
        typer.echo(game)


@app.command()
@_paused
def build(
    game: Annotated[str, typer.Argument(help="game id (a folder under cards/)", autocompletion=complete_game)],
    paper: Paper = None,
    duplex: Duplex = None,
    no_bleed: Annotated[bool, typer.Option("--no-bleed", help="print without bleed (saves ink)")] = False,
    out: Annotated[Path | None, typer.Option(help="output folder (default: output/GAME)")] = None,
    force: Annotated[bool, typer.Option("--force", help="print despite rule errors (faces are marked)")] = False,
    final: Annotated[bool, typer.Option("--final", help="print run: no stamp, no placeholder")] = False,
    back_offset: Annotated[str | None, typer.Option(help="X,Y mm: move every back (see pnp calibrate)")] = None,
    printer: Annotated[str | None, typer.Option(help="use a printer saved in printers.yaml",
                                                autocompletion=complete_printer)] = None,
    changed_since: Annotated[str | None, typer.Option(help="print only the cards changed since this git ref, "
                                                       "into output/GAME/reprint/")] = None,
    no_custom_rules: NoCustomRules = False,
    rule_timeout: RuleTimeout = RULE_SECONDS,
    max_pieces: Annotated[int, typer.Option(min=1, help="refuse to print more pieces than this")] = PIECES,
    layout: Layout = "sheets",
    rulebook: Annotated[str, typer.Option(click_type=Choice("pages", "booklet"), help="pages, or booklet: the "
                                          "rulebook imposed for saddle-stitching (docs/rulebook.md)")] = "pages",
    stock: Annotated[str | None, typer.Option(click_type=Choice("card", "paper"), help="the print-and-play document "
                                              "with only the sheets on this stock (for a print shop)")] = None,
    pdfx: Pdfx = None,
    ink_limit: InkLimitOption = None,
    vendor: Shop = None,
) -> None:
    """Render every component of GAME into output/GAME/."""
    from pnp.commands.build import BuildOptions
    from pnp.commands.build import build as run_build
    from pnp.core.errors import PnpError
    from pnp.model.printers import parse_offset
    from pnp.model.printers import printer as saved_printer
    from pnp.model.project import output_folder

    try:
        root = _root()
        offset = (0.0, 0.0)
        if printer:
            from pnp.model.printers import printer as saved_printer

            offset = saved_printer(root, printer).back_offset
        if back_offset:
            from pnp.model.printers import parse_offset

            offset = parse_offset(back_offset)
        only = None
        if changed_since:
            from pnp.commands.changes import changed_cards
            from pnp.model.game import load_game

            only = changed_cards(root, load_game(root, game), changed_since)
            out = output_folder(root, out, game, "reprint")
            if not only:
                if out.is_dir():  # a reprint of an earlier run would be stale now: the folder keeps nothing
                    from pnp.output.write.staging import Staging

                    with Staging(out) as stage:
                        stage.commit({"game": game, "files": [], "faces": []})
                typer.echo(f"nothing changed since {changed_since}: no reprint needed")
                return
        from pnp.rules.check import CheckOptions

        if ink_limit is not None and pdfx is None and vendor != "drivethrucards":
            typer.echo("--ink-limit is for a PDF/X build: add --pdfx x4 (or x1a), or --vendor drivethrucards",
                       err=True)
            raise typer.Exit(2)
        if vendor in ("tgc", "mpc"):  # the shop takes one PNG a face: the export at its sizes
            _shop_pngs(root, game, vendor, out, pdfx or ink_limit)
            return
        with _collector_paused():
            result = run_build(root, game, BuildOptions(paper, duplex, not no_bleed, out, force, final, offset, only,
                                                        progress=_progress_bar(),
                                                        rules=CheckOptions(not no_custom_rules, rule_timeout),
                                                        max_pieces=max_pieces, layout=layout,
                                                        rulebook=rulebook, stock=stock, pdfx=pdfx,
                                                        ink_limit=ink_limit, vendor=vendor))
    except PnpError as exc:
        _fail(exc)
    _clear_progress()
    for w in result.warnings:
        typer.echo(f"warning: {w}", err=True)
    for w in result.preflight:
        typer.echo(f"preflight: {w}", err=True)
    root = result.game.root
    s = result.settings
    typer.echo(f"{result.game.manifest.name}: {s.paper}, duplex {s.duplex}, bleed {s.bleed / 72 * 25.4:.1f} mm")
    for f in result.files:
        rel = f.path.relative_to(root) if f.path.is_relative_to(root) else f.path
        typer.echo(f"  {str(rel):<34} {f.pages:>3} pages  {f.faces:>3} printed  ({f.grid})")
    for note in result.notes:
        typer.echo(f"  note: {note}")
    if result.preflight:
        typer.echo(f"  preflight: {len(result.preflight)} finding{'s' if len(result.preflight) != 1 else ''} "
                   "(above; `pnp check GAME --print` lists them)")
    total_pages = sum(f.pages for f in result.files)
    blank = sum(f.blank or 0 for f in result.files)
    typer.echo(f"{len(result.files)} files, {total_pages} pages, {sum(result.faces.values())} pieces "
               f"in {result.seconds:.2f} s ({blank} blank page{'s' if blank != 1 else ''})")


def _shop_pngs(root: Path, game: str, vendor: str, out: Path | None, colour: object) -> None:
    """`pnp build GAME --vendor tgc|mpc`: the shop takes one PNG a face at its pixel sizes (pnp export --to png
    --vendor), the faces laid out with its bleed; its limits preflighted."""
    from pnp.commands.build import BuildOptions, prepare
    from pnp.core.errors import PnpError
    from pnp.model.project import output_folder
    from pnp.output.export.faces import export_png
    from pnp.output.export.shops import VENDORS as SHOP_PRESETS
    from pnp.output.preflight.shop_limits import shop_findings

    if colour:
        typer.echo(f"--vendor {vendor} takes RGB pictures (it converts them): leave out --pdfx and --ink-limit",
                   err=True)
        raise typer.Exit(2)
    try:
        prep = prepare(root, game, BuildOptions(vendor=vendor))
        result = export_png(prep, output_folder(root, out, game, vendor), vendor, skip=True, progress=_progress_bar())
    except PnpError as exc:
        _fail(exc)
    _clear_progress()
    for p in shop_findings(prep.decks, SHOP_PRESETS[vendor]):
        typer.echo(f"preflight: {p}", err=True)
    for component, why in result.left_out:
        typer.echo(f"  left out {component}: {why}")
    typer.echo(f"{len(result.files)} PNG files for {SHOP_PRESETS[vendor].name} in {result.folder}")


@app.command()
def check(
    game: Annotated[str | None, typer.Argument(help="game id (or --all)", autocompletion=complete_game)] = None,
    all_games: Annotated[bool, typer.Option("--all", help="check every game under cards/")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="fail on warnings too (for CI)")] = False,
    fmt: Annotated[str, typer.Option("--format", click_type=Choice(*CHECK_FORMATS), help="the report's form: "
                                     "github annotates each problem's line in a pull request")] = "text",
    setup_file: Annotated[Path | None, typer.Option("--setup", help="check a recorded setup (YAML or JSON)")] = None,
    no_custom_rules: NoCustomRules = False,
    rule_timeout: RuleTimeout = RULE_SECONDS,
    print_: Annotated[bool, typer.Option("--print", help="also preflight the files a build would write (fonts, "
                                         "margins, text and stroke sizes, image resolution, marks)")] = False,
    paper: Paper = None,
    duplex: Duplex = None,
    final: Annotated[bool, typer.Option("--final", help="with --print: a build without the version stamp")] = False,
    layout: Layout = "sheets",
    pdfx: Pdfx = None,
    ink_limit: InkLimitOption = None,
    vendor: Shop = None,
) -> None:
    """Check GAME against its rules: exit 0 clean, 1 rule errors, 2 bad input (with --all: the worst game)."""
    from pnp.commands.check_games import CheckRequest, check_games
    from pnp.commands.check_report import FORMATS, Unchecked, exit_code
    from pnp.core.errors import PnpError
    from pnp.model.project import list_games
    from pnp.rules.check import CheckOptions

    if (game is None) == (not all_games):
        typer.echo("name one game, or --all", err=True)
        raise typer.Exit(2)
    try:
        root = _root()
        games = list_games(root) if all_games or game is None else [game]
    except PnpError as exc:
        _fail(exc, written=False)
    if (pdfx or ink_limit is not None or vendor) and not print_:
        typer.echo("--pdfx, --ink-limit and --vendor are for --print (the preflight of the files a build writes)",
                   err=True)
        raise typer.Exit(2)
    build = None  # with --print: the build whose files are preflighted
    if print_:
        from pnp.commands.build import BuildOptions

        build = BuildOptions(paper, duplex, final=final, layout=layout, pdfx=pdfx, ink_limit=ink_limit, vendor=vendor)
    request = CheckRequest(CheckOptions(not no_custom_rules, rule_timeout), setup_file, build, _collector_paused)
    results, ink_notes = check_games(root, games, request)
    if fmt == "text" and not all_games and isinstance(results[0], Unchecked):  # one game: errors as any command
        error = PnpError(results[0].problems)
        error.exit_code = results[0].exit_code
        _fail(error, written=False)
    typer.echo(FORMATS[fmt](results, strict))
    if fmt == "text":
        for note in ink_notes:  # a PDF/X preflight: the largest total ink read back
            typer.echo(f"preflight: {note}")
    raise typer.Exit(exit_code(results, strict))


@app.command()
def setup(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    players: Annotated[int, typer.Option(help="number of players")],
    seed: Annotated[int | None, typer.Option(help="the same seed deals the same setup (default: random)")] = None,
    fmt: Annotated[str, typer.Option("--format", click_type=Choice(*SETUP_FORMATS))] = "text",
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="a setup choice, NAME=VALUE (e.g. adventure=2); repeatable")] = None,
    no_custom_rules: NoGameCode = False,
) -> None:
    """Deal a legal setup of GAME for N players."""
    import json
    import random

    from pnp.core.errors import PnpError
    from pnp.model.game import load_game
    from pnp.rules.check import load_rules
    from pnp.rules.setup import card_titles, choose, deal

    given = dict(o.partition("=")[::2] for o in option or [])
    if any("=" not in o for o in option or []):
        typer.echo("--option takes NAME=VALUE, e.g. --option adventure=2", err=True)
        raise typer.Exit(2)
    try:
        loaded = load_game(_root(), game)
        spec, _ = load_rules(loaded)
        if spec.setup is None:
            typer.echo(f"{game} has no `setup:` in cards/{game}/rules.yaml", err=True)
            raise typer.Exit(2)
        seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
        dealt = deal(loaded, spec.setup, players, seed, choose(spec.setup, given))
        names = card_titles(loaded) if fmt == "text" else {}
    except PnpError as exc:
        _fail(exc, written=False)
    if fmt == "json":
        typer.echo(json.dumps(dealt, indent=1))
        return

    def show(value: object) -> str:
        if isinstance(value, dict) and "cards" in value:  # cards laid a given side up
            side = value.get("side")
            return f"{show(value['cards'])} ({f'{side} side' if side in ('front', 'back') else f'side {side}'} up)"
        return ", ".join(names.get(str(v), str(v)) for v in value) if isinstance(value, list) else str(value)

    chosen = "".join(f", {k} {v}" for k, v in dealt["options"].items())
    typer.echo(f"{loaded.manifest.name}: {players} player{'s' if players != 1 else ''}{chosen}, seed {seed}")
    width = max([12, *(len(k) for part in (dealt["table"], *dealt["hands"]) for k in part)])
    later = set(dealt.get("then", []))  # the group's steps once every player is set up, said after the players
    first = {k: v for k, v in dealt["table"].items() if k not in later}
    then = {k: v for k, v in dealt["table"].items() if k in later}
    for heading, part in (("table", first), *((f"player {i}", h) for i, h in enumerate(dealt["hands"], 1)),
                          ("then, as a group", then)):
        if part:  # no heading over nothing
            typer.echo(heading)
        for key, value in part.items():
            typer.echo(f"  {key:<{width}} {show(value)}")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    players: Annotated[str | None, typer.Option(help="player counts: 3, 1-4 or 2,4 (default: every count)")] = None,
    games: Annotated[int | None, typer.Option(min=1, max=1_000_000, help="games per player count and value "
                                              "(default: enough for a +-2 % interval)")] = None,
    seed: Annotated[int, typer.Option(help="the same seed plays the same games")] = 1,
    policy: Annotated[str, typer.Option(help="random, baseline or search (several: random,baseline)")] = "baseline",
    vary: Annotated[str | None, typer.Option(help="a sweep: DECK/CARD.FIELD=V1,V2,...")] = None,
    jobs: Annotated[int | None, typer.Option(min=1, max=256, help="worker processes (default: every core)")] = None,
    cluster: Annotated[str | None, typer.Option(
        help="play the same games on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786) instead "
             "of --jobs; needs pip install 'pnp-press[cluster]' here and on its workers", metavar="ADDRESS")] = None,
    fmt: Annotated[str, typer.Option("--format", click_type=Choice(*SIMULATE_FORMATS), help="the report's form: "
                                     "text, json, or html (a page of plots, to stdout: > report.html)")] = "text",
    no_custom_rules: NoCustomRules = False,
) -> None:
    """Play GAME many times from its YAML (its play module, docs/simulate.md) and report its balance."""
    from pnp.core.errors import PnpError
    from pnp.play.lab import render
    from pnp.play.lab import simulate as run

    try:
        if fmt == "html":  # before any game is played: the plots need matplotlib, an optional extra
            from pnp.play.plots import require

            require()
        try:
            result = run(_root(), game, players, games, seed, policy, vary, jobs, not no_custom_rules, cluster,
                         _progress_bar())
        finally:
            _clear_progress()
        text = render(result, fmt)
    except PnpError as exc:
        _fail(exc, written=False)
    typer.echo(text)


@app.command()
def watch(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    paper: Paper = None,
    final: Annotated[bool, typer.Option("--final", help="print run: no stamp, no placeholder")] = False,
    no_custom_rules: NoCustomRules = False,
    rule_timeout: RuleTimeout = RULE_SECONDS,
) -> None:
    """Rebuild GAME whenever its YAML, templates, fonts or images change (Ctrl-C to stop)."""
    from pnp.commands.build import BuildOptions
    from pnp.commands.watch import watch as run_watch
    from pnp.core.errors import PnpError
    from pnp.model.project import check_game_id, no_game

    try:
        root = _root()
        check_game_id(game)
        if not (root / "cards" / game / "game.yaml").is_file():  # nothing to watch: say so and stop
            raise no_game(root, game)
    except PnpError as exc:
        _fail(exc, written=False)
    typer.echo(f"watching cards/{game}, templates and fonts under {root}")
    try:
        from pnp.rules.check import CheckOptions

        rules = CheckOptions(not no_custom_rules, rule_timeout)
        run_watch(root, game, BuildOptions(paper=paper, final=final, rules=rules), typer.echo)
    except KeyboardInterrupt:
        typer.echo("stopped")


@app.command()
def serve(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    port: Annotated[int, typer.Option(min=0, max=65535, help="port (0: any free one)")] = 8000,
    host: Annotated[str, typer.Option(help="address to listen on; only this machine unless you say otherwise")
                    ] = "127.0.0.1",
    open_page: Annotated[bool, typer.Option("--open", help="open the page in your browser")] = False,
    paper: Paper = None,
    since: Annotated[str | None, typer.Option(help="mark the faces that differ from this git ref")] = None,
    no_custom_rules: NoCustomRules = False,
    rule_timeout: RuleTimeout = RULE_SECONDS,
    no_balance: Annotated[bool, typer.Option("--no-balance", help="no Balance panel: the game is not simulated "
                                             "after each save")] = False,
) -> None:
    """Show GAME in your browser, every face redrawn as you save (Ctrl-C to stop)."""
    from pnp.commands.serve import Server, loopback
    from pnp.core.errors import PnpError
    from pnp.rules.check import CheckOptions

    try:
        root = _root()
        from pnp.model.project import check_game_id, no_game

        check_game_id(game)
        if not (root / "cards" / game / "game.yaml").is_file():
            raise no_game(root, game)
        if since is not None:
            from pnp.commands.serve.since import check_ref

            check_ref(root, since)
        server = Server(root, game, host, port, paper, since, CheckOptions(not no_custom_rules, rule_timeout),
                        typer.echo, balance=not no_balance)
        url = server.start()
    except PnpError as exc:
        _fail(exc, written=False)
    if not loopback(host):
        typer.echo(f"warning: serving on {host}: anyone who can reach this machine can see your game "
                   "(there is no password); use the default, 127.0.0.1, to keep it to yourself", err=True)
    typer.echo(f"serving {game} at {url} (Ctrl-C to stop)")
    if open_page:
        import webbrowser

        webbrowser.open(url)
    import contextlib

    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has stopped, the pages' streams ended
        server.run()
    typer.echo("stopped")


def _faces_only() -> BuildOptions:
    """Faces to look at or export: checked as a build checks them, without the game's Python rules (game code
    that runs): what they find is `pnp check`'s and `pnp build`'s to say."""
    from pnp.commands.build import BuildOptions
    from pnp.rules.check import CheckOptions

    return BuildOptions(rules=CheckOptions(custom=False))


@app.command()
def preview(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    selector: Annotated[str | None, typer.Argument(help="COMPONENT or COMPONENT/ID (default: every deck)",
                                                   autocompletion=complete_face)] = None,
    out: Annotated[Path | None, typer.Option(help="folder (default: output/GAME/preview)")] = None,
    dpi: Annotated[int, typer.Option(min=36, max=1200, help="resolution of the PNGs (36-1200)")] = 150,
    no_custom_rules: NoGameCode = False,
) -> None:
    """PNG images of chosen faces and a contact sheet per deck, for a look without printing."""
    from pnp.commands.build import prepare
    from pnp.commands.preview import preview as run_preview
    from pnp.core.errors import PnpError
    from pnp.model.project import output_folder

    progress = _progress_bar()
    try:
        root = _root()
        paths = run_preview(prepare(root, game, _faces_only()), output_folder(root, out, game, "preview"),
                            selector, dpi, progress)
    except PnpError as exc:
        _fail(exc)
    _clear_progress()
    typer.echo(f"{len(paths)} images in {paths[0].parent if paths else out}")


@app.command()
def export(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    to: Annotated[str, typer.Option("--to", click_type=Choice(*EXPORTS),
                                    help="png (one image per face) or tts (Tabletop Simulator)")],
    vendor: Annotated[str | None, typer.Option(click_type=Choice(*VENDORS), show_default=False,
                                               help="png at a print-on-demand service's sizes")] = None,
    only: Annotated[str | None, typer.Option(help="comma-separated component ids (default: every component)",
                                             autocompletion=complete_components)] = None,
    out: Annotated[Path | None, typer.Option(help="folder (default: output/GAME/png, tgc, mpc or tts)")] = None,
    base_url: Annotated[str | None, typer.Option(help="tts: the web address the images will be served from "
                                                 "(default: links relative to the folder)")] = None,
    no_custom_rules: NoGameCode = False,
) -> None:
    """Export faces as PNGs (300 dpi, with bleed; --vendor for exact pixel sizes) or for Tabletop Simulator."""
    import dataclasses

    from pnp.commands.build import prepare
    from pnp.core.errors import PnpError, Problem, did_you_mean
    from pnp.model.project import output_folder
    from pnp.output.export.faces import export_png
    from pnp.output.export.tts.components import export_tts

    if vendor is not None and to != "png":
        typer.echo("--vendor is for --to png (one image per face at the vendor's sizes)", err=True)
        raise typer.Exit(2)
    if base_url is not None and to != "tts":
        typer.echo("--base-url is for --to tts (the addresses Tabletop Simulator loads images from)", err=True)
        raise typer.Exit(2)
    progress = _progress_bar()
    try:
        root = _root()
        prep = prepare(root, game, _faces_only())
        ids = {d.id for d, _, _ in prep.decks}
        chosen = set(only.split(",")) if only else None
        if chosen and chosen - ids:
            missing = sorted(chosen - ids)
            raise PnpError([Problem(None, f"--only: no component {', '.join(missing)} "
                                          f"(components: {', '.join(sorted(ids))}){did_you_mean(missing[0], ids)}")])
        prep = dataclasses.replace(prep, decks=[d for d in prep.decks if chosen is None or d[0].id in chosen])
        target = output_folder(root, out, game, vendor or to)
        if to == "png":  # every deck asked for: leave out what the vendor does not print; named: refuse it
            result = export_png(prep, target, vendor, skip=chosen is None, progress=progress)
        else:
            from pnp.commands.tabledeal import dealt_for_table

            whole = chosen is None  # the whole game: on one table too, dealt as its setup says
            result = export_tts(prep, target, base_url, progress, whole, dealt_for_table(prep.game) if whole else None)
    except PnpError as exc:
        _fail(exc)
    _clear_progress()
    for component, why in result.left_out:
        typer.echo(f"left out: {component} ({why})")
    typer.echo(f"{len(result.files)} files in {target}" + (f"; to load them, see {target / 'README.txt'}"
                                                           if to == "tts" else ""))


@app.command()
def calibrate(
    paper: Annotated[str, typer.Option(click_type=Choice(*PAPER_NAMES, case_sensitive=False))] = "A4",
    duplex: Annotated[str, typer.Option(click_type=Choice("long", "short"), help="how your printer flips")] = "long",
    out: Annotated[Path | None, typer.Option(help="the PDF to write (default: output/calibrate-PAPER.pdf)")] = None,
) -> None:
    """Print a two-sided sheet that measures your printer's duplex shift, for --back-offset."""
    import contextlib

    from pnp.core.bounds import FONT_BYTES
    from pnp.core.errors import PnpError, Problem
    from pnp.layout.fonts.families import ttf_font
    from pnp.model.project import output_folder, unreadable
    from pnp.model.schema.fields import PAPERS
    from pnp.output.impose.calibrate import calibration_pages
    from pnp.output.render.renderer import Renderer
    from pnp.output.write.staging import write_atomic

    try:
        root = _root()
    except PnpError as exc:
        _fail(exc, written=False)
    name = paper  # as PAPERS spells it (the Choice gives it so, whatever the case typed)
    fonts = [f for f in sorted((root / "fonts").glob("*.ttf")) if unreadable(root, f, "a font", FONT_BYTES) is None]
    font = "Helvetica"
    if fonts:
        with contextlib.suppress(Exception):  # a font refused or damaged: the built-in one (a build says why)
            ttf_font(fonts[0], fonts[0].stem)
            font = fonts[0].stem
    pages = calibration_pages(PAPERS[name], name, duplex, 5 * 72 / 25.4)
    try:
        target = output_folder(root, None, f"calibrate-{name}.pdf") if out is None else out
        if not target.name or target.is_dir():
            raise PnpError([Problem(None, f"--out {target}: a folder; name the PDF file to write "
                                    f"(e.g. {target / f'calibrate-{name}.pdf'})")])
        write_atomic(target, Renderer({}, "pnp duplex calibration", font).render(pages))
    except PnpError as exc:
        _fail(exc)
    typer.echo(f"wrote {target}: print it duplex ({duplex}-edge flip) at 100 %, then read the offset against the "
               "light and build with --back-offset X,Y (or save it in printers.yaml)")


@app.command()
def new(
    game: Annotated[str | None, typer.Argument(help="the new game's id (with --project: default, the folder's name)")]
    = None,
    project: Annotated[Path | None, typer.Option(help="make a whole project in this new folder")] = None,
    name: Annotated[str | None, typer.Option(help="the game's name (default: made from its id)")] = None,
) -> None:
    """Start a game that builds, checks and deals a setup at once (or a whole project, with --project)."""
    from pnp.commands.new import new_game, new_project
    from pnp.core.errors import PnpError

    try:
        if project is not None:
            game, made = new_project(project, game, name)
            root = project.resolve()
        elif game is None:
            typer.echo("name the new game (`pnp new my-game`), or make a project (`pnp new --project DIR`)", err=True)
            raise typer.Exit(2)
        else:
            root = _root()
            made = new_game(root, game, name)
    except PnpError as exc:
        _fail(exc, written=False)
    typer.echo(f"made {len(made)} files in {root}: cards/{game}/, templates/{game}/, schemas/")
    where = f"cd {project} && " if project is not None else ""
    typer.echo(f"next: {where}pnp build {game} && pnp check {game} && pnp setup {game} --players 2")


@app.command()
def schema(out: Annotated[Path | None, typer.Option(help="folder (default: schemas/ in the project)")] = None) -> None:
    """Write JSON Schemas of the project's files (game, decks, templates, rules, icons) and wire each file to its
    schema for your editor (.vscode/settings.json, or the file's own `$schema` line)."""
    from pnp.commands.editor import write_schemas
    from pnp.core.errors import PnpError, Problems
    from pnp.model.load import display_path
    from pnp.model.project import output_folder

    skipped = Problems()
    try:
        root = _root()
        folder = output_folder(root, out, under="schemas")
        wired = write_schemas(root, folder, skipped)
    except PnpError as exc:
        _fail(exc)
    for problem in skipped.items:
        typer.echo(f"warning: {problem} (no schema for this deck until it is fixed)", err=True)
    for problem in wired.warnings.items:
        typer.echo(f"warning: {problem}", err=True)
    removed = f"; removed {len(wired.removed)} no longer used" if wired.removed else ""
    shown = [display_path(p, root) for p in wired.changed]
    changed = f"; updated {', '.join(shown) if len(shown) <= 3 else f'{len(shown)} files'}" if shown else ""
    typer.echo(f"{len(wired.schemas)} schemas in {display_path(folder, root)}{removed}{changed}")


@app.command("import")
def import_cmd(
    sheet: Annotated[str, typer.Argument(help="a CSV, XLSX or ODS file, and its sheet: abilities.xlsx#Abilities")],
    deck: Annotated[str, typer.Option(help="the deck's id")],
    game: Annotated[str | None, typer.Option(help="the game: its deck ID types the cards, or a new deck ID is "
                                                  "added to it (default: print a new deck)",
                                             autocompletion=complete_game)] = None,
    template: Annotated[str | None, typer.Option(help="a new deck's front template (default: one made for its "
                                                      "fields)")] = None,
    out: Annotated[Path | None, typer.Option(help="write this YAML file (default: print it)")] = None,
) -> None:
    """Turn a spreadsheet (one row per card, one column per field) into a canonical YAML deck."""
    from pnp.commands.sheet_import import import_sheet
    from pnp.core.errors import PnpError

    try:
        done = import_sheet(_root(), sheet, deck, game, template, out)
    except PnpError as exc:
        _fail(exc, written=False)
    for note in done.notes:
        typer.echo(f"note: {note}", err=True)
    if done.written:
        typer.echo(f"wrote {', '.join(done.written)}")
        typer.echo(f"next: pnp build {game} && pnp check {game}")
    elif out is None:
        typer.echo(done.text, nl=False)
    elif out.exists():
        typer.echo(f"{out} exists; choose another --out, or move it away first", err=True)
        raise typer.Exit(2)
    else:
        out.write_text(done.text)
        typer.echo(f"wrote {out}")


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
