"""`pnp build GAME`: the options read (a saved printer, a back offset, a reprint of changed cards, a shop's
PNGs), the pipeline run (`commands/build.py`), and its report."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.commands.command_output import CommandOutput, Refused
from pnp.core import bounds
from pnp.rules.check import CheckOptions

if TYPE_CHECKING:
    from pnp.commands.build import BuildResult


@dataclass(frozen=True)
class BuildRequest:
    """The command line's options of `pnp build`, as typed."""

    paper: str | None = None
    duplex: str | None = None
    bleed: bool = True
    out: Path | None = None
    force: bool = False
    final: bool = False
    back_offset: str | None = None  # "X,Y" mm
    printer: str | None = None  # a printer saved in printers.yaml
    changed_since: str | None = None  # a git ref: only the cards changed since, into output/GAME/reprint/
    rules: CheckOptions = field(default_factory=CheckOptions)
    max_pieces: int = bounds.PIECES
    layout: str = "sheets"
    rulebook: str = "pages"
    stock: str | None = None
    pdfx: str | None = None
    ink_limit: float | None = None
    vendor: str | None = None
    no_rulebook: bool = False  # leave the rulebook out (the edit-one-card loop)


def build_game(root: Path, game: str, request: BuildRequest, progress: Any,
               paused: Callable[[], AbstractContextManager[None]]) -> CommandOutput:
    """Build GAME as `request` asks and say what was written; a PnpError is the command's to say."""
    from pnp.commands.build import BuildOptions
    from pnp.commands.build import build as run_build
    from pnp.model.project import output_folder

    offset = _back_offset(root, request)
    out, only = request.out, None
    if request.changed_since:
        from pnp.commands.changes import changed_cards
        from pnp.model.game import load_game

        only = changed_cards(root, load_game(root, game), request.changed_since)
        out = output_folder(root, out, game, "reprint")
        if not only:
            return _nothing_changed(game, out, request.changed_since)
    if request.no_rulebook and request.rulebook != "pages":
        raise Refused(f"--no-rulebook leaves the rulebook out and --rulebook {request.rulebook} asks for it: give one "
                      "of the two")
    if request.ink_limit is not None and request.pdfx is None and request.vendor != "drivethrucards":
        raise Refused("--ink-limit is for a PDF/X build: add --pdfx x4 (or x1a), or --vendor drivethrucards")
    if request.vendor in ("tgc", "mpc"):  # the shop takes one PNG a face: the export at its sizes
        return shop_pngs(root, game, request.vendor, out, request.pdfx or request.ink_limit, progress)
    said = CommandOutput()
    for lang in languages_asked(root, game, request.rules.lang):  # --lang all: each into its own folder
        with paused():
            result = run_build(root, game, BuildOptions(
                request.paper, request.duplex, request.bleed, out, request.force, request.final, offset, only,
                progress=progress, rules=replace(request.rules, lang=lang), max_pieces=request.max_pieces,
                layout=request.layout, rulebook="none" if request.no_rulebook else request.rulebook,
                stock=request.stock, pdfx=request.pdfx, ink_limit=request.ink_limit, vendor=request.vendor))
        said.lines += build_report(result).lines
    return said


def languages_asked(root: Path, game: str, lang: str | None) -> list[str | None]:
    """The languages `--lang` asks for: None (the source), one, or with `all` every one of the game's (the source
    first, as None: its output stays in output/GAME/)."""
    if lang != "all":
        return [lang]
    from pnp.model.game import load_game
    from pnp.model.translation.lang_files import languages_of

    return [None, *languages_of(load_game(root, game))[1:]]


def _back_offset(root: Path, request: BuildRequest) -> tuple[float, float]:
    """--back-offset over the saved printer's, over none."""
    offset = (0.0, 0.0)
    if request.printer:
        from pnp.model.printers import printer as saved_printer

        offset = saved_printer(root, request.printer).back_offset
    if request.back_offset:
        from pnp.model.printers import parse_offset

        offset = parse_offset(request.back_offset)
    return offset


def _nothing_changed(game: str, out: Path, since: str) -> CommandOutput:
    """No card changed: no reprint, and a reprint folder of an earlier run would be stale now, so it keeps nothing."""
    if out.is_dir():
        from pnp.output.write.staging import Staging

        with Staging(out) as stage:
            stage.commit({"game": game, "files": [], "faces": []})
    said = CommandOutput()
    said.out(f"nothing changed since {since}: no reprint needed")
    return said


def build_report(result: BuildResult) -> CommandOutput:
    """The warnings and preflight findings (stderr), then each file written and the totals."""
    said = CommandOutput()
    for w in result.warnings:
        said.err(f"warning: {w}")
    for w in result.preflight:
        said.err(f"preflight: {w}")
    root = result.game.root
    s = result.settings
    lang = getattr(result.game, "lang", "")
    said.out(f"{result.game.manifest.name}{f' ({lang})' if lang else ''}: {s.paper}, duplex {s.duplex}, bleed "
             f"{s.bleed / 72 * 25.4:.1f} mm")
    for f in result.files:
        rel = f.path.relative_to(root) if f.path.is_relative_to(root) else f.path
        pieces = f"{f.faces:>3} printed  ({f.grid})" if f.faces else f"the {f.grid.replace('rules', 'rulebook', 1)}"
        said.out(f"  {str(rel):<34} {f.pages:>3} page{'s' if f.pages != 1 else ' '}  {pieces}")
    for note in result.notes:
        said.out(f"  note: {note}")
    if result.preflight:
        n = len(result.preflight)
        said.out(f"  preflight: {n} finding{'s' if n != 1 else ''} (above; `pnp check GAME --print` lists them)")
    total_pages = sum(f.pages for f in result.files)
    blank = sum(f.blank or 0 for f in result.files)
    said.out(f"{len(result.files)} files, {total_pages} pages, {sum(result.faces.values())} pieces "
             f"in {result.seconds:.2f} s{blank_words(blank)}")
    return said


def blank_words(blank: int) -> str:
    """The summary's word on blank pages: why they are there, or nothing when there are none."""
    if not blank:
        return ""
    return f" ({blank} blank page{'s' if blank != 1 else ''}, left so that each back prints behind its front)"


def shop_pngs(root: Path, game: str, vendor: str, out: Path | None, colour: object, progress: Any) -> CommandOutput:
    """`pnp build GAME --vendor tgc|mpc`: the shop takes one PNG a face at its pixel sizes (pnp export --to png
    --vendor), the faces laid out with its bleed; its limits preflighted."""
    from pnp.commands.build import BuildOptions, prepare
    from pnp.model.project import output_folder
    from pnp.output.export.faces import export_png
    from pnp.output.export.shops import VENDORS as SHOP_PRESETS
    from pnp.output.preflight.shop_limits import shop_findings

    if colour:
        raise Refused(f"--vendor {vendor} takes RGB pictures (it converts them): leave out --pdfx and --ink-limit")
    prep = prepare(root, game, BuildOptions(vendor=vendor))
    result = export_png(prep, output_folder(root, out, game, vendor), vendor, skip=True, progress=progress)
    said = CommandOutput()
    for p in shop_findings(prep.decks, SHOP_PRESETS[vendor]):
        said.err(f"preflight: {p}")
    for component, why in result.left_out:
        said.out(f"  left out {component}: {why}")
    said.out(f"{len(result.files)} PNG files for {SHOP_PRESETS[vendor].name} in {result.folder}")
    return said
