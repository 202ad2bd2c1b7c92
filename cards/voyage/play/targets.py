"""Where Voyage's cards may be aimed, and what the ongoing Events do to the crew's moves: the places a step names,
the filters a chosen Room passes, the targets a compiled card (plans.Plan) is offered for, and the squares, costs
and tasks the Events in play change. No card is named here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import effects

if TYPE_CHECKING:
    from .plans import Plan

HERE, ROLLED = "here", "rolled"  # the places a step names: where the acting Captain stands; the Room rolled last
ROLL, BESIDE, ANY = "roll", "beside", "any"  # an Event's: a Room the Peril Die shows, rolled for the step (again
# off a Room that can take no Damage Token); the Room beside the card; any Room


def in_play(ship) -> tuple:
    """What the ongoing Events do to the crew's moves now, in one pass: the tasks no Captain can use, the Actions
    an Ability Card costs more, and the squares blocked (ship.quarantined, for every square at once)."""
    forbidden: frozenset = frozenset()
    extra, blocked = 0, set()
    plans = ship.event_plans
    for e in ship.ongoing:
        plan = plans[e["id"]]
        if plan.blocks:
            blocked.add(e["at"])
        if plan.forbids:
            forbidden |= plan.forbids
        if plan.extra:
            extra += plan.extra.get("ability", 0)
    return forbidden, extra, blocked


def task_cost(ship, task: str, cost: int) -> int:
    """A task's cost (`cost`: its own) as the ongoing Events change it: what the last of them sets (`task-cost`),
    and what each adds (`modify-cost`)."""
    plans = ship.event_plans
    extra = 0
    for e in ship.ongoing:
        plan = plans[e["id"]]
        if plan.sets:
            cost = plan.sets.get(task, cost)
        if plan.extra:
            extra += plan.extra.get(task, 0)
    return cost + extra


def resolvable(ship, event: dict, where: Any, here: str) -> bool:
    """Whether a Captain in `here` may spend Actions to resolve the ongoing Event `event` (its plan's `resolve`)."""
    if where == ANY:
        return True
    if where == BESIDE:
        return event["at"] == here
    return passes(ship, here, where)


def passes(ship, sq: str, filters: Any) -> bool:
    """Whether a square is one a chosen place's filters leave."""
    for name in filters:
        if name == "damaged":
            if not ship.damage[sq] or sq in ship.destroyed:
                return False
        elif not FILTERS[name](ship, sq, sq):  # (the square is where the Captain stands)
            return False
    return True


# -- where a card may be aimed ------------------------------------------------------------------------------
def targets(ship, who: int, plan: Plan, damaged: list) -> list:
    """The targets of a card aimed as `plan` says, for Captain `who` (`damaged`: the damaged Rooms, in order)."""
    verb, args = plan.aim
    here = ship.crew[who][1]
    place = plan.place
    if verb == "look":
        return [None] if len(ship.rooms if args["pile"] == "room" else ship.events) else []
    if verb == "discard":
        return [None] if len(ship.crew[who][2]) >= args["count"] else []
    if verb == "scout":
        return [None] if len(ship.events) else []
    if verb == "take-back":
        return sorted(set(ship.abilities.discards), key=ship.rank.__getitem__)
    if place == HERE:
        return [None] if (here in damaged if verb != "craft" else effects.craftable(ship, here)) else []
    filters = place["choose"]
    if verb == "move":
        if args["piece"] == ANYONE:
            return [(i, sq) for i in range(len(ship.crew)) for sq in useful_squares(ship, i)]
        return useful_squares(ship, who)
    if verb == "end-event":
        return list(range(len(ship.ongoing)))
    out = damaged if "damaged" in filters else ship.squares
    for name in filters:
        if name != "damaged":
            keep = FILTERS[name]
            out = [sq for sq in out if keep(ship, here, sq)]
    return out


ANYONE = "any-captain"  # a move's piece: any Captain of the crew (else the acting one)
FILTERS = {  # what a chosen Room must be, for the acting Captain standing `here`
    "unspared": lambda ship, here, sq: sq not in ship.spared,
    "intact": lambda ship, here, sq: not ship.damage[sq] and sq not in ship.destroyed,
    "unshielded": lambda ship, here, sq: ship.bulkhead.get(sq, 0) < ship.round + 1,
    "near": lambda ship, here, sq: sq == here or sq in ship.links[here],
    "elsewhere": lambda ship, here, sq: sq != here,
    "craftable": lambda ship, here, sq: effects.craftable(ship, sq),
}


def quarantine(ship) -> set:
    """The squares an Event in play blocks (ship.quarantined, for every square at once)."""
    plans = ship.event_plans
    return {e["at"] for e in ship.ongoing if plans[e["id"]].blocks}


def useful_squares(ship, who: int | None) -> list:
    """Where a Captain could do something (squares beside where `who` stands: any, for None)."""
    here = ship.crew[who][1] if who is not None else None
    blocked = quarantine(ship) if ship.ongoing else ()
    damage, slot, room, destroyed = ship.damage, ship.slot, ship.room, ship.destroyed
    rooms_left = len(ship.rooms.cards) > 0
    return [sq for sq in ship.squares if sq != here and sq not in blocked and  # effects.craftable, inline
            (damage[sq] or (rooms_left and sq not in destroyed)
             or (slot[sq] in room and room[slot[sq]]["kind"] == "activated"))]
