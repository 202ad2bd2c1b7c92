"""One player's rocket sheet in adventure 1: the floors (zones of spaces), their quarters and the launch
tower. Every number is the `adventure-1` data table's; the quarter effects are its keys, played by the
verbs of `effects.py`."""

from __future__ import annotations

from typing import Any

X = "X"  # a space filled with an X (a Build effect, or Planning where the adventure lets actions act)


class Quarter:
    """A run of spaces on one floor; filling all of them plays its effects once."""

    def __init__(self, index: int, zone: int, first: int, boxes: int, effects: dict[str, Any]):
        self.index, self.zone, self.spaces = index, zone, range(first - 1, first - 1 + boxes)
        self.effects = effects  # verb -> its value, as the data table gives it
        self.done = False  # its effects played
        self.lit = False  # its idle rocket lit by an ignite


class Sheet:
    """The spaces of every floor (None empty, a number, or X), the quarters, the tower and the errors."""

    def __init__(self, layout: dict[str, Any], zone_ids: list[str]):
        zones = layout["zones"]
        self.floors: list[list[Any]] = [[None] * z["boxes"] for z in zones]
        self.quarters: list[Quarter] = []
        for i, q in enumerate(layout["quarters"]):
            effects = {k: v for k, v in q.items() if k not in ("zone", "first", "boxes")}
            self.quarters.append(Quarter(i, zone_ids.index(q["zone"]), q["first"], q["boxes"], effects))
        self.of_space = {(q.zone, s): q for q in self.quarters for s in q.spaces}
        self.rows = [row["rockets"] for row in layout["tower"]]
        self.crossed = 0  # rockets crossed off in the tower, bottom row first
        self.tie = 0  # tie-break rockets crossed off (after the tower and the errors)
        self.tie_max = layout["tie_break"]
        self.errors_max = layout["system_errors"]
        self.circled = 0  # System Error boxes circled, ever
        self.cleared = 0  # of them, crossed off again by rockets
        self.built = 0  # X written by Build effects
        self.missions: dict[str, int] = {}  # mission letter -> the rockets it paid

    # -- the floors --------------------------------------------------------------------------------
    def fits(self, zone: int, space: int, number: int) -> bool:
        """May `number` go in this empty space: ascending left to right, never twice on the floor (an X
        is a filled space and orders nothing)."""
        floor = self.floors[zone]
        if floor[space] is not None or number in floor:
            return False
        left = [v for v in floor[:space] if isinstance(v, int)]
        right = [v for v in floor[space + 1:] if isinstance(v, int)]
        return (not left or max(left) < number) and (not right or min(right) > number)

    def empty(self) -> list[tuple[int, int]]:
        return [(z, s) for z, floor in enumerate(self.floors) for s, v in enumerate(floor) if v is None]

    def full(self, zone: int) -> bool:
        return all(v is not None for v in self.floors[zone])

    def all_full(self) -> bool:
        return all(self.full(z) for z in range(len(self.floors)))

    def complete(self, quarter: Quarter) -> bool:
        return all(self.floors[quarter.zone][s] is not None for s in quarter.spaces)

    # -- the tower and the errors ----------------------------------------------------------------------
    def tower_full(self) -> bool:
        return self.crossed >= sum(self.rows)

    def open_errors(self) -> int:
        """Circled System Errors not yet crossed off."""
        return self.circled - self.cleared

    def cross_rockets(self, n: int) -> None:
        """Cross off n rockets: the tower row by row, then circled errors, then the tie-break rockets."""
        for _ in range(n):
            if not self.tower_full():
                self.crossed += 1
            elif self.open_errors() > 0:
                self.cleared += 1
            elif self.tie < self.tie_max:
                self.tie += 1

    def circle_error(self) -> None:
        if self.circled < self.errors_max:
            self.circled += 1

    def launched(self) -> bool:
        return self.tower_full() and self.open_errors() == 0

    def lowest_showing(self, scores: list[int], launch: int) -> int:
        """The lowest row score not crossed off (a full row crosses off its score); every row full: the launch
        box."""
        total = 0
        for rockets, score in zip(self.rows, scores, strict=True):
            total += rockets
            if self.crossed < total:
                return score
        return launch
