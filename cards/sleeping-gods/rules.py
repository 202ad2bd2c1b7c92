"""Sleeping Gods: the rules YAML cannot say (enemy grids, travel table, board sides, combat tokens)."""

from __future__ import annotations

from pnp.rules import Fail, Game, custom_rule, setup_of, template

CELLS = {"H1", "H2", "H3", "B1", "B2", "S", "."}  # hearts, bonus Damage, synergy diamond, plain square


@custom_rule("sg-enemy-grids")
def enemy_grids(game: Game, fail: Fail) -> None:
    """Every enemy grid is rectangular, uses known cells, fits the card and has at least one heart."""
    deck = game.deck("enemy")
    enemy = template(game, "sleeping-gods/enemy", ["grid-plate", "square"])
    for card in deck.cards:
        rows = card.data.get("grid") or []
        who = f"{deck.id}/{card.id}"
        if not rows:
            fail("the grid has no rows", deck.where(card, "grid"), who)
            continue
        widths = [len(str(row).split()) for row in rows]
        for r, row in enumerate(rows):
            at = deck.doc.where(("cards", card.index, "grid", r))
            if widths[r] != widths[0]:
                fail(f"grid row {r + 1} has {widths[r]} cells, row 1 has {widths[0]}: the grid must be rectangular",
                     at, who)
            bad = [cell for cell in str(row).split() if cell not in CELLS]
            if bad:
                fail(f"grid row {r + 1}: unknown cell {', '.join(map(repr, bad))} (cells: {' '.join(sorted(CELLS))})",
                     at, who)
        face = enemy.faces.get(who, {})  # the card as printed: every square inside the grid's plate
        plate = face.get("grid-plate", [None])[0]
        outside = [b for b in face.get("square", []) if plate is None or not plate.contains(b)]
        if outside:
            fail(f"the grid is {max(widths)} x {len(rows)} squares; {len(outside)} of them print outside the grid "
                 f"area ({plate.size if plate else 'none'}): use fewer rows or columns", deck.where(card, "grid"), who)
        if not any(cell.startswith("H") for row in rows for cell in str(row).split()):
            fail("the grid has no heart (H1, H2 or H3): the enemy could never be defeated",
                 deck.where(card, "grid"), who)


@custom_rule("sg-event-combats")
def event_combats(game: Game, fail: Fail) -> None:
    """An event's combat names enemy numbers that exist."""
    numbers = {c.data["number"] for c in game.deck("enemy").cards}
    deck = game.deck("event")
    for card in deck.cards:
        combat = card.data.get("combat")
        if combat is None:
            continue
        if not isinstance(combat, list) or not combat or not all(isinstance(n, int) for n in combat):
            fail("combat must be a list of enemy numbers, e.g. [4, 5]", deck.where(card, "combat"),
                 f"{deck.id}/{card.id}")
            continue
        for n in combat:
            if n not in numbers:
                fail(f"combat names enemy {n}, which no enemy card carries", deck.where(card, "combat"),
                     f"{deck.id}/{card.id}")


@custom_rule("sg-crew-abilities")
def crew_abilities(game: Game, fail: Fail) -> None:
    """Each crew member has 2 crew abilities, each {cost: 1-3 Command, text}."""
    deck = game.deck("crew")
    for card in deck.cards:
        abilities = card.data.get("abilities")
        where, who = deck.where(card, "abilities"), f"{deck.id}/{card.id}"
        if not isinstance(abilities, list) or len(abilities) != 2:
            fail("a crew board has 2 crew abilities", where, who)
            continue
        for i, ability in enumerate(abilities):
            at = deck.doc.where(("cards", card.index, "abilities", i))
            if not isinstance(ability, dict) or set(ability) != {"cost", "text"}:
                fail(f"ability {i + 1}: needs exactly `cost` and `text`", at, who)
            elif not isinstance(ability["cost"], int) or not 1 <= ability["cost"] <= 3:
                fail(f"ability {i + 1}: cost {ability['cost']!r} is not 1-3 Command", at, who)


@custom_rule("sg-travel-table")
def travel_table(game: Game, fail: Fail) -> None:
    """The travel table covers every Fate + Craft total from 0 up, without gap or overlap, and goes further
    the higher the total."""
    table = game.data["ship"]
    rows = table.data.get("travel") or []
    expect, last = 0, 0
    for i, row in enumerate(rows):
        at = table.where(("travel", i))
        if row.get("min") != expect:
            fail(f"row {i + 1} starts at {row.get('min')}, after a row that ends at {expect - 1}", at, "ship.travel")
            return
        if row.get("distance", 0) <= last:
            fail(f"row {i + 1} moves {row.get('distance')} regions, no further than the row before", at,
                 "ship.travel")
        last = row.get("distance", 0)
        if "max" not in row:
            if i != len(rows) - 1:
                fail(f"row {i + 1} is open-ended but is not the last row", at, "ship.travel")
            return
        expect = row["max"] + 1
    fail("the last row must be open-ended (no `max`): a high total still moves the ship",
         table.where(("travel",)), "ship.travel")


@custom_rule("sg-board-sides")
def board_sides(game: Game, fail: Fail) -> None:
    """The ship board's sides cover every player count once, and every room says what it gives on each side."""
    table = game.data["ship"]
    sides = table.data.get("sides") or []
    players = game.manifest.players
    if players is None:  # the manifest check says so
        return
    counts = [n for s in sides for n in range(s["min"], s["max"] + 1)]
    if sorted(counts) != list(range(players.min, players.max + 1)):
        fail(f"the sides cover players {sorted(counts)}; every count {players.min}-{players.max} needs exactly "
             "one side", table.where(("sides",)), "ship.sides")
    ids = [s["id"] for s in sides]
    board = game.deck("ship-board")
    printed = 2 if board.back else 1
    if len(sides) != printed:  # the board deck prints its front, and its `back:` when it has one
        fail(f"ship.yaml gives the board {len(sides)} sides ({', '.join(ids)}); the ship-board deck prints "
             f"{printed} ({'front and back' if board.back else 'a front only: add `back:` with the other side'})",
             board.doc.where(("back",) if board.back else ("template",)), "ship-board")
    for i, room in enumerate(table.data.get("rooms") or []):
        for key in ("command", "draw"):
            if sorted((room.get(key) or {}).keys()) != sorted(ids):
                fail(f"{room.get('name')}: `{key}` needs a value for each side ({', '.join(ids)})",
                     table.where(("rooms", i, key)), "ship.rooms")
        if "{returns}" in room.get("effect", "") and sorted((room.get("returns") or {}).keys()) != sorted(ids):
            fail(f"{room.get('name')}: the effect says {{returns}}; `returns` needs a value for each side",
                 table.where(("rooms", i, "effect")), "ship.rooms")


# What must show below the crew board once an Ability card is tucked: its skill (icon and line) and its
# tucked ability. The tuck strip is the band along the card's bottom edge that stays out from under the board.
TUCKED = ("strip-icon", "strip-skill", "ability")


@custom_rule("sg-tuck-strip")
def tuck_strip(game: Game, fail: Fail) -> None:
    """The Ability card's tuck strip lies along its bottom edge and holds everything a tucked card shows: a
    strip too short leaves the skill or the ability under the crew board."""
    ability = template(game, "sleeping-gods/ability", ["tuck-strip", *TUCKED])
    height = ability.size[1]
    for face, boxes in ability.faces.items():
        strip = next(iter(boxes.get("tuck-strip") or ()), None)
        if strip is None:
            fail("the ability template has no `tuck-strip` element: the band that shows below a crew board",
                 ability.where, face)
            return
        if abs(strip.y + strip.h - height) > 0.01:
            fail(f"the tuck strip ends {height - strip.y - strip.h:.1f} mm above the card's bottom edge: it must run "
                 "along the edge that slides out from under the crew board", strip.where, face)
            return
        for name in TUCKED:
            for box in boxes.get(name, []):
                if not strip.contains(box):
                    fail(f"{name} ({box.size}, from {box.y:.1f} mm) reaches above the tuck strip ({strip.h:.1f} mm "
                         f"high, from {strip.y:.1f} mm): once tucked it would hide under the crew board; make the "
                         "strip taller or the element shorter", box.where, face)
                    return


@custom_rule("sg-combat-actions")
def combat_actions(game: Game, fail: Fail) -> None:
    """For every player count, the combat action tokens shared out add up to all of them; the setup deals
    none to a player (they are handed out at each combat) and its note says each share campaign.yaml gives
    (the share the reference card prints)."""
    table = game.data["campaign"]
    spec = table.data["combat_actions"]
    by = {r["players"]: r for r in spec["by_players"]}
    setup = setup_of(game)
    if setup is None:  # no setup: nothing to deal
        return
    for n in setup.player_counts:
        row = by.get(n)
        if row is None:
            fail(f"no share of combat action tokens for {n} players", table.where(("combat_actions",)),
                 "campaign.combat_actions")
            continue
        at = table.where(("combat_actions", "by_players", spec["by_players"].index(row)))
        if row["active"] + row["others"] * (n - 1) != spec["total"]:
            fail(f"{n} players share {row['active'] + row['others'] * (n - 1)} tokens, not all {spec['total']}",
                 at, "campaign.combat_actions")
        dealt = setup.deal(n)
        if dealt is None:  # it cannot be dealt: the setup check says why
            continue
        held = [i for i, hand in enumerate(dealt["hands"], 1) if "combat-actions" in hand]
        if held:
            fail(f"the setup deals combat action tokens to player {held[0]} ({n} players): the rules hand them out "
                 "at each combat, not once; leave them in the supply with a note", setup.where("each_player"), "setup")
        said = str(dealt["table"].get("combat-action-share", ""))
        want = f"all {row['active']}" if n == 1 else f"{row['active']} to each player" \
            if row["active"] == row["others"] else f"{row['active']} to the active player"
        if want not in said:
            fail(f"{n} players: the setup's combat-action-share note should say {want!r} (campaign.yaml); "
                 f"it says {said!r}", setup.where("then"), "setup")


@custom_rule("sg-event-deck-order")
def event_deck_order(game: Game, fail: Fail) -> None:
    """The setup's event deck is stacked as campaign.yaml says, top to bottom, for every player count."""
    order = game.data["campaign"].data["event_deck"]
    tiers = {card.id: card.data["tier"] for card in game.deck("event").cards}
    want = [t["tier"] for t in order for _ in range(t["count"])]
    setup = setup_of(game)
    if setup is None:  # no setup: nothing to deal
        return
    for n in setup.player_counts:
        dealt = setup.deal(n)
        pile = dealt["table"].get("event-deck", []) if dealt else None  # None: the setup check says why
        if pile is not None and [tiers[c] for c in pile] != want:
            fail(f"{n} players: the setup's event-deck is {[tiers[c] for c in pile]} from the top; campaign.yaml "
                 f"stacks {want}", setup.where("table"), "setup")
            break


@custom_rule("sg-event-deck")
def event_deck(game: Game, fail: Fail) -> None:
    """How the campaign's event deck is built (reported)."""
    table = game.data["campaign"]
    order = table.data["event_deck"]
    pools: dict[str, int] = {}
    for card in game.deck("event").cards:
        pools[card.data["tier"]] = pools.get(card.data["tier"], 0) + card.copies
    parts = [f"{t['count']} {t['tier']} (of {pools.get(t['tier'], 0)})" for t in order]
    fail(f"a campaign's event deck: {', '.join(parts)}, top to bottom: {sum(t['count'] for t in order)} cards",
         table.where(("event_deck",)), "campaign.event_deck")
