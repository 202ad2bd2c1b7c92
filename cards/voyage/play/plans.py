"""Voyage's cards compiled: a card's steps read once a run (kept in Table.kept) into what the rules and the baseline
look up at every decision. No card is named here.

A card's steps are compiled once a run (`plans`): each step's verb and arguments, the step a player aims (a chosen
Room, an ongoing Event, or where the Captain stands), and what the baseline needs to know of its worth (whether it
depends on the target, on where its Captain stands, or on more than the meters). An Event Card's steps are compiled
the same way (`event_plans`): what it plays when drawn and at each Round's end, and what it does while in play (the
Rooms it blocks, the tasks it forbids or makes dearer, the Actions a Round it gives, how the crew resolves it). A
Captain's (`captain_plans`): its Activated ability, and what holds while the Captain is in the crew.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.play import Table

from .targets import ANY, BESIDE, HERE, ROLL
from .verbs import DOES, STANDING, Steps


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
