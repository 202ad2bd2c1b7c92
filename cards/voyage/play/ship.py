"""Voyage: the ship and the round. Meters, rooms, damage, the Peril Die, the start and end of a round."""

from typing import Any

from pnp.play import Outcome, State, Table

from . import effects, plans
from .choices import call, decide, face_of, run, suspend, task

WILD = "wild"


def _board(ship: dict) -> tuple:
    """The squares in order, the squares beside each, and those in order (where a Move goes)."""
    squares = [sq["id"] for sq in ship["squares"]]
    links: dict[str, set] = {sq: set() for sq in squares}
    for a, b in ship["connections"]:
        links[a].add(b)
        links[b].add(a)
    return squares, links, {sq: sorted(near) for sq, near in links.items()}


class Ship(State):
    rabbit: bool  # the Rabbit's Foot played this round: the next Peril Die roll is the crew's choice
    actions: int  # the crew's Actions left this Round (round_start)
    def __init__(self, table: Table):
        super().__init__(table)
        ship = table.data("ship")
        board = table.kept.get("board")  # the map, the same every game (read, never changed)
        if board is None:
            board = table.kept["board"] = _board(ship)
        self.squares, self.links, self.near = board
        self.max_damage = ship["damage_tokens_per_room"]
        self.base_actions = ship["actions_per_round"]
        self.lose_at = ship["destroyed_rooms_lose"]
        self.tasks = {t["name"]: t for t in table.data("tasks")["tasks"]}
        tracks = table.cards("track")
        self.rounds = tracks["round-tracker"]["boxes"]
        self.drop = {"happiness": tracks["happiness-meter"]["per_round"],
                     "sanitation": tracks["sanitation-meter"]["per_round"]}
        self.peril = table.die("peril-die")
        self.ability, self.event, self.room = table.cards("ability"), table.cards("event"), table.cards("room")
        self.ability_plans = plans.plans(table, "ability")  # each Ability Card's effect, compiled (plans.py)
        self.event_plans = plans.event_plans(table)  # each Event Card's, the same
        self.rank = table.kept.get("rank")  # each card's place in its deck file: where the players' choices
        if self.rank is None:  # tie, the card written first (never the first id: a renamed card plays the same)
            self.rank = table.kept["rank"] = {card: i for deck in (self.ability, self.room, self.event)
                                              for i, card in enumerate(deck)}
        self.rolled: dict = {}  # the Peril Die's face rolled last by a card's `roll` step
        self.room_plans = plans.plans(table, "room")  # each Room Card's effect, compiled
        self.standing: Any = table.kept.get("standing")  # what the passive Rooms hold while they work, by verb
        if self.standing is None:
            self.standing = table.kept["standing"] = plans.standing(self.room, self.room_plans)
        self.cost_rooms: Any = table.kept.get("cost rooms")  # task -> ((room, by), ...): the Rooms that change its cost
        if self.cost_rooms is None:
            self.cost_rooms = table.kept["cost rooms"] = plans.Shared()
            for room, args, _ in self.standing.get("modify-cost", ()):
                self.cost_rooms.setdefault(args["task"], []).append((room, args["by"]))
        self.captain = table.cards("captain")
        self.captain_plans = plans.captain_plans(table)  # each Captain's effect, compiled
        self.meter = {"happiness": table.setup["happiness"], "sanitation": table.setup["sanitation"]}
        self.round = table.setup["round"]
        empty = table.cards("empty-room")
        self.slot = {empty[e]["color"]: e for e in table.setup["rooms"]}  # square -> the card in it
        self.at: dict[str, str] = {}  # a Room card in play -> its square
        self.damage = dict.fromkeys(self.squares, 0)
        self.destroyed: set[str] = set()
        self.crew = []  # per player: [captain id, square, hand (sorted: effects.take)]
        for hand in table.hands:
            at = hand["start"] if hand["start"] in self.links else self.best_square()
            self.crew.append([hand["captain"][0], at, sorted(hand["ability"], key=self.rank.__getitem__)])
        self.events = table.pile("event")
        self.known: list[str] = []  # the Event cards the crew has seen on top of the deck, top first
        # (Ines's look, Early Warning), kept until drawn
        self.abilities = table.pile("ability", reshuffle=True)
        self.rooms = table.pile("room")
        self.ongoing: list[dict] = []  # {"id", "left" (rounds, or None), "at" (square, or None), "done"}
        self.bulkhead: dict[str, int] = {}  # square -> the last round it takes no damage
        self.overtime = 0  # Actions at the start of the next round
        self.result: Outcome | None = None
        self.weights: dict | None = None  # the baseline's valuation of the meters, while it chooses
        self.card_values: dict = table.kept  # the baseline's worth of what depends only on the cards' fields
        # (and the meters and the round): kept between the games with the same fields (Table.kept)
        self.deck_values: dict = {}  # the baseline's worth of what depends on a pile's cards, this game
        self.reached: dict = table.kept.setdefault("reached", {})  # where a Move goes (moves.options), by
        # square, Ines or not, and what is in Quarantine: the map's and Ines's field, the same every game
        self.pending: tuple | None = None  # the decision the players are asked now (choices.py), or None
        self.forced = False  # whether the baseline's last move was the only legal one (baseline.choose)
        self.agenda: list[tuple] = []  # what the rules do once it is answered, the next on top
        self.mark = 0  # where an interrupted procedure leaves the rest of its work on the agenda
        self.begin_round()
        run(self)

    # -- what the rules read -------------------------------------------------------------------------
    def works(self, room_id: str) -> str | None:
        """The square of a Room card in play that works (not Destroyed, not in Quarantine), else None."""
        sq = self.at.get(room_id)
        return None if sq is None or sq in self.destroyed or self.quarantined(sq) else sq

    def working(self, verb: str) -> list:
        """(square, room, args, when) of each passive Room in play that works and holds a step of `verb`."""
        out = []
        for room, args, when in self.standing.get(verb, ()):
            sq = self.works(room)
            if sq is not None:
                out.append((sq, room, args, when))
        return out

    def cost_change(self, task: str) -> int:
        """What the working Rooms add to a task's cost (a negative number: they save Actions)."""
        by = 0
        for room, change in self.cost_rooms.get(task, ()):
            if room in self.at and self.works(room):
                by += change
        return by

    def deflect(self) -> int:
        """The Damage Tokens an Event adds fewer, in total, by the working Rooms that deflect them."""
        return sum(args["tokens"] for _, _, args, _ in self.working("deflect"))

    def quarantined(self, sq: str) -> bool:
        """Whether an Event in play blocks the square (its `block`: none enters it, its Room does not work)."""
        plans = self.event_plans
        return any(e["at"] == sq and plans[e["id"]].blocks for e in self.ongoing)

    def fields(self, sq: str) -> dict | None:
        """The Room card's fields in a square (None for an empty room)."""
        return self.room.get(self.slot[sq])

    def best_square(self) -> str:
        """Where a Captain dealt no start begins: the Room with the most connections, the first of them."""
        return max(self.squares, key=lambda sq: (len(self.links[sq]), -self.squares.index(sq)))

    # -- meters, damage, the Peril Die --------------------------------------------------------------------
    def change(self, meter: str, by: int) -> None:
        before = self.meter[meter]
        after = before + by
        self.meter[meter] = after = 0 if after <= 0 else 100 if after >= 100 else after  # max(0, min(100, after))
        if before > 0 and after == 0:  # the rulebook: a random Room gains a Damage Token
            self.table.record.count(f"{meter} hit 0")
            self.roll_room(True, False, ("hurt", 1, False))

    def can_hurt(self, sq: str, event: bool, shield: bool = True) -> bool:
        """Whether `sq` takes Damage Tokens now. `shield`: a Reinforced Bulkhead counts (it stops the tokens: the
        Peril Die is rerolled only off a Room that is Destroyed or full, or Brick Thornbury's from Events)."""
        if sq in self.destroyed or self.damage[sq] >= self.max_damage or (
                shield and self.bulkhead.get(sq, 0) >= self.round):
            return False
        if event:  # Brick Thornbury shields the Room he stands in from Events
            for captain, at, _ in self.crew:
                if at == sq and self.captain_plans[captain].guard:
                    return False
        return True

    def hurt(self, sq: str | None, n: int, event: bool = True) -> None:
        if sq is None or not self.can_hurt(sq, event):
            return
        self.damage[sq] = min(self.max_damage, self.damage[sq] + n)
        self.table.record.count("damage tokens", n)

    def roll_room(self, harm: bool, event: bool, then: tuple, tries: int = 0) -> None:
        """A square by the Peril Die, given to the task `then` (None: no square can take it); rerolled while it
        cannot take the damage (harm: Destroyed, full, or Brick Thornbury's from an Event); a shielded Room
        (Reinforced Bulkhead) stands, and takes nothing. The wild face (or the Rabbit's Foot) is the crew's
        choice among the Rooms that can take it (`roll hits`); where a working Room lets the crew reroll a roll
        that hit, it chooses whether to (`reroll`)."""
        eligible = [sq for sq in self.squares if not harm or self.can_hurt(sq, event, shield=False)]
        if not eligible:
            call(self, then, None)
            return
        while tries < 50:
            tries += 1
            face = self.roll()
            if face.get("wild") and self.may_reroll():  # the crew may reroll any roll (a result it chooses is none)
                decide(self, "reroll", None, (False, True), WILD, ("rerolled", harm, event, then, tries, WILD))
                return
            if face.get("wild") or face.get("chosen"):
                decide(self, "roll hits", None, tuple(eligible), face_of(face), then)
                return
            sq: str = face.get("id", "")
            if sq in eligible:
                if self.may_reroll():
                    decide(self, "reroll", None, (False, True), sq, ("rerolled", harm, event, then, tries, sq))
                    return
                call(self, then, sq)
                return
        call(self, then, eligible[0])

    def roll(self) -> dict:
        if self.rabbit:
            self.rabbit = False
            return {"chosen": True}
        return self.peril.roll()

    def may_reroll(self) -> bool:
        """Whether the crew may reroll a roll: a working Room lets it, so many times a Round."""
        rerolls = self.working("reroll")
        return bool(rerolls) and self.rerolls < rerolls[0][2]["times"]

    def number(self) -> int | None:
        """A Peril Die roll for a number (None: the wild face, the crew's choice)."""
        face = self.roll()
        return None if face.get("wild") or face.get("chosen") else face["number"]

    # -- the round ---------------------------------------------------------------------------------------
    def begin_round(self) -> None:
        self.hall: set[int] = set()
        self.rabbit = False
        self.rerolls = 0
        self.spared: set[str] = set()
        self.resolving: dict[int, set] = {}
        round_start(self, 0 if self.round > 1 else 3)

    def end_round(self) -> None:
        round_end(self, 0)

    def hide(self) -> None:
        """A look-ahead's piles shuffled again, but the Event cards the crew has seen stay on top."""
        super().hide()
        if self.known:
            for card in self.known:
                self.events.cards.remove(card)
            self.events.put_top(self.known)

    def say(self, move) -> str:
        """A move in Voyage's words, for a trace (said.py)."""
        from .said import say

        return say(self, move)

    def values(self) -> dict[str, float]:
        """What play.yaml's `value:` reads: the meters, the Damage Tokens on the ship, the Rooms Destroyed, the
        round, and whether the game is lost (1) or won (1)."""
        return {"happiness": self.meter["happiness"], "sanitation": self.meter["sanitation"],
                "damage": sum(self.damage.values()), "destroyed": len(self.destroyed), "round": self.round,
                "lost": int(self.result is not None and not self.result.won),
                "won": int(self.result is not None and self.result.won)}

    def over(self) -> bool:
        return self.result is not None

    def outcome(self) -> Outcome:
        assert self.result is not None
        return self.result


# -- the round, in parts: each part that may open a decision leaves the rest on the agenda (choices.py) -----
@task("round start")
def round_start(ship: Ship, phase: int) -> None:
    """From round 2 the meters fall (phases 0, 1) and an Event is drawn (2); the crew gains its Actions (3);
    a working Room lets a Captain of the crew's choice draw (4 on, a phase each such Room)."""
    while phase < 3:
        if phase < 2:
            track = tuple(ship.drop)[phase]  # Happiness, then Sanitation
            if not any(a["track"] == track and ship.meter[a["while"]] >= a["at_least"]
                       for _, _, a, _ in ship.working("steady")):
                ship.change(track, next((a["by"] for _, _, a, _ in ship.working("fall") if a["track"] == track),
                                        ship.drop[track]))
        else:
            card = ship.events.draw()
            del ship.known[:1]  # the top card, seen or not, is drawn
            if card is not None:
                ship.table.record.play("event", card)
                effects.event_drawn(ship, card)
        phase += 1
        if ship.pending is not None:
            suspend(ship, "round start", phase)
            return
    if phase == 3:
        gained = ship.base_actions + ship.overtime
        ship.overtime = 0
        for sq, _, args, when in ship.working("actions"):  # `if: intact`: while its Room has no Damage Tokens
            if when.get("if") != "intact" or not ship.damage[sq]:
                gained += args["count"]
        for e in ship.ongoing:
            gained += ship.event_plans[e["id"]].actions
        for captain, _, _ in ship.crew:  # a Captain's morale: more Actions above its pivot, fewer below
            c = ship.captain_plans[captain].morale
            if c is not None:
                h = ship.meter[c["track"]]
                gained += c["actions"] if h > c["pivot"] else -c["actions"] if h < c["pivot"] else 0
        ship.actions = max(0, gained)
        phase = 4
    gifts = ship.working("draw")
    for k in range(phase - 4, len(gifts)):  # a Captain of the crew's choice may draw (DECLINE: none does)
        _, room, args, _ = gifts[k]
        decide(ship, "gift draw", None, (*range(len(ship.crew)), DECLINE), room, ("gift", args["count"]))
        if ship.pending is not None:
            suspend(ship, "round start", 5 + k)
            return


WILD = "wild"  # what a reroll of the wild face shows (a roll of a Room shows the Room)
DECLINE = None  # the gift draw's option of no Captain: the card says a Captain "may" draw


@task("gift")
def _gift(ship: Ship, count: int, who: int | None) -> None:
    if who is DECLINE:
        return
    for _ in range(count):
        effects.draw_ability(ship, who)


@task("round end")
def round_end(ship: Ship, phase: int) -> None:
    """The ongoing Events' steps at the Round's end (phase 0); each working Room that spares Damaged Rooms,
    the crew's choice (1 on); then the Damage Tokens, the Rooms Destroyed, the Events that run out, the
    meters recorded, and the game lost, won or in its next Round."""
    if phase == 0:
        effects.end_of_round_events(ship)
        phase = 1
        if ship.pending is not None:
            suspend(ship, "round end", 1)
            return
    spares = ship.working("spare")
    for k in range(phase - 1, len(spares)):  # at the end of the Round: so many Damaged Rooms it saves
        _spare(ship, spares[k][3]["times"], None)
        if ship.pending is not None:
            suspend(ship, "round end", 2 + k)
            return
    damage, destroyed, most = ship.damage, ship.destroyed, ship.max_damage
    for sq, d in damage.items():  # (the squares in order)
        if d and sq not in destroyed and sq not in ship.spared:
            d = damage[sq] = min(most, d + 1)
        if d >= most and sq not in destroyed:
            destroyed.add(sq)
            damage[sq] = 0
            ship.table.record.count("rooms destroyed")
    for e in list(ship.ongoing):
        if e["left"] is not None:
            e["left"] -= 1
            if e["left"] <= 0:
                ship.ongoing.remove(e)
    for name, value in ship.meter.items():
        ship.table.record.meter(name, value)
    ship.table.record.meter("destroyed rooms", len(ship.destroyed))
    if ship.meter["happiness"] <= 0:
        ship.result = Outcome(False, "happiness at 0", ship.round)
    elif ship.meter["sanitation"] <= 0:
        ship.result = Outcome(False, "sanitation at 0", ship.round)
    elif len(ship.destroyed) >= ship.lose_at:
        ship.result = Outcome(False, f"{ship.lose_at} rooms destroyed", ship.round)
    elif ship.round >= ship.rounds:
        ship.result = Outcome(True, "survived", ship.round)
    else:
        ship.round += 1
        ship.begin_round()


@task("spare")
def _spare(ship: Ship, left: int, sq: str | None) -> None:
    """A Damaged Room the crew spares (`sq`, chosen), and the next of `left` to choose among those that would
    gain a Damage Token (not one at the most: it is lost anyway); all of them where there are no more."""
    if sq is not None:
        ship.spared.add(sq)
        left -= 1
    if left <= 0:
        return
    damage, most = ship.damage, ship.max_damage
    hit = tuple(s for s in ship.squares if damage[s] and s not in ship.spared and s not in ship.destroyed
                and damage[s] < most)
    if len(hit) <= left:
        ship.spared.update(hit)
        return
    decide(ship, "spare room", None, hit, left, ("spare", left))


@task("hurt")
def _hurt(ship: Ship, n: int, event: bool, sq: str | None) -> None:
    ship.hurt(sq, n, event)


@task("rerolled")
def _rerolled(ship: Ship, harm: bool, event: bool, then: tuple, tries: int, sq: str, again: bool) -> None:
    """The crew's answer to a roll that hit `sq`: rolled again (a reroll of the Round spent), or it stands."""
    if again:
        ship.rerolls += 1
        ship.roll_room(harm, event, then, tries)
    elif sq == WILD:  # the wild face kept: the crew's choice among the Rooms that can take it
        eligible = [s for s in ship.squares if not harm or ship.can_hurt(s, event, shield=False)]
        decide(ship, "roll hits", None, tuple(eligible), WILD, then)
    else:
        call(ship, then, sq)
