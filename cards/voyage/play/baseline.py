"""Voyage: the baseline player, a greedy crew. Each move is valued by what it saves (a meter in danger,
a damaged Room before it is Destroyed, an Event's harm) per Action it costs; the crew plays the best
move until nothing is worth its Actions, then ends the round. A decision the rules open (choices.py:
the card kept, the Room Card placed, the die's wild face) it answers by the same worths (`answer`).
The weights below are the player's judgement, not card numbers: the cards' numbers are read from their
fields."""

import math
from typing import Any

from pnp.play import Move

from . import moves

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


# the moves whose worth depends on their target (every other group's moves are worth the same): these, the
# Ability Cards whose plan is `targeted` and the Rooms that repair a Room chosen
TARGETED = ("take-back", "spare")  # a Captain's ability worth what it takes back, or the Room it spares
BY_METERS = ("gamble", "craft", "change")  # a Captain whose ability does only these: worth what the meters say

# how a group's worth is found (`how`): for each of its targets (MOVER: a card that moves its Captain, worth
# more the more the square is worth, and nothing else read of its target); by the meters and the round alone
# (kept in Table.kept by them); where its Captain stands (worked out each time); by the board, once a decision
TARGETS, MOVER, KEPT, BY_WHO, DECISION = "targets", "mover", "kept", "by who", "decision"
READS_TARGET = ("move", "spare", "end-event")  # the steps whose worth reads their target (and `repair` a Room chosen)


def how(ship, name: str, key) -> str:
    """How the worth of a Room's, a Captain's or an Ability Card's moves is found (kept: their plans, read once)."""
    if name == "ability":
        plan = ship.ability_plans[key]
        if plan.verb == "move" and sum(verb in READS_TARGET or (verb == "repair" and args["place"] not in (
                "here", "rolled")) for verb, args, _ in plan.steps) == 1:
            return MOVER
        return TARGETS if plan.targeted else BY_WHO if plan.by_who else DECISION if plan.reads_more else KEPT
    if name == "room":  # a Room's repair is worth what the Room chosen needs
        return TARGETS if ship.room_plans[key].verb == "repair" else DECISION
    ability = ship.captain_plans[key].ability
    return TARGETS if ability.verb in TARGETED else \
        KEPT if all(verb in BY_METERS for verb, _, _ in ability.steps) else DECISION


def targeted(ship, name: str, key) -> bool:
    return name in AIMED and how(ship, name, key) in (TARGETS, MOVER)


AIMED = ("ability", "room", "captain")  # the groups with targets a player aims


def choose(ship) -> Move:
    """The best move per Action among the legal ones (moves.options, in their order: the first of equals),
    or END when nothing is worth its Actions. Only the move played is made. An open decision: `answer`.

    A group whose moves are worth the same is valued once, and its targets (moves.Later) worked out only
    where it beats the best so far; the worths that read only the meters and the round (the weights, Ability
    Cards whose plan reads no more, Captains of BY_METERS, a Clean, an Entertain) are kept by them in Table.kept,
    as they read only the cards' fields besides; a square's `site` is worked out for those where it is not 0."""
    if ship.pending is not None:
        return answer(ship)
    meter = ship.meter
    key = ("meters", meter["happiness"], meter["sanitation"], ship.round)
    kept = ship.card_values.get(key)
    if kept is None:
        kept = ship.card_values[key] = ({"happiness": weight(ship, "happiness"),
                                         "sanitation": weight(ship, "sanitation")}, {})
    ship.weights, by_meters = kept
    hows = ship.card_values.get("baseline how")
    if hows is None:
        hows = ship.card_values["baseline how"] = {}
    sites: dict = {}  # what a Captain could do in a square, per Action: not 0 only where damaged or where an
    for room, sq in ship.at.items():  # activated Room stands (site, at)
        if ship.room[room]["kind"] == "activated":
            sites[sq] = site(ship, sq)
    damage, destroyed = ship.damage, ship.destroyed
    for sq in ship.squares:
        if damage[sq] and sq not in sites and sq not in destroyed:
            sites[sq] = site(ship, sq)
    top, top_sq = 0.0, None  # the most a square is worth (a site is never below 0), and such a square
    for sq, value in sites.items():
        if value > top:
            top, top_sq = value, sq
    cards: dict = {}  # what an Ability Card is worth, where not where its Captain stands
    crew, plans_of = ship.crew, ship.captain_plans
    best, best_score = None, 0.25  # END: played when nothing is worth its Actions
    for group in moves.options(ship, lazy=True):
        name, who, key, cost, targets = group
        per = cost if cost > 0.5 else 0.5  # max(cost, 0.5), without the call
        if name == "move":  # the most common by far: each target's site worked out once
            here = sites.get(crew[who][1], 0.0)
            if top <= here:  # no square worth more: every Move worth 0, never better than END's 0.25
                continue
            for target in targets:
                there = sites.get(target, 0.0)
                if there <= here:
                    continue
                score = 0.8 * (there - here) * (cost if cost > 1 else 1) / per  # move_worth, inline
                if score > best_score:
                    best, best_score = (group, target), score
            continue
        if targets is None:  # a basic task, a Repair, a resolve
            if name == "search":
                value = 1.2 if len(crew[who][2]) < 3 else 0.3  # search_worth, inline
            elif name in ("craft", "entertain", "clean"):  # worth what the meters and the round say
                k = ("clean", plans_of[crew[who][0]].bonus.get("Clean", 0)) if name == "clean" else name
                value = by_meters.get(k)
                if value is None:
                    value = by_meters[k] = worth(ship, name, who, key, None, cost, sites)
            else:
                value = worth(ship, name, who, key, None, cost, sites)
            score = value / per
            if score > best_score:
                best, best_score = (group, None), score
            continue
        way = hows.get((name, key))
        if way is None:
            way = hows[name, key] = how(ship, name, key) if name in AIMED else DECISION
        if way is not TARGETS and way is not MOVER:  # every target worth the same (the first's, worked out without it)
            if way is KEPT:
                value = by_meters.get((name, key))
                if value is None:
                    value = by_meters[name, key] = worth(ship, name, who, key, None, cost, sites)
            elif way is DECISION and name == "ability":  # the same card in two hands: the same
                value = cards.get(key)
                if value is None:
                    value = cards[key] = ability_move(ship, who, key, None, sites)
            else:
                value = worth(ship, name, who, key, None, cost, sites)
            score = value / per
            if score > best_score:
                if type(targets) is moves.Later:
                    targets = targets.get()
                    if not targets:  # no target: no move
                        continue
                best, best_score = (group, targets[0]), score
            continue
        if way is MOVER:  # worth more the more its square is worth: if even the best square would not beat
            # the best so far, no target does; a target worth what an earlier one is, never more
            if top_sq is not None and ability_move(ship, who, key, top_sq, sites) / per <= best_score:
                continue
            seen = set()
            for target in targets.get() if type(targets) is moves.Later else targets:
                there = sites.get(target, 0.0)
                if there in seen:
                    continue
                seen.add(there)
                score = ability_move(ship, who, key, target, sites) / per
                if score > best_score:
                    best, best_score = (group, target), score
            continue
        if name == "captain" and ship.captain_plans[key].ability.verb == "take-back":
            target, value = taken_back(ship, who, key, targets)
            if target is not None and value / per > best_score:
                best, best_score = (group, target), value / per
            continue
        if type(targets) is moves.Later:
            targets = targets.get()
        for target in targets:
            score = worth(ship, name, who, key, target, cost, sites) / per
            if score > best_score:
                best, best_score = (group, target), score
    ship.weights = None
    if best is None:
        return moves.END
    (name, who, key, cost, _), target = best
    return moves.make(name, who, key, cost, target)


def taken_back(ship, who: int, captain: str, targets) -> tuple:
    """The card a Captain's take-back is worth most for (the first of the most worth in `targets`' order) and
    its worth, or (None, None): each card's worth kept (its fields only: Table.kept), the pick kept this game
    with the discard pile it was found in."""
    discards = ship.abilities.discards
    seen, pick = ship.deck_values.get(("taken back", captain), (None, (None, None)))
    if seen == discards:
        return pick
    pick, kept = (None, None), ship.card_values
    for target in targets.get() if type(targets) is moves.Later else targets:
        value = kept.get((captain, target))
        if value is None:
            value = kept[captain, target] = captain_move(ship, who, captain, target)
        if pick[1] is None or value > pick[1]:
            pick = (target, value)
    ship.deck_values["taken back", captain] = (list(discards), pick)
    return pick


# -- the decisions the rules open (choices.py): each answered by the worths above, the first of equals ----------
def answer(ship) -> Move:
    """The baseline's option of the open decision, as its move (moves.answer)."""
    kind, who, options, shown, _ = ship.pending
    return moves.answer(kind, who, ANSWERS[kind](ship, who, options, shown))


def _on_top(ship, who, options, pile):
    """The next card back on top: the best Room Card, the least harmful Event Card."""
    if pile == "room":
        return min(options, key=lambda c: (-room_value(ship, c), ship.rank[c]))
    return min(options, key=lambda c: (event_harm(ship, c), ship.rank[c]))


ANSWERS = {
    "keep card": lambda ship, who, options, shown: max(options, key=lambda c: (card_value(ship, who, c),
                                                                               -ship.rank[c])),
    "keep room": lambda ship, who, options, shown: max(options, key=lambda c: (room_value(ship, c), -ship.rank[c])),
    "discard card": lambda ship, who, options, shown: min(options, key=lambda c: (card_value(ship, who, c),
                                                                                  ship.rank[c])),
    "on top": _on_top,
    # the top Event under the deck when it is worse than the rest on average
    "scout": lambda ship, who, options, top: "bottom" if event_harm(ship, top) > harm_of_the_rest(ship, top)
    else "top",
    # the wild face: a shielded Room, else the least precious, the least damaged; the most damaged to repair;
    # the Room with the most connections to gather the crew in
    "roll hits": lambda ship, who, options, shown: min(options, key=lambda s: (
        ship.bulkhead.get(s, 0) < ship.round, square_worth(ship, s), ship.damage[s], ship.squares.index(s))),
    "roll repairs": lambda ship, who, options, shown: max(options, key=lambda s: (ship.damage[s],
                                                                                  square_worth(ship, s))),
    "roll moves": lambda ship, who, options, shown: max(options, key=lambda s: (len(ship.links[s]),
                                                                                -ship.squares.index(s))),
    "reroll": lambda ship, who, options, hit: square_worth(ship, hit) != 0,  # a roll that hit a Room Card
    "spare room": lambda ship, who, options, shown: min(options, key=lambda s: (
        -ship.damage[s], -square_worth(ship, s), ship.squares.index(s))),
    "gift draw": lambda ship, who, options, shown: min(options, key=lambda i: len(ship.crew[i][2])),
}
