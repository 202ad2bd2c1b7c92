"""Voyage: the baseline's choice in one walk over the crew (`baseline.choose` and `moves.options` fused).

`baseline.choose` lists the legal moves as groups (`moves.options`), then values each group. This walks
the crew once, in the order `options` lists its groups, and works out each move's worth first and whether
it is legal only where that worth could beat the best so far: no groups, no dispatch by name, no second
loop. `moves.options` stays THE definition of a legal move (the random and search policies play by it);
each block below names the lines of `options` it mirrors, and tests/games/voyage/test_simulate_fused.py holds this
chooser to `baseline.choose` at every decision of many games. The worths are `baseline`'s own functions.

Exactly the move `choose` makes: the same scores (the same sums, in the same order), and the first of
equals in `options` order (a later move must be worth strictly more). So a move worth no more than one
before it is passed over without being made or looked for:
- a group whose moves are all worth the same (every group but `b.targeted`'s) is worth what its first
  target is worth: its worth is worked out without the target, the target found only when it wins;
- another Captain's Craft or Entertain (the same cost, the same worth), a Jetpack's target whose square
  is worth what an earlier one's is, a Move where no square is worth more than the Captain's own;
- a Jetpack when even a square worth the most would not make it beat the best so far; Quill's cards
  but the first of the most worth (they cost the same).
What is worked out less often: `b.site` only for the squares where it is not 0 (damaged, or holding an
activated Room); the worths that read only the meters and the round (every Ability Card but those
whose plan `reads_more` (verbs.py), the Captains of `b.BY_METERS`, an activated Room's worth to a Captain
in it, a Clean's and an Entertain's) and the weights, kept by the meters and the round in `Table.kept`, with each card's
cost and how it is valued (`_plan`): between the games of a run, as they read only the cards' fields.
Quill's best card is kept with the discard pile and brought up to date as cards are discarded."""

from typing import Any

from pnp.play import Move

from . import baseline as b
from . import moves as m
from . import verbs as v


def choose(ship) -> Move:
    """The best move per Action among the legal ones, the first of equals in `moves.options` order, or
    END when nothing is worth more than 0.25 per Action: what `baseline.choose` plays."""
    key: Any  # a group of `moves.options`, or the key of a reach kept in ship.reached
    value: Any
    meter = ship.meter  # b.gain reads the meters and the weights, the weights only the meters (b.weight):
    key = ("meters", meter["happiness"], meter["sanitation"], ship.round)  # the weights, and the worths that
    kept = ship.card_values.get(key)  # read only the meters and the round (not reads_more), kept by them (Table.kept)
    if kept is None:
        kept = ship.card_values[key] = ({"happiness": b.weight(ship, "happiness"),
                                         "sanitation": b.weight(ship, "sanitation")}, {})
    ship.weights, by_meters = kept
    left = ship.actions
    ongoing = ship.ongoing
    crew = ship.crew
    sites: dict = {}  # b.site per square, once a decision (b.at)
    cards: dict = {}  # an Ability Card's worth, where not where its Captain stands (as baseline.choose)
    best: tuple | None = None  # the move to make: moves.make's (name, who, key, cost, target)
    best_score = 0.25  # END's: played when nothing is worth its Actions
    room_cards = ship.room
    captain_plans = ship.captain_plans
    plan = ship.card_values.get("fused")
    if plan is None:
        plan = ship.card_values["fused"] = _plan(ship)
    captain_plan, card_plan = plan
    # options: the decision's costs and the board, once
    move_cost = ship.tasks["Move"]["cost"]
    blocked: set | tuple
    forbidden: frozenset
    event_plans = ship.event_plans
    if not ongoing:
        forbidden, extra, blocked, walk = frozenset(), 0, (), move_cost
    else:  # v.in_play and v.task_cost(ship, "Move", ..), in one pass over the events
        forbidden, extra, blocked, walk, more = frozenset(), 0, set(), move_cost, 0
        for e in ongoing:
            ep = event_plans[e["id"]]
            if ep.blocks:
                blocked.add(e["at"])
            if ep.forbids:
                forbidden |= ep.forbids
            if ep.sets:
                walk = ep.sets.get("Move", walk)
            if ep.extra:
                extra += ep.extra.get("ability", 0)
                more += ep.extra.get("Move", 0)
        walk += more
        walk = walk if walk > 0 else 0  # max(0, walk)
    damage, destroyed = ship.damage, ship.destroyed
    damaged = ([sq for sq, d in damage.items() if d and sq not in destroyed] if any(damage.values())  # as options
               else [])  # (the damage table is in the squares' order; no Room is damaged at most decisions)
    # b.site is 0.0 but where a square is damaged or holds an activated Room (ship.at: where each Room card
    # in play is, kept with ship.slot by effects.craft): those squares' sites, once, and the best of them
    top, top_sq = 0.0, None  # the best of them (a site is never below 0.0: max(sites.values(), default=0.0)),
    # and a square worth it
    for room, sq in ship.at.items():
        fields = room_cards[room]
        if fields["kind"] == "activated" and sq not in sites:
            if damage[sq]:
                value = sites[sq] = b.site(ship, sq)
            else:  # b.site of an undamaged square: its Room's worth (kept by the meters) where the Room works
                there = by_meters.get(("site", room))
                if there is None:
                    there = by_meters["site", room] = b.room_site(ship, fields)
                value = sites[sq] = there if there > 0.0 and ship.works(room) else 0.0
            if value > top:
                top, top_sq = value, sq
    for sq in damaged:
        if sq not in sites:
            value = sites[sq] = b.site(ship, sq)
            if value > top:
                top, top_sq = value, sq
    fewest, least = 0, len(crew[0][2])
    for i in range(1, len(crew)):
        if len(crew[i][2]) < least:
            fewest, least = i, len(crew[i][2])
    links, hall, near_of = ship.links, ship.hall, ship.near
    rooms_left = len(ship.rooms.cards) > 0
    basic = None
    craft_cost = None
    crafted = entertained = False
    resolved: set = set()  # the events whose resolve (or discard) has been valued
    useful = None
    for who, (captain, here, hand) in enumerate(crew):
        # options: "cost = 0 if who in hall else walk" .. add(("move", ...)); choose's inline Move worth
        cost = 0 if who in hall else walk
        if cost <= left:
            far = captain_plans[captain].reach  # how many connected Rooms a Move crosses
            if far == 1 and not blocked and here not in links[here]:
                near = near_of[here]
            else:
                key = (here, far, tuple(sorted(blocked)) if blocked else ())
                near = ship.reached.get(key)
                if near is None:
                    near = ship.reached[key] = sorted(m.reach(ship, who, blocked))
            now = sites.get(here, 0.0)
            if near and top > now:  # else no square is worth more than here: every Move worth 0
                per = cost if cost > 0.5 else 0.5
                for target in near:
                    there = sites.get(target, 0.0)
                    if there <= now:
                        continue
                    score = 0.8 * (there - now) * (cost if cost > 1 else 1) / per
                    if score > best_score:
                        best, best_score = ("move", who, None, cost, target), score
        # options: "if who == fewest or plans_of[captain].distinct": Search, Clean, Entertain
        if who == fewest or captain_plans[captain].distinct:
            if basic is None:
                basic = m.basic_costs(ship)
            c = basic[0]
            if c <= left and (ship.abilities.cards or ship.abilities.discards):
                score = b.search_worth(ship, who) / (c if c > 0.5 else 0.5)
                if score > best_score:
                    best, best_score = ("search", who, None, c, None), score
            c = basic[1]
            if c <= left and meter["sanitation"] < 100:  # worth the same but for Grimsby's bonus: kept by the meters
                bonus = captain_plans[captain].bonus.get("Clean", 0)
                value = by_meters.get(("clean", bonus))
                if value is None:
                    value = by_meters["clean", bonus] = b.clean_worth(ship, who)
                score = value / (c if c > 0.5 else 0.5)
                if score > best_score:
                    best, best_score = ("clean", who, None, c, None), score
            c = basic[2]
            if c <= left and meter["happiness"] < 100 and not entertained:  # another Captain's: worth the same
                entertained = True
                value = by_meters.get(("entertain",))
                if value is None:
                    value = by_meters["entertain",] = b.entertain_worth(ship)
                score = value / (c if c > 0.5 else 0.5)
                if score > best_score:
                    best, best_score = ("entertain", who, None, c, None), score
        # options: Repair where the Captain stands, Craft (effects.craftable), each unless an Event forbids it
        if "Repair" not in forbidden and damage[here] and here not in destroyed and (
                c := m.task_cost(ship, "Repair", who)) <= left:
            score = b.repair_value(ship, here, 1) / (c if c > 0.5 else 0.5)
            if score > best_score:
                best, best_score = ("repair", who, None, c, None), score
        if "Craft" not in forbidden and rooms_left and here not in destroyed and not damage[here]:
            if craft_cost is None:
                craft_cost = m.task_cost(ship, "Craft", who)
            if craft_cost <= left and not crafted:  # another Captain's Craft: worth the same, never more
                crafted = True
                score = b.craft_value(ship) / (craft_cost if craft_cost > 0.5 else 0.5)
                if score > best_score:
                    best, best_score = ("craft", who, None, craft_cost, None), score
        # options: "room = ship.slot[here]" .. add(("room", ...)): the activated Room where the Captain stands
        room = ship.slot[here]
        fields = room_cards.get(room)
        if fields and fields["kind"] == "activated" and (c := fields["cost"]) <= left:
            per = c if c > 0.5 else 0.5
            if b.targeted(ship, "room", room):
                if ship.works(room):
                    for target in m.room_targets(ship, who, room, damaged):
                        score = b.room_move(ship, room, target) / per
                        if score > best_score:
                            best, best_score = ("room", who, room, c, target), score
            elif (score := b.room_move(ship, room, None) / per) > best_score and ship.works(room):
                targets = m.room_targets(ship, who, room, damaged)
                if targets:
                    best, best_score = ("room", who, room, c, targets[0]), score
        # options: "c = captains[captain]['cost']" .. add(("captain", ...))
        c, how = captain_plan[captain]
        if c <= left:
            per = c if c > 0.5 else 0.5
            if how is TARGETS:
                aimed = captain_plans[captain].ability.verb
                if aimed == "take-back":  # the card taken back: its targets all cost the same, so the first of
                    target, value = _taken_back(ship, who, captain)  # the most worth is the one a walk would choose
                    if target is not None and (score := value / per) > best_score:
                        best, best_score = ("captain", who, captain, c, target), score
                elif damaged or aimed != "spare":  # (a Room spared: one of the damaged squares)
                    for target in m.captain_targets(ship, who, damaged):
                        score = b.captain_move(ship, who, captain, target) / per
                        if score > best_score:
                            best, best_score = ("captain", who, captain, c, target), score
            else:
                if how is KEPT:
                    value = by_meters.get(captain)
                    if value is None:
                        value = by_meters[captain] = b.captain_move(ship, who, captain, None)
                else:
                    value = b.captain_move(ship, who, captain, None)
                score = value / per
                if score > best_score:
                    targets = m.captain_targets(ship, who, damaged)
                    if targets:
                        best, best_score = ("captain", who, captain, c, targets[0]), score
        # options: "if hand: for card in sorted(set(hand))" .. add(("ability", ...))
        if hand:
            last = None
            for card in hand:  # in the deck's order (effects.take): each card once, as moves.options lists them
                if card == last:
                    continue
                last = card
                c, how = card_plan[card]
                c += extra
                if c > left:
                    continue
                per = c if c > 0.5 else 0.5
                if how is TARGETS:
                    moving = ship.ability_plans[card].verb == "move"
                    if moving:  # worth more the more its target's square is worth (b.at): if
                        # even a square worth the most (top_sq) would not beat the best so far, no target does
                        if top_sq is not None and b.ability_move(ship, who, card, top_sq, sites) / per <= best_score:
                            continue
                        if useful is None:
                            useful = m.useful_squares(ship, None)
                        targets = [sq for sq in useful if sq != here]
                    else:
                        targets = v.targets(ship, who, ship.ability_plans[card], damaged)
                    seen = set()  # a move is worth what its target's site is: the first target of each
                    for target in targets:
                        if moving:
                            there = sites.get(target, 0.0)
                            if there in seen:
                                continue  # worth what an earlier target is: never more
                            seen.add(there)
                        score = b.ability_move(ship, who, card, target, sites) / per
                        if score > best_score:
                            best, best_score = ("ability", who, card, c, target), score
                    continue
                if how is KEPT:
                    value = by_meters.get(card)
                    if value is None:
                        value = by_meters[card] = b.ability_move(ship, who, card, None, sites)
                elif how is BY_WHO:  # worth what it does where its Captain stands, and played only there:
                    targets = v.targets(ship, who, ship.ability_plans[card], damaged)  # whether it can be is cheaper
                    if targets and (score := b.ability_move(ship, who, card, None, sites) / per) > best_score:
                        best, best_score = ("ability", who, card, c, targets[0]), score
                    continue
                else:
                    value = cards.get(card)
                    if value is None:
                        value = cards[card] = b.ability_move(ship, who, card, None, sites)
                score = value / per
                if score > best_score:
                    if ship.ability_plans[card].aim is None:
                        target = None
                    else:
                        targets = v.targets(ship, who, ship.ability_plans[card], damaged)
                        if not targets:
                            continue
                        target = targets[0]
                    best, best_score = ("ability", who, card, c, target), score
        # options: "for i, e in enumerate(ongoing)": resolve an Event, or discard to resolve it
        for i, e in enumerate(ongoing):  # an Event resolved, or a discard, by an earlier Captain is worth the
            if i in resolved:  # same (and costs the same): never more
                continue
            ep = event_plans[e["id"]]
            if ep.resolve is not None and (c := ep.cost) <= left and here not in e["done"] and \
                    v.resolvable(ship, e, ep.resolve, here):
                if not ep.discards:  # (a discard, below, comes after the resolve)
                    resolved.add(i)
                score = b.resolve_worth(ship, i) / (c if c > 0.5 else 0.5)
                if score > best_score:
                    best, best_score = ("resolve", who, i, c, None), score
            if ep.discards and hand:
                resolved.add(i)
                score = b.worth(ship, "discard", who, i, None, 0, sites) / 0.5  # its cost 0: per Action, 0.5
                if score > best_score:
                    best, best_score = ("discard", who, i, 0, hand[0]), score
    ship.weights = None
    if best is None:
        return m.END
    return m.make(*best)


def _taken_back(ship, who: int, captain: str) -> tuple:
    """A Captain's best card to take back from the discards and its worth, or (None, None) when there is none:
    the first of the most worth in `m.captain_targets`' order (the sorted cards), so the greater worth, or
    the same worth and the card first in order. Kept this game with the discard pile it was found in,
    and brought up to date with the cards discarded since; each card's worth is kept as its fields'
    (b.captain_move)."""
    discards = ship.abilities.discards
    seen, pick = ship.deck_values.get(("taken back", captain), ([], (None, None)))
    if discards == seen:
        return pick
    n = len(seen)
    if len(discards) > n and discards[:n] == seen:
        new = discards[n:]  # discarded since
    else:  # a card taken back, or the pile shuffled into the deck: from the start
        new, pick = discards, (None, None)
    kept = ship.card_values
    for target in new:
        value = kept.get((captain, target))
        if value is None:
            value = kept[captain, target] = b.captain_move(ship, who, captain, target)
        if pick[1] is None or value > pick[1] or (value == pick[1] and ship.rank[target] < ship.rank[pick[0]]):
            pick = (target, value)
    ship.deck_values["taken back", captain] = (discards[:], pick)
    return pick


# how a Captain's or an Ability Card's worth is found (_plan): for each of its targets; kept by the meters
# and the round (not reads_more, b.BY_METERS; in Table.kept); where its Captain stands (by_who); once a decision
TARGETS, KEPT, BY_WHO, DECISION = "targets", "kept", "by who", "decision"


def _plan(ship) -> tuple[dict, dict]:
    """Each Captain's and each Ability Card's cost (its field) and how its worth is found: worked out once
    and kept in Table.kept (each value of a sweep has its own)."""
    captains: dict = {}
    for captain, fields in ship.captain.items():
        how = TARGETS if b.targeted(ship, "captain", captain) else KEPT if b.by_meters(ship, captain) else DECISION
        captains[captain] = (fields["cost"], how)
    cards: dict = {}
    for card, fields in ship.ability.items():
        plan = ship.ability_plans[card]
        how = TARGETS if plan.targeted else BY_WHO if plan.by_who else KEPT if not plan.reads_more else DECISION
        cards[card] = (fields["cost"], how)
    return captains, cards
