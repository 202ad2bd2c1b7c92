"""Layout: the rulebook's glossary (```pnp glossary```: the game's `glossary:` terms, each with the page that
explains it) and index (```pnp index```: those terms and the components' names, each with every page it is on,
and any more words the block's lines name). Which pages those are is found as the book is drawn."""

from __future__ import annotations

from pnp.layout.rulebook.flow import Flow, PageIndex, Resolver
from pnp.model.rulebook.source import RulebookBlock, literal


def _plural(word: str) -> str:
    return word if word.endswith("s") else word[:-1] + "ies" if word.endswith("y") else word + "s"


def _terms(r: Resolver) -> list[tuple[str, list[str]]]:
    """The game's glossary terms, each with its forms (its own, and the plural)."""
    out = []
    for t in r.game.manifest.glossary.terms:
        term, forms = (t, []) if isinstance(t, str) else (t.term, list(t.forms))
        out.append((term, list(dict.fromkeys([term, *forms, _plural(term)]))))
    return out


def glossary(r: Resolver, b: RulebookBlock) -> list[Flow]:
    """Each term with what it means (its `means:` in game.yaml) and the page that explains it."""
    terms = _terms(r)
    if not terms:
        r.problems.add(b.where, "this game's game.yaml has no `glossary:` terms to list", "rulebook")
        return []
    means = {t.term: r.markup([literal(t.means.strip())]) for t in r.game.manifest.glossary.terms
             if not isinstance(t, str) and t.means.strip()}
    bare = [term for term, _ in terms if term not in means]
    if bare:
        r.problems.add(b.where, f"the glossary lists {len(bare)} term{'s' if len(bare) != 1 else ''} with no meaning "
                       f"({', '.join(bare[:5])}{', ...' if len(bare) > 5 else ''}): give each a `means:` in "
                       "game.yaml's `glossary:` ({term: Round, means: \"...\"})", "rulebook", severity="warning")
    return [PageIndex(False, sorted(terms, key=lambda t: t[0].lower()), means=means)]


def index(r: Resolver, b: RulebookBlock) -> list[Flow]:
    terms = dict(_terms(r))
    for deck in r.game.decks:
        terms.setdefault(deck.name, [deck.name, _plural(deck.name)])
    for line, _ in b.body:  # more words to index, one a line
        word = line.strip()
        terms.setdefault(word, [word, _plural(word)])
    return [PageIndex(True, sorted(terms.items(), key=lambda t: t[0].lower()))]
