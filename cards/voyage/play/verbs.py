"""Voyage's verbs: what each step of a card's `effect:` does (pnp's library and game.yaml's `verbs:`), where a
card may be aimed, and how the baseline values it. No card is named here: a card does what its effect's steps
say, read from its YAML (`Table.effects`), and a card of new steps plays with no change here.

A card's steps are compiled once a run (`plans`, kept in Table.kept): each step's verb and arguments, the step
a player aims (a chosen Room, an ongoing Event, or where the Captain stands), and what the baseline needs to
know of its worth (whether it depends on the target, on where its Captain stands, or on more than the meters).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.play import Table

HERE, ROLLED = "here", "rolled"  # the places a step names: where the acting Captain stands; the Room rolled last


class Plan:
    """A card's effect, compiled: its steps `(verb, args, when)`, the step aimed (None: the card is aimed at
    nothing), and how its worth is found."""

    __slots__ = ("steps", "aim", "verb", "place", "by_captain", "targeted", "by_who", "reads_more")

    def __init__(self, card: str, steps: Any):
        self.steps = tuple((s["verb"], s["args"], s["when"]) for s in steps)
        for verb in (step[0] for step in self.steps):
            if verb not in DOES and verb not in STANDING:
                known = ", ".join(sorted({*DOES, *STANDING}))
                raise ValueError(f"{card}: Voyage plays no `{verb}` (its verbs: {known})")
        aimed = [(verb, args) for verb, args, _ in self.steps if _aimed(verb, args)]
        aim: Any = aimed[0] if aimed else None
        self.aim = aim  # (verb, args) of the step a player aims
        self.verb = aim[0] if aim else None
        self.place: Any = _place(*aim) if aim else None
        chosen = isinstance(self.place, Mapping)
        self.by_captain = self.place == HERE or self.verb == "move"  # its targets depend on where its Captain is
        self.targeted = chosen and self.verb in ("repair", "spare", "end-event", "move")  # worth: by target
        self.by_who = self.place == HERE and self.verb in ("repair", "clear")  # worth: where its Captain stands
        self.reads_more = self.targeted or self.by_who or (self.verb == "look" and aim[1]["pile"] == "event")


class Shared(dict):
    """What is compiled from the cards once a run (a deck's plans, the standing Rooms' steps): read only, so a
    look-ahead's copy of the game shares it."""

    def __deepcopy__(self, memo: dict) -> Shared:
        return self


def plans(table: Table, deck: str) -> Shared:
    """Every card of a deck compiled (kept: the same for every game with these fields)."""
    key = ("plans", deck)
    made = table.kept.get(key)
    if made is None:
        made = Shared()
        for card, steps in table.effects(deck).items():
            if steps is None:
                raise ValueError(f"{deck} card {card} says nothing of what it does: give it an `effect:`")
            made[card] = Plan(card, steps)
        table.kept[key] = made
    return made


def _place(verb: str, args: Any) -> Any:
    return args.get("place", args.get("to", args.get("event")))


def _aimed(verb: str, args: Any) -> bool:
    """Whether a step needs a target, or can be played only where it does something (a repair where the Captain
    stands, a look at a pile with cards, a discard from a hand that holds enough): the card is offered for each
    target the step allows."""
    if verb == "look" or verb == "discard":
        return True
    place = _place(verb, args)
    return isinstance(place, Mapping) or (place == HERE and verb in ("repair", "clear", "craft"))


# -- where a card may be aimed ------------------------------------------------------------------------------
def targets(ship, who: int, plan: Plan, damaged: list) -> list:
    """The targets of a card aimed as `plan` says, for Captain `who` (`damaged`: the damaged Rooms, in order)."""
    from . import effects, moves

    verb, args = plan.aim
    here = ship.crew[who][1]
    place = plan.place
    if verb == "look":
        return [None] if len(ship.rooms if args["pile"] == "room" else ship.events) else []
    if verb == "discard":
        return [None] if len(ship.crew[who][2]) >= args["count"] else []
    if place == HERE:
        return [None] if (here in damaged if verb != "craft" else effects.craftable(ship, here)) else []
    filters = place["choose"]
    if verb == "move":
        if args["piece"] == ANYONE:
            return [(i, sq) for i in range(len(ship.crew)) for sq in moves.useful_squares(ship, i)]
        return moves.useful_squares(ship, who)
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
    "craftable": lambda ship, here, sq: _craftable(ship, sq),
}


def _craftable(ship, sq: str) -> bool:
    from . import effects

    return effects.craftable(ship, sq)


# -- what a step does -----------------------------------------------------------------------------------------
def play(ship, who: int, plan: Plan, target) -> None:
    """Each step of a card's effect, in order: Captain `who` plays it, aimed at `target`."""
    for verb, args, when in plan.steps:
        DOES[verb](ship, who, args, when, target)


def _change(ship, who, args, when, target) -> None:
    ship.change(args["track"], args["by"])


def _repair(ship, who, args, when, target) -> None:
    from . import effects

    place = args["place"]
    if place == HERE:
        effects.repair(ship, ship.crew[who][1], args["tokens"])
    elif place == ROLLED:
        face = ship.rolled
        sq = face.get("id") if not (face.get("wild") or face.get("chosen")) else \
            max(ship.squares, key=lambda s: (ship.damage[s], ship.worth(s)))
        if sq not in ship.destroyed:
            effects.repair(ship, sq, args["tokens"])
    else:
        effects.repair(ship, target, args["tokens"])


def _clear(ship, who, args, when, target) -> None:
    from . import effects

    here = ship.crew[who][1]
    effects.repair(ship, here, ship.damage[here])


def _roll(ship, who, args, when, target) -> None:
    ship.rolled = ship.roll()


def _move(ship, who, args, when, target) -> None:
    if args["piece"] == ANYONE:
        ship.crew[target[0]][1] = target[1]
    else:
        ship.crew[who][1] = target


def _task_cost(ship, who, args, when, target) -> None:
    if args["task"] != "Move" or args["cost"] != 0 or when.get("until") != "round-end":
        raise ValueError("Voyage plays `task-cost` as a free Move for the rest of the Round only")
    ship.hall.add(who)


def _draw(ship, who, args, when, target) -> None:
    from . import effects

    for _ in range(args["count"]):
        effects.draw_ability(ship, who)


def _look(ship, who, args, when, target) -> None:
    from . import effects

    (effects.look_at_rooms if args["pile"] == "room" else effects.look_at_events)(ship, args["count"])


def _craft(ship, who, args, when, target) -> None:
    from . import effects

    effects.craft(ship, ship.crew[who][1] if args["place"] == HERE else target, args["draw"])


def _spare(ship, who, args, when, target) -> None:
    ship.spared.add(target)


def _shield(ship, who, args, when, target) -> None:
    ship.bulkhead[target] = ship.round + 1  # until the end of the next Round


def _steer(ship, who, args, when, target) -> None:
    ship.rabbit = True


def _actions(ship, who, args, when, target) -> None:
    if when.get("at") == "round-start":
        ship.overtime += args["count"]
    else:
        ship.actions += args["count"]


def _end_event(ship, who, args, when, target) -> None:
    from . import effects

    effects.resolve_event(ship, target)


def _gamble(ship, who, args, when, target) -> None:
    n = ship.number()
    ship.change(args["track"], args["win"] if n is None or n <= args["up_to"] else args["lose"])


def _discard(ship, who, args, when, target) -> None:
    from . import effects

    for _ in range(args["count"]):
        effects.discard_ability(ship, who, effects.worst_card(ship, who))


DOES = {"gamble": _gamble, "discard": _discard, "change": _change, "repair": _repair, "clear": _clear, "roll": _roll,
        "move": _move, "task-cost": _task_cost, "draw": _draw, "look": _look, "craft": _craft, "spare": _spare,
        "shield": _shield, "steer": _steer, "actions": _actions, "end-event": _end_event}

# what a standing card (a passive Room) holds while it works, by verb: read by the round and the costs (ship.py,
# moves.py), never played as a move
STANDING = ("fall", "steady", "modify-cost", "reroll", "deflect", "repeat")


def standing(fields: Any, plans: dict[str, Plan]) -> Shared:
    """verb -> ((card, args, when), ...) of every passive card's steps, a `repeat` as its steps with `times` in
    `when`: what the round reads of the cards that work on their own."""
    out: dict[str, list] = {}
    for card, plan in plans.items():
        if fields[card].get("kind") != "passive":
            continue
        for verb, args, when in plan.steps:
            if verb == "repeat":
                for inner in args["do"]:
                    out.setdefault(inner["verb"], []).append((card, inner["args"], {**when, "times": args["times"]}))
            else:
                out.setdefault(verb, []).append((card, args, when))
    return Shared({verb: tuple(found) for verb, found in out.items()})
