"""Voyage: what the baseline player values, a greedy crew's judgement. Each move is valued by what it saves (a
meter in danger, a damaged Room before it is Destroyed, an Event's harm); the chooser (baseline.py) plays the best
per Action it costs. The weights below are the player's judgement, not card numbers: the cards' numbers are read
from their fields. The rules read none of it (choices.py: every choice inside an effect is a player's)."""

import math
from typing import Any

# what a Room is worth keeping, by what it does first (its effect's first step: the verb, and the track or
# task it reads): the player's judgement of each mechanism, not of any one card
ROOM_WORTH = {"actions": 6, "fall": 6, "steady": 5, "repeat": 5, ("change", "sanitation"): 5, "deflect": 4,
              ("modify-cost", "Repair"): 4, ("modify-cost", "Entertain"): 3, ("change", "happiness"): 4,
              "repair": 4, "draw": 2, "reroll": 2, "gamble": 2, "discard": 3, "craft": 2, "move": 1}


def room_value(ship, room: str) -> int:
    plan = ship.room_plans.get(room)
    if plan is None or not plan.steps:
        return 1
    verb, args, _ = plan.steps[0]
    return ROOM_WORTH.get((verb, args.get("track", args.get("task"))), ROOM_WORTH.get(verb, 1))


def weight(ship, meter: str) -> float:
    """What one point of a meter is worth now: much when it is near 0 before the next round's fall."""
    level = ship.meter[meter] + ship.drop[meter]
    return 3.0 if level <= 10 else 1.5 if level <= 30 else 0.6 if level <= 50 else 0.15


def gain(ship, meter: str, by: int) -> float:
    w = ship.weights[meter] if ship.weights else weight(ship, meter)
    if by > 0:
        room = 100 - ship.meter[meter]
        return (room if room < by else by) * w  # min(by, room), without the call (a hot path)
    return by * w * 1.2


def square_worth(ship, sq: str) -> int:
    """How much a square's room is worth keeping: a Room Card's more than an empty room's."""
    return 0 if ship.slot[sq] not in ship.room else 2


def repair_value(ship, sq, n: int) -> float:
    d = ship.damage.get(sq, 0) if sq is not None else 0
    if not d or sq in ship.destroyed:
        return 0.0
    late = ship.round >= ship.rounds
    removed = d if d < n else n  # min(n, d)
    per = (12.0 if d >= ship.max_damage - 1 else 7.0) * (0.3 if late and d < ship.max_damage - 1 else 1.0)
    lost = len(ship.destroyed)
    return removed * per * (1.6 if lost >= ship.lose_at - 2 else 1.0) + (2 if square_worth(ship, sq) else 0)


def craft_value(ship) -> float:
    left = ship.rounds - ship.round
    return 0.0 if left < 2 else 1.2 * left


def event_harm(ship, card: str) -> float:
    """What an Event does to the crew (its fields only: worked out once, `harms`)."""
    return harms(ship)[card]


def harms(ship) -> dict:
    """Every Event card's harm by its id (`fields_harm`): its fields only, kept in Table.kept."""
    table = ship.card_values.get("harms")
    if table is None:
        table = ship.card_values["harms"] = {card: fields_harm(ship, card) for card in ship.event}
    return table


def fields_harm(ship, card: str) -> float:
    ev = ship.event[card]
    harm = 5 * (ev.get("damage") or 0) * (ev.get("rolls") or 1) - 0.2 * ((ev.get("happiness") or 0)
                                                                            + (ev.get("sanitation") or 0))
    harm -= 3 * (ev.get("actions") or 0)
    if ev["kind"] == "ongoing":
        harm += 4 if ship.event_plans[card].hinders else 0  # it blocks a Room, forbids a task or makes one dearer
        harm *= ev.get("duration") or 3
    return harm


def harm_of_the_rest(ship, card: str) -> float:
    """The mean harm of the Event deck's other cards: what comes instead of `card`, on average. The deck's
    cards are known to all (every Event drawn is seen), not their order."""
    pile = ship.events.cards
    if len(pile) < 2:
        return event_harm(ship, card)  # nothing else to draw: under the deck, it is drawn all the same
    return (deck_harm(ship) - event_harm(ship, card)) / (len(pile) - 1)


def deck_harm(ship) -> float:
    """The harm of every card left in the Event deck, kept by its size (cards leave it only by drawing)."""
    key = ("deck harm", len(ship.events.cards))
    total = ship.deck_values.get(key)
    if total is None:
        total = ship.deck_values[key] = sum(map(harms(ship).__getitem__, ship.events.cards))
    return total


def scouting(ship) -> float:
    """Ines's look at the top Event card, worth the harm it saves: putting a card worse than the rest
    under the deck. The crew knows the top card once seen (Ines, Early Warning); otherwise the worth is
    the mean over the cards it might be (the deck's cards, not their order: the crew never peeks). In
    the last round no Event is drawn again: nothing to save."""
    pile = ship.events.cards
    if len(pile) < 2 or ship.round >= ship.rounds:
        return 0.0
    key = ("scouting", len(pile), ship.known[0] if ship.known else None)  # the deck's cards at its length
    value = ship.deck_values.get(key)
    if value is not None:
        return value
    if ship.known:
        top = ship.known[0]
        value = max(0.0, event_harm(ship, top) - harm_of_the_rest(ship, top))
    else:  # the mean of max(0, event_harm(c) - harm_of_the_rest(c)), the rest's harm inline
        total, rest = deck_harm(ship), len(pile) - 1  # (a sum of the saved harms above 0: adding 0.0 changes no sum)
        value = sum(s for h in map(harms(ship).__getitem__, pile) if (s := h - (total - h) / rest) > 0.0) / len(pile)
    ship.deck_values[key] = value
    return value


def forewarning(ship, look: int) -> float:
    """Early Warning's worth: the harm it saves by putting the least harmful of the top `look` Event cards
    on top for the next round (what it does for the rounds after is left out). The top cards the crew has
    seen are known (`ship.known`); the others are any of the deck's other cards, each set of them as
    likely (the least of j cards drawn from n, by its order statistics)."""
    after: Any  # the harm after the look: the least of the known cards when every card looked at is known
    pile = ship.events.cards
    if len(pile) < 2 or ship.round >= ship.rounds:
        return 0.0
    key = ("forewarning", len(pile), look, tuple(ship.known))
    value = ship.deck_values.get(key)
    if value is not None:
        return value
    seen = ship.known[:look]
    rest = list(pile)
    for card in seen:
        rest.remove(card)
    rest_harms = sorted(map(harms(ship).__getitem__, rest))
    j, n = min(look, len(pile)) - len(seen), len(rest_harms)
    least = min((event_harm(ship, c) for c in seen), default=None)
    if j <= 0:
        after = least  # every card looked at is known already
    else:
        after = 0.0
        for i, h in enumerate(rest_harms):  # P(the least of the j unseen cards is the i-th smallest)
            p = math.comb(n - 1 - i, j - 1) / math.comb(n, j)
            after += p * (h if least is None or h < least else least)
    now = event_harm(ship, seen[0]) if seen else sum(rest_harms) / n  # the top card: known, or any of the deck's
    value = ship.deck_values[key] = max(0.0, now - after)
    return value


def card_value(ship, who: int, card: str) -> float:
    """What an Ability Card in hand is worth (its fields only: worked out once, kept in Table.kept)."""
    v = ship.card_values.get(card)
    if v is None:
        a = ship.ability[card]
        v = 2.0 * ((a.get("happiness") or 0) > 0) + 2.0 * ((a.get("sanitation") or 0) > 0) + 3.0 * bool(a.get("repair"))
        v = ship.card_values[card] = v + (a.get("actions") or 0) * 0.5 + (a.get("draw") or 0) * 0.5 + 0.5
    return v


def site(ship, sq) -> float:
    """What a Captain standing in `sq` could do there, per Action."""
    value = repair_value(ship, sq, 1) / 5.0 if ship.damage.get(sq) else 0.0
    room = ship.room.get(ship.slot[sq])
    if room and room["kind"] == "activated" and ship.works(ship.slot[sq]):
        there = room_site(ship, room)
        value = there if there > value else value  # max(value, there)
    return value


def room_site(ship, room: dict) -> float:
    """What an activated Room (its fields) gives a Captain standing in it, per Action: its gains alone
    (so it reads only the meters)."""
    return (gain(ship, "happiness", room.get("happiness") or 0)
            + gain(ship, "sanitation", room.get("sanitation") or 0)) / room["cost"]


def at(ship, sq, sites: dict) -> float:
    """site(), once a decision per square (`sites`)."""
    value = sites.get(sq)
    if value is None:
        value = sites[sq] = site(ship, sq)
    return value


def move_worth(there: float, here: float, cost: int) -> float:
    """A Move is worth what the Captain could do there more than here."""
    return 0.8 * max(0.0, there - here) * max(cost, 1)


def worth(ship, name: str, who: int, key, target, cost: int, sites: dict) -> float:
    """What a move is worth (a group's move for one target: moves.options, moves.make). The kinds in the
    order baseline.choose asks for them most (it values a Move, and most Ability Cards, itself)."""
    if name == "captain":
        return captain_move(ship, who, key, target)
    if name == "search":
        return search_worth(ship, who)
    if name == "craft":
        return craft_value(ship)
    if name == "entertain":
        return entertain_worth(ship)
    if name == "clean":
        return clean_worth(ship, who)
    if name == "ability":
        return ability_move(ship, who, key, target, sites)
    if name == "room":
        return room_move(ship, key, target)
    if name == "resolve":
        return resolve_worth(ship, key)
    if name == "repair":
        return repair_value(ship, ship.crew[who][1], 1)
    if name == "move":
        return move_worth(at(ship, target, sites), at(ship, ship.crew[who][1], sites), cost)
    assert name == "discard", name
    return 0.5


def search_worth(ship, who: int) -> float:
    return 1.2 if len(ship.crew[who][2]) < 3 else 0.3  # (inline in choose)


def entertain_worth(ship) -> float:
    return gain(ship, "happiness", ship.tasks["Entertain"]["happiness"])


def clean_worth(ship, who: int) -> float:
    by = ship.tasks["Clean"]["sanitation"]
    by += ship.captain_plans[ship.crew[who][0]].bonus.get("Clean", 0)
    return gain(ship, "sanitation", by)


def resolve_worth(ship, i: int) -> float:
    return max(0.0, event_harm(ship, ship.ongoing[i]["id"])) * 0.8


def room_move(ship, room: str, target) -> float:
    """What using an activated Room is worth: each step of its effect, in order."""
    v = 0.0
    for verb, args, _ in ship.room_plans[room].steps:
        if verb == "change":
            v += gain(ship, args["track"], args["by"])
        elif verb == "repair":
            v += repair_value(ship, target, args["tokens"])
        elif verb == "craft":
            v += craft_value(ship)
        elif verb == "gamble":
            p = (args["up_to"] + 1) / 10
            v += p * gain(ship, args["track"], args["win"]) + (1 - p) * gain(ship, args["track"], args["lose"])
        elif verb == "discard":
            v += -1.0
    return v  # a move (the teleporter's): valued as moves would be, less


def captain_move(ship, who: int, captain: str, target) -> float:
    """What a Captain's Activated ability is worth: each of its steps (verbs.py), in order."""
    v = 0.0
    for verb, args, _ in ship.captain_plans[captain].ability.steps:
        if verb == "scout":
            v += scouting(ship)
        elif verb == "spare":
            v += 8.0 if ship.damage[target] >= ship.max_damage - 1 else 2.0
        elif verb == "gamble":
            p = (args["up_to"] + 1) / 10
            v += p * gain(ship, args["track"], args["win"]) + (1 - p) * gain(ship, args["track"], args["lose"])
        elif verb == "craft":
            v += craft_value(ship) * 1.3
        elif verb == "change":
            v += gain(ship, args["track"], args["by"])
        elif verb == "take-back":  # never an Action card back: taking back Double Espresso would loop for ever
            v += 0.0 if ship.ability[target].get("actions") else card_value(ship, who, target) * 0.5
    return v


def ability_move(ship, who: int, card: str, target, sites: dict) -> float:
    """What playing an Ability Card is worth: the worth of each step of its effect (verbs.py), in order."""
    v = 0.0
    for verb, args, when in ship.ability_plans[card].steps:
        v += step_worth(ship, who, verb, args, when, target, sites)
    return v


def step_worth(ship, who: int, verb: str, args, when, target, sites: dict) -> float:
    """What one step of an effect is worth to the crew, Captain `who` playing it at `target`."""
    if verb == "change":
        return gain(ship, args["track"], args["by"])
    late = ship.round >= ship.rounds
    if verb == "repair":
        place = args["place"]
        if place == "rolled":
            return 2.0
        return repair_value(ship, ship.crew[who][1] if place == "here" else target, args["tokens"])
    if verb == "clear":
        here = ship.crew[who][1]
        return repair_value(ship, here, ship.damage[here])
    if verb == "move":
        return 1.5 * at(ship, target, sites) - at(ship, ship.crew[who][1], sites)
    if verb == "look":
        return forewarning(ship, args["count"]) if args["pile"] == "event" else 0.0 if late else 0.6
    if verb in ("steer", "shield", "task-cost"):
        return 0.0 if late else 0.6
    if verb == "actions":
        return (0.0 if late else args["count"] * 0.7) if when.get("at") == "round-start" else args["count"]
    if verb == "draw":
        return args["count"] * 0.8
    if verb == "craft":
        return craft_value(ship) * 1.2
    if verb == "spare":
        return 11.0 if ship.damage[target] >= ship.max_damage - 1 else 3.0
    if verb == "end-event":
        return max(0.0, event_harm(ship, ship.ongoing[target]["id"]))
    return 0.0  # a roll: what it does is the next step's worth
