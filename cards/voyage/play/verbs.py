"""Voyage's verbs: what each step of a card's `effect:` does (pnp's library and game.yaml's `verbs:`), where a
card may be aimed, and how the baseline values it. No card is named here: a card does what its effect's steps
say, read from its YAML (`Table.effects`), and a card of new steps plays with no change here.

A card's steps are compiled once a run (`plans`, kept in Table.kept): each step's verb and arguments, the step
a player aims (a chosen Room, an ongoing Event, or where the Captain stands), and what the baseline needs to
know of its worth (whether it depends on the target, on where its Captain stands, or on more than the meters).
An Event Card's steps are compiled the same way (`event_plans`): what it plays when drawn and at each Round's
end, and what it does while in play (the Rooms it blocks, the tasks it forbids or makes dearer, the Actions a
Round it gives, how the crew resolves it), lookups the rules read at every decision.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.play import Table

from . import effects
from .choices import decide, face_of, suspend, task

HERE, ROLLED = "here", "rolled"  # the places a step names: where the acting Captain stands; the Room rolled last
ROLL, BESIDE, ANY = "roll", "beside", "any"  # an Event's: a Room the Peril Die shows, rolled for the step (again
# off a Room that can take no Damage Token); the Room beside the card; any Room


class Steps(tuple):
    """A card's steps, compiled (read only: a look-ahead's copy of the game, whose agenda may hold them, shares
    them; their arguments are the cards' read-only fields)."""

    def __deepcopy__(self, memo: dict) -> Steps:
        return self


class Plan:
    """A card's effect, compiled: its steps `(verb, args, when)`, the step aimed (None: the card is aimed at
    nothing), and how its worth is found."""

    __slots__ = ("steps", "aim", "verb", "place", "by_captain", "targeted", "by_who", "reads_more")

    def __init__(self, card: str, steps: Any):
        self.steps = Steps((s["verb"], s["args"], s["when"]) for s in steps)
        _known(card, self.steps)
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


class EventPlan:
    """An Event Card's effect, compiled: the steps it plays when drawn (`drawn`) and at the end of every Round it
    is in play (`round_end`), each `(verb, args, when, test)` (test: its `if:`, or None); and, for an ongoing card,
    what holds while it is in play: where it sits (`beside`: its `place-beside`'s place, or None), whether it
    blocks that Room, the tasks no Captain can use (`forbids`), the costs it sets (`sets`, task -> Actions) and
    adds to (`extra`, a task or a deck -> Actions), the Actions it gives every Round, and how the crew resolves it:
    spending `cost` Actions where `resolve` says (ANY, BESIDE, or a chosen place's filters) in `rooms` different
    Rooms, or discarding `discards` Ability Cards. `hinders`: it hinders the crew's tasks (the baseline's harm)."""

    __slots__ = ("ongoing", "drawn", "round_end", "beside", "blocks", "forbids", "sets", "extra", "actions",
                 "resolve", "cost", "rooms", "discards", "hinders")

    def __init__(self, card: str, steps: Any, fields: Mapping, table: Table):
        self.ongoing = fields["kind"] == "ongoing"
        drawn: list = []
        round_end: list = []
        self.beside, self.blocks, self.actions = None, False, 0
        self.forbids: frozenset = frozenset()
        self.sets: dict = {}
        self.extra: dict = {}
        self.resolve, self.cost, self.rooms, self.discards = None, 0, 1, 0
        for step in steps:
            verb, args, when = step["verb"], step["args"], step["when"]
            at = when.get("at")
            if verb == "block":
                if args["place"] != BESIDE:
                    raise ValueError(f"{card}: Voyage's `block` blocks the Room beside the card (`block: beside`)")
                self.blocks = True
            elif verb == "forbid":
                self.forbids |= {args["task"]}
            elif verb == "task-cost":
                if "until" in when:
                    raise ValueError(f"{card}: an Event's `task-cost` holds while it is in play (no `until:`)")
                self.sets[args["task"]] = args["cost"]
            elif verb == "modify-cost":
                self.extra[args["task"]] = self.extra.get(args["task"], 0) + args["by"]
            elif verb == "actions" and at == "round-start":
                self.actions += args["count"]
            elif verb == "resolve":
                place = args["place"]
                self.resolve = ANY if place == ANY else BESIDE if place == BESIDE else \
                    tuple(place["choose"]) if isinstance(place, Mapping) else None
                if self.resolve is None:
                    raise ValueError(f"{card}: `resolve` is in `any` Room, `beside` the card, or {{choose: [...]}}")
                self.cost = args["actions"]
            elif verb == "resolve-spread":
                self.resolve, self.cost, self.rooms = ANY, args["actions"], args["rooms"]
            elif verb == "resolve-discard":
                self.discards = args["cards"]
            elif at is None or at == "drawn" or at == "round-end":
                if verb == "place-beside":
                    if args["place"] != ROLL:
                        raise ValueError(f"{card}: Voyage's `place-beside` places the card by a roll (`roll`)")
                    self.beside = args["place"]
                (round_end if at == "round-end" else drawn).append(
                    (verb, args, when, _test(table.condition(when["if"]), fields) if "if" in when else None))
            else:
                raise ValueError(f"{card}: an Event's `{verb}` happens when drawn or `at: round-end`, not `at: {at}`")
        if self.resolve is not None and self.beside is None and self.resolve == BESIDE:
            raise ValueError(f"{card}: resolved beside its Room, it needs a `place-beside`")
        _known(card, [(verb, args, when) for verb, args, when, _ in drawn + round_end])
        self.drawn, self.round_end = Steps(drawn), Steps(round_end)
        self.hinders = bool(self.blocks or self.forbids or self.sets or self.extra)


def _test(holds: Any, fields: Mapping) -> Any:
    """A step's `if:` (Table.condition), over the meters and the round (and the card's fields, `card.below`)."""
    card = dict(fields)
    return lambda ship: holds(card=card, round=ship.round, **ship.meter)


def event_plans(table: Table) -> Shared:
    """Every Event Card compiled (kept: the same for every game with these fields)."""
    key = ("plans", "event")
    made = table.kept.get(key)
    if made is None:
        made = Shared()
        fields = table.cards("event")
        for card, steps in table.effects("event").items():
            if steps is None:
                raise ValueError(f"event card {card} says nothing of what it does: give it an `effect:`")
            made[card] = EventPlan(card, steps, fields[card], table)
        table.kept[key] = made
    return made


class Strike:
    """An Event Card striking (drawn, or at a Round's end): the card in play (`{"id", "left", "at", "done"}`), and
    how many of its Damage Tokens the Deflector Array may still stop (None: not looked at yet)."""

    __slots__ = ("event", "deflect")

    def __init__(self, event: dict):
        self.event, self.deflect = event, None


def strike(ship, event: dict, steps: Any) -> None:
    """An Event Card's steps (its plan's `drawn` or `round_end`), each whose `if:` holds, for the card `event`:
    no Captain plays them (a step a Captain would play, each Captain plays)."""
    run_steps(ship, None, steps, Strike(event), 0)


@task("steps")
def run_steps(ship, who: int | None, steps: Any, target: Any, start: int) -> None:
    """Steps `(verb, args, when[, test])` from `start` on, played by Captain `who` (None: an Event's, aimed at
    its Strike): where one opens a decision, the rest wait on the agenda (choices.py)."""
    for i in range(start, len(steps)):
        step = steps[i]
        if len(step) > 3 and step[3] is not None and not step[3](ship):
            continue
        DOES[step[0]](ship, who, step[1], step[2], target)
        if ship.pending is not None:
            if i + 1 < len(steps):
                suspend(ship, "steps", who, steps, target, i + 1)
            return


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


def _known(card: str, steps: Any) -> None:
    """Each verb of the steps (those a `repeat` does too) is one Voyage plays."""
    for verb, args, _ in steps:
        if verb not in DOES and verb not in STANDING:
            known = ", ".join(sorted({*DOES, *STANDING}))
            raise ValueError(f"{card}: Voyage plays no `{verb}` (its verbs: {known})")
        if verb == "repeat":
            _known(card, [(s["verb"], s["args"], s["when"]) for s in args["do"]])


def _place(verb: str, args: Any) -> Any:
    return args.get("place", args.get("to", args.get("event")))


def _aimed(verb: str, args: Any) -> bool:
    """Whether a step needs a target, or can be played only where it does something (a repair where the Captain
    stands, a look at a pile with cards, a discard from a hand that holds enough): the card is offered for each
    target the step allows."""
    if verb in ("look", "discard", "scout", "take-back"):
        return True
    place = _place(verb, args)
    return isinstance(place, Mapping) or (place == HERE and verb in ("repair", "clear", "craft"))


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


# -- what a step does -----------------------------------------------------------------------------------------
def play(ship, who: int, plan: Plan, target) -> None:
    """Each step of a card's effect, in order: Captain `who` plays it, aimed at `target`."""
    run_steps(ship, who, plan.steps, target, 0)


def _change(ship, who, args, when, target) -> None:
    ship.change(args["track"], args["by"])


def _repair(ship, who, args, when, target) -> None:
    place = args["place"]
    if place == HERE:
        effects.repair(ship, ship.crew[who][1], args["tokens"])
    elif place == ROLLED:  # the Room rolled last (the wild face: the crew's choice, `roll repairs`)
        face = ship.rolled
        if face.get("wild") or face.get("chosen"):
            decide(ship, "roll repairs", None, tuple(ship.squares), face_of(face), ("repair rolled", args["tokens"]))
        else:
            _repair_rolled(ship, args["tokens"], face.get("id"))
    else:
        effects.repair(ship, target, args["tokens"])


@task("repair rolled")
def _repair_rolled(ship, tokens: int, sq: str) -> None:
    if sq not in ship.destroyed:
        effects.repair(ship, sq, tokens)


def _clear(ship, who, args, when, target) -> None:
    here = ship.crew[who][1]
    effects.repair(ship, here, ship.damage[here])


def _roll(ship, who, args, when, target) -> None:
    ship.rolled = ship.roll()


def _move(ship, who, args, when, target) -> None:
    if args["to"] == ROLLED:  # the Room rolled last (the wild face: the crew's choice, `roll moves`)
        face = ship.rolled
        if face.get("wild") or face.get("chosen"):
            decide(ship, "roll moves", None, tuple(ship.squares), face_of(face), ("move rolled", args["piece"], who))
        else:
            _move_rolled(ship, args["piece"], who, face.get("id"))
    elif args["piece"] == ANYONE:
        ship.crew[target[0]][1] = target[1]
    else:
        ship.crew[who][1] = target


@task("move rolled")
def _move_rolled(ship, piece: str, who: int | None, sq: str) -> None:
    for member in ship.crew if piece == "crew" else (ship.crew[who],):  # `crew`: every Captain
        member[1] = sq


def _task_cost(ship, who, args, when, target) -> None:
    if args["task"] != "Move" or args["cost"] != 0 or when.get("until") != "round-end":
        raise ValueError("Voyage plays `task-cost` as a free Move for the rest of the Round only")
    ship.hall.add(who)


def _draw(ship, who, args, when, target) -> None:
    for _ in range(args["count"]):
        effects.draw_ability(ship, who)


def _look(ship, who, args, when, target) -> None:
    (effects.look_at_rooms if args["pile"] == "room" else effects.look_at_events)(ship, who, args["count"])


def _craft(ship, who, args, when, target) -> None:
    effects.craft(ship, who, ship.crew[who][1] if args["place"] == HERE else target, args["draw"])


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
    effects.resolve_event(ship, target)


def _scout(ship, who, args, when, target) -> None:
    effects.scout_events(ship, who)


def _take_back(ship, who, args, when, target) -> None:
    ship.abilities.discards.remove(target)
    effects.take(ship, who, target)


def _gamble(ship, who, args, when, target) -> None:
    n = ship.number()
    ship.change(args["track"], args["win"] if n is None or n <= args["up_to"] else args["lose"])


def _damage(ship, who, args, when, strike) -> None:
    """An Event's Damage Tokens: the working Rooms that deflect stop some of each strike's (Ship.deflect)."""
    n = args["tokens"]
    if strike.deflect is None:
        strike.deflect = ship.deflect()
    stopped = n if n < strike.deflect else strike.deflect
    n, strike.deflect = n - stopped, strike.deflect - stopped
    if n:
        if args["place"] == ROLL:
            ship.roll_room(True, True, ("hurt", n, True))
        else:
            ship.hurt(strike.event["at"], n)


def _place_beside(ship, who, args, when, strike) -> None:
    ship.roll_room(True, True, ("placed", strike.event))


@task("placed")
def _placed(ship, event: dict, sq: str | None) -> None:
    event["at"] = sq


def _discard(ship, who, args, when, target) -> None:
    """Captain `who` discards cards of their choice; an Event's (no Captain plays it): every Captain in turn."""
    effects.discarding(ship, tuple(range(len(ship.crew))) if who is None else (who,), args["count"], 0, None)


def _repeat(ship, who, args, when, target) -> None:
    run_steps(ship, who, Steps((s["verb"], s["args"], s["when"]) for _ in range(args["times"]) for s in args["do"]),
              target, 0)


DOES = {"change": _change, "repair": _repair, "clear": _clear, "roll": _roll, "move": _move, "task-cost": _task_cost,
        "draw": _draw, "look": _look, "craft": _craft, "spare": _spare, "shield": _shield, "steer": _steer,
        "actions": _actions, "end-event": _end_event, "damage": _damage, "place-beside": _place_beside,
        "discard": _discard, "repeat": _repeat, "gamble": _gamble, "scout": _scout, "take-back": _take_back}

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


BASIC_TASKS = ("Search", "Clean", "Entertain")  # the tasks every Captain may do at one cost (moves.BASIC)


class CaptainPlan:
    """A Captain's effect, compiled: the Activated ability (its steps `at: played`) as a Plan, and what holds while
    the Captain is in the crew: how far a Move reaches, what a task gives more, draws or costs, the crew's
    Actions by a track (`morale`), a Room kept from Events (`guard`)."""

    __slots__ = ("ability", "reach", "bonus", "draws", "cost", "morale", "guard", "distinct")

    def __init__(self, card: str, steps: Any):
        self.ability = Plan(card, [s for s in steps if s["when"].get("at") == "played"])
        self.reach, self.morale, self.guard = 1, None, False
        self.bonus: dict = {}
        self.draws: dict = {}
        self.cost: dict = {}
        for s in steps:
            verb, args = s["verb"], s["args"]
            if s["when"].get("at") == "played":
                continue
            if verb == "reach":
                self.reach = args["rooms"]
            elif verb == "task-bonus":
                self.bonus[args["task"]] = args["by"]
            elif verb == "task-draws":
                self.draws[args["task"]] = args["draw"]
            elif verb == "modify-cost":
                self.cost[args["task"]] = args["by"]
            elif verb == "morale":
                self.morale = args
            elif verb == "guard":
                self.guard = True
            else:
                raise ValueError(f"{card}: a Captain's `{verb}` holds nothing Voyage knows; use it `at: played`")
        # the same basic task by this Captain is a move of its own (it gives, draws or costs otherwise)
        self.distinct = any(t in BASIC_TASKS for t in (*self.bonus, *self.draws, *self.cost))


def captain_plans(table: Table) -> Shared:
    """Every Captain compiled (kept)."""
    made = table.kept.get(("plans", "captain"))
    if made is None:
        made = Shared()
        for card, steps in table.effects("captain").items():
            if steps is None:
                raise ValueError(f"captain {card} says nothing of what it does: give it an `effect:`")
            made[card] = CaptainPlan(card, steps)
        table.kept[("plans", "captain")] = made
    return made
