"""A game laid over with one language's words: the same decks, cards, numbers and expressions, each translated
string in place of its source and located at its line in the translation's file, so every stage after the model
prints and checks the translated game as it does the source, and says each problem where the translator fixes it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from pnp.core.errors import InputError, Problem, Problems, Where
from pnp.model.game import Deck, Game, GlossaryTerm
from pnp.model.load import Doc
from pnp.model.translation.choice_words import choice_words
from pnp.model.translation.codes import unknown_language
from pnp.model.translation.field_paths import with_leaves
from pnp.model.translation.lang_files import Translation, languages_of, read_translation
from pnp.model.translation.table_words import translated_tables, verb_words

# the game's words a translation's game.yaml holds (docs/translating.md)
SOURCE_NAME = "source_name"  # `names: both`: a translated card's source name, printed small under its title
WORDS = ("name", "glossary", "icons", "setup", "credits", "data", "verbs", "choices")


@dataclass(repr=False, eq=False)
class TranslatedDoc(Doc):
    """A deck file's places, a translated field's at its translation (`overlay`: (card index, field) -> there)."""
    base: Doc | None = None
    overlay: dict[tuple[int, str], Where] = field(default_factory=dict)
    cards: dict[int, Where] = field(default_factory=dict)  # a card's index -> its translation entry

    def where(self, path: Any = ()) -> Where:
        path = tuple(path)
        if len(path) >= 2 and path[0] == "cards" and isinstance(path[1], int):
            if len(path) >= 3 and (path[1], path[2]) in self.overlay:
                return self.overlay[(path[1], path[2])]
            if len(path) == 2 and path[1] in self.cards:
                return self.cards[path[1]]
        assert self.base is not None
        return self.base.where(path)


@dataclass(repr=False, eq=False)
class TranslatedGame(Game):
    """A game in one of its languages other than the source (`lang`), with the source game it was made from."""
    lang: str = ""
    source: Game | None = None
    translation: Translation | None = None
    tables: dict[str, Any] | None = None  # the data tables with the translation's words, for print (table_words)
    verb_names: dict[str, str] = field(default_factory=dict)  # a game verb -> its name in this language
    choice_words: dict[str, dict[str, str]] = field(default_factory=dict)  # field -> choice -> its printed word


def game_in(game: Game, code: str | None, problems: Problems | None = None) -> Game:
    """`game` in language `code` (the source language or None: the game itself). Bad input is an InputError; what a
    check says of the translation (missing, stale) is left to `lang_checks`."""
    codes = languages_of(game)
    if code is None or code == codes[0]:
        return game
    why = unknown_language(code, codes, game.doc.where(("languages",)))
    if why:
        raise InputError([Problem(game.doc.where(("languages",)), why, "--lang")])
    own = Problems()
    translation = read_translation(game, code, own)
    made = laid_over(game, translation, own)
    if problems is not None:
        problems.extend(p for p in own.items if p.severity != "error")
    own.raise_if_errors()
    return made


def in_language(problems: list[Problem], game: Game) -> list[Problem]:
    """Each problem of a translated game naming its language (`fr: ...`), once."""
    if not isinstance(game, TranslatedGame):
        return problems
    head = f"{game.lang}: "
    return [p if p.message.startswith(head) else dataclasses.replace(p, message=head + p.message) for p in problems]


def laid_over(game: Game, tr: Translation, problems: Problems) -> TranslatedGame:
    """The game with `tr`'s words in place of the source's."""
    decks = [_deck(deck, tr, game.manifest.names == "both") for deck in game.decks]
    manifest = dataclasses.replace(game.manifest)
    words = tr.words.data if tr.words is not None and isinstance(tr.words.data, dict) else {}
    if tr.words is not None:
        _check_words(game, tr, problems)
    if isinstance(words.get("name"), str):
        manifest.name = words["name"]
    credits = words.get("credits")
    if isinstance(credits, list) and all(isinstance(c, str) for c in credits):
        manifest.credits = list(credits)
    glossary = words.get("glossary") if isinstance(words.get("glossary"), dict) else {}
    if glossary:
        terms: list[str | GlossaryTerm] = []
        for term in game.manifest.glossary.terms:
            said = glossary.get(term if isinstance(term, str) else term.term)
            if isinstance(said, str):
                terms.append(said)
            elif isinstance(said, dict) and isinstance(said.get("term"), str):
                terms.append(GlossaryTerm(said["term"], [f for f in said.get("forms") or [] if isinstance(f, str)],
                                          said["means"] if isinstance(said.get("means"), str) else ""))
            else:
                terms.append(term)
        manifest.glossary = dataclasses.replace(game.manifest.glossary, terms=terms)
    tables, verb_names, choices = None, {}, {}
    if tr.words is not None:
        choices = choice_words(game, tr.words, tr.code, problems)
        tables = translated_tables(game, tr.words, tr.code, problems)
        said = verb_words(tr.words, game.manifest.verbs, tr.code, problems)
        manifest.verbs = {name: dataclasses.replace(verb, explains=said[name]["explains"])
                          if "explains" in said.get(name, {}) else verb for name, verb in game.manifest.verbs.items()}
        verb_names = {name: w["name"] for name, w in said.items() if "name" in w}
    base = {f.name: getattr(game, f.name) for f in dataclasses.fields(Game)}
    return TranslatedGame(**{**base, "manifest": manifest, "decks": decks}, lang=tr.code, source=game,
                          translation=tr, tables=tables, verb_names=verb_names,
                          choice_words=choices)


def _deck(deck: Deck, tr: Translation, both: bool) -> Deck:
    mine = tr.cards.get(deck.id, {})
    words = tr.decks.get(deck.id, {})
    doc = TranslatedDoc(deck.doc.file, deck.doc.data, deck.doc.root, deck.doc)
    cards = []
    for card in deck.cards:
        said = mine.get(card.id, {})
        if (deck.id, card.id) in tr.card_at:
            doc.cards[card.index] = tr.card_at[(deck.id, card.id)]
        for name, s in said.items():
            doc.overlay[(card.index, name)] = s.where
        data = with_leaves(card.data, {name: s.text for name, s in said.items()})
        if both:  # `names: both`: the source's name where the translation's differs (else none printed)
            data[SOURCE_NAME] = card.data.get("name") if "name" in said and said["name"].text != card.data.get(
                "name") else ""
        cards.append(dataclasses.replace(card, data=data))
    spec = dataclasses.replace(deck.spec, name=words["name"].text if "name" in words else deck.spec.name,
                               instructions=words["instructions"].text if "instructions" in words else
                               deck.spec.instructions)
    return Deck(deck.id, words["name"].text if "name" in words else deck.name, deck.template, deck.back, cards, doc,
                spec)


def _check_words(game: Game, tr: Translation, problems: Problems) -> None:
    from pnp.core.errors import did_you_mean, echo

    doc = tr.words
    assert doc is not None
    if doc.data is None:
        return
    if not isinstance(doc.data, dict):
        problems.add(doc.where(), f"{tr.code}: game.yaml maps the game's words ({', '.join(WORDS)}) to their "
                     "translations")
        return
    source = game.doc.data if isinstance(game.doc.data, dict) else {}
    for key in doc.data:
        if key not in WORDS and key not in source:
            problems.add(doc.where((key,)), f"{tr.code}: {echo(key)} is none of the game's words "
                         f"({', '.join(WORDS)}, or a key of the source's game.yaml){did_you_mean(key, WORDS)}", key)
    if "name" in doc.data and not isinstance(doc.data["name"], str):
        problems.add(doc.where(("name",)), f"{tr.code}: the game's name is a string", "name")
    glossary = doc.data.get("glossary")
    if glossary is None:
        return
    terms = [t if isinstance(t, str) else t.term for t in game.manifest.glossary.terms]
    if not isinstance(glossary, dict):
        problems.add(doc.where(("glossary",)), f"{tr.code}: `glossary:` maps each source term to its translation "
                     "(a string, or {term: ..., forms: [...]})", "glossary")
        return
    for term, said in glossary.items():
        where = doc.where(("glossary", term))
        if term not in terms:
            problems.add(where, f"{tr.code}: {echo(term)} is not a term of the source's glossary"
                         f"{did_you_mean(term, terms)}", f"glossary.{term}")
        elif not (isinstance(said, str) or isinstance(said, dict) and isinstance(said.get("term"), str)
                  and set(said) <= {"term", "forms", "means"} and isinstance(said.get("means", ""), str)
                  and all(isinstance(f, str) for f in said.get("forms") or [])):
            problems.add(where, f"{tr.code}: a term's translation is a string, or "
                         "{{term: ..., forms: [...], means: ...}} "
                         "(its other spellings: plurals, cases)", f"glossary.{term}")
