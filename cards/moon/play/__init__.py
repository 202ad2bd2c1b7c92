"""Welcome to the Moon, adventure 1, played (pnp simulate moon; docs/simulate.md).

Each turn three pairs are flipped from the three stacks (a card's number with the action of the card
beneath). Then each player in seat order picks a pair and writes its number on a floor of that action (or
the Wild floor), ascending left to right and never twice on a floor; a player who can write nothing
circles a System Error. A full quarter plays its effects at once (rockets, idle rockets, ignites, builds;
builds and ignites are that player's next decisions). The turn ends as the rules say: sabotages, then
missions (the first players to meet one, in the same turn, take its `first` value), then the end: a
launch, three missions, every System Error circled, or every space filled. Every number is the YAML's:
the starship cards, the `adventure-1` and `actions` tables and the mission cards.

The players choose in turn rather than at once: a seat sees the earlier seats' picks of the same turn, and
the turn's effects (sabotage, missions, the end) wait until every seat has played, so no seat gains a
rule advantage from its place.
"""

from __future__ import annotations

import random
from typing import Any

from pnp.play import Move, Outcome, State, Table

from . import choice, effects, words
from .sheet import Sheet, X


class Moon(State):
    def __init__(self, table: Table):
        super().__init__(table)
        sheet_id = table.hands[0]["sheet"][0]  # the dealt sheet: a deck of its own name (rules.yaml's setup)
        self.adventure = table.card(sheet_id, sheet_id)["adventure"]
        lay = table.data(f"adventure-{self.adventure}")
        if "zones" not in lay or "quarters" not in lay or "tower" not in lay:
            raise ValueError(f"adventure {self.adventure} is not played yet: simulate adventure 1")
        self.layout = lay
        self.zone_ids = [z["id"] for z in lay["zones"]]
        self.zone_actions = [z["action"] for z in lay["zones"]]
        self.wild = lay["wild"]
        self.lo, self.hi = lay["numbers"]["min"], lay["numbers"]["max"]
        acts = table.data("actions")
        self.shifting = {a["id"] for a in acts["actions"] if a.get("shifts")} if lay.get("actions_act") else set()
        self.marking = {a["id"] for a in acts["actions"] if a.get("marks")} if lay.get("actions_act") else set()
        self.shift = acts["astronaut_shift"]
        self.players = table.players
        self.sheets = [Sheet(lay, self.zone_ids) for _ in range(self.players)]
        self.missions = {}  # letter -> the mission card's id
        for letter in lay["missions"]:
            self.missions[letter] = table.setup[f"mission-{letter}"][0]
        self.met_before: set[str] = set()  # missions some player met in an earlier turn
        self.stacks = [list(table.setup[f"stack-{i}"]) for i in (1, 2, 3)]
        self.flipped: list[str] = []  # the cards flipped since the stacks were last made
        self.pairs: list[tuple[int, str, str]] = []  # (number, action, the number's card)
        self.turn = 0
        self.now = 0  # the seat whose decision it is
        self.pending: list[str] = []  # the current seat's effects still to choose ("build", "ignite", "mark")
        self.triggered: dict[int, set[int]] = {}  # quarter -> the seats that filled its sabotage this turn
        self.sabotaged: set[int] = set()  # sabotage quarters crossed off for everyone
        self.ended: str | None = None
        self.mover = 0
        self._flip()

    # -- the turn ------------------------------------------------------------------------------------
    def _flip(self) -> None:
        """Flip a card from each stack: its number pairs with the action of the card now on top. A stack
        too short to pair is remade: all 63 cards shuffled into three stacks (ours: the rulebook's facts
        do not say)."""
        if any(len(s) < 2 for s in self.stacks):
            cards = [c for s in self.stacks for c in s] + self.flipped
            self.table.rng.shuffle(cards)
            third = len(cards) // 3
            self.stacks = [cards[:third], cards[third:2 * third], cards[2 * third:]]
            self.flipped = []
        self.turn += 1
        self.pairs = []
        for stack in self.stacks:
            card = stack.pop(0)
            self.flipped.append(card)
            self.pairs.append((self.table.card("starship", card)["number"],
                               self.table.card("starship", stack[0])["action"], card))

    def _end_turn(self) -> None:
        for q, seats in sorted(self.triggered.items()):  # 5: sabotages, each once, sparing who filled it
            for p in range(self.players):
                if p not in seats:
                    self.sheets[p].circle_error()
            self.sabotaged.add(q)
            self.table.record.count("sabotage")
        self.triggered = {}
        met_now = set()  # 6: missions, the first to meet one (same turn) paid more
        for letter, mid in self.missions.items():
            card = self.table.card("mission", mid)
            for sheet in self.sheets:
                if letter not in sheet.missions and effects.meets(card, sheet, self.zone_actions):
                    first = letter not in self.met_before
                    pay = card["first"] if first else card["later"]
                    sheet.missions[letter] = pay
                    sheet.cross_rockets(pay)
                    met_now.add(letter)
                    self.table.record.play("mission", mid)
                    self.table.record.count(f"mission {letter} {'first' if first else 'later'}")
        self.met_before |= met_now
        self.table.record.scores(tuple(self.score(p) for p in range(self.players)))  # who leads, turn by turn
        for s in self.sheets:
            if s.launched():
                self.ended = "a rocket launched"
                break
        else:
            if self.missions and any(len(s.missions) == len(self.missions) for s in self.sheets):
                self.ended = "every mission met"
            elif any(s.circled >= s.errors_max for s in self.sheets):
                self.ended = "every System Error circled"
            elif any(s.all_full() for s in self.sheets):
                self.ended = "every space filled"
        if self.ended is None:
            self.now = 0
            self._flip()

    def _next(self) -> None:
        """The current seat has no effect left to choose: the next seat, or the turn's end."""
        while self.pending and not self._options(self.pending[0]):
            self.pending.pop(0)  # an effect with nowhere to go is lost
        if self.pending:
            return
        if self.now + 1 < self.players:
            self.now += 1
        else:
            self._end_turn()

    # -- a player's choices --------------------------------------------------------------------------
    def numbers(self, number: int, action: str) -> list[int]:
        """The numbers a pair lets a player write: its own, or moved by up to the Astronaut's shift where the
        adventure lets actions act (held to the sheet's range)."""
        if action not in self.shifting:
            return [number]
        return [n for n in range(number - self.shift, number + self.shift + 1) if self.lo <= n <= self.hi]

    def writes(self) -> list[Move]:
        sheet, out = self.sheets[self.now], []
        for k, (number, action, _card) in enumerate(self.pairs):
            for z, floor_action in enumerate(self.zone_actions):
                if floor_action not in (action, self.wild):
                    continue
                for n in self.numbers(number, action):
                    for s in range(len(sheet.floors[z])):
                        if sheet.fits(z, s, n):
                            out.append(Move("write", (k, z, s, n)))
        return out

    def _options(self, effect: str) -> list[Move]:
        sheet = self.sheets[self.now]
        if effect in ("build", "mark"):
            return [Move(effect, space) for space in sheet.empty()]
        return [Move("ignite", q.index) for q in sheet.quarters
                if "idle" in q.effects and not q.lit and not q.done]

    def moves(self) -> list[Move]:
        if self.ended:
            return []
        if self.pending:
            return self._options(self.pending[0])
        return self.writes() or [Move("error")]

    def seat(self) -> int:
        return self.now

    def apply(self, move: Move) -> None:
        self.mover = self.now  # whose sheet values() tells: the player who made the last move
        sheet = self.sheets[self.now]
        if move.name == "error":
            sheet.circle_error()
            self.table.record.count("system error")
        elif move.name == "write":
            k, z, s, n = move.arg
            if not sheet.fits(z, s, n):
                raise ValueError(f"{move}: the number does not fit there")
            self._fill(z, s, n)
            self.table.record.play("starship", self.pairs[k][2])
            if self.pairs[k][1] in self.marking:
                self.pending.append("mark")
        elif move.name in ("build", "mark"):
            self.pending.pop(0)
            z, s = move.arg
            self._fill(z, s, X)
            if move.name == "build":
                sheet.built += 1
        elif move.name == "ignite":
            self.pending.pop(0)
            sheet.quarters[move.arg].lit = True
        else:
            raise ValueError(f"no move {move.name!r} in Welcome to the Moon")
        self._next()

    def _fill(self, z: int, s: int, value: Any) -> None:
        sheet = self.sheets[self.now]
        sheet.floors[z][s] = value
        q = sheet.of_space.get((z, s))
        if q is not None and not q.done and sheet.complete(q):
            effects.play_quarter(self, self.now, q)

    # -- the end -------------------------------------------------------------------------------------
    def over(self) -> bool:
        return self.ended is not None

    def score(self, seat: int) -> int:
        s, lay = self.sheets[seat], self.layout
        if s.launched():
            return int(lay["launch_score"])
        shown = s.lowest_showing([row["score"] for row in lay["tower"]], lay["launch_score"])
        return int(shown - lay["error_penalty"] * s.open_errors())

    def outcome(self) -> Outcome:
        scores = tuple(float(self.score(p)) for p in range(self.players))
        launched = [p for p, s in enumerate(self.sheets) if s.launched()]
        if launched:  # a launch wins; between launchers, the most tie-break rockets
            best = max(self.sheets[p].tie for p in launched)
            winners = tuple(p for p in launched if self.sheets[p].tie == best)
        elif self.players == 1:  # alone (the rulebook's facts give no solo rules): only a launch wins
            winners = ()
        else:  # the highest score; a tie: the fewest System Errors circled
            top = max(scores)
            tied = [p for p in range(self.players) if scores[p] == top]
            fewest = min(self.sheets[p].circled for p in tied)
            winners = tuple(p for p in tied if self.sheets[p].circled == fewest)
        return Outcome(bool(winners), self.ended or "not over", self.turn, scores, winners)

    # -- the players' view ---------------------------------------------------------------------------
    def baseline(self, moves: list[Move], rng: random.Random) -> Move:
        return choice.choose(self, moves, rng)

    def values(self) -> dict[str, float]:
        """The sheet of the player who made the last move (whom a look-ahead asks about): rockets crossed off
        (tower, errors and tie-break), open errors, filled spaces, lit idle rockets."""
        s = self.sheets[self.mover]
        return {"rockets": float(s.crossed + s.cleared + s.tie), "errors": float(s.open_errors()),
                "filled": float(sum(v is not None for f in s.floors for v in f)),
                "lit": float(sum(q.lit and not q.done for q in s.quarters))}

    def hide(self) -> None:
        """A look-ahead's copy knows each stack's top card (its action shows) but not the order beneath: the
        cards under the tops are shuffled among the three stacks, each keeping its length."""
        super().hide()
        rest = [c for stack in self.stacks for c in stack[1:]]
        self.table.rng.shuffle(rest)
        at = 0
        for stack in self.stacks:
            n = len(stack) - 1
            stack[1:] = rest[at:at + n]
            at += n

    def say(self, move: Move) -> str:
        return words.say(self, move)


def start(table: Table) -> State:
    return Moon(table)
