"""What `pnp check --lang` says of a translation beside what its build says: a card or a field left untranslated,
an entry whose source has changed since it was translated (its `_source:` stamp), and a glossary term that a card's
source says but its translation does not (translated another way, or left out). Each at the translation's line."""

from __future__ import annotations

import hashlib
import re

from pnp.core.errors import Problem, Where
from pnp.model.game import GlossaryTerm
from pnp.model.translation.field_paths import leaf
from pnp.model.translation.lang_files import translatable
from pnp.model.translation.translated import TranslatedGame

RULE = "translation"


def stamp(text: str) -> str:
    """The hash a translation keeps of the source string it was made from: the first 8 hex digits of its sha256."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:8]


def coverage_problems(game: TranslatedGame) -> list[Problem]:
    """Missing, stale and unstamped entries, and glossary terms a translation does not say, as warnings."""
    tr, source = game.translation, game.source
    assert tr is not None and source is not None
    out: list[Problem] = []
    unstamped: dict[str, int] = {}
    for deck in source.decks:
        fields = translatable(source, deck.id)
        mine, stamps = tr.cards.get(deck.id, {}), tr.stamps.get(deck.id, {})
        file = tr.files.get(deck.id, f"{tr.folder}/{deck.doc.file.rsplit('/', 1)[-1]}")
        for card in deck.cards:
            said = mine.get(card.id, {})
            wanted = [n for n in sorted(fields) if isinstance(leaf(card.data, n), str) and leaf(card.data, n).strip()]
            missing = [n for n in wanted if n not in said]
            at = tr.card_at.get((deck.id, card.id)) or Where(file)
            if missing:
                out.append(Problem(at, f"{tr.code}: no translation of {', '.join(missing)} (the source's words are "
                                   f"printed instead): translate {'it' if len(missing) == 1 else 'them'} in {file}",
                                   f"{deck.id}/{card.id}", "warning", RULE))
            for name, s in said.items():
                kept = stamps.get(card.id, {}).get(name)
                if kept is None:
                    unstamped[file] = unstamped.get(file, 0) + 1
                elif kept.text != stamp(leaf(card.data, name) or ""):
                    out.append(Problem(s.where, f"{tr.code}: stale: the source's {name} changed since this was "
                                       f"translated from it: bring it up to date, then `pnp translate {game.id} "
                                       f"--lang {tr.code} --refresh`", f"{deck.id}/{card.id}.{name}", "warning",
                                       RULE))
            out += _terms(game, deck.id, card.id, said, card.data)
    glossary = tr.words.data.get("glossary") if tr.words is not None and isinstance(tr.words.data, dict) else None
    for term in source.manifest.glossary.terms:
        name = _forms(term)[0]
        if not isinstance(glossary, dict) or name not in glossary:
            at = tr.words.where(("glossary",)) if tr.words is not None else Where(f"{tr.folder}/game.yaml")
            out.append(Problem(at, f"{tr.code}: the glossary term {name!r} has no translation: add it under "
                               "`glossary:` (a string, or {term: ..., forms: [...]})", f"glossary.{name}", "warning",
                               RULE))
    for file, n in unstamped.items():
        out.append(Problem(Where(file), f"{tr.code}: {n} entr{'y' if n == 1 else 'ies'} not stamped with their "
                           f"source (`_source:`), so a change of the source cannot be told: `pnp translate {game.id} "
                           f"--lang {tr.code} --refresh`", "", "warning", RULE))
    return out


def _forms(term: str | GlossaryTerm) -> tuple[str, list[str]]:
    if isinstance(term, str):
        return term, [term, term + "s"]
    name, forms = term.term, list(term.forms or [])
    return name, [name, *forms] if forms else [name, name + "s"]


def _said(text: str, terms: list[tuple[str, list[str]]]) -> set[str]:
    """The terms `text` says, each form matched longest first (a `Room` inside `Room Card` is Room Card's)."""
    forms = sorted(((f, name) for name, fs in terms for f in fs), key=lambda fn: -len(fn[0]))
    if not forms:
        return set()
    which = {f.lower(): name for f, name in reversed(forms)}
    pattern = re.compile(r"(?<!\w)(" + "|".join(re.escape(f) for f, _ in forms) + r")(?!\w)", re.I)
    return {which[m.group(1).lower()] for m in pattern.finditer(text)}


def _terms(game: TranslatedGame, deck_id: str, card_id: str, said: dict, source: dict) -> list[Problem]:
    """A glossary term the source of a field says and its translation does not."""
    assert game.source is not None and game.translation is not None
    source_terms = [_forms(t) for t in game.source.manifest.glossary.terms]
    mine_terms = [_forms(t) for t in game.manifest.glossary.terms]
    mine_of = {src[0]: mine for src, mine in zip(source_terms, mine_terms, strict=True)}
    out = []
    for name, s in said.items():
        says = _said(s.text, mine_terms)
        for term in sorted(_said(source.get(name) or "", source_terms)):
            mine_name, mine_forms = mine_of[term]
            if mine_name == term or mine_name in says:
                continue
            out.append(Problem(s.where, f"{game.translation.code}: the source says the glossary term "
                               f"{term!r}, and this translation says none of {', '.join(map(repr, mine_forms))}"
                               f" (lang/{game.translation.code}/game.yaml's glossary): a term is translated one way "
                               "on every card, or a form it takes is missing from the glossary's `forms:`",
                               f"{deck_id}/{card_id}.{name}", "warning", RULE))
    return out
