"""Layout of a whole game: its fonts, icons and templates once, then every face of every deck.

What `pnp build` and `pnp check` share, below both: `check` lays a game out to find text that does
not fit, `build` lays it out to print. Neither calls the other.
"""

from __future__ import annotations

import dataclasses
import os
import weakref
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, NamedTuple

from pnp.core import bounds, watchdog
from pnp.core.errors import InputError, Problem, Problems, Where
from pnp.core.watchdog import Overtime, time_limit
from pnp.layout import decks_kept
from pnp.layout.cardtext import filled
from pnp.layout.decks_kept import keepable
from pnp.layout.faces_kept import FacesKept, Kept, card_key
from pnp.layout.fonts.families import load_families
from pnp.layout.other_decks import decks_read
from pnp.layout.precompile import precompile
from pnp.layout.scene import Entry
from pnp.layout.template_engine import CompiledTemplate, LayoutEnv
from pnp.layout.templates import TemplateStore
from pnp.layout.text import glossary_pattern, placeholder_pattern
from pnp.model.game import Deck, Game, PrintSettings
from pnp.model.load import display_path
from pnp.model.project import OUTSIDE, outside
from pnp.model.translation.table_words import printed_tables, source_tables
from pnp.model.translation.translated import TranslatedGame

_ENVS: weakref.WeakKeyDictionary[Game, tuple[LayoutEnv, list[Problem]]] = weakref.WeakKeyDictionary()


def layout_env(game: Game, problems: Problems) -> LayoutEnv:
    """The game's fonts, icons, palette and glossary, as layout reads them: read once per loaded game (a
    build's layout and its rules' geometry share them), what was found wrong said to every caller."""
    if game not in _ENVS:
        own = Problems()
        _ENVS[game] = (_read_env(game, own), own.items)
    env, found = _ENVS[game]
    problems.extend(found)
    return env


def _read_env(game: Game, problems: Problems) -> LayoutEnv:
    m = game.manifest
    declared = {name: dataclasses.asdict(fam) for name, fam in m.fonts.items()}
    families = load_families(game.root, declared, game.doc.where, problems)
    from pnp.layout.art.icons import IconSet, load_icons

    own = display_path(game.dir, game.root)
    unnamed = next((f"{own}/{n}" for n in ("icons.yaml", "icons.yml") if (game.dir / n).is_file()), None)
    icons = IconSet(file=f"{own}/{m.icons}" if m.icons else None, unnamed=None if m.icons else unnamed,
                    expected=f"{own}/icons.yaml")
    if m.icons:
        path = game.dir / m.icons
        if outside(game.root, path):
            problems.add(game.doc.where(("icons",)), f"icon file {m.icons!r} {OUTSIDE}", "icons")
        elif not os.path.exists(path):
            problems.add(game.doc.where(("icons",)), f"icon file {m.icons!r} not found in cards/{game.id}/",
                         "icons")
        else:
            try:
                icons = IconSet(load_icons(path, game.root, problems), display_path(path, game.root))
            except InputError as exc:
                problems.extend(exc.problems)
    if isinstance(game, TranslatedGame):  # the icons' meanings in the game's language (lang/<code>/game.yaml)
        _icon_words(game, icons)
        from pnp.layout.fonts.font_scripts import script_problem

        files = [f for fam in m.fonts.values() for f in (fam.regular, fam.bold, fam.italic, fam.bold_italic,
                                                             *fam.fallback) if f]
        at = game.doc.where(("languages", m.languages.index(game.lang)))
        refused = script_problem(game.root, game.lang, files, at)
        if refused is not None:
            problems.extend([refused])
    terms = [(t, [t + "s"]) if isinstance(t, str) else (t.term, t.forms or [t.term + "s"])
             for t in m.glossary.terms]
    return LayoutEnv(game.root, game.dir, families, m.palette, icons, glossary_pattern(terms),
                     m.glossary.style, m.glossary.color, placeholder_pattern(m.placeholders), dict(game.data),
                     *((game.lang, m.fit.get(game.lang, 1.0), game.choice_words) if isinstance(game, TranslatedGame)
                       else ()))


def _icon_words(game: TranslatedGame, icons: dict) -> None:
    words = game.translation.words if game.translation else None
    said = words.data.get("icons") if words is not None and isinstance(words.data, dict) else None
    for name, value in (said or {}).items() if isinstance(said, dict) else ():
        text = value.get("description") if isinstance(value, dict) else value
        if name in icons and isinstance(text, str):
            icons[name] = dataclasses.replace(icons[name], description=text)


_STORES: weakref.WeakKeyDictionary[Game, TemplateStore] = weakref.WeakKeyDictionary()
_GEOMETRY: weakref.WeakKeyDictionary[Game, dict[tuple, Any]] = weakref.WeakKeyDictionary()


def template_store(game: Game) -> TemplateStore:
    """The game's templates, each resolved once per loaded game: its layout and its rules read the same."""
    if game not in _STORES:
        if isinstance(game, TranslatedGame) and game.source is not None and game.translation is not None:
            from pnp.layout.translated_templates import TranslatedStore

            _STORES[game] = TranslatedStore(game.root, game.lang, game.translation.templates,
                                            template_store(game.source), game.translation.template_vars,
                                            game.manifest.names == "both")
        else:
            _STORES[game] = TemplateStore(game.root)
    return _STORES[game]


def geometry_kept(game: Game) -> dict[tuple, Any]:
    """Where the rules keep the templates they lay out for their geometry (pnp/rules/layouts.py), by template, decks
    (the `Deck` objects: one read again is another) and elements: per loaded game, or, under `pnp watch` and `pnp
    serve`, the layout cache's, kept while the shared inputs hold and emptied of a deck whose faces are made again."""
    return _GEOMETRY.setdefault(game, {})


def deck_context(game: Game, deck: Deck) -> dict[str, Any]:
    """What a deck's templates read besides the card: `game`, `deck`, the data tables and the game's `decks`."""
    return {"game": {"id": game.id, "name": game.manifest.name, "palette": game.manifest.palette},
            "deck": {"id": deck.id, "name": deck.name, "count": deck.faces},
            "data": printed_tables(game), "decks": decks_read(game)}


def card_names(game: Game, base: dict[str, Any]) -> dict[str, Any]:
    """What a card's own text reads (`filled`): the deck's names, but the data tables as the source has them, so a
    look-up by a task's name (`selectattr('name', 'eq', 'Craft')`) finds it in every language."""
    return {**base, "data": source_tables(game)} if isinstance(game, TranslatedGame) else base


def lay_out_deck(deck: Deck, game: Game, store: TemplateStore, env: LayoutEnv, bleed: float,
                 problems: Problems, kept: FacesKept | None = None) -> list[Entry]:
    """Every printed face of a deck: (front, back, manifest entry), one per copy. `kept`: the faces of the last
    layout (pnp/layout/faces_kept.py), of which each card unchanged takes its own."""
    watchdog.working_on(f"laying out {deck.id} ({deck.doc.file})")
    if deck.spec.kind == "die":
        from pnp.layout.pieces.dice import lay_out_die

        try:
            return lay_out_die(deck, game, env, problems, store, bleed)
        except Overtime as exc:  # a die's template ran over
            if not getattr(exc, "reported", False):
                problems.add(deck.doc.where(("template",)), f"laying out this die's faces took more than "
                             f"{bounds.FACE_SECONDS:g} s a face: its template's loops run too long", deck.id)
            return []
    if deck.spec.kind == "dial":
        from pnp.layout.pieces.dial_faces import lay_out_dial

        return lay_out_dial(deck, game, store, env, bleed, problems)
    assert deck.template is not None
    front_t = store.get(deck.template, deck.doc.where(("template",)))
    try:  # a board's or a card's other side: say which field names it
        back_t = store.get(deck.back, deck.doc.where(("back",))) if deck.back else None
    except InputError as exc:
        raise InputError([dataclasses.replace(p, subject="back") if p.subject == "template" else p
                          for p in exc.problems]) from None
    if back_t and back_t.size != front_t.size:
        problems.add(deck.doc.where(("back",)), f"back template {deck.back!r} is not the size of the front "
                     f"template {deck.template!r}", "back")
        back_t = None
    bleed_f = front_t.bleed if front_t.bleed is not None and bleed else bleed
    if deck.spec.kind == "sheet":  # write-in sheets: no art off the edge; a back makes a two-sided pad
        bleed_f = 0.0
    base = deck_context(game, deck)
    names = card_names(game, base)
    out: list[Entry] = []
    for template in (front_t, back_t):
        if template is not None:
            precompile(template)  # compiling is not laying out: outside the time limit
    try:  # each template's fixed part, then each face, within its time (runaway loops in a template)
        with time_limit(bounds.FACE_SECONDS), base["decks"].apart() as fixed_read:  # (its fixed part may read one)
            front = CompiledTemplate(front_t, env, bleed_f, problems, base, deck.id)
            back = CompiledTemplate(back_t, env, bleed_f, problems, base, deck.id + "-back") if back_t else None
            shared_back = back.face({}, f"{deck.id} back", problems) if back and not back.uses_card else None
        keep = kept is not None and deck.spec.cards_from is None and not fixed_read
        last = kept.decks.get(deck.id, {}) if kept is not None and keep else None
        now: dict[tuple, Kept] = {}
        deck_key = (id(front_t), id(back_t), id(env), bleed_f, repr({k: v for k, v in base.items() if k != "decks"}))
        for card in deck.cards:
            ctx = {"card": filled(deck, card, problems, names, env.icons)}
            subject = f"{deck.id}/{card.id}"
            key = card_key(deck_key, deck, card, ctx, subject) if last is not None else ()
            if last is not None and key in last:
                face, back_face, found = now[key] = last[key]
                problems.extend(found)
            else:
                where, own = partial(_place, deck, card), Problems()
                with time_limit(bounds.FACE_SECONDS), base["decks"].apart() as read:
                    face = front.face(ctx, subject, own, where)
                    back_face = shared_back or (back.face(ctx, subject + " back", own, where) if back else None)
                problems.extend(own.items)
                if last is not None and not read:
                    now[key] = (face, back_face, own.items)
            for copy in range(1, card.copies + 1):
                out.append(Entry(face, back_face, {"component": deck.id, "id": card.id, "copy": copy}))
        if kept is not None and last is not None:
            kept.decks[deck.id] = now
    except Overtime as exc:  # the element that ran over is reported by the layout; the deck stops there
        if not getattr(exc, "reported", False):  # (outside any element: say it for the whole template)
            problems.add(front_t.where, f"laying out a face of this template took more than {bounds.FACE_SECONDS:g} "
                         "s: its loops run too long; draw less per face", deck.id)
        return []
    return out


def _place(deck: Deck, card: Any, name: str = "", *path: str | int) -> Where:
    """The place of a card's field, or of a value inside it (`stock`, 1, `qty`), in the deck file."""
    return deck.doc.where(("cards", card.index, name, *path) if name else ("cards", card.index))


class LaidOutDeck(NamedTuple):
    """A deck as the layout hands it on: the deck, every printed copy of its faces, and their trim size (points)."""

    deck: Deck
    entries: list[Entry]
    size: tuple[float, float]


def check_pieces(game: Game, max_pieces: int) -> None:
    """Refuse, before laying anything out, a game that would print more pieces than `max_pieces`."""
    total = sum(deck.faces for deck in game.decks)
    if total <= max_pieces:
        return
    deck, card = max(((d, c) for d in game.decks for c in d.cards), key=lambda dc: dc[1].copies)
    raise InputError([Problem(deck.where(card, "copies") if card.copies > 1 else deck.doc.where(("cards",)),
                              f"this game would print {total:,} pieces, more than the limit of {max_pieces:,} "
                              f"(this card prints {card.copies:,}); if that is right, raise the limit with "
                              "--max-pieces", f"{deck.id}/{card.id}")])


@dataclass
class LayoutCache:
    """What `lay_out_game` keeps between runs (`pnp watch`, `pnp serve`): the fonts, icons and palette made from
    the game's shared inputs, and each deck's faces by its file, with the files of other decks they read."""

    shared: str = ""  # the shared inputs the rest was made from (see _shared_inputs)
    env: tuple[LayoutEnv, list[Problem]] | None = None
    decks: dict[str, tuple[bytes, list[Entry], list[Problem], dict[str, bytes]]] = field(default_factory=dict)
    store: TemplateStore | None = None  # the templates, each resolved once while the shared inputs hold
    geometry: dict[tuple, Any] = field(default_factory=dict)  # the rules' laid-out templates (geometry_kept)
    faces: FacesKept = field(default_factory=FacesKept)  # each card's faces, for a deck laid out again

    def clear(self) -> None:
        self.env, self.store = None, None
        self.decks.clear()
        self.geometry.clear()
        self.faces.clear()


def lay_out_game(game: Game, bleed: float, problems: Problems, max_pieces: int = bounds.PIECES,
                 cache: LayoutCache | None = None) -> tuple[LayoutEnv, list[LaidOutDeck]]:
    """Every deck laid out; problems of every deck are collected, a deck that cannot be laid out is left out.

    `cache` (kept between runs by `pnp watch` and `pnp serve`): a deck whose file is unchanged, in a game
    whose other files, templates and fonts are unchanged, is not laid out again: its faces and findings
    are taken from the last run. A deck whose templates read other decks (`decks.track`) is laid out again
    when one of their files changed too."""
    check_pieces(game, max_pieces)
    shared = _shared_inputs(game, bleed) if cache is not None else ""
    if cache is not None and cache.shared != shared:
        cache.clear()
    if cache is not None and cache.env is not None:
        env, found = cache.env
        problems.extend(found)
        _ENVS[game] = cache.env  # the rules' geometry reads the same fonts and icons
        if cache.store is not None:
            _STORES[game] = cache.store
        _GEOMETRY[game] = cache.geometry
    else:
        own = Problems()
        env = layout_env(game, own)
        problems.extend(own.items)
        if cache is not None and not own.errors:
            cache.shared, cache.env = shared, (env, own.items)
    problems.raise_if_errors()
    store = template_store(game)
    if isinstance(game, TranslatedGame):  # a language's templates.yaml, every entry checked
        from pnp.layout.translated_templates import TranslatedStore

        problems.extend(store.found() if isinstance(store, TranslatedStore) else [])
    if cache is not None and cache.env is not None:
        cache.store = store
        _GEOMETRY[game] = cache.geometry
    decks = []
    for deck in game.decks:
        if not deck.faces:  # nothing to lay out: said here, not found later as a page of no size
            problems.add(deck.doc.where(("cards",)) if "cards" in (deck.doc.data or {}) else deck.doc.where(),
                         f"this die deck prints no die: list one card per die to print, e.g. `cards: [{{id: "
                         f"{deck.id}, name: {deck.name}}}]`" if deck.spec.kind == "die" else
                         "this deck prints nothing (no cards, or every card has `copies: 0`): add a card, or take "
                         "the deck out of game.yaml's `decks`", "cards")
            continue
        key = deck.doc.file
        text = _read(game.root / deck.doc.file) if cache is not None or keepable(deck) else b""
        kept = cache.decks.get(key) if cache is not None else None
        reused = None
        if kept is not None and kept[0] == text and all(_read(game.root / f) == t for f, t in kept[3].items()):
            reused = kept[1], kept[2]
        elif cache is None and keepable(deck):  # a one-off build: the faces the last one laid out, where they hold
            shared = shared or _shared_inputs(game, bleed)
            reused = decks_kept.kept(game, deck, shared, text)
        if reused is not None:
            entries, found = reused
            problems.extend(found)
        else:
            own = Problems()
            others = decks_read(game)
            others.taken()
            try:
                entries = lay_out_deck(deck, game, store, env, bleed, own, cache.faces if cache is not None else None)
            except InputError as exc:
                problems.extend(own.items + exc.problems)
                continue
            problems.extend(own.items)
            read = others.taken()
            files = {d.doc.file for d in game.decks if d.id in read and d is not deck}
            if cache is not None:  # with the files of the other decks its faces read; its geometry made again too
                for kept_key in [k for k in cache.geometry if any(d.id == deck.id for d, _ in k[1])]:
                    del cache.geometry[kept_key]
                cache.decks[key] = (text, entries, own.items, {f: _read(game.root / f) for f in files})
            else:
                decks_kept.keep(game, deck, shared, text, entries, own.items, sorted(files))
        size = (entries[0].front.w, entries[0].front.h) if entries else (0.0, 0.0)
        decks.append(LaidOutDeck(deck, entries, size))
    return env, decks


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


def _shared_inputs(game: Game, bleed: float) -> str:
    """What every deck's layout reads besides its own file: the game's other files (game.yaml, icons, data,
    images), the templates and the fonts, by name, size and time of change."""
    decks = {os.path.normpath(game.root / d.doc.file) for d in game.decks}
    stamps = [repr(bleed), getattr(game, "lang", "")]  # a language's build keeps its own
    for folder in (game.dir, game.root / "templates", game.root / "fonts"):
        for here, subdirs, files in os.walk(folder):
            subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
            for name in sorted(files):
                path = os.path.normpath(os.path.join(here, name))
                if path not in decks:
                    st = os.stat(path)
                    stamps.append(f"{path}:{st.st_size}:{st.st_mtime_ns}")
    return "\n".join(stamps)


@dataclass(repr=False, eq=False)
class Prepared:
    """A game loaded, laid out and checked: everything a build, a preview or an export starts from."""

    game: Game
    settings: PrintSettings
    paper: tuple[float, float]
    env: LayoutEnv
    decks: list[LaidOutDeck]
    found: list[Problem]  # rule findings that did not stop the build (warnings, or errors when forced)
    marker: str  # printed on every face when the rules were not checked
    font: str  # the renderer's default font (labels, stamps)
