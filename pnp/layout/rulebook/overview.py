"""Layout: ```pnp overview CARD [field=steps]```, the turn (or Round) at a glance: the steps a card lists (a player
aid's `steps:`, each a mapping with a `name` and a `text`), in order, as one table kept on a page: the step's number,
its name and what is done. Each text is filled as the card's face fills it (`{{ data.ship.actions_per_round }}`), so
the overview, the player aid and the data say the same numbers."""

from __future__ import annotations

from pnp.layout.cardtext import filled
from pnp.layout.rulebook.flow import Figure, Flow, Resolver, RulebookTable
from pnp.model.rulebook.source import RulebookBlock, literal
from pnp.model.translation.catalog import said

WIDTHS = [0.07, 0.2, 0.73]  # of the text width: the number, the step's name, what is done


def overview(r: Resolver, b: RulebookBlock) -> list[Flow]:
    ref = b.words[0] if b.words else ""
    found = r.card(ref, b.where) if ref else None
    if not ref:
        r.problems.add(b.where, "name the card whose steps to show: ```pnp overview DECK/CARD``` (a player aid with "
                       "`steps:`)", "rulebook")
    if found is None:
        return []
    deck = r.decks[found[0]]
    card = next(c for c in deck.cards if c.id == found[1])
    field = b.args.get("field", "steps")
    shown = filled(deck, card, r.problems, r.names).get(field)
    if not isinstance(shown, list) or not shown or not all(
            isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("text"), str) for s in shown):
        r.problems.add(b.where, f"{ref}: its {field!r} is no list of steps, each a mapping with a `name` and a "
                       "`text` (write `field=` for another field)", "rulebook")
        return []
    lang = getattr(r.game, "lang", "")
    rows: list[list[str | Figure]] = [[f"**{said(h, lang)}**" for h in ("#", "Step", "What is done")]]
    rows += [[f"**{n}**", f"**{r.markup([literal(s['name'])])}**", r.markup([literal(s["text"])])]
             for n, s in enumerate(shown, 1)]
    return [RulebookTable(rows, list(WIDTHS))]
