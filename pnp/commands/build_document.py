"""The print-and-play document of a build: the front matter (contents checklist pointing at each component's
page, how to print and build) and every component's sheets, packed and paired front and back."""

from __future__ import annotations

import dataclasses
import re
from typing import TYPE_CHECKING, Any

from pnp.commands.built_files import RenderedFile, shift_backs
from pnp.commands.print_shops import renderer_of
from pnp.layout.template_engine import LayoutEnv
from pnp.model.game import Game, PrintSettings
from pnp.model.translation.catalog import said as said_in
from pnp.model.units import to_mm
from pnp.output.impose.cards import Page
from pnp.output.render.footer import footers

if TYPE_CHECKING:
    from pnp.output.document.front_matter import Row

def _id_label(component_id: str) -> str:
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

    lang = getattr(game, "lang", "")  # a translated game: pnp's words in its language
    sections = back_to_back(plan_document([(deck, *laid[deck.id], pages) for _, _, pages, _, deck in rendered],
                                          settings, paper, lang), settings)
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
        what += [_holds(p, names, section.kind == "pieces", lang)
                 or ("" if p.side == "blank" else section.decks[0].name) for p in section_pages]
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
            [said_in(p.info.get("what", ""), lang) for p in front] + what, lang=lang)
    data = Renderer(env.icons, f"{game.manifest.name}: print-and-play", font).render(pages, marker, stamp,
                                                                                     settings.margin)
    return data, pages



def _holds(page: Page, names: dict[str, str], counts: bool = False, lang: str = "") -> str:
    """The components on a page, by name, in the order they first appear (with how many of each: the legend of
    a pieces sheet)."""
    seen: dict[str, int] = {}
    for p in page.placements:
        if p.meta.get("component") in names:
            name = names[p.meta["component"]]
            seen[name] = seen.get(name, 0) + 1
    if page.side == "map":
        return said_in("{name} assembly map", lang, name=next(iter(seen), "")).strip()
    return ", ".join(f"{name} {n}" if counts else name for name, n in seen.items())



def checklist_rows(game: Game, rendered: list[RenderedFile], counts: dict[str, int]) -> list[Row]:
    """The contents checklist: each deck in print order, each contents entry that is a card id right under its
    own deck, then what is not printed ("also needed")."""
    from pnp.output.document.front_matter import Row  # the print-and-play document's: only a build that writes one

    contents = game.manifest.content()
    cards = {c.id: d.id for d in game.decks for c in d.cards}
    lang = getattr(game, "lang", "")  # a translated game: its cards' own names, pnp's words in its language
    named = {c.id: str(c.data["name"]) for d in game.decks for c in d.cards if c.data.get("name")} if lang else {}

    def _label(cid: str) -> str:
        return named.get(cid) or _id_label(cid)

    def _stated(item: Any) -> int | str:
        said = _stated_in(item)
        return said_in(said, lang) if said == "not stated" else said

    rows: list[Row] = []
    for path, _, _, _, deck in rendered:
        parts = [sub for cid, sub in contents.items() if cid not in counts and cards.get(cid) == deck.id]
        stated = _stated(contents.get(deck.id))
        if deck.id not in contents and parts and all(isinstance(_stated(p), int) for p in parts):
            stated = sum(p.count or 0 for p in parts)  # the rulebook lists the deck card by card
        rows.append(Row(deck.name, stated, counts[deck.id], path.name, deck.spec.kind, deck.id))
        for cid, sub in contents.items():
            if cid not in counts and cards.get(cid) == deck.id:
                rows.append(Row(said_in("{card} (a {deck})", lang, card=_label(cid), deck=deck.name), _stated(sub),
                                sub.count or 0, kind=deck.spec.kind, sub=True))
    rows += [Row(_label(cid), _stated(item), 0, kind="also", note=item.note) for cid, item in contents.items()
             if not item.printed]
    return rows



def _stated_in(item: Any) -> int | str:
    """The rulebook column: the count the rulebook states, or "not stated"."""
    if item is None or not item.stated or item.count is None:
        return "not stated"
    if item.listed is not None and item.listed != item.count:  # the rulebook's lists disagree: say both
        return f"{item.listed} (rules: {item.count})"
    return item.count
