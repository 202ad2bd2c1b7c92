"""Intrepid: the rules that rules.yaml cannot say.

Die slots (station tiles, boost tiles, persistent disasters), the tiers of every country's tiles,
the Drains on the dial (the engine checks its geometry), the dice tracks, the boost
tiles, and what the setup (rules.yaml) deals for every player count and difficulty.
"""

from __future__ import annotations

from collections import Counter

from pnp.rules import Fail, Game, custom_rule, setup_of

RESOURCES = ("power", "climate", "oxygen", "nutrition")
FACES = range(1, 7)


# ---- die slots -------------------------------------------------------------------------------

def slot_problems(slots: object, link: str | None, doubles: bool = False, total: int | None = None) -> list[str]:
    """What is wrong with a tile's (or a card's) die slots; nothing when they are playable."""
    if not isinstance(slots, list) or not slots:
        return ["slots: a list of die slots, each a list of the faces it takes, e.g. [[4, 5, 6]]"]
    out = []
    for i, slot in enumerate(slots, 1):
        if not isinstance(slot, list) or not slot:
            out.append(f"slot {i}: a non-empty list of faces")
            continue
        bad = [f for f in slot if not isinstance(f, int) or isinstance(f, bool) or f not in FACES]
        if bad:
            out.append(f"slot {i} takes {', '.join(map(str, bad))}: a die shows 1 to 6")
        if len(set(slot)) != len(slot):
            out.append(f"slot {i} names a face twice: {slot}")
        if slot != sorted(slot):
            out.append(f"slot {i}: list its faces in rising order ({sorted(slot)})")
    if link is None:
        return out
    if len(slots) > 2:
        out.append(f"{len(slots)} slots: a tile has one or two")
    if (link == "single") != (len(slots) == 1):
        out.append(f"link: {link} with {len(slots)} slot(s): one slot is `single`, two are `separate` or `joined`")
    if (doubles or total) and link != "joined":
        out.append("doubles and sum are for joined slots only")
    if doubles and total:
        out.append("joined slots ask for doubles or for a sum, not both")
    if out or len(slots) != 2:
        return out
    if doubles and not set(slots[0]) & set(slots[1]):
        out.append("doubles: no face is in both slots")
    if total is not None:
        best = max(slots[0]) + max(slots[1])
        if best < total:
            out.append(f"sum at least {total}: the slots reach {best} at most")
        if min(slots[0]) + min(slots[1]) >= total:
            out.append(f"sum at least {total}: every pair of dice the slots take already makes it")
    return out


def tile_sides(game: Game):
    """(deck, card, field, side data) of every station tile and of both sides of each boost tile."""
    tiles = game.deck("station-tile")
    for card in tiles.cards:
        yield tiles, card, "", card.data
    boosts = game.deck("boost-tile")
    for card in boosts.cards:
        for side in ("front", "back"):
            yield boosts, card, side, card.data[side]


@custom_rule("intrepid-die-slots")
def die_slots(game: Game, fail: Fail) -> None:
    """Every die slot takes faces 1-6, and the slots of a tile agree with how they are linked."""
    for deck, card, side, t in tile_sides(game):
        for problem in slot_problems(t.get("slots"), t.get("link"), bool(t.get("doubles")), t.get("sum")):
            fail(f"{side + ': ' if side else ''}{problem}", deck.where(card, side or "slots"), f"{deck.id}/{card.id}")
    for deck_id in ("training-simulator", "meteor-shower", "toxic-leak"):
        deck = game.deck(deck_id)
        for card in deck.cards:
            d = card.data
            if d["kind"] != "persistent":
                continue
            problems = slot_problems(d.get("slots"), None)
            if not problems and len(d["slots"]) != 2:
                problems = [f"a persistent disaster prints 2 die slots (every game, 3-4 players); it has "
                            f"{len(d['slots'])}"]
            for problem in problems:
                fail(problem, deck.where(card, "slots"), f"{deck.id}/{card.id}")


# ---- station tiles ---------------------------------------------------------------------------

@custom_rule("intrepid-tile-tiers")
def tile_tiers(game: Game, fail: Fail) -> None:
    """Each country: 19 tiles, split over the tiers as tiers.yaml says, with its costs and Drains; 2 unique
    tiles, both tier 4."""
    table = game.data["tiers"]
    tiers = {t["tier"]: t for t in table.data["tiers"]}
    deck = game.deck("station-tile")
    by_country: dict[str, list] = {}
    for card in deck.cards:
        by_country.setdefault(card.data["country"], []).append(card)
    if sum(t["tiles"] for t in tiers.values()) != table.data["per_country"]:
        fail(f"the tiers add up to {sum(t['tiles'] for t in tiers.values())} tiles, not "
             f"{table.data['per_country']}", table.where(("tiers",)), "tiers")
    for country, cards in sorted(by_country.items()):
        count = sum(c.copies for c in cards)
        if count != table.data["per_country"]:
            fail(f"{country} has {count} Station tiles; every country has {table.data['per_country']}",
                 deck.where(cards[-1]), f"station-tile/{country}")
        split = Counter(c.data["tier"] for c in cards for _ in range(c.copies))
        for tier, spec in tiers.items():
            if split[tier] != spec["tiles"]:
                fail(f"{country} has {split[tier]} tier-{tier} tiles; tiers.yaml says {spec['tiles']}",
                     table.where(("tiers", list(tiers).index(tier), "tiles")), f"station-tile/{country}")
        unique = [c for c in cards if c.data["unique"]]
        if len(unique) != table.data["unique_per_country"]:
            fail(f"{country} has {len(unique)} unique tiles; every country has {table.data['unique_per_country']}",
                 deck.where(cards[-1]), f"station-tile/{country}")
        for card in cards:
            d, subject = card.data, f"station-tile/{card.id}"
            spec = tiers.get(d["tier"])
            if spec is None:
                fail(f"tier {d['tier']} is not in tiers.yaml", deck.where(card, "tier"), subject)
                continue
            if d["unique"] and d["tier"] != table.data["unique_tier"]:
                fail(f"a unique tile is tier {table.data['unique_tier']}, not {d['tier']}", deck.where(card, "tier"),
                     subject)
            low, high = spec["cost"]
            if not low <= d["cost"] <= high:
                fail(f"cost {d['cost']}: a tier-{d['tier']} tile costs {low}-{high} Capacity",
                     deck.where(card, "cost"), subject)
            low, high = spec["drain"]
            by = d.get("drain_by") or 0
            if (d.get("drain") is None) != (by == 0) or not low <= by <= high:
                fail(f"Drain {d.get('drain')} by {by}: a tier-{d['tier']} tile Drains one resource by {low}-{high}"
                     if high else "a starter tile is placed at setup: no `drain`, no `drain_by`",
                     deck.where(card, "drain_by" if by else "tier"), subject)


@custom_rule("intrepid-countries-make-everything")
def countries_make_everything(game: Game, fail: Fail) -> None:
    """Every country's tiles make each of the four resources at least 3 times: no country is
    helpless when one resource runs short."""
    deck = game.deck("station-tile")
    made: dict[str, Counter] = {}
    for card in deck.cards:
        made.setdefault(card.data["country"], Counter())[card.data["makes"]] += card.copies
    for country, counts in sorted(made.items()):
        for resource in RESOURCES:
            if counts[resource] < 3:
                fail(f"{country}'s tiles make {resource} {counts[resource]} time(s); at least 3 are needed",
                     deck.doc.where(("cards",)), f"station-tile/{country}")


# ---- the dial ------------------------------------------------------------------------------------
# (its geometry is the engine's: `kind: dial` checks that each Drain shows whole and alone in the window)

def _dial_values(game: Game) -> list:
    dial = game.deck("resource-board").spec.dial
    return list(dial.values) if dial is not None else []


@custom_rule("intrepid-drains")
def drains(game: Game, fail: Fail) -> None:
    """The window shows every Drain from -3 to -29, one step at a time, and the resource track runs
    from the deepest Drain to past the last bonus space."""
    deck = game.deck("resource-board")
    values = _dial_values(game)
    if values != list(range(-3, -30, -1)):
        fail(f"the dial shows {values}; it runs from -3 to -29, one step at a time", deck.doc.where(("dial", "values")),
             deck.id)
    table = game.data["resources"]
    track = table.data["track"]
    if values and not (track["first"] <= min(values) and track["last"] >= max(track["bonus"])):
        fail(f"the resource track runs {track['first']}..{track['last']}: from the deepest Drain ({min(values)}) to "
             f"past the last bonus space ({max(track['bonus'])})", table.where(("track",)), "resources.track")


# ---- country boards and boost tiles --------------------------------------------------------------

@custom_rule("intrepid-dice-tracks")
def dice_tracks(game: Game, fail: Fail) -> None:
    """A dice track adds one die a slot, costs more each step, and never asks for more dice than a
    player owns (15, contents: player-die / 4 colours)."""
    deck = game.deck("country-board")
    owned = (game.manifest.content()["player-die"].count or 0) // 4
    for card in deck.cards:
        for track_f, costs_f in (("track", "costs"), ("solo_track", "solo_costs")):
            track, costs = card.data[track_f], card.data[costs_f]
            subject = f"country-board/{card.id}"
            if any(b - a != 1 for a, b in zip(track, track[1:], strict=False)):
                fail(f"{track_f} {track}: one more die on each slot", deck.where(card, track_f), subject)
            if len(costs) != len(track) - 1:
                fail(f"{costs_f}: {len(track) - 1} costs go between {len(track)} slots, not {len(costs)}",
                     deck.where(card, costs_f), subject)
            if costs != sorted(costs) or len(set(costs)) != len(costs):
                fail(f"{costs_f} {costs}: each step costs more than the one before", deck.where(card, costs_f), subject)
            if max(track) > owned:
                fail(f"{track_f} reaches {max(track)} dice; a player owns {owned}", deck.where(card, track_f), subject)


@custom_rule("intrepid-boosts")
def boosts(game: Game, fail: Fail) -> None:
    """One boost tile per light, Boost 1 on its front and Boost 2 on its back: a solo player can place
    the Boost 1 side of one light and the Boost 2 side of the other."""
    deck = game.deck("boost-tile")
    lights = Counter(c.data["light"] for c in deck.cards)
    if lights != Counter({"red": 1, "blue": 1}):
        fail(f"boost tiles by light: {dict(lights)}; one red and one blue are needed", deck.doc.where(("cards",)),
             "boost-tile")
    for card in deck.cards:
        for side, want in (("front", 1), ("back", 2)):
            if card.data[side].get("boost") != want:
                fail(f"the {side} is the Boost {want} side (boost: {want})", deck.where(card, side),
                     f"boost-tile/{card.id}")
            for key in ("cost", "drain", "country", "tier"):
                if key in card.data[side]:
                    fail(f"{side}: a boost side has no {key}", deck.where(card, side), f"boost-tile/{card.id}")


# ---- the setup (rules.yaml `setup:`) ---------------------------------------------------------------

@custom_rule("intrepid-setup")
def setup_deals(game: Game, fail: Fail) -> None:
    """Every player count under every difficulty deals each resource board once, starts every wheel on a
    value of the dial, and starts Capacity on the capacity track with room to grow."""
    setup = setup_of(game)
    if setup is None:
        fail("Intrepid needs its setup in rules.yaml", None, "setup")
        return
    values = _dial_values(game)
    boards = sorted(c.id for c in game.deck("resource-board").cards for _ in range(c.copies))
    track = game.data["resources"].data["capacity"]
    told: set[tuple] = set()
    where = setup.where

    def once(message: str, *part: str | int) -> None:  # each part of the setup, once per player count
        if (n, part) not in told:
            told.add((n, part))
            fail(message, where(*part), "setup")

    for n in setup.player_counts:
        for choice in setup.choices():
            dealt = setup.deal(n, **choice)
            if dealt is None:  # the setup's own check says why
                continue
            under = f"{n} player(s), {choice['difficulty']}"
            if sorted(b for hand in dealt["hands"] for b in hand["boards"]) != boards:
                once(f"{under}: the hands hold {[hand['boards'] for hand in dealt['hands']]}; each of the four "
                     "resource boards goes to one player", "each_player")
            for hand in dealt["hands"]:
                if hand["wheels"] not in values:
                    once(f"{under}: a wheel starts on {hand['wheels']}, which the dial does not show "
                         f"({values[0]} to {values[-1]})", "tables", "wheel")
                if not track["first"] <= hand["capacity"] <= track["last"] - 20:
                    once(f"{under}: Capacity starts at {hand['capacity']}; the capacity track runs {track['first']}-"
                         f"{track['last']} and should leave 20 spaces to grow", "tables", "capacity")


@custom_rule("intrepid-training-order")
def training_order(game: Game, fail: Fail) -> None:
    """Training Simulator is stacked in order, card 1 on top: numbered 1 to N, each once, and never
    easier further down."""
    training = game.deck("training-simulator")
    numbers = sorted(c.data["number"] for c in training.cards for _ in range(c.copies))
    if numbers != list(range(1, len(numbers) + 1)):
        fail(f"Training Simulator cards are numbered 1 to {len(numbers)}, each once: {numbers}",
             training.doc.where(("cards",)), training.id)
    if [c.data["number"] for c in training.cards] != sorted(c.data["number"] for c in training.cards):
        fail("the setup stacks Training Simulator as the deck file lists it: list the cards by number",
             training.doc.where(("cards",)), training.id)
    levels = ["green", "yellow", "orange", "red"]
    ranked = [levels.index(c.data["level"]) for c in sorted(training.cards, key=lambda c: c.data["number"])]
    if ranked != sorted(ranked):
        fail("Training Simulator cards grow harder down the deck: levels never fall as the numbers rise",
             training.doc.where(("cards",)), training.id)


@custom_rule("intrepid-setup-summary")
def setup_summary(game: Game, fail: Fail) -> None:
    """What each player count deals (an info line per count: boards and wheels, tokens, dice)."""
    setup = setup_of(game)
    if setup is None:  # no setup: nothing to deal
        return
    for n in setup.player_counts:
        dealt = setup.deal(n)
        if dealt is None:
            continue
        parts = [f"{'+'.join(b.removesuffix('-board') for b in h['boards'])} at {h['wheels']}" for h in dealt["hands"]]
        dice = dealt["table"]["dice-per-persistent-disaster"]
        fail(f"{n} player(s): {'; '.join(parts)}; {len(dealt['table']['amplify-strain'])} Amplify/Strain tokens; "
             f"{dice} {'die' if dice == 1 else 'dice'} per persistent disaster", setup.where("tables"), "setup")
