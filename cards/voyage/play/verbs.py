"""Voyage's verbs: what each step of a card's `effect:` does (pnp's library and game.yaml's `verbs:`), played in
order by Captain `who` (or by an Event Card, aimed at its Strike). No card is named here: a card does what its
effect's steps say, read from its YAML (`Table.effects`), compiled once a run (plans.py), and a card of new steps
plays with no change here. Where a step opens a decision, the rest wait on the agenda (choices.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import effects
from .choices import decide, face_of, suspend, task
from .targets import ANYONE, HERE, ROLL, ROLLED

if TYPE_CHECKING:
    from .plans import Plan


class Steps(tuple):
    """A card's steps, compiled (read only: a look-ahead's copy of the game, whose agenda may hold them, shares
    them; their arguments are the cards' read-only fields)."""

    def __deepcopy__(self, memo: dict) -> Steps:
        return self



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
    ship.rolled = face = ship.roll()
    if not face.get("chosen") and ship.may_reroll():  # the crew may reroll any roll (the Chapel's text)
        decide(ship, "reroll", None, (False, True), ("roll", face.get("id") or face_of(face)), ("step rerolled",))


@task("step rerolled")
def _step_rerolled(ship, again: bool) -> None:
    if again:
        ship.rerolls += 1
        _roll(ship, None, None, None, None)


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
    """A roll for a number, which the crew may reroll; a result the crew chooses (the Rabbit's Foot) is its choice
    of face (`gamble face`: a number, or None: the wild face); the wild face rolled helps, as the text says."""
    bet = (args["track"], args["up_to"], args["win"], args["lose"])
    face = ship.roll()
    if not face.get("chosen") and ship.may_reroll():
        decide(ship, "reroll", None, (False, True), ("gamble", face.get("number", face_of(face))),
               ("gamble rerolled", bet, face))
    else:
        _gambled(ship, bet, face)


@task("gamble rerolled")
def _gamble_rerolled(ship, bet: tuple, face: dict, again: bool) -> None:
    if again:
        ship.rerolls += 1
        _gamble(ship, None, dict(zip(("track", "up_to", "win", "lose"), bet, strict=True)), None, None)
    else:
        _gambled(ship, bet, face)


def _gambled(ship, bet: tuple, face: dict) -> None:
    if face.get("chosen"):
        numbers = sorted({f["number"] for f in ship.peril.faces if f.get("number") is not None})
        decide(ship, "gamble face", None, (*numbers, None), "chosen", ("gamble settled", bet))
    else:
        _settled(ship, bet, None if face.get("wild") else face["number"])


@task("gamble settled")
def _settled(ship, bet: tuple, number: int | None) -> None:
    track, up_to, win, lose = bet
    ship.change(track, win if number is None or number <= up_to else lose)


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
