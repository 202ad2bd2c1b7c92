"""The verbs of adventure 1's quarters and missions: each quarter key (`rockets`, `idle`, `ignite`,
`build`, `sabotage`) and each mission `goal` is played by the function of its name; the numbers are the
YAML's."""

from __future__ import annotations

from typing import Any

from .sheet import Quarter, Sheet


def _rockets(game: Any, seat: int, q: Quarter, n: Any) -> None:
    game.sheets[seat].cross_rockets(int(n))


def _idle(game: Any, seat: int, q: Quarter, n: Any) -> None:
    if q.lit:  # an idle rocket pays only once lit
        game.sheets[seat].cross_rockets(int(n))


def _ignite(game: Any, seat: int, q: Quarter, n: Any) -> None:
    game.pending.extend(["ignite"] * int(n))


def _build(game: Any, seat: int, q: Quarter, n: Any) -> None:
    game.pending.extend(["build"] * int(n))


def _sabotage(game: Any, seat: int, q: Quarter, on: Any) -> None:
    if on and q.index not in game.sabotaged:  # crossed off for everyone once played
        game.triggered.setdefault(q.index, set()).add(seat)


QUARTER_VERBS = {"rockets": _rockets, "idle": _idle, "ignite": _ignite, "build": _build, "sabotage": _sabotage}


def play_quarter(game: Any, seat: int, q: Quarter) -> None:
    """A quarter just filled: its effects, in the order the YAML gives them."""
    q.done = True
    for verb, value in q.effects.items():
        if verb not in QUARTER_VERBS:
            raise ValueError(f"adventure-1 quarter {q.index + 1}: no verb {verb!r} (known: "
                             f"{', '.join(QUARTER_VERBS)}): fix cards/moon/adventure-1.yaml")
        QUARTER_VERBS[verb](game, seat, q, value)


def meets(goal: dict[str, Any], sheet: Sheet, zone_actions: list[str]) -> bool:
    """Does a sheet meet a mission card's goal (its `goal`, `floors` and `count` fields)?"""
    kind = goal.get("goal", "none")
    if kind == "fill":
        zones = [z for z, action in enumerate(zone_actions) if action in goal["floors"]]
        return bool(zones) and all(sheet.full(z) for z in zones)
    if kind == "build":
        return sheet.built >= goal["count"]
    if kind == "errors":
        return sheet.open_errors() >= goal["count"]
    return False
