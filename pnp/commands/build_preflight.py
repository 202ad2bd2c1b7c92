"""The preflight of a build's files: what a print shop would flag in the laid-out pages, and what the written
files paint (the bleed of every free edge, measured in pixels)."""

from __future__ import annotations

from pathlib import Path

from pnp.commands.built_files import RenderedFile, impose_component, stamp_of
from pnp.core import watchdog
from pnp.core.errors import Problem, Where
from pnp.layout.template_engine import LayoutEnv
from pnp.layout.whole_game import Prepared
from pnp.model.units import MM
from pnp.output.impose.cards import Page
from pnp.output.preflight.laid_out import KeptFindings


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
                                 prep.paper, getattr(prep.game, "lang", ""))
        document = (f"{prep.game.id}-pnp.pdf", [p for sec in sections if sec.kind != "own" for p in sec.pages])
    return preflight(rendered, prep.settings.margin, prep.font, prep.env, stamp_of(prep.game, not stamped), single,
                     document, prep.settings.contrast)[0]



def preflight(rendered: list[RenderedFile], margin: float, font: str, env: LayoutEnv, stamp: str, single: bool,
              document: tuple[str, list[Page]] | None = None, contrast: float = 2.0,
              kept: KeptFindings | None = None) -> tuple[list[Problem], KeptFindings]:
    """What a print shop's preflight would flag in these files and the document (pnp/output/preflight/laid_out.py);
    `stamp`: the playtest stamp's text, if printed; `contrast`: what text must reach (the game's `print:`); `kept`:
    the last build's findings on each face (`pnp watch`), given back for the next with this build's."""
    from pnp.output.preflight.laid_out import Preflight, Sheets
    from pnp.output.render.pdftext import STAMP_SIZE

    check = Preflight(margin, font, env.icons, STAMP_SIZE if stamp else None, stamp, kept)
    check.contrast = contrast
    for path, _, pages, _, deck in rendered:
        check.check(Sheets(path.name, pages, deck.doc.where(()), single))
    if document is not None:
        check.check(Sheets(*document))
    return check.problems(), check.kept()
