"""Voyage: the legal moves (those that change something) and how each applies. The crew shares its
Actions: any Captain may spend them, one move at a time, until the crew ends the round.

`options` lists the legal moves as groups, `(name, who, key, cost, targets)`: one move per target, in
order (targets None: the one move of a basic task). `legal` spells each group out as `Move`s; the
baseline values a group at once where its targets are worth the same, and makes only the `Move` it
plays (`make`). While a decision is open (choices.py), its options are the only legal moves (`answer`)."""

from typing import Any

from pnp.play import Move

from . import choices, effects
from . import targets as aim

END = Move("end round")
_new = tuple.__new__


def task_cost(ship, name: str, who: int) -> int:
    """What a basic task costs Captain `who` now: its cost in tasks.yaml, as Events, Rooms and Captains
    change it."""
    if name in BASIC:
        return basic_costs(ship)[BASIC.index(name)]
    cost = ship.tasks[name]["cost"]
    if ship.ongoing:
        cost = aim.task_cost(ship, name, cost)
    if name == "Move":
        cost = 0 if who in ship.hall else cost
    elif name == "Repair":
        cost += ship.cost_change("Repair")
    cost += ship.captain_plans[ship.crew[who][0]].cost.get(name, 0)  # the Captain's own (their Repair: cheaper)
    return cost if cost > 0 else 0  # max(0, cost)


BASIC = ("Search", "Clean", "Entertain")  # the tasks that cost every Captain the same


def basic_costs(ship) -> tuple[int, int, int]:
    """What Search, Clean and Entertain cost now (any Captain), in one call: as the ongoing Events change
    them (aim.task_cost), and a working Room may make a task cheaper (or dearer)."""
    rooms = ship.cost_rooms
    plain = not ship.ongoing and not any(room in ship.at for task in BASIC for room, _ in rooms.get(task, ()))
    # (neither: the tasks' own costs, kept in Table.kept)
    if plain and (costs := ship.card_values.get("basic costs")) is not None:
        return costs
    tasks = ship.tasks
    search, clean, entertain = tasks["Search"]["cost"], tasks["Clean"]["cost"], tasks["Entertain"]["cost"]
    if ship.ongoing:
        search, clean = aim.task_cost(ship, "Search", search), aim.task_cost(ship, "Clean", clean)
        entertain = aim.task_cost(ship, "Entertain", entertain)
    if rooms:
        search += ship.cost_change("Search")
        clean += ship.cost_change("Clean")
        entertain += ship.cost_change("Entertain")
    costs = (search if search > 0 else 0, clean if clean > 0 else 0, entertain if entertain > 0 else 0)
    if plain:
        ship.card_values["basic costs"] = costs
    return costs


def reach(ship, who: int, blocked: set | tuple | None = None) -> set:
    """The squares a Move takes a Captain to (Ines crosses up to `moves` rooms), none in Quarantine
    (`blocked`: the squares in Quarantine, when the caller knows them)."""
    here = ship.crew[who][1]
    steps = ship.captain_plans[ship.crew[who][0]].reach
    if steps == 1 and not ship.ongoing:
        return ship.links[here]
    if blocked is None:
        blocked = quarantine(ship)
    links = ship.links
    seen, edge = {here}, {here}
    for _ in range(steps):
        edge = {n for sq in edge for n in links[sq] if n not in blocked} - seen
        seen |= edge
    return seen - {here}


quarantine = aim.quarantine  # the squares an Event in play blocks
useful_squares = aim.useful_squares  # where a Captain could do something


def make(name: str, who: int, key, cost: int, target) -> Move:
    """The move of a group (see `options`) for one of its targets."""
    if name == "move":
        return _new(Move, (name, (who, target), None, cost))
    if name == "ability":
        return _new(Move, (name, (who, key, target), f"ability/{key}", cost))
    if name == "room" or name == "captain":
        return _new(Move, (name, (who, target), f"{name}/{key}", cost))
    if name == "resolve":
        return _new(Move, (name, (who, key), None, cost))
    if name == "discard":
        return _new(Move, (name, (who, target, key), None, cost))
    return _new(Move, (name, who, None, cost))


def answer(kind: str, who: int | None, option: Any) -> Move:
    """The move that answers an open decision of `kind` (choices.py) with `option`."""
    return _new(Move, (kind, (who, option), None, 0))


class Later:
    """A group's targets, worked out when first asked (`options(lazy=True)`): the baseline asks only for those
    of a group whose worth could beat the best so far. Empty: the group has no move."""

    __slots__ = ("fn", "args", "value")

    def __init__(self, fn, *args):
        self.fn, self.args, self.value = fn, args, None

    def get(self) -> Any:
        if self.value is None:
            self.value = self.fn(*self.args)
        return self.value


def legal(ship) -> list:
    if ship.pending is not None:
        kind, who, offered = ship.pending[:3]
        return [answer(kind, who, option) for option in offered]
    out = [END]
    add = out.append
    for name, who, key, cost, targets in options(ship):
        if targets is None:
            add(make(name, who, key, cost, None))
        else:
            for target in targets:
                add(make(name, who, key, cost, target))
    return out


ANY = (None,)  # the one target of a move aimed at nothing


def options(ship, lazy: bool = False) -> list:
    """The legal moves but END, as groups `(name, who, key, cost, targets)` in the order `legal` lists them.
    `lazy`: where a Room's, a Captain's or an Ability Card's targets take work, they are a `Later`, and the
    group is legal only where they are not empty."""
    out: list = []
    targets: Any  # a list of squares or crew, or ANY
    add = out.append
    left = ship.actions
    ongoing = ship.ongoing
    simple = not ongoing  # no event changes what a Move reaches or costs
    move_cost = ship.tasks["Move"]["cost"]
    blocked: set | tuple
    forbidden: frozenset
    if simple:
        forbidden, extra, blocked, walk = frozenset(), 0, (), move_cost
    else:
        forbidden, extra, blocked = aim.in_play(ship)  # the tasks forbidden, an Ability Card's extra cost
        walk = max(0, aim.task_cost(ship, "Move", move_cost))  # task_cost(ship, "Move", who)
    damage, destroyed = ship.damage, ship.destroyed
    damaged = [sq for sq in ship.squares if damage[sq] and sq not in destroyed]
    crew = ship.crew
    fewest, least = 0, len(crew[0][2])  # the Captain with the fewest cards: the first of them
    for i in range(1, len(crew)):
        if len(crew[i][2]) < least:
            fewest, least = i, len(crew[i][2])
    links = ship.links
    hall, near_of, room_cards = ship.hall, ship.near, ship.room
    event_plans = ship.event_plans
    cards = ship.card_values.get("card moves")  # each Ability Card's cost and plan, each Captain's cost, how far
    if cards is None:  # a Move takes them, whether their basic tasks differ, whether their ability is aimed
        # (their fields: kept a run)
        cards = ship.card_values["card moves"] = {card: (fields["cost"], ship.ability_plans[card])
                                                  for card, fields in ship.ability.items()}
        cards.update({("captain", captain): (fields["cost"], plan.reach, plan.distinct, plan.ability.aim is None)
                      for captain, fields in ship.captain.items() for plan in (ship.captain_plans[captain],)})
    rooms_left = len(ship.rooms.cards) > 0
    basic = None  # Search, Clean and Entertain: the same cost for every Captain
    craft_cost = None
    shared: dict = {}  # an Ability Card's targets, where they do not depend on who plays it
    useful = None  # useful_squares, for any Captain
    for who, (captain, here, hand) in enumerate(crew):
        c_cost, far, distinct, unaimed = cards["captain", captain]  # far: how many connected Rooms a Move crosses
        cost = 0 if who in hall else walk
        if cost <= left:
            if far == 1 and not blocked and here not in links[here]:
                near = near_of[here]  # reach() without a Quarantine: the squares beside
            else:  # reach() in order: kept a game by where the Captain stands, how far, what is in Quarantine
                key = (here, far, tuple(sorted(blocked)) if blocked else ())
                near = ship.reached.get(key)
                if near is None:
                    near = ship.reached[key] = sorted(reach(ship, who, blocked))
            if near:
                add(("move", who, None, cost, near))
        if who == fewest or distinct:  # the same task by another Captain
            # is the same move: offered once
            if basic is None:
                basic = basic_costs(ship)
            if (ship.abilities.cards or ship.abilities.discards) and basic[0] <= left:
                add(("search", who, None, basic[0], None))
            if ship.meter["sanitation"] < 100 and basic[1] <= left:
                add(("clean", who, None, basic[1], None))
            if ship.meter["happiness"] < 100 and basic[2] <= left:
                add(("entertain", who, None, basic[2], None))
        if "Repair" not in forbidden and damage[here] and here not in destroyed and (
                c := task_cost(ship, "Repair", who)) <= left:
            add(("repair", who, None, c, None))
        if "Craft" not in forbidden and rooms_left and here not in destroyed and not damage[here]:  # craftable
            if craft_cost is None:
                craft_cost = task_cost(ship, "Craft", who)
            if craft_cost <= left:
                add(("craft", who, None, craft_cost, None))
        room = ship.slot[here]
        fields = room_cards.get(room)
        if fields and fields["kind"] == "activated" and fields["cost"] <= left and ship.works(room):
            targets = Later(room_targets, ship, who, room, damaged) if lazy else room_targets(ship, who, room, damaged)
            if lazy or targets:
                add(("room", who, room, fields["cost"], targets))
        if c_cost <= left:
            if unaimed:
                targets = ANY
            else:
                targets = Later(captain_targets, ship, who, damaged) if lazy else captain_targets(ship, who, damaged)
            if lazy or targets:
                add(("captain", who, captain, c_cost, targets))
        if hand:
            last = None
            for card in hand:  # each card once, in the hand's order (effects.take: the same cards side by side)
                if card == last:
                    continue
                last = card
                c, plan = cards[card]
                c += extra
                if c <= left:
                    targets = shared.get(card)
                    if targets is None:
                        if plan.aim is None:
                            targets = shared[card] = ANY  # a card aimed at nothing
                        elif plan.verb == "move":
                            if useful is None:
                                useful = Later(useful_squares, ship, None)
                            targets = Later(_elsewhere, useful, here)
                        else:
                            targets = Later(aim.targets, ship, who, plan, damaged)
                        if not plan.by_captain:
                            shared[card] = targets
                    if lazy:
                        add(("ability", who, card, c, targets))
                    elif type(targets) is not Later or targets.get():
                        add(("ability", who, card, c, targets if type(targets) is not Later else targets.value))
        for i, e in enumerate(ongoing):  # an Event resolved where its plan says (plans.EventPlan), or by discards
            plan = event_plans[e["id"]]
            if plan.resolve is not None and plan.cost <= left and here not in e["done"] and \
                    aim.resolvable(ship, e, plan.resolve, here):
                add(("resolve", who, i, plan.cost, None))
            if plan.discards and hand:
                add(("discard", who, i, 0, list(dict.fromkeys(hand))))
    return out


def _elsewhere(useful: Later, here: str) -> list:
    """A move's targets: the squares where a Captain could do something, but where they stand."""
    return [sq for sq in useful.get() if sq != here]


def room_targets(ship, who: int, room: str, damaged: list) -> list | tuple:
    """Where an activated Room's effect may be aimed by Captain `who`, standing in it (aim.targets)."""
    plan = ship.room_plans[room]
    return [None] if plan.aim is None else aim.targets(ship, who, plan, damaged)


def captain_targets(ship, who: int, damaged: list) -> list | tuple:
    """Where Captain `who`'s Activated ability may be aimed (aim.targets; ANY: at nothing)."""
    plan = ship.captain_plans[ship.crew[who][0]].ability
    return ANY if plan.aim is None else aim.targets(ship, who, plan, damaged)


def apply(ship, move: Move) -> None:
    if ship.pending is not None:
        choices.resolve(ship, move.arg[1])
        return
    if move is END or move.name == "end round":
        ship.end_round()
        return
    ship.actions -= move.cost
    name, arg = move.name, move.arg
    if name == "move":
        ship.crew[arg[0]][1] = arg[1]
    elif name == "search":
        drawn = []
        for _ in range(ship.captain_plans[ship.crew[arg][0]].draws.get("Search", 1)):
            card = ship.abilities.draw()
            if card is not None:
                drawn.append(card)
        if drawn:  # the one the Captain keeps (`keep card`, one card drawn: that one), the rest discarded
            choices.decide(ship, "keep card", arg, tuple(dict.fromkeys(drawn)), None, ("kept", arg, drawn))
    elif name == "clean":
        bonus = ship.captain_plans[ship.crew[arg][0]].bonus.get("Clean", 0)
        ship.change("sanitation", ship.tasks["Clean"]["sanitation"] + bonus)
    elif name == "entertain":
        ship.change("happiness", ship.tasks["Entertain"]["happiness"])
    elif name == "repair":
        effects.repair(ship, ship.crew[arg][1], ship.tasks["Repair"]["repair"])
    elif name == "craft":
        effects.craft(ship, arg, ship.crew[arg][1], 1)
    elif name == "room":
        effects.use_room(ship, arg[0], ship.slot[ship.crew[arg[0]][1]], arg[1])
    elif name == "captain":
        effects.use_captain(ship, arg[0], arg[1])
    elif name == "ability":
        effects.play_ability(ship, *arg)
    elif name == "resolve":
        e = ship.ongoing[arg[1]]
        e["done"].add(ship.crew[arg[0]][1])  # the Rooms it has been resolved in
        if len(e["done"]) >= ship.event_plans[e["id"]].rooms:
            effects.resolve_event(ship, arg[1])
    elif name == "discard":
        who, card, i = arg
        effects.discard_ability(ship, who, card)
        e = ship.ongoing[i]
        e["done"].add(len(e["done"]))
        if len(e["done"]) >= ship.event_plans[e["id"]].discards:
            effects.resolve_event(ship, i)
