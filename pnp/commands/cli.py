"""The command line: parse, call the stage functions, print. No logic of its own.

Heavy modules (reportlab, pydantic, jinja2) are imported inside the commands, so `pnp --help`
answers at once. Every `PnpError` becomes one line per problem and its exit status; anything
else escaping is a bug.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from pnp import __version__

app = typer.Typer(no_args_is_help=True, suggest_commands=False, pretty_exceptions_enable=False,
                  help="Print-and-play asset generator: canonical YAML in, print-ready PDFs out.")
_state: dict[str, Path | None] = {"root": None}
RULE_SECONDS = 10.0  # pnp.model.limits.RULE_SECONDS and PIECES, without importing the engine for --help
PIECES = 20_000
NoCustomRules = Annotated[bool, typer.Option(
    "--no-custom-rules", help="skip the game's Python rules (they are code that runs: for untrusted changes)")]
RuleTimeout = Annotated[float, typer.Option(min=0.1, max=3600, help="seconds each custom rule may run")]


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


Layout = Annotated[str, typer.Option(help="sheets (imposed for home printing) or single (one face a page with "
                                          "its bleed, for print shops: into output/GAME/single/)")]


def _print_options(paper: str | None, duplex: str | None, layout: str) -> None:
    if paper and paper.lower() not in ("a4", "letter", "a3", "tabloid"):
        typer.echo(f"--paper {paper}: use A4, letter, A3 or tabloid", err=True)
        raise typer.Exit(2)
    if duplex and duplex not in ("long", "short", "none"):
        typer.echo(f"--duplex {duplex}: use long, short or none", err=True)
        raise typer.Exit(2)
    if layout not in ("sheets", "single"):
        typer.echo(f"--layout {layout}: use sheets or single", err=True)
        raise typer.Exit(2)


def _games(incomplete: str) -> list[str]:
    """Shell completion of a game id: the games of the project here (`pnp --install-completion bash`)."""
    from pnp.errors import PnpError
    from pnp.model.project import list_games

    try:
        return [g for g in list_games(_root()) if g.startswith(incomplete)]
    except (PnpError, OSError):
        return []


def _clear_progress() -> None:
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 72 + "\r")  # clear the progress bar, if there was one


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cycle collector off while a whole game is laid out, drawn or checked, on again after: the work
    makes hundreds of thousands of objects, which reference counting frees, and the collector walking them
    again and again found next to nothing to free (peak memory is the same) at a tenth of the time of a build
    of Welcome to the Moon."""
    import gc

    paused = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if paused:
            gc.enable()


def _root() -> Path:
    from pnp.model.project import find_root

    return find_root(explicit=_state["root"])


@app.command("list")
def list_cmd() -> None:
    """List the games found under cards/."""
    from pnp.errors import PnpError
    from pnp.model.project import list_games

    try:
        root = _root()
    except PnpError as exc:
        _fail(exc)
    for game in list_games(root):
        typer.echo(game)


@app.command()
def build(
    game: Annotated[str, typer.Argument(help="game id (a folder under cards/)", autocompletion=_games)],
    paper: Annotated[str | None, typer.Option(help="A4, letter, A3 or tabloid (default: the game's)")] = None,
    duplex: Annotated[str | None, typer.Option(help="long, short or none (default: the game's, long)")] = None,
    no_bleed: Annotated[bool, typer.Option("--no-bleed", help="print without bleed (saves ink)")] = False,
    out: Annotated[Path | None, typer.Option(help="output folder (default: output/GAME)")] = None,
    force: Annotated[bool, typer.Option("--force", help="print despite rule errors (faces are marked)")] = False,
    final: Annotated[bool, typer.Option("--final", help="print run: no stamp, no placeholder")] = False,
    back_offset: Annotated[str | None, typer.Option(help="X,Y mm: move every back (see pnp calibrate)")] = None,
    printer: Annotated[str | None, typer.Option(help="use a printer saved in printers.yaml")] = None,
    changed_since: Annotated[str | None, typer.Option(help="print only the cards changed since this git ref, "
                                                       "into output/GAME/reprint/")] = None,
    no_custom_rules: NoCustomRules = False,
    rule_timeout: RuleTimeout = RULE_SECONDS,
    max_pieces: Annotated[int, typer.Option(min=1, help="refuse to print more pieces than this")] = PIECES,
    layout: Layout = "sheets",
    rulebook: Annotated[str, typer.Option(help="pages, or booklet: the rulebook imposed for saddle-stitching "
                                               "(docs/rulebook.md)")] = "pages",
) -> None:
    """Render every component of GAME into output/GAME/."""
    from pnp.commands.build import BuildOptions
    from pnp.commands.build import build as run_build
    from pnp.errors import PnpError

    _print_options(paper, duplex, layout)
    if rulebook not in ("pages", "booklet"):
        typer.echo(f"--rulebook {rulebook}: use pages or booklet", err=True)
        raise typer.Exit(2)
    from pnp.model.printers import parse_offset
    from pnp.model.printers import printer as saved_printer

    try:
        root = _root()
        offset = (0.0, 0.0)
        if printer:
            offset = saved_printer(root, printer).back_offset
        if back_offset:
            offset = parse_offset(back_offset)
        only = None
        if changed_since:
            from pnp.commands.changes import changed_cards
            from pnp.model.game import load_game

            only = changed_cards(root, load_game(root, game), changed_since)
            out = out or root / "output" / game / "reprint"
            if not only:
                if out.is_dir():  # a reprint of an earlier run would be stale now: the folder keeps nothing
                    from pnp.output.write import Staging

                    with Staging(out) as stage:
                        stage.commit({"game": game, "files": [], "faces": []})
                typer.echo(f"nothing changed since {changed_since}: no reprint needed")
                return
        from pnp.rules.check import RuleOptions

        with _collector_paused():
            result = run_build(root, game, BuildOptions(paper, duplex, not no_bleed, out, force, final, offset, only,
                                                        progress=_progress_bar(),
                                                        rules=RuleOptions(not no_custom_rules, rule_timeout),
                                                        max_pieces=max_pieces, layout=layout,
                                                        rulebook=rulebook))
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
    typer.echo(f"{len(result.files)} files, {total_pages} pages, {sum(result.faces.values())} pieces "
               f"in {result.seconds:.2f} s")


@app.command()
def check(
    game: Annotated[str | None, typer.Argument(help="game id (or --all)", autocompletion=_games)] = None,
    all_games: Annotated[bool, typer.Option("--all", help="check every game under cards/")] = False,
    strict: Annotated[bool, typer.Option("--strict", help="fail on warnings too (for CI)")] = False,
    fmt: Annotated[str, typer.Option("--format", help="text, json or github")] = "text",
    setup_file: Annotated[Path | None, typer.Option("--setup", help="check a recorded setup (YAML or JSON)")] = None,
    no_custom_rules: NoCustomRules = False,
    rule_timeout: RuleTimeout = RULE_SECONDS,
    print_: Annotated[bool, typer.Option("--print", help="also preflight the files a build would write (fonts, "
                                         "margins, text and stroke sizes, image resolution, marks)")] = False,
    paper: Annotated[str | None, typer.Option(help="with --print: A4, letter, A3 or tabloid")] = None,
    duplex: Annotated[str | None, typer.Option(help="with --print: long, short or none")] = None,
    final: Annotated[bool, typer.Option("--final", help="with --print: a build without the version stamp")] = False,
    layout: Layout = "sheets",
) -> None:
    """Check GAME against its rules: exit 0 clean, 1 rule errors, 2 bad input (with --all: the worst game)."""
    from pnp.commands.report import FORMATS, Unchecked, exit_code
    from pnp.errors import InputError, PnpError
    from pnp.model.load import load_file
    from pnp.model.project import list_games
    from pnp.rules.check import RuleOptions, check_game, load_rules

    if fmt not in FORMATS:
        typer.echo(f"--format {fmt}: use text, json or github", err=True)
        raise typer.Exit(2)
    if (game is None) == (not all_games):
        typer.echo("name one game, or --all", err=True)
        raise typer.Exit(2)
    _print_options(paper, duplex, layout)
    try:
        root = _root()
        games = list_games(root) if all_games or game is None else [game]
    except PnpError as exc:
        _fail(exc, written=False)
    rules = RuleOptions(not no_custom_rules, rule_timeout)
    results: list = []
    for g in games:  # a game that cannot be read is reported like the others, and the next one is checked
        try:
            with _collector_paused():
                checked = check_game(root, g, rules)
            if setup_file is not None:
                from pnp.rules.setup import check_recorded

                spec, _ = load_rules(checked.game)
                if spec.setup is None:
                    raise InputError(f"{checked.game.id} has no `setup:` in its rules.yaml")
                checked.problems.extend(check_recorded(checked.game, spec.setup, load_file(setup_file, root)))
            if print_ and not checked.errors:  # a game that breaks its rules does not build: nothing to preflight
                from pnp.commands.build import BuildOptions, preflight_game

                with _collector_paused():
                    checked.problems.extend(preflight_game(root, g, BuildOptions(paper, duplex, final=final,
                                                                                 layout=layout)))
            results.append(checked)
        except PnpError as exc:
            results.append(Unchecked(g, exc.problems, exc.exit_code))
    if fmt == "text" and not all_games and isinstance(results[0], Unchecked):  # one game: errors as any command
        error = PnpError(results[0].problems)
        error.exit_code = results[0].exit_code
        _fail(error, written=False)
    typer.echo(FORMATS[fmt](results, strict))
    raise typer.Exit(exit_code(results, strict))


@app.command()
def setup(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=_games)],
    players: Annotated[int, typer.Option(help="number of players")],
    seed: Annotated[int | None, typer.Option(help="the same seed deals the same setup (default: random)")] = None,
    fmt: Annotated[str, typer.Option("--format", help="text or json")] = "text",
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="a setup choice, NAME=VALUE (e.g. adventure=2); repeatable")] = None,
) -> None:
    """Deal a legal setup of GAME for N players."""
    import json
    import random

    from pnp.errors import PnpError
    from pnp.model.game import load_game
    from pnp.rules.check import load_rules
    from pnp.rules.setup import card_titles, choose, deal

    if fmt not in ("text", "json"):
        typer.echo(f"--format {fmt}: use text or json", err=True)
        raise typer.Exit(2)
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
    typer.echo("table")
    for key, value in dealt["table"].items():
        typer.echo(f"  {key:<{width}} {show(value)}")
    for i, hand in enumerate(dealt["hands"], 1):
        typer.echo(f"player {i}")
        for key, value in hand.items():
            typer.echo(f"  {key:<{width}} {show(value)}")


@app.command()
def watch(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=_games)],
    paper: Annotated[str | None, typer.Option(help="A4, letter, A3 or tabloid")] = None,
    final: Annotated[bool, typer.Option("--final", help="print run: no stamp, no placeholder")] = False,
) -> None:
    """Rebuild GAME whenever its YAML, templates, fonts or images change (Ctrl-C to stop)."""
    from pnp.commands.build import BuildOptions
    from pnp.commands.watch import watch as run_watch
    from pnp.errors import PnpError
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
        run_watch(root, game, BuildOptions(paper=paper, final=final), typer.echo)
    except KeyboardInterrupt:
        typer.echo("stopped")


@app.command()
def serve(
    game: Annotated[str, typer.Argument(help="game id")],
    port: Annotated[int, typer.Option(min=0, max=65535, help="port (0: any free one)")] = 8000,
    host: Annotated[str, typer.Option(help="address to listen on; only this machine unless you say otherwise")
                    ] = "127.0.0.1",
    open_page: Annotated[bool, typer.Option("--open", help="open the page in your browser")] = False,
    paper: Annotated[str | None, typer.Option(help="A4, letter, A3 or tabloid")] = None,
    since: Annotated[str | None, typer.Option(help="mark the faces that differ from this git ref")] = None,
    no_custom_rules: NoCustomRules = False,
) -> None:
    """Show GAME in your browser, every face redrawn as you save (Ctrl-C to stop)."""
    from pnp.commands.serve import LOCAL, Server
    from pnp.errors import PnpError
    from pnp.rules.check import RuleOptions

    try:
        root = _root()
        from pnp.model.project import check_game_id, no_game

        check_game_id(game)
        if not (root / "cards" / game / "game.yaml").is_file():
            raise no_game(root, game)
        if since is not None:
            from pnp.commands.serve.since import check_ref

            check_ref(root, since)
        server = Server(root, game, host, port, paper, since, RuleOptions(not no_custom_rules), typer.echo)
        url = server.start()
    except PnpError as exc:
        _fail(exc, written=False)
    if host not in LOCAL:
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


@app.command()
def preview(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=_games)],
    selector: Annotated[str | None, typer.Argument(help="COMPONENT or COMPONENT/ID (default: every deck)")] = None,
    out: Annotated[Path | None, typer.Option(help="folder (default: output/GAME/preview)")] = None,
    dpi: Annotated[int, typer.Option(min=36, max=1200, help="resolution of the PNGs (36-1200)")] = 150,
) -> None:
    """PNG images of chosen faces and a contact sheet per deck, for a look without printing."""
    from pnp.commands.build import BuildOptions, prepare
    from pnp.commands.preview import preview as run_preview
    from pnp.errors import PnpError

    progress = _progress_bar()
    try:
        root = _root()
        paths = run_preview(prepare(root, game, BuildOptions()), out or root / "output" / game / "preview",
                            selector, dpi, progress)
    except PnpError as exc:
        _fail(exc)
    _clear_progress()
    typer.echo(f"{len(paths)} images in {paths[0].parent if paths else out}")


@app.command()
def export(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=_games)],
    to: Annotated[str, typer.Option("--to", help="png (one image per face) or tts (Tabletop Simulator)")],
    vendor: Annotated[str | None, typer.Option(help="png at a print-on-demand service's sizes: tgc or mpc")] = None,
    only: Annotated[str | None, typer.Option(help="comma-separated component ids (default: every component)")] = None,
    out: Annotated[Path | None, typer.Option(help="folder (default: output/GAME/png, tgc, mpc or tts)")] = None,
    base_url: Annotated[str | None, typer.Option(help="tts: the web address the images will be served from "
                                                 "(default: links relative to the folder)")] = None,
) -> None:
    """Export faces as PNGs (300 dpi, with bleed; --vendor for exact pixel sizes) or for Tabletop Simulator."""
    import dataclasses

    from pnp.commands.build import BuildOptions, prepare
    from pnp.errors import PnpError, Problem, did_you_mean
    from pnp.output.export import VENDORS, export_png
    from pnp.output.tts import export_tts

    if to not in ("png", "tts") or (vendor is not None and (vendor not in VENDORS or to != "png")):
        typer.echo("use --to png (with --vendor tgc or mpc, if you like) or --to tts", err=True)
        raise typer.Exit(2)
    if base_url is not None and to != "tts":
        typer.echo("--base-url is for --to tts (the addresses Tabletop Simulator loads images from)", err=True)
        raise typer.Exit(2)
    progress = _progress_bar()
    try:
        root = _root()
        prep = prepare(root, game, BuildOptions())
        ids = {d.id for d, _, _ in prep.decks}
        chosen = set(only.split(",")) if only else None
        if chosen and chosen - ids:
            missing = sorted(chosen - ids)
            raise PnpError([Problem(None, f"--only: no component {', '.join(missing)} "
                                          f"(components: {', '.join(sorted(ids))}){did_you_mean(missing[0], ids)}")])
        prep = dataclasses.replace(prep, decks=[d for d in prep.decks if chosen is None or d[0].id in chosen])
        target = out or root / "output" / game / (vendor or to)
        if to == "png":  # every deck asked for: leave out what the vendor does not print; named: refuse it
            result = export_png(prep, target, vendor, skip=chosen is None, progress=progress)
        else:
            result = export_tts(prep, target, base_url, progress)
    except PnpError as exc:
        _fail(exc)
    _clear_progress()
    for component, why in result.left_out:
        typer.echo(f"left out: {component} ({why})")
    typer.echo(f"{len(result.files)} files in {target}" + (f"; to load them, see {target / 'README.txt'}"
                                                           if to == "tts" else ""))


@app.command()
def calibrate(
    paper: Annotated[str, typer.Option(help="A4, letter, A3 or tabloid")] = "A4",
    duplex: Annotated[str, typer.Option(help="long or short: how your printer flips")] = "long",
    out: Annotated[Path | None, typer.Option(help="the PDF to write (default: output/calibrate-PAPER.pdf)")] = None,
) -> None:
    """Print a two-sided sheet that measures your printer's duplex shift, for --back-offset."""
    from pnp.errors import PnpError
    from pnp.layout.fonts import _ttf
    from pnp.model.fields import PAPERS
    from pnp.output.calibrate import calibration_pages
    from pnp.output.render import Renderer
    from pnp.output.write import write_atomic

    names = {k.lower(): k for k in PAPERS}
    if paper.lower() not in names or duplex not in ("long", "short"):
        typer.echo("use --paper A4|letter|A3|tabloid and --duplex long|short", err=True)
        raise typer.Exit(2)
    try:
        root = _root()
    except PnpError as exc:
        _fail(exc, written=False)
    name = names[paper.lower()]
    fonts = sorted((root / "fonts").glob("*.ttf"))
    font = "Helvetica"
    if fonts:
        _ttf(fonts[0], fonts[0].stem)
        font = fonts[0].stem
    pages = calibration_pages(PAPERS[name], name, duplex, 5 * 72 / 25.4)
    target = out or root / "output" / f"calibrate-{name}.pdf"
    write_atomic(target, Renderer({}, "pnp duplex calibration", font).render(pages))
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
    from pnp.errors import PnpError

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
    """Write JSON Schemas of the project's files (game, decks, templates, rules, icons) for your editor."""
    from pnp.commands.schema import write_schemas
    from pnp.errors import PnpError, Problems

    skipped = Problems()
    try:
        root = _root()
        paths = write_schemas(root, out or root / "schemas", skipped)
    except PnpError as exc:
        _fail(exc)
    for problem in skipped.items:
        typer.echo(f"warning: {problem} (no schema for this deck until it is fixed)", err=True)
    typer.echo(f"{len(paths)} schemas in {paths[0].parent if paths else out}")


@app.command("import")
def import_cmd(
    sheet: Annotated[str, typer.Argument(help="a CSV, XLSX or ODS file, and its sheet: abilities.xlsx#Abilities")],
    deck: Annotated[str, typer.Option(help="the deck's id")],
    game: Annotated[str | None, typer.Option(help="the game: its deck ID types the cards, or a new deck ID is "
                                                  "added to it (default: print a new deck)")] = None,
    template: Annotated[str | None, typer.Option(help="a new deck's front template (default: one made for its "
                                                      "fields)")] = None,
    out: Annotated[Path | None, typer.Option(help="write this YAML file (default: print it)")] = None,
) -> None:
    """Turn a spreadsheet (one row per card, one column per field) into a canonical YAML deck."""
    from pnp.commands.sheet_import import import_sheet
    from pnp.errors import PnpError

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


def main() -> None:
    """The console script: every PnpError is handled by its command (exit 1 or 2); what the system
    refuses (a folder that cannot be read or written) is exit 2; anything else is pnp's own bug, said
    as such with exit 3, never a traceback."""
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)
    except OSError as exc:
        where = f"{exc.filename}: " if exc.filename else ""
        typer.echo(f"{where}{exc.strerror or exc}", err=True)
        typer.echo("1 error", err=True)
        sys.exit(2)
    except Exception as exc:
        typer.echo(f"internal error: {type(exc).__name__}: {exc}", err=True)
        typer.echo("This is a bug in pnp, not in your game: please report it with the command you ran and "
                   "the game's files (pnp " + __version__ + ").", err=True)
        sys.exit(3)
    finally:
        # The process ends here (every file is written and closed). Python's last garbage collection would walk
        # every object the command made, a whole game's layouts and pages (60 ms of a 0.6 s build of Voyage);
        # frozen, they are left to the operating system, which takes back the process's memory anyway.
        import gc

        gc.freeze()
