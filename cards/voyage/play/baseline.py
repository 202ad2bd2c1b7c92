"""Voyage: the baseline player, a greedy crew (its worths: worths.py). It plays the best move per Action among
the legal ones until nothing is worth its Actions, then ends the round; a decision the rules open (choices.py:
the card kept, the Room Card placed, the die's wild face) it answers by the same worths (`answer`)."""

from pnp.play import Move

from . import moves
from .worths import (
    ability_move,
    captain_move,
    card_value,
    event_harm,
    harm_of_the_rest,
    room_value,
    site,
    square_worth,
    weight,
    worth,
)

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
        ship.forced = len(ship.pending[2]) == 1  # the decision's options are its legal moves
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
    ties = []  # (card, its score): an Ability Card worth what the best so far is, which loses by the list's order
    groups = moves.options(ship, lazy=True)
    # forced: END the only legal move (moves.legal): no group, or only groups of targets worked out later and none
    # found (a group of a list or of no target has a move; the first group is most often a Move's list)
    ship.forced = all(type(g[4]) is moves.Later for g in groups) and not any(g[4].get() for g in groups)
    for group in groups:
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
            elif score == best_score and name == "ability" and best is not None:
                ties.append((key, score))
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
            elif score == best_score and name == "ability" and best is not None:
                ties.append((key, score))
    ship.weights = None
    if best is None:
        return moves.END
    (name, who, key, cost, _), target = best
    chosen = moves.make(name, who, key, cost, target)
    for card in dict.fromkeys(c for c, score in ties if score == best_score and c != key):
        ship.table.record.tied("ability", card, chosen.card or name)  # as good as the move played: later in the list
    return chosen


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


# -- the decisions the rules open (choices.py): each answered by the worths (worths.py), the first of equals ---
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
    # a roll that hit a Room Card (any other roll stands: a wild face, a step's roll, a gamble's)
    "reroll": lambda ship, who, options, hit: hit in ship.slot and square_worth(ship, hit) != 0,
    "gamble face": lambda ship, who, options, shown: None,  # the wild face: it helps
    "spare room": lambda ship, who, options, shown: min(options, key=lambda s: (
        -ship.damage[s], -square_worth(ship, s), ship.squares.index(s))),
    # the Captain with the fewest cards draws (the baseline never declines)
    "gift draw": lambda ship, who, options, shown: min((i for i in options if i is not None),
                                                       key=lambda i: len(ship.crew[i][2])),
}
