"""`pnp build`: one function that reads top to bottom, one stage per step.

Gather first, write last: everything is loaded, checked, laid out and rendered in memory before
the first file is replaced, so a failed build leaves the last good output where it was.
"""

from __future__ import annotations

import dataclasses
import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from pnp.core import bounds, watchdog
from pnp.core.errors import InputError, Problem, Problems, RuleError, Where
from pnp.layout.template_engine import LayoutEnv
from pnp.layout.whole_game import LaidOutDeck, LayoutCache, Prepared, lay_out_game
from pnp.model.game import Deck, Game, PrintSettings, load_game
from pnp.model.project import output_folder
from pnp.model.schema.fields import PAPERS
from pnp.model.units import MM, to_mm
from pnp.output.impose.by_kind import impose_deck
from pnp.output.impose.cards import Page
from pnp.output.render.footer import footers
from pnp.output.write.manifest import blank, face_rows, merge_notes, page_rows, sheet_count
from pnp.rules.check import CheckOptions, rule_problems, split, start_custom_rules

if TYPE_CHECKING:
    from pnp.output.document.front_matter import Row


class RenderedFile(NamedTuple):
    """One file of a build as rendering hands it to the document, the preflight and the writer: where it goes,
    its PDF, its imposed pages, how they were imposed (for the summary) and the deck it prints."""

    path: Path
    data: bytes
    pages: list[Page]
    how: Any
    deck: Deck


@dataclass(repr=False, eq=False)
class BuildCache:
    """What `pnp watch` and `pnp serve` keep between builds, each part in its own field (a deck's id never meets
    the rulebook's or the document's): the layout's, and for each deck the key of its inputs with its imposed
    pages and rendered PDF; the rulebook and the document with the key they were made from."""

    layout: LayoutCache = field(default_factory=LayoutCache)
    decks: dict[str, tuple[str, list[Page], Any, bytes]] = field(default_factory=dict)
    rulebook: tuple[tuple, Any] | None = None
    document: tuple[tuple, Any] | None = None


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
    cache: BuildCache | None = None  # kept between builds (pnp watch): decks whose inputs did not change
    # are not imposed and rendered again, and their files are not rewritten
    progress: Any = None  # called as progress(done, total, what) while rendering
    rules: CheckOptions = field(default_factory=CheckOptions)  # custom rules: run them? their time limit
    max_pieces: int = bounds.PIECES  # refuse a build that would print more pieces than this
    document: bool = True  # False: leave out the print-and-play document (pnp watch writes the decks first)
    layout: str = "sheets"  # sheets: imposed for home printing; single: one face a page, for print shops
    rulebook: str = "pages"  # pages: the rulebook page by page; booklet: imposed for saddle-stitching
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
    problems = Problems()

    # load + model: every file of the game, typed and checked
    watchdog.working_on(f"reading cards/{game_id}")
    game = load_game(root, game_id)
    settings = game.manifest.print.overridden(opts.paper, opts.duplex, opts.bleed)
    shop = vendor_of(opts)
    if shop is not None and opts.bleed:  # the shop's bleed on every face
        settings.bleed = shop.bleed
    paper = PAPERS[settings.paper]
    checked = opts.check_rules and not opts.force
    started = start_custom_rules(game, opts.rules) if checked else None  # in a worker, beside the layout
    try:
        # layout: fonts, icons and templates, then every face of every deck
        layouts = opts.cache.layout if opts.cache is not None else None  # see lay_out_game
        env, decks = lay_out_game(game, settings.bleed, problems, opts.max_pieces, layouts)

        # rules: layout's findings and the game's rules; errors stop the build unless forced
        bad, found = split(problems.items, root)
        if bad:
            raise InputError(bad)
        if checked:
            found += rule_problems(game, dataclasses.replace(opts.rules, final=opts.final), started)
        elif opts.force:  # every refusal that is a rule is printed past, said as a warning; bad input never is
            found = [dataclasses.replace(p, severity="warning", message=f"{p.message} (printed anyway: --force)")
                     if p.severity == "error" else p for p in found]
            if opts.final:  # forced or not, a final build prints no placeholder
                from pnp.rules.placeholders import placeholder_problems

                found += placeholder_problems(game, final=True)
    finally:
        if started is not None:
            started.close()
    errors = [p for p in found if p.severity == "error"]
    if errors:
        raise RuleError(errors)
    font = next(iter(env.families.values())).face("regular").name if env.families else "Helvetica"
    return Prepared(game, settings, paper, env, decks, found, "NOT RULE-CHECKED" if opts.force else "", font)


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
    return build_prepared(root, prepare(root, game_id, opts), opts, started)


def build_prepared(root: Path, prep: Prepared, opts: BuildOptions, started: float) -> BuildResult:
    """A laid-out, rule-checked game imposed, rendered and written (the rest of `build`)."""
    game, settings, paper, env, marker, font = prep.game, prep.settings, prep.paper, prep.env, prep.marker, prep.font
    found = prep.found
    if opts.only is not None:  # a reprint: just the chosen cards, with their backs
        prep.decks = [LaidOutDeck(deck, [e for e in entries if e.meta["id"] in opts.only.get(deck.id, set())], size)
                      for deck, entries, size in prep.decks]
        prep.decks = [d for d in prep.decks if d[1]]
        settings.document = False

    # impose + render: each deck's sheets, in memory
    pdfx = print_shop(game, opts)
    Renderer = renderer_of(pdfx)

    rendered: list[RenderedFile] = []
    notes: list[str] = []
    single = opts.layout == "single"
    out_dir = output_folder(root, opts.out, game.id, opts.vendor or ("pdfx" if pdfx else "") or
                            ("single" if single else ""))
    if single:
        settings.document = False  # the shop takes each component's file
    stamp = stamp_of(game, opts.final)
    title = f"{game.manifest.name} {game.manifest.version}"
    laid = {deck.id: (entries, size) for deck, entries, size in prep.decks}
    cache = opts.cache if opts.cache is not None else BuildCache()
    for step, (deck, entries, size) in enumerate(prep.decks):
        watchdog.working_on(f"drawing {deck.id}'s sheets")
        if opts.progress:
            opts.progress(step, len(prep.decks) + settings.document, deck.id)
        if single:
            for suffix, pages, how in impose_component(deck, entries, size, settings, paper, notes, single,
                                                       order_of(opts)):
                data = Renderer(env.icons, f"{game.manifest.name}: {deck.name}", font).render(pages, marker, stamp)
                rendered.append(RenderedFile(out_dir / f"{deck.id}{suffix}.pdf", data, pages, how, deck))
            continue
        key = fingerprint(root, game, deck, (settings, opts.back_offset, opts.only, marker, stamp, out_dir), entries) \
            if opts.cache is not None else str(step)  # a one-off build has nothing to reuse
        if deck.id in cache.decks and cache.decks[deck.id][0] == key:
            _, pages, how, data = cache.decks[deck.id]
        else:
            pages, how = impose_deck(deck, entries, size, settings, paper, notes)
            shift_backs(pages, opts.back_offset)
            footers(pages, title, settings.paper, settings.duplex, bool(stamp),
                    ["assembly map" if p.side == "map" else deck.name for p in pages])
            data = Renderer(env.icons, f"{game.manifest.name}: {deck.name}", font).render(pages, marker, stamp,
                                                                                         settings.margin)
            cache.decks[deck.id] = (key, pages, how, data)
        rendered.append(RenderedFile(out_dir / f"{deck.id}.pdf", data, pages, how, deck))

    # the rulebook (cards/<game>/rulebook.md): its counts, faces and setup from this very build
    rulebook = None
    if opts.document and not single and opts.only is None:
        from pnp.commands.rulebook_pdf import rulebook_pdf

        # pnp watch: made again only when its source, the rules or a deck it may show has changed
        book_key = (tuple(cache.decks[d.id][0] if d.id in cache.decks else "" for *_, d in rendered), paper,
                    opts.rulebook,
                    *((game.dir / f).read_bytes() if (game.dir / f).is_file() else b"" for f in ("rulebook.md",
                                                                                                 "rules.yaml")))
        if opts.cache is None or cache.rulebook is None or cache.rulebook[0] != book_key:
            cache.rulebook = (book_key, rulebook_pdf(game, prep.decks, env, paper, opts.rulebook == "booklet", pdfx))
        rulebook = cache.rulebook[1]

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
    faces_meta: list[dict[str, Any]] = []
    pages_meta: list[dict[str, Any]] = []
    document_faces: list[dict[str, Any]] = []
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
            document_faces = face_rows(path.name, doc_pages)
            pages_meta += page_rows(path.name, doc_pages, paper)
        if rulebook is not None:
            path = out_dir / f"{game.id}-rulebook.pdf"
            sides = rulebook.count(b"/Type /Page\n")
            how = f"rules, a booklet of {sides // 2} sheet{'s' if sides > 2 else ''}"
            files.append(OutFile(path, sides, add(path.name, rulebook), 0,
                                 how if opts.rulebook == "booklet" else "rules"))
        for path, data, pages, how, deck in rendered:
            rel = path.relative_to(out_dir).as_posix()
            faces_meta += face_rows(rel, pages)
            pages_meta += page_rows(rel, pages, paper)
            faces = counts[deck.id] if not single or printed(pages, "front") else printed(pages, "back")
            files.append(OutFile(path, len(pages), add(rel, data), faces, how, sum(map(blank, pages))))
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
    warnings = [p for p in found if p.severity == "warning"]
    checked = preflight(rendered, settings.margin, font, env, stamp, single,
                        (f"{game.id}-pnp.pdf", document[1]) if document else None, settings.contrast)
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


def painted(rendered: list[RenderedFile], document: tuple[str, bytes, list[Page]] | None, paper: str) -> list[Problem]:
    """Every free edge of every face in these files, as written, keeps the bleed its layout gives it, measured in
    the rendered pixels (pnp/output/preflight/painted.py): an edge that falls short is an error."""
    from pnp.output.preflight.laid_out import subject_of
    from pnp.output.preflight.painted import short_edges

    files: list[tuple[str, bytes, list[Page], Where | None]] = [(path.name, data, pages, deck.doc.where(()))
                                                                 for path, data, pages, _, deck in rendered]
    if document is not None:
        files.append((*document, None))
    out = []
    for name, data, pages, where in files:
        watchdog.working_on(f"measuring the painted bleed of {name}")
        alike: dict[tuple, list] = {}  # the faces of a file whose edge falls short alike: one message
        for short in short_edges(data, pages):
            key = (str(where), short.edge, round(short.meant, 1), round(short.painted / MM, 1))
            alike.setdefault(key, []).append(short)
        for shorts in alike.values():
            faces = list(dict.fromkeys(subject_of(s.placement) for s in shorts))
            more = f" (and {len(faces) - 1} more)" if len(faces) > 1 else ""
            said = shorts[0].message(f"{name} on {paper}", [s.page for s in shorts])
            out.append(Problem(where, said, faces[0] + more, "error", "preflight"))
    return out


def print_shop(game: Game, opts: BuildOptions) -> Any:
    """The PDF/X settings of a build that asks for them (`--pdfx`), or None; a palette's inks over the limit are
    bad input."""
    if opts.pdfx is None:
        return None
    from pnp.output.pdfx import DEFAULT_INK, for_game

    pdfx, problems = for_game(game, opts.pdfx, opts.ink_limit or DEFAULT_INK)
    if problems:
        raise InputError(problems)
    return pdfx


def renderer_of(pdfx: Any) -> Any:
    """`Renderer(icons, title, font)`: pnp's own, or a PDF/X build's (CMYK)."""
    from pnp.output.render.renderer import Renderer

    if pdfx is None:
        return Renderer
    from functools import partial

    from pnp.output.pdfx.cmyk_renderer import PdfxRenderer

    return partial(PdfxRenderer, pdfx=pdfx)


def colour_said(pdfx: Any) -> dict[str, Any]:
    """The manifest's record of a PDF/X build's colour: mode, standard, profile, condition and ink limit."""
    from pnp.output.pdfx.inks import CONDITION, PROFILE, PROFILE_NAME

    return {"mode": "CMYK", "pdfx": pdfx.said(), "profile": PROFILE, "profile_name": PROFILE_NAME,
            "condition": CONDITION, "ink_limit": pdfx.limit}


def order_of(opts: BuildOptions) -> str:
    shop = vendor_of(opts)
    return shop.order if shop is not None else "fronts-backs"


def impose_component(deck: Deck, entries: list, size: tuple[float, float], settings: PrintSettings,
                     paper: tuple[float, float], notes: list[str], single: bool,
                     order: str = "fronts-backs") -> list[tuple[str, list[Page], str]]:
    """A component's files as (name suffix, pages, how they are laid out): its sheets, or with
    `--layout single` its fronts and (if any) its backs, one face a page; `order` back-front (DriveThruCards):
    one file, each card's back then its front."""
    if not entries:  # nothing to print (a component that could not be laid out is reported already)
        return []
    if not single:
        pages, how = impose_deck(deck, entries, size, settings, paper, notes)
        return [("", pages, how)]
    from pnp.output.impose.cards import UNSTAMPED
    from pnp.output.impose.single import impose_single

    fronts, backs = impose_single(entries, deck.spec.kind not in UNSTAMPED)
    if order == "back-front" and backs:
        return [("", [p for pair in zip(backs, fronts, strict=True) for p in pair], "1 per page, each back then its "
                 "front")]
    return [(suffix, pages, "1 per page") for suffix, pages in (("", fronts), ("-backs", backs)) if pages]


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


def stamp_of(game: Game, final: bool) -> str:
    """The playtest stamp at the foot of each card front (none on a final build)."""
    return "" if final else f"{game.id} {game.manifest.version} · {{component}}/{{id}}"


def preflight_prepared(prep: Prepared, single: bool, stamped: bool) -> list[Problem]:
    """A laid-out game imposed on its paper (or one face a page) and preflighted."""
    rendered = [RenderedFile(Path(f"{deck.id}{suffix}.pdf"), b"", pages, how, deck)
                for deck, entries, size in prep.decks
                for suffix, pages, how in impose_component(deck, entries, size, prep.settings, prep.paper, [], single)]
    document = None
    if not single and prep.settings.document:  # the document's own sheets: the pieces and cards it packs
        from pnp.output.packing.shared import plan_document

        laid = {deck.id: (entries, size) for deck, entries, size in prep.decks}
        sections = plan_document([(deck, *laid[deck.id], pages) for _, _, pages, _, deck in rendered], prep.settings,
                                 prep.paper)
        document = (f"{prep.game.id}-pnp.pdf", [p for sec in sections if sec.kind != "own" for p in sec.pages])
    return preflight(rendered, prep.settings.margin, prep.font, prep.env, stamp_of(prep.game, not stamped), single,
                     document, prep.settings.contrast)


def printed(pages: list[Page], side: str) -> int:
    """Pieces on these pages: each card id and copy once (a tiled board is one piece)."""
    return len({(p.meta["id"], p.meta["copy"]) for page in pages for p in page.placements if p.meta["side"] == side})


def preflight(rendered: list[RenderedFile], margin: float, font: str, env: LayoutEnv, stamp: str, single: bool,
              document: tuple[str, list[Page]] | None = None, contrast: float = 2.0) -> list[Problem]:
    """What a print shop's preflight would flag in these files and the document (pnp/output/preflight/laid_out.py);
    `stamp`: the playtest stamp's text, if printed; `contrast`: what text must reach (the game's `print:`)."""
    from pnp.output.preflight.laid_out import Preflight, Sheets
    from pnp.output.render.pdftext import STAMP_SIZE

    check = Preflight(margin, font, env.icons, STAMP_SIZE if stamp else None, stamp)
    check.contrast = contrast
    for path, _, pages, _, deck in rendered:
        check.check(Sheets(path.name, pages, deck.doc.where(()), single))
    if document is not None:
        check.check(Sheets(*document))
    return check.problems()


def fingerprint(root: Path, game: Game, deck: Deck, options: Any, entries: Sequence[Any] = ()) -> str:
    """What a deck's sheets depend on: its file, its templates, the game's look, the build's options, and the
    picture files its laid-out faces (`entries`) draw (`pnp watch`: a saved image redraws its cards)."""
    import hashlib

    from pnp.layout.scene import image_paths
    from pnp.layout.templates import template_files
    from pnp.model.spreadsheets.decks import SheetDoc

    h = hashlib.sha1(repr(options).encode())
    files = [game.dir / "game.yaml", root / deck.doc.file, *template_files(root, deck.template),
             *template_files(root, deck.back), *(game.dir / f for f in game.manifest.data.values())]
    if game.manifest.icons:
        files.append(game.dir / game.manifest.icons)
    if isinstance(deck.doc, SheetDoc):  # its cards are rows of a spreadsheet
        files.append(deck.doc.source)
    for path in files:
        h.update(path.read_bytes() if path.is_file() else b"-")
    for font in sorted((root / "fonts").glob("*")):
        h.update(f"{font.name}{font.stat().st_mtime_ns}".encode())
    faces = {id(face): face for front, back, _ in entries for face in (front, back) if face is not None}
    groups: set[int] = set()  # each face once (copies share it), each template's shared group once
    pictures = {p for face in faces.values() for p in image_paths(face.items, groups)}
    for name in sorted(pictures):  # held to the project by the layout
        try:
            st = (root / name).stat()
            h.update(f"{name}{st.st_size}:{st.st_mtime_ns}".encode())
        except OSError:
            h.update(f"{name}-".encode())
    return h.hexdigest()


def shift_backs(pages: list[Page], offset_mm: tuple[float, float]) -> None:
    """Move every face on a backs page by the printer's measured shift (and nothing else)."""
    dx, dy = offset_mm[0] * 72 / 25.4, offset_mm[1] * 72 / 25.4
    if not (dx or dy):
        return
    for page in pages:
        if page.side != "back":
            continue
        for p in page.placements:
            p.x, p.y = p.x + dx, p.y + dy
            p.clip = (p.clip[0] + dx, p.clip[1] + dy, p.clip[2], p.clip[3])


def _label(component_id: str) -> str:
    """`happiness-meter` -> `Happiness meter` for the contents checklist (`d6` stays `d6`)."""
    words = component_id.replace("-", " ")
    return words if re.match(r"d\d", words) else words[:1].upper() + words[1:]


def render_document(game: Game, rendered: list[RenderedFile], laid: dict[str, Any], counts: dict[str, int],
                    paper: tuple[float, float], settings: PrintSettings, env: LayoutEnv, font: str, marker: str,
                    stamp: str, back_offset: tuple[float, float] = (0.0, 0.0), rulebook: str = "",
                    stock: str | None = None, pdfx: Any = None) -> tuple[bytes, list[Page]]:
    """The print-and-play document's bytes and pages: front matter, then every component, like pieces sharing
    sheets (pnp/output/packing/shared.py), write-in pads back to back (pnp/output/packing/pads.py). `stock` (card
    or paper): only the sheets printed on it, for a print shop."""
    from pnp.output.document.front_matter import front_matter, paired, stock_ranges
    from pnp.output.packing.pads import back_to_back
    from pnp.output.packing.shared import plan_document

    Renderer = renderer_of(pdfx)

    sections = back_to_back(plan_document([(deck, *laid[deck.id], pages) for _, _, pages, _, deck in rendered],
                                          settings, paper), settings)
    names = {deck.id: deck.name for *_, deck in rendered}
    body = env.families.get("body") or next(iter(env.families.values()))
    rows = checklist_rows(game, rendered, counts)
    # the checklist says where each component starts: the front matter's length comes first
    at = len(front_matter(game, paper, settings, body, rows, sections, rulebook)) + 1
    pages: list[Page] = []
    what: list[str] = []
    first_page: dict[str, int] = {}  # each component's first page: where its faces were placed
    section_start: dict[str, int] = {}  # (a component with no face placed: where its section starts)
    for section in sections:
        # duplex: each one-sided sheet is followed by a blank page, so the whole file prints in one go
        section_pages = paired(section.pages, paper) if settings.duplex != "none" else list(section.pages)
        if section.kind != "own":
            shift_backs(section_pages, back_offset)
        for i, p in enumerate(section_pages):  # (pieces beside a board's tile are on the board's pages)
            for q in p.placements:
                if "component" in q.meta:
                    first_page[q.meta["component"]] = min(first_page.get(q.meta["component"], at + i), at + i)
        for deck in section.decks:
            section_start.setdefault(deck.id, at)
        what += [_holds(p, names, section.kind == "pieces") or ("" if p.side == "blank" else section.decks[0].name)
                 for p in section_pages]
        group = {"own": section.decks[0].id, "cards": "cards"}.get(section.kind, section.kind)
        if section.kind == "cards":
            group += " {:g} x {:g} mm".format(*(round(to_mm(v), 2) for v in laid[section.decks[0].id][1]))
        on = "paper" if all(d.spec.kind == "sheet" for d in section.decks) else "card"
        for p in section_pages:
            if p.side != "blank":
                p.info = {**p.info, "group": group}
            p.info = {**p.info, "stock": on}
        pages += section_pages
        at += len(section_pages)
    start = at - len(pages)
    first_page = {**section_start, **first_page}
    if stock is not None:  # the other stock's sheets left out: each component's first page counted again
        kept = [i for i, p in enumerate(pages) if p.info["stock"] == stock]
        renumber = {start + i: start + n for n, i in enumerate(kept)}
        first_page = {d: renumber.get(n, 0) for d, n in first_page.items()}
        pages, what = [pages[i] for i in kept], [what[i] for i in kept]
    rows = [dataclasses.replace(r, page=first_page.get(r.deck, 0)) for r in rows]
    front = front_matter(game, paper, settings, body, rows, sections, rulebook,
                         stock_ranges([p.info["stock"] for p in pages], start))
    pages = front + pages
    footers(pages, f"{game.manifest.name} {game.manifest.version}", settings.paper, settings.duplex, bool(stamp),
            [p.info.get("what", "") for p in front] + what)
    data = Renderer(env.icons, f"{game.manifest.name}: print-and-play", font).render(pages, marker, stamp,
                                                                                     settings.margin)
    return data, pages


def _holds(page: Page, names: dict[str, str], counts: bool = False) -> str:
    """The components on a page, by name, in the order they first appear (with how many of each: the legend of
    a pieces sheet)."""
    seen: dict[str, int] = {}
    for p in page.placements:
        if p.meta.get("component") in names:
            name = names[p.meta["component"]]
            seen[name] = seen.get(name, 0) + 1
    if page.side == "map":
        return f"{next(iter(seen), '')} assembly map".strip()
    return ", ".join(f"{name} {n}" if counts else name for name, n in seen.items())


def checklist_rows(game: Game, rendered: list[RenderedFile], counts: dict[str, int]) -> list[Row]:
    """The contents checklist: each deck in print order, each contents entry that is a card id right under its
    own deck, then what is not printed ("also needed")."""
    from pnp.output.document.front_matter import Row  # the print-and-play document's: only a build that writes one

    contents = game.manifest.content()
    cards = {c.id: d.id for d in game.decks for c in d.cards}
    rows: list[Row] = []
    for path, _, _, _, deck in rendered:
        parts = [sub for cid, sub in contents.items() if cid not in counts and cards.get(cid) == deck.id]
        stated = _stated(contents.get(deck.id))
        if deck.id not in contents and parts and all(isinstance(_stated(p), int) for p in parts):
            stated = sum(p.count or 0 for p in parts)  # the rulebook lists the deck card by card
        rows.append(Row(deck.name, stated, counts[deck.id], path.name, deck.spec.kind, deck.id))
        for cid, sub in contents.items():
            if cid not in counts and cards.get(cid) == deck.id:
                rows.append(Row(f"{_label(cid)} (a {deck.name})", _stated(sub), sub.count or 0, kind=deck.spec.kind,
                                sub=True))
    rows += [Row(_label(cid), _stated(item), 0, kind="also", note=item.note) for cid, item in contents.items()
             if not item.printed]
    return rows


def _stated(item: Any) -> int | str:
    """The rulebook column: the count the rulebook states, or "not stated"."""
    if item is None or not item.stated or item.count is None:
        return "not stated"
    if item.listed is not None and item.listed != item.count:  # the rulebook's lists disagree: say both
        return f"{item.listed} (rules: {item.count})"
    return item.count
