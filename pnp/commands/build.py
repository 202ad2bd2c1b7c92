"""`pnp build`: one function that reads top to bottom, one stage per step.

Gather first, write last: everything is loaded, checked, laid out and rendered in memory before
the first file is replaced, so a failed build leaves the last good output where it was.
"""

from __future__ import annotations

import dataclasses
import os
import time
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from pnp.commands.build_document import render_document
from pnp.commands.build_preflight import painted, preflight
from pnp.commands.build_rulebook import book_key, rulebook_of, rulebook_said
from pnp.commands.built_files import RenderedFile, impose_component, printed, shift_backs, stamp_of
from pnp.commands.deck_pdf_kept import fingerprint, kept_pdf
from pnp.commands.print_shops import colour_said, print_shop, renderer_of
from pnp.commands.rules_verdict import Verdict
from pnp.core import bounds, watchdog
from pnp.core.errors import InputError, Problem, Problems
from pnp.layout.whole_game import LaidOutDeck, LayoutCache, Prepared, lay_out_game
from pnp.model.game import Game, PrintSettings, load_game
from pnp.model.project import output_folder
from pnp.model.rulebook.source import SOURCE
from pnp.model.schema.fields import PAPERS
from pnp.model.translation.catalog import said
from pnp.model.translation.translated import TranslatedGame, game_in, in_language
from pnp.model.units import to_mm
from pnp.output.impose.by_kind import impose_deck
from pnp.output.impose.cards import Page
from pnp.output.preflight.laid_out import KeptFindings
from pnp.output.render.footer import footers
from pnp.output.write.manifest import blank, kept_rows, merge_notes, sheet_count
from pnp.rules.check import CheckOptions, split


@dataclass(repr=False, eq=False)
class BuildCache:
    """What `pnp watch` and `pnp serve` keep between builds, each part in its own field (a deck's id never meets
    the rulebook's or the document's): the layout's, and for each deck the key of its inputs with its imposed
    pages and rendered PDF; the rulebook and the document with the key they were made from."""

    layout: LayoutCache = field(default_factory=LayoutCache)
    decks: dict[str, tuple[str, list[Page], Any, bytes]] = field(default_factory=dict)
    rulebook: tuple[tuple, Any] | None = None
    document: tuple[tuple, Any] | None = None
    preflight: KeptFindings | None = None  # what the preflight found on each face of the last build
    rows: dict[str, tuple] = field(default_factory=dict)  # each file's manifest rows, with the pages they are of


@dataclass(repr=False, eq=False)
class BuildOptions:
    """What `pnp build` was asked for: paper, duplex, bleed, output folder and more."""
    paper: str | None = None
    duplex: str | None = None
    bleed: bool = True
    out: Path | None = None
    force: bool = False  # print despite rule errors; every face then says it was not rule-checked
    final: bool = False  # no version stamp on the fronts (playtest builds carry one)
    back_offset: tuple[float, float] = (0.0, 0.0)  # mm: moves every back to undo a printer's duplex shift
    only: dict[str, set[str]] | None = None  # print just these cards (deck id -> card ids): a reprint
    cache: BuildCache | None = None  # kept between builds (pnp watch): unchanged decks not imposed, drawn or rewritten
    progress: Any = None  # called as progress(done, total, what) while rendering
    rules: CheckOptions = field(default_factory=CheckOptions)  # custom rules: run them? their time limit
    max_pieces: int = bounds.PIECES  # refuse a build that would print more pieces than this
    document: bool = True  # False: leave out the print-and-play document (pnp watch writes the decks first)
    beside: Any = None  # pnp watch's second process, checking the rules while the decks are drawn (rules_beside.py)
    layout: str = "sheets"  # sheets: imposed for home printing; single: one face a page, for print shops
    rulebook: str = "pages"  # pages: the rulebook page by page; booklet: imposed for saddle-stitching; none: left out
    stock: str | None = None  # card or paper: the document holds only the sheets printed on that stock
    check_rules: bool = True  # False: the caller checks the rules itself (`pnp check --print`), and no face is marked
    painted: bool = False  # also render every file and measure the bleed it paints (`pnp check --print`)
    pdfx: str | None = None  # x4 or x1a: files a print shop accepts, CMYK through the ICC profile (pnp/output/pdfx/)
    ink_limit: float | None = None  # percent of total ink, with pdfx (default: the profile's 300)
    vendor: str | None = None  # a print shop's preset (pnp/output/export/shops.py): its sizes, colours and page order


@dataclass(repr=False, eq=False)
class OutFile:
    """A file a build wrote: its pages, hash, faces and how they are laid out."""
    path: Path
    pages: int
    sha256: str
    faces: int
    grid: str
    blank: int | None = None  # pages that print nothing but the footer (None: not counted, the rulebook)


@dataclass(repr=False, eq=False)
class BuildResult:
    """What a build made: its files, counts, warnings and preflight findings."""
    game: Game
    files: list[OutFile]
    faces: dict[str, int]
    warnings: list[Problem]
    seconds: float
    settings: PrintSettings
    notes: list[str] = field(default_factory=list)
    preflight: list[Problem] = field(default_factory=list)  # what a print shop would flag (warnings)


def prepare(root: Path, game_id: str, opts: BuildOptions) -> Prepared:
    prep, verdict = laid_out(root, game_id, opts)
    prep.found = verdict.judged(prep.found)
    return prep


def laid_out(root: Path, game_id: str, opts: BuildOptions) -> tuple[Prepared, Verdict]:
    """The game loaded and laid out, and its rules' verdict to come (pnp/commands/rules_verdict.py, `opts.beside`
    asked first): `prep.found` holds the layout's findings until `verdict.judged`."""
    problems, checked, rules = Problems(), opts.check_rules and not opts.force, dataclasses.replace(opts.rules,
                                                                                                    final=opts.final)
    beside = opts.beside if checked and opts.beside is not None and opts.beside.ask(root, game_id, rules) else None

    # load + model: every file of the game, typed and checked
    watchdog.working_on(f"reading cards/{game_id}")
    game = game_in(load_game(root, game_id), opts.rules.lang, problems)
    settings = game.manifest.print.overridden(opts.paper, opts.duplex, opts.bleed)
    shop = vendor_of(opts)
    if shop is not None and opts.bleed:  # the shop's bleed on every face
        settings.bleed = shop.bleed
    paper = PAPERS[settings.paper]
    verdict = Verdict(game, rules, checked, root, beside)
    try:
        # layout: fonts, icons and templates, then every face of every deck
        layouts = opts.cache.layout if opts.cache is not None else None  # see lay_out_game
        env, decks = lay_out_game(game, settings.bleed, problems, opts.max_pieces, layouts)

        # rules: layout's findings now, the game's rules in the verdict; errors stop the build unless forced
        bad, found = split(in_language(problems.items, game), root, opts.final)
        if bad:
            raise InputError(bad)
        if opts.force:  # every refusal that is a rule is printed past, said as a warning; bad input never is
            found = [dataclasses.replace(p, severity="warning", message=f"{p.message} (printed anyway: --force)")
                     if p.severity == "error" else p for p in found]
            if opts.final:  # forced or not, a final build prints no placeholder
                from pnp.rules.placeholders import placeholder_problems

                found += placeholder_problems(game, final=True)
    except BaseException:
        verdict.close()
        raise
    font = next(iter(env.families.values())).face("regular").name if env.families else "Helvetica"
    return Prepared(game, settings, paper, env, decks, found, "NOT RULE-CHECKED" if opts.force else "", font), verdict


def vendor_of(opts: BuildOptions) -> Any:
    """The print shop's preset a build asks for (`--vendor`), or None."""
    if opts.vendor is None:
        return None
    from pnp.output.export.shops import VENDORS

    return VENDORS[opts.vendor]


def with_vendor(opts: BuildOptions) -> BuildOptions:
    """The options a shop's preset sets (its colour, ink limit and one face a page), the user's own kept."""
    shop = vendor_of(opts)
    if shop is None or shop.files != "pdfx":
        return opts
    return dataclasses.replace(opts, pdfx=opts.pdfx or shop.colour, ink_limit=opts.ink_limit or shop.ink_limit,
                               layout="single")


def build(root: Path, game_id: str, opts: BuildOptions | None = None) -> BuildResult:
    opts = with_vendor(opts or BuildOptions())
    started = time.perf_counter()
    if opts.beside is None:
        return build_prepared(root, prepare(root, game_id, opts), opts, started)
    prep, verdict = laid_out(root, game_id, opts)  # pnp watch: the rules checked beside it while it draws
    return build_prepared(root, prep, opts, started, verdict)


def build_prepared(root: Path, prep: Prepared, opts: BuildOptions, started: float,
                   verdict: Verdict | None = None) -> BuildResult:
    """A laid-out, rule-checked game imposed, rendered and written (the rest of `build`). `verdict`: the rules'
    verdict still to come (checked beside it meanwhile), taken once the files are staged, before they are current."""
    game, settings, paper, env, marker, font = prep.game, prep.settings, prep.paper, prep.env, prep.marker, prep.font
    if opts.only is not None:  # a reprint: just the chosen cards, with their backs
        prep.decks = [LaidOutDeck(deck, [e for e in entries if e.meta["id"] in opts.only.get(deck.id, set())], size)
                      for deck, entries, size in prep.decks]
        prep.decks = [d for d in prep.decks if d[1]]
        settings.document = False

    # impose + render: each deck's sheets, in memory
    pdfx = print_shop(game, opts.pdfx, opts.ink_limit)

    rendered: list[RenderedFile] = []
    notes: list[str] = []
    single = opts.layout == "single"
    lang = game.lang if isinstance(game, TranslatedGame) else ""  # a language's build: output/GAME/<code>/
    out_dir = output_folder(root, opts.out and opts.out / lang, game.id, lang, opts.vendor or ("pdfx" if pdfx else "")
                            or ("single" if single else ""))
    if single:
        settings.document = False  # the shop takes each component's file
    stamp = stamp_of(game, opts.final)
    title = f"{game.manifest.name} {game.manifest.version}"
    laid = {deck.id: (entries, size) for deck, entries, size in prep.decks}
    cache = opts.cache if opts.cache is not None else BuildCache()
    wants_book = opts.document and not single and opts.only is None and opts.rulebook != "none" and \
        os.path.lexists(game.dir / SOURCE)  # (no rulebook.md: none to make, nothing of it imported)
    aside = None
    if wants_book and opts.cache is None:  # a one-off build: the rulebook drawn in a child beside the decks
        from pnp.commands.rulebook_aside import Aside

        key = book_key(game, tuple(str(step) for step in range(len(prep.decks))), paper, opts)
        aside = Aside(lambda: rulebook_said(game, prep, env, paper, opts, pdfx, key))
    try:
        _decks(root, game, prep, opts, cache, rendered, notes, single, out_dir, stamp, title, pdfx, font)
    except BaseException:
        for child in (aside, verdict):
            if child is not None:
                child.close()
        raise

    # the rulebook (cards/<game>/rulebook.md): its counts, faces and setup from this very build
    rulebook = None
    if aside is not None:
        rulebook, told = aside.result()
        notes += told
    elif wants_book:
        # pnp watch: made again only when its source, the rules or a deck it may show has changed
        key = book_key(game, tuple(cache.decks[d.id][0] if d.id in cache.decks else "" for *_, d in rendered),
                        paper, opts)
        if cache.rulebook is None or cache.rulebook[0] != key:
            cache.rulebook = (key, rulebook_of(game, prep, env, paper, opts, pdfx, key, notes))
        rulebook = cache.rulebook[1]
    elif opts.rulebook == "none" and opts.document and not single and opts.only is None:
        notes.append("the rulebook was left out (--no-rulebook): build without it to print it")

    # the print-and-play document: front matter (naming the rulebook), then every component's sheets
    counts: dict[str, int] = {}
    for _, _, pages, _, deck in rendered:
        counts[deck.id] = counts.get(deck.id, 0) + printed(pages, "front")
    document = None
    if settings.document and opts.document:
        watchdog.working_on(f"drawing {game.id}-pnp.pdf")
        if opts.progress:
            opts.progress(len(prep.decks), len(prep.decks) + 1, f"{game.id}-pnp.pdf")
        book = "" if rulebook is None else f"The rules are in {game.id}-rulebook.pdf, built from the same files" + (
            ": a booklet; print it duplex, flipped on the short edge, fold the stack in half and staple it on the "
            "fold." if opts.rulebook == "booklet" else ".")
        if book and lang and opts.rulebook != "booklet":
            book = said("The rules are in {file}, built from the same files.", lang, file=f"{game.id}-rulebook.pdf")
        doc_key = (*(cache.decks[deck.id][0] for *_, deck in rendered), book, opts.stock)
        if cache.document is None or cache.document[0] != doc_key:
            cache.document = (doc_key, render_document(game, rendered, laid, counts, paper, settings, env, font,
                                                          marker, stamp, opts.back_offset, book, opts.stock, pdfx))
        document = cache.document[1]

    # write: every file staged beside the output folder, which then becomes the new build in one step
    from pnp.output.write.staging import Staging
    from pnp.output.write.subsets import unique_tags

    watchdog.working_on(f"writing {out_dir}")

    files: list[OutFile] = []
    faces_meta: list[bytes] = []  # the manifest's rows, each encoded
    pages_meta: list[bytes] = []
    document_faces: list[bytes] = []
    with Staging(out_dir) as stage:
        def add(rel: str, data: bytes) -> str:  # each file's font subsets tagged apart from every other file's
            return stage.add(rel, unique_tags(data, f"{game.id}/{settings.paper}/{rel}"))

        if document is not None:
            data, doc_pages = document
            path = out_dir / f"{game.id}-pnp.pdf"
            files.append(OutFile(path, len(doc_pages), add(path.name, data), sum(counts.values()),
                                 f"everything, {'one-sided' if settings.duplex == 'none' else 'duplex-ready'}, "
                                 f"{sheet_count(doc_pages, settings.duplex)} sheets",
                                 sum(map(blank, doc_pages))))
            document_faces, its_pages = kept_rows(cache.rows, path.name, doc_pages, paper)
            pages_meta += its_pages
        if rulebook is not None:
            path = out_dir / f"{game.id}-rulebook.pdf"
            sides = rulebook.count(b"/Type /Page\n")
            how = f"rules, a booklet of {sides // 2} sheet{'s' if sides > 2 else ''}"
            files.append(OutFile(path, sides, add(path.name, rulebook), 0,
                                 how if opts.rulebook == "booklet" else "rules"))
        for path, data, pages, how, deck in rendered:
            rel = path.relative_to(out_dir).as_posix()
            its_faces, its_pages = kept_rows(cache.rows, rel, pages, paper)
            faces_meta += its_faces
            pages_meta += its_pages
            faces = counts[deck.id] if not single or printed(pages, "front") else printed(pages, "back")
            files.append(OutFile(path, len(pages), add(rel, data), faces, how, sum(map(blank, pages))))
        if verdict is not None:  # the rules checked beside it meanwhile: should they fail, nothing is written
            prep.found = verdict.judged(prep.found)
        stage.commit({
            "game": game.id, "paper": settings.paper, "duplex": settings.duplex,
            "bleed_mm": round(to_mm(settings.bleed), 3),
            "files": [{"path": f.path.relative_to(out_dir).as_posix(), "pages": f.pages, "sha256": f.sha256,
                       **({} if f.blank is None else {"blank_pages": f.blank})} for f in files],
            "faces": faces_meta,
            "pages": pages_meta,
            "document_faces": document_faces,
            **({} if pdfx is None else {"colour": colour_said(pdfx)}),
        })
    if opts.force:
        notes.append("built with --force: rules not checked, every face is marked NOT RULE-CHECKED")
    warnings = [p for p in prep.found if p.severity == "warning"]
    checked, cache.preflight = preflight(rendered, settings.margin, font, env, stamp, single,
                                         (f"{game.id}-pnp.pdf", document[1]) if document else None, settings.contrast,
                                         cache.preflight)
    if opts.painted:
        checked += painted(rendered, (f"{game.id}-pnp.pdf", *document) if document else None, settings.paper)
    shop = vendor_of(opts)
    if shop is not None:  # the shop's sizes, bleed and safe zone
        from pnp.output.preflight.shop_limits import shop_findings

        checked += shop_findings(prep.decks, shop)
    if pdfx is not None:  # what the written files paint
        from pnp.output.pdfx.inks_found import inks_found

        ink_notes, ink_problems = inks_found([(f.path.relative_to(out_dir).as_posix(), f.path.read_bytes())
                                              for f in files], pdfx)
        notes += ink_notes
        checked += ink_problems
    return BuildResult(game, files, counts, warnings, time.perf_counter() - started, settings, merge_notes(notes),
                       checked)


def _draw(pdfx: Any, icons: Any, title: str, font: str, pages: list[Page], marker: str, stamp: str, margin: float
          ) -> bytes:
    return renderer_of(pdfx)(icons, title, font).render(pages, marker, stamp, margin)


def _decks(root: Path, game: Game, prep: Prepared, opts: BuildOptions, cache: BuildCache,
           rendered: list[RenderedFile], notes: list[str], single: bool, out_dir: Path, stamp: str, title: str,
           pdfx: Any, font: str) -> None:
    """Each deck imposed and rendered, into `rendered` (from `cache` where its inputs did not change, and in a
    one-off build from the disk cache: pnp/commands/deck_pdf_kept.py)."""
    env, marker, settings, paper = prep.env, prep.marker, prep.settings, prep.paper
    lang = game.lang if isinstance(game, TranslatedGame) else ""  # its words on the sheets (footers, tiles)
    read: dict[Path, bytes] = {}  # the files the decks' fingerprints read, each once a build
    for step, (deck, entries, size) in enumerate(prep.decks):
        watchdog.working_on(f"drawing {deck.id}'s sheets")
        if opts.progress:
            opts.progress(step, len(prep.decks) + settings.document, deck.id)
        if single:
            for suffix, pages, how in impose_component(deck, entries, size, settings, paper, notes, single,
                                                       order_of(opts)):
                data = renderer_of(pdfx)(env.icons, f"{game.manifest.name}: {deck.name}", font).render(pages, marker,
                                                                                                   stamp)
                rendered.append(RenderedFile(out_dir / f"{deck.id}{suffix}.pdf", data, pages, how, deck))
            continue
        options = (settings, opts.back_offset, opts.only, marker, stamp, out_dir)
        key = fingerprint(root, game, deck, options, entries, read) if opts.cache is not None else str(step)
        if deck.id in cache.decks and cache.decks[deck.id][0] == key:
            _, pages, how, data = cache.decks[deck.id]
        else:
            pages, how = impose_deck(deck, entries, size, settings, paper, notes, lang)
            shift_backs(pages, opts.back_offset)
            footers(pages, title, settings.paper, settings.duplex, bool(stamp),
                    [said("assembly map", lang) if p.side == "map" else deck.name for p in pages], lang=lang)
            draw = partial(_draw, pdfx, env.icons, f"{game.manifest.name}: {deck.name}", font, pages, marker, stamp,
                           settings.margin)  # (the renderer imported only when a PDF is drawn)
            if opts.cache is not None or opts.only is not None:
                data = draw()
            else:  # a one-off build: the PDF and its manifest rows from the disk cache where nothing changed
                data, rows = kept_pdf(root, game, f"{deck.id}\n{settings.paper}\n{out_dir}", fingerprint(
                    root, game, deck, options, entries, read), (opts.pdfx, opts.ink_limit), draw,
                    partial(kept_rows, cache.rows, f"{deck.id}.pdf", pages, paper))
                cache.rows[f"{deck.id}.pdf"] = (pages, paper, *rows)
            cache.decks[deck.id] = (key, pages, how, data)
        rendered.append(RenderedFile(out_dir / f"{deck.id}.pdf", data, pages, how, deck))


def order_of(opts: BuildOptions) -> str:
    shop = vendor_of(opts)
    return shop.order if shop is not None else "fronts-backs"


def preflight_game(root: Path, game_id: str, opts: BuildOptions, notes: list[str] | None = None) -> list[Problem]:
    """`pnp check GAME --print`: the game built as `pnp build` would (with `--pdfx`, `--vendor`), into a folder of
    its own that is thrown away, and preflighted: its laid-out pages, the shop's limits, and what its files paint
    (the bleed of every face; a PDF/X file's inks, the largest total ink said in `notes`)."""
    import tempfile

    started = time.perf_counter()
    opts = dataclasses.replace(with_vendor(opts), check_rules=False)  # the rules are the check's to run
    prep = prepare(root, game_id, opts)
    with tempfile.TemporaryDirectory(prefix="pnp-preflight-") as out:
        built = build_prepared(root, prep, dataclasses.replace(opts, out=Path(out) / game_id, painted=True), started)
    if notes is not None:
        notes += [n for n in built.notes if "total ink at most" in n]
    return built.preflight
