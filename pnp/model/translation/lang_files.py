"""Reading a language's files: `cards/<game>/lang/<code>/` holds one file per deck file (card id -> field ->
string, `_deck:` for the deck's own words, `_source:` for the stamps), `templates.yaml` (template -> element ->
text) and `game.yaml` (the game's own words). Every string is checked against its source here, at its line."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.core import bounds
from pnp.core.errors import InputError, Problem, Problems, Where, did_you_mean, echo
from pnp.model.game import Game
from pnp.model.load import Doc, display_path, load_file
from pnp.model.translation.field_paths import ID, leaf, word_leaves
from pnp.model.translation.live_words import live_problems

DECK_WORDS = ("name", "instructions")  # what `_deck:` may translate: the deck's name and its building line
RESERVED = ("_deck", "_source")
GAME_FILES = ("templates.yaml", "game.yaml")


@dataclass(frozen=True)
class Worded:
    """One translated string and where it was written."""
    text: str
    where: Where


@dataclass
class Translation:
    """A language's files, read: every string at its place."""
    code: str
    folder: str  # cards/<game>/lang/<code>, as shown
    cards: dict[str, dict[str, dict[str, Worded]]] = field(default_factory=dict)  # deck id -> card id -> field -> said
    stamps: dict[str, dict[str, dict[str, Worded]]] = field(default_factory=dict)  # the same, of `_source:`
    decks: dict[str, dict[str, Worded]] = field(default_factory=dict)  # deck id -> `_deck:` words
    card_at: dict[tuple[str, str], Where] = field(default_factory=dict)  # (deck id, card id) -> its entry
    files: dict[str, str] = field(default_factory=dict)  # deck id -> its translation file, as shown
    templates: dict[str, dict[str, Worded]] = field(default_factory=dict)  # template -> element -> text
    template_vars: dict[str, dict[str, Worded]] = field(default_factory=dict)  # template -> `_vars:` var -> words
    words: Doc | None = None  # game.yaml: the game's name, glossary, icons, setup


def languages_of(game: Game) -> list[str]:
    """The game's languages, the source first (`languages:` of game.yaml; a game without it: English alone)."""
    return list(game.manifest.languages) or ["en"]


def translatable(game: Game, deck_id: str) -> set[str]:
    """The fields of a deck a translation may hold: `name`, and its text fields but those whose every value is a
    lower-case id (`meteor-impact`: an art file's name, not words a player reads)."""
    deck = game.deck(deck_id)
    texts = [n for n, fs in deck.spec.fields.items() if fs.type == "text"]
    structured = {path for n, fs in deck.spec.fields.items() if fs.type == "any" for c in deck.cards
                  for path in word_leaves(n, c.data.get(n))}  # a list or mapping of words: each by its path
    return {"name", *structured, *(n for n in texts if any(isinstance(c.data.get(n), str) and not ID.fullmatch(
        c.data[n]) for c in deck.cards))}


def read_translation(game: Game, code: str, problems: Problems) -> Translation:
    """A language's files, each string checked against its source; every problem at its line."""
    folder = game.dir / "lang" / code
    shown = f"{display_path(game.dir, game.root)}/lang/{code}"
    out = Translation(code, shown)
    stems = {Path(d.doc.file).stem: d for d in game.decks}
    if not folder.is_dir():
        return out
    names = sorted(os.listdir(folder))
    if len(names) > bounds.LANG_FILES:
        raise InputError([Problem(Where(shown), f"{len(names):,} files, more than the {bounds.LANG_FILES:,} a "
                                   "language folder may hold: one per deck file, templates.yaml and game.yaml")])
    for name in names:
        path = folder / name
        if name.startswith(".") or not name.endswith((".yaml", ".yml")):
            continue
        try:
            doc = load_file(path, game.root)
        except InputError as exc:
            problems.extend(exc.problems)
            continue
        stem = Path(name).stem
        if name in GAME_FILES:
            if name == "game.yaml":
                out.words = doc
            else:
                _templates(doc, out, problems)
            continue
        if stem not in stems:
            problems.add(doc.where(), f"{code}: no deck file {stem}.yaml in game.yaml's `decks` for this "
                         f"translation{did_you_mean(stem, stems)}: name it after its deck file, or remove it if "
                         "the deck is gone", name)
            continue
        _deck_file(game, stems[stem].id, doc, out, problems)
    return out


def _string(doc: Doc, path: tuple, value: Any, problems: Problems, subject: str, code: str) -> Worded | None:
    where = doc.where(path)
    if not isinstance(value, str):
        problems.add(where, f"{code}: a translation is a string (in quotes), got {echo(value)}", subject)
        return None
    if len(value) > bounds.LANG_TEXT:
        problems.add(where, f"{code}: {len(value):,} characters, more than the {bounds.LANG_TEXT:,} one "
                     "translated string may hold", subject)
        return None
    return Worded(value, where)


def _deck_file(game: Game, deck_id: str, doc: Doc, out: Translation, problems: Problems) -> None:
    code, deck = out.code, game.deck(deck_id)
    out.files[deck_id] = doc.file
    if doc.data is None:
        return
    if not isinstance(doc.data, dict):
        problems.add(doc.where(), f"{code}: a translation file maps card ids to their fields", deck_id)
        return
    cards = {c.id: c for c in deck.cards}
    fields = translatable(game, deck_id)
    mine: dict[str, dict[str, Worded]] = out.cards.setdefault(deck_id, {})
    for card_id, entry in doc.data.items():
        at = (card_id,)
        if card_id == "_deck":
            _deck_words(deck_id, deck, doc, entry, out, problems)
            continue
        if card_id not in cards:
            problems.add(doc.where(at), f"{code}: no card {echo(card_id)} in {deck.doc.file}"
                         f"{did_you_mean(card_id, cards)}: a translation left over from a card that is gone, or a "
                         "mistyped id; remove it or write the card's id", f"{deck_id}/{card_id}", rule="translation")
            continue
        card = cards[card_id]
        subject = f"{deck_id}/{card_id}"
        out.card_at[(deck_id, card_id)] = doc.where(at)
        if not isinstance(entry, dict):
            problems.add(doc.where(at), f"{code}: a card's translation maps its fields to strings "
                         "(`name: \"...\"`)", subject)
            continue
        for name, value in entry.items():
            if name == "_source":
                _stamps(deck_id, card_id, doc, value, out, problems)
                continue
            if name not in fields:
                kind = "not a field of this deck" if name not in card.data else "not words a player reads " \
                    "(only text fields are translated: numbers, ids and choices stay in the source)"
                problems.add(doc.where((*at, name)), f"{code}: {echo(name)} is {kind}"
                             f"{did_you_mean(name, fields)}", f"{subject}.{name}")
                continue
            said = _string(doc, (*at, name), value, problems, f"{subject}.{name}", code)
            source = leaf(card.data, name)
            if said is None:
                continue
            if not isinstance(source, str):
                problems.add(said.where, f"{code}: the card has no {name} to translate", f"{subject}.{name}")
                continue
            for why in live_problems(source, said.text):
                problems.add(said.where, f"{code}: {why}", f"{subject}.{name}", rule="translation")
            mine.setdefault(card_id, {})[name] = said


def _stamps(deck_id: str, card_id: str, doc: Doc, value: Any, out: Translation, problems: Problems) -> None:
    path = (card_id, "_source")
    if not isinstance(value, dict):
        problems.add(doc.where(path), f"{out.code}: `_source:` maps each field to the hash of its source "
                     "(`pnp translate --refresh` writes it)", f"{deck_id}/{card_id}")
        return
    for name, stamp in value.items():
        if isinstance(stamp, int) and not isinstance(stamp, bool) and 0 <= stamp < 10 ** 8:
            stamp = f"{stamp:08d}"  # a hash of digits only, written without quotes
        said = _string(doc, (*path, name), stamp, problems, f"{deck_id}/{card_id}._source.{name}", out.code)
        if said is not None:
            out.stamps.setdefault(deck_id, {}).setdefault(card_id, {})[name] = said


def _deck_words(deck_id: str, deck: Any, doc: Doc, entry: Any, out: Translation, problems: Problems) -> None:
    if not isinstance(entry, dict):
        problems.add(doc.where(("_deck",)), f"{out.code}: `_deck:` maps the deck's words ({', '.join(DECK_WORDS)}) "
                     "to their translations", deck_id)
        return
    for name, value in entry.items():
        if name not in DECK_WORDS:
            problems.add(doc.where(("_deck", name)), f"{out.code}: {echo(name)} is not a deck's printed words "
                         f"({', '.join(DECK_WORDS)}){did_you_mean(name, DECK_WORDS)}", f"{deck_id}._deck")
            continue
        said = _string(doc, ("_deck", name), value, problems, f"{deck_id}._deck.{name}", out.code)
        if said is not None:
            out.decks.setdefault(deck_id, {})[name] = said


def _templates(doc: Doc, out: Translation, problems: Problems) -> None:
    """templates.yaml, read: checked against the templates themselves by the layout (which reads templates)."""
    if doc.data is None:
        return
    if not isinstance(doc.data, dict):
        problems.add(doc.where(), f"{out.code}: templates.yaml maps template ids to their elements' texts")
        return
    for template, elements in doc.data.items():
        if not isinstance(elements, dict):
            problems.add(doc.where((template,)), f"{out.code}: a template's entry maps its elements' `name:` to "
                         "their translated text", str(template))
            continue
        for name, value in elements.items():
            if name == "_vars" and isinstance(value, dict):  # the template's `vars:` that print words
                for var, text in value.items():
                    said = _string(doc, (template, name, var), text, problems, f"{template}._vars.{var}", out.code)
                    if said is not None:
                        out.template_vars.setdefault(str(template), {})[str(var)] = said
                continue
            said = _string(doc, (template, name), value, problems, f"{template}.{name}", out.code)
            if said is not None:
                out.templates.setdefault(str(template), {})[str(name)] = said
