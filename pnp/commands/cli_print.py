"""The command line's print commands: `build`, `check`, `preview`, `export`, `calibrate`. Each parses its
options and hands them to its orchestrator; `terminal.run` prints what it says."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pnp.commands.options import (
    CHECK_FORMATS,
    EXPORTS,
    PAPER_NAMES,
    PIECES,
    RULE_SECONDS,
    VENDORS,
    Choice,
    Duplex,
    InkLimitOption,
    Lang,
    Layout,
    NoCustomRules,
    NoGameCode,
    Paper,
    Pdfx,
    RuleTimeout,
    Shop,
    complete_components,
    complete_face,
    complete_game,
    complete_printer,
)
from pnp.commands.terminal import collector_paused, progress_bar, project_root, root_or_fail, run


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
    no_rulebook: Annotated[bool, typer.Option("--no-rulebook", help="leave the rulebook out (a faster build "
                                               "between edits of the cards)")] = False,
    stock: Annotated[str | None, typer.Option(click_type=Choice("card", "paper"), help="the print-and-play document "
                                              "with only the sheets on this stock (for a print shop)")] = None,
    pdfx: Pdfx = None,
    ink_limit: InkLimitOption = None,
    vendor: Shop = None,
    lang: Lang = None,
) -> None:
    """Render every component of GAME into output/GAME/ (a language other than the source: output/GAME/LANG/)."""
    from pnp.commands.build_command import BuildRequest, build_game
    from pnp.rules.check import CheckOptions

    request = BuildRequest(paper, duplex, not no_bleed, out, force, final, back_offset, printer, changed_since,
                           CheckOptions(not no_custom_rules, rule_timeout, lang=lang), max_pieces, layout, rulebook,
                           stock, pdfx, ink_limit, vendor, no_rulebook)
    run(lambda: build_game(project_root(), game, request, progress_bar(), collector_paused))


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
    lang: Lang = None,
) -> None:
    """Check GAME against its rules: exit 0 clean, 1 rule errors, 2 bad input (with --all: the worst game)."""
    from pnp.commands.check_games import CheckRequest, PrintCheck, check_command
    from pnp.rules.check import CheckOptions

    request = CheckRequest(CheckOptions(not no_custom_rules, rule_timeout, lang=lang), setup_file, None,
                           collector_paused)
    printed = PrintCheck(print_, paper, duplex, final, layout, pdfx, ink_limit, vendor)
    run(lambda: check_command(project_root, game, all_games, strict, fmt, request, printed), written=False)


def preview(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    selector: Annotated[str | None, typer.Argument(help="COMPONENT or COMPONENT/ID (default: every deck)",
                                                   autocompletion=complete_face)] = None,
    out: Annotated[Path | None, typer.Option(help="folder (default: output/GAME/preview)")] = None,
    dpi: Annotated[int, typer.Option(min=36, max=1200, help="resolution of the PNGs (36-1200)")] = 150,
    no_custom_rules: NoGameCode = False,
) -> None:
    """PNG images of chosen faces and a contact sheet per deck, for a look without printing."""
    from pnp.commands.export_command import preview_faces

    progress = progress_bar()
    run(lambda: preview_faces(project_root(), game, selector, out, dpi, progress))


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
    lang: Lang = None,
) -> None:
    """Export faces as PNGs (300 dpi, with bleed; --vendor for exact pixel sizes) or for Tabletop Simulator."""
    from pnp.commands.export_command import export_game

    progress = progress_bar()
    run(lambda: export_game(project_root(), game, to, vendor, only, out, base_url, progress, lang))


def calibrate(
    paper: Annotated[str, typer.Option(click_type=Choice(*PAPER_NAMES, case_sensitive=False))] = "A4",
    duplex: Annotated[str, typer.Option(click_type=Choice("long", "short"), help="how your printer flips")] = "long",
    out: Annotated[Path | None, typer.Option(help="the PDF to write (default: output/calibrate-PAPER.pdf)")] = None,
) -> None:
    """Print a two-sided sheet that measures your printer's duplex shift, for --back-offset."""
    from pnp.commands.calibrate_command import calibration_sheet

    root = root_or_fail()
    run(lambda: calibration_sheet(root, paper, duplex, out))
