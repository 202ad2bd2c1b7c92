"""Ark Ship: the rules YAML cannot say (success tables, the signal's columns, reachability)."""

from pnp.rules import custom_rule

COLUMNS = 5


def _cards(game, deck_id):
    deck = next(d for d in game.decks if d.id == deck_id)
    return deck, deck.cards


@custom_rule("arkship-success-tables")
def success_tables(game, fail):
    for deck_id in ("crisis", "planet-crisis"):
        deck, cards = _cards(game, deck_id)
        for card in cards:
            rows = card.data.get("table") or []
            where, who = deck.where(card, "table"), f"{deck.id}/{card.id}"
            expect = 0
            for i, row in enumerate(rows):
                if not isinstance(row, dict) or "min" not in row or not isinstance(row.get("success"), bool):
                    fail(f"row {i + 1}: needs `min` and `success: true|false`", where, who)
                    break
                if row["min"] != expect:
                    gap = "a gap" if row["min"] > expect else "an overlap"
                    fail(f"row {i + 1} starts at {row['min']} successes, {gap} after {expect - 1}", where, who)
                    break
                last = i == len(rows) - 1
                if last and "max" in row:
                    fail(f"the last row must be open-ended ({row['min']}+), not end at {row['max']}", where, who)
                if not last and "max" not in row:
                    fail(f"row {i + 1} is open-ended but is not the last row", where, who)
                    break
                expect = row.get("max", expect) + 1
            if not rows:
                fail("a success table needs rows", where, who)


@custom_rule("arkship-skills-exist")
def skills_exist(game, fail):
    skills = {s["name"] for s in game.data["skills"].data["skills"]}
    for deck_id in ("crisis", "planet-crisis"):
        deck, cards = _cards(game, deck_id)
        for card in cards:
            for name in card.data.get("skills") or []:
                if name not in skills:
                    fail(f"skill {name!r} is not on the crew sheet ({', '.join(sorted(skills))})",
                         deck.where(card, "skills"), f"{deck.id}/{card.id}")


@custom_rule("arkship-signals")
def signals(game, fail):
    span = game.data["ship"].data["signal"]  # a signal token's values (ship.yaml)
    values_of = set(range(span["lowest"], span["highest"] + 1))
    for deck_id, field, allowed in (("signal", "targets", values_of), ("waveform", "columns", {-1, 0, 1})):
        deck, cards = _cards(game, deck_id)
        for card in cards:
            values = card.data.get(field)
            if not isinstance(values, list) or len(values) != COLUMNS or not set(values) <= allowed:
                fail(f"{field} must be {COLUMNS} values from {sorted(allowed)}, got {values!r}",
                     deck.where(card, field), f"{deck.id}/{card.id}")


@custom_rule("arkship-reachable")
def reachable(game, fail):
    deck, cards = _cards(game, "waveform")
    for column in range(COLUMNS):
        moves = {c.data["columns"][column] for c in cards if isinstance(c.data.get("columns"), list)
                 and len(c.data["columns"]) == COLUMNS}
        for step, way in ((1, "up"), (-1, "down")):
            if step not in moves:
                fail(f"no waveform moves column {column + 1} {way}: some targets cannot be reached",
                     deck.doc.where(("cards",)), deck.id)


@custom_rule("arkship-crises-drawn")
def crises_drawn(game, fail):
    progress = game.data["ship"].data["progress"]
    deck, cards = _cards(game, "crisis")
    fail(f"a game lasts {len(progress)} turns and draws {sum(progress)} crisis cards (the deck holds "
         f"{sum(c.copies for c in cards)}; the discard pile is reshuffled when it runs out)",
         game.data["ship"].where(("progress",)), "ship.progress")


@custom_rule("arkship-portraits-distinct")
def portraits_distinct(game, fail):
    deck, cards = _cards(game, "crew-portrait")
    seen: dict[tuple, str] = {}
    for card in cards:
        look = tuple(sorted((k, v) for k, v in card.data.items() if k != "id"))
        if look in seen:
            fail(f"looks exactly like {seen[look]}", card.where, f"{deck.id}/{card.id}")
        seen.setdefault(look, card.id)
