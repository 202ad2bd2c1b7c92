"""Voyage: the choices the players make inside the rules, each a pending decision.

A card, an Event or the round may ask the crew to choose: which drawn card to keep, which Room Card replaces a
Room, which card to discard, the order of cards looked at, where the Peril Die's wild face points, whether to
reroll it, which Damaged Room to spare, who draws. The rules never choose: they open a decision (`decide`), the
state's `moves()` offers its options as moves, the policy picks one, and `apply()` resolves it (`resolve`) and
goes on with the round where it stopped.

Where the rules stopped is data, so that a look-ahead's copy of the game goes on as the game would: a decision
holds what follows it (`then`, a task by name and its arguments, called with the option chosen), and each
procedure it interrupted leaves the rest of its work on the agenda (`suspend`), innermost on top, to run once
the decision is resolved (`run`). A decision with one option is no choice: it is played at once.

`ship.pending`, while a decision is open: `(kind, who, options, shown, then)`: the move's name, the Captain who
chooses (None: the crew), the options in order, what the decision shows the players (the Room to replace, the
face rolled, the pile looked at), and what follows: plain data, or read-only compiled steps (verbs.Steps).
"""

from collections.abc import Callable
from typing import Any

TASKS: dict[str, Callable[..., None]] = {}  # what the agenda and the decisions call, by name


def task(name: str) -> Callable:
    """Register a function of the rules the agenda may call by `name` (a task is data: a look-ahead copies it)."""

    def register(fn: Callable) -> Callable:
        TASKS[name] = fn
        return fn

    return register


def decide(ship, kind: str, who: int | None, options: tuple, shown: Any, then: tuple) -> None:
    """Open a decision (one option: played at once). `then`: the task called with the option chosen."""
    if len(options) == 1:
        call(ship, then, options[0])
        return
    ship.pending = (kind, who, options, shown, then)
    ship.mark = len(ship.agenda)  # what the interrupted procedures leave goes here, innermost on top


def face_of(face: Any) -> str:
    """What a decision on the Peril Die shows: the result the crew chooses (the Rabbit's Foot), or the wild face."""
    return "chosen" if face.get("chosen") else "wild"


def call(ship, then: tuple, option: Any) -> None:
    """The task `then` (its name and arguments) called with `option`: what follows a choice or a roll."""
    TASKS[then[0]](ship, *then[1:], option)


def suspend(ship, *rest) -> None:
    """The rest of an interrupted procedure's work, as a task, run after the work of those it called."""
    ship.agenda.insert(ship.mark, rest)


def resolve(ship, option: Any) -> None:
    """The open decision answered with `option`; then the round goes on until the next decision."""
    then = ship.pending[4]
    ship.pending = None
    call(ship, then, option)
    run(ship)


def run(ship) -> None:
    """The agenda's tasks, the innermost first, until it is empty or a decision is open."""
    agenda = ship.agenda
    while agenda and ship.pending is None:
        name, *args = agenda.pop()
        TASKS[name](ship, *args)
