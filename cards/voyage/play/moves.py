"""Voyage: the legal moves (those that change something) and how each applies. The crew shares its
Actions: any Captain may spend them, one move at a time, until the crew ends the round."""

from pnp.play import Move

from . import effects

END = Move("end round")
RESOLVE_ANYWHERE = ("ion-storm", "engineers-strike", "gravity-glitch")
RESOLVE_BESIDE = ("electrical-fire", "space-mice")


def task_cost(ship, name: str, who: int) -> int:
    cost = ship.tasks[name]["cost"]
    captain = ship.crew[who][0]
    if name == "Move":
        glitch = ship.active("gravity-glitch")
        cost = 0 if who in ship.hall else glitch["move_cost"] if glitch else cost
    elif name == "Clean":
        clogged = ship.active("clogged-pipes")
        cost += clogged["clean_cost"] if clogged else 0
    elif name == "Entertain":
        cost -= ship.room["grand-ballroom"]["saves"] if ship.works("grand-ballroom") else 0
    elif name == "Repair":
        cost -= ship.room["maintenance-hub"]["saves"] if ship.works("maintenance-hub") else 0
        cost -= ship.captain[captain]["saves"] if captain == "mags-okonkwo" else 0
    return max(0, cost)


def reach(ship, who: int) -> set:
    """The squares a Move takes a Captain to (Ines crosses up to `moves` rooms)."""
    here = ship.crew[who][1]
    steps = ship.captain["ines-vasquez"]["moves"] if ship.crew[who][0] == "ines-vasquez" else 1
    if steps == 1 and not ship.ongoing:
        return ship.links[here]
    seen, edge = {here}, {here}
    for _ in range(steps):
        edge = {n for sq in edge for n in ship.links[sq] if not ship.quarantined(n)} - seen
        seen |= edge
    return seen - {here}


def legal(ship) -> list:
    out = [END]
    add = out.append
    left = ship.actions
    strike = ship.active("engineers-strike")
    gremlins = ship.active("gremlins")
    extra = gremlins["ability_cost"] if gremlins else 0
    damaged = [sq for sq in ship.squares if ship.damage[sq] and sq not in ship.destroyed]
    crew = ship.crew
    special = {i for i, c in enumerate(crew) if c[0] in ("grimsby", "quill")}
    anyone = special | {min(range(len(crew)), key=lambda i: (len(crew[i][2]), i))}
    simple = not ship.ongoing  # no event changes what a Move reaches or costs
    move_cost = ship.tasks["Move"]["cost"]
    for who, (captain, here, hand) in enumerate(crew):
        cost = move_cost if simple and who not in ship.hall else task_cost(ship, "Move", who)
        if cost <= left:
            near = ship.near[here] if simple and captain != "ines-vasquez" else sorted(reach(ship, who))
            for sq in near:
                add(Move("move", (who, sq), None, cost))
        if who in anyone:  # the same task by another Captain is the same move: offered once
            if (len(ship.abilities) or ship.abilities.discards) and (c := task_cost(ship, "Search", who)) <= left:
                add(Move("search", who, None, c))
            if ship.meter["sanitation"] < 100 and (c := task_cost(ship, "Clean", who)) <= left:
                add(Move("clean", who, None, c))
            if ship.meter["happiness"] < 100 and (c := task_cost(ship, "Entertain", who)) <= left:
                add(Move("entertain", who, None, c))
        if not strike:
            if ship.damage[here] and here not in ship.destroyed and (c := task_cost(ship, "Repair", who)) <= left:
                add(Move("repair", who, None, c))
            if effects.craftable(ship, here) and (c := task_cost(ship, "Craft", who)) <= left:
                add(Move("craft", who, None, c))
        room = ship.slot[here]
        fields = ship.room.get(room)
        if fields and fields["kind"] == "activated" and fields["cost"] <= left and ship.works(room):
            for target in room_targets(ship, who, room, damaged):
                add(Move("room", (who, target), f"room/{room}", fields["cost"]))
        c = ship.captain[captain]["cost"]
        if c <= left:
            for target in captain_targets(ship, who, damaged):
                add(Move("captain", (who, target), f"captain/{captain}", c))
        for card in sorted(set(hand)):
            c = ship.ability[card]["cost"] + extra
            if c <= left:
                for target in ability_targets(ship, who, card, damaged):
                    add(Move("ability", (who, card, target), f"ability/{card}", c))
        for i, e in enumerate(ship.ongoing):
            ev = ship.event[e["id"]]
            if (e["id"] in RESOLVE_ANYWHERE or (e["id"] in RESOLVE_BESIDE and e["at"] == here)
                    or (e["id"] == "clogged-pipes" and ship.damage[here])
                    or (e["id"] == "bad-reviews" and here not in e["done"])) and ev["resolve_cost"] <= left:
                add(Move("resolve", (who, i), None, ev["resolve_cost"]))
            if e["id"] == "gremlins":
                for card in sorted(set(hand)):
                    add(Move("discard", (who, card, i), None, 0))
    return out


def useful_squares(ship, who: int) -> list:
    here = ship.crew[who][1]
    return [sq for sq in ship.squares if sq != here and not ship.quarantined(sq) and
            (ship.damage[sq] or effects.craftable(ship, sq) or
             ship.room.get(ship.slot[sq], {}).get("kind") == "activated")]


def room_targets(ship, who: int, room: str, damaged: list) -> list:
    here = ship.crew[who][1]
    r = ship.room[room]
    if room == "machine-shop":
        return [sq for sq in damaged if sq == here or sq in ship.links[here]]
    if room == "fabrication-lab":
        return [sq for sq in ship.squares if sq != here and effects.craftable(ship, sq)]
    if room == "teleporter-pad":
        return [(i, sq) for i in range(len(ship.crew)) for sq in useful_squares(ship, i)]
    if room == "recycling-plant" and len(ship.crew[who][2]) < r["discard"]:
        return []
    return [None]


def captain_targets(ship, who: int, damaged: list) -> list:
    captain, here, _ = ship.crew[who]
    if captain == "mags-okonkwo":
        return [None] if effects.craftable(ship, here) else []
    if captain == "ines-vasquez":
        return [None] if len(ship.events) else []
    if captain == "quill":
        return sorted(set(ship.abilities.discards))
    if captain == "brick-thornbury":
        return [sq for sq in damaged if (sq == here or sq in ship.links[here]) and sq not in ship.spared]
    return [None]


def ability_targets(ship, who: int, card: str, damaged: list) -> list:
    here = ship.crew[who][1]
    if card in ("duct-tape", "miracle-wrench"):
        return [None] if here in damaged else []
    if card == "repair-drone":
        return damaged
    if card == "jetpack":
        return useful_squares(ship, who)
    if card == "flat-pack-furniture":
        return [None] if effects.craftable(ship, here) else []
    if card == "stopgap-patch":
        return [sq for sq in damaged if sq not in ship.spared]
    if card == "reinforced-bulkhead":
        return [sq for sq in ship.squares if not ship.damage[sq] and sq not in ship.destroyed
                and ship.bulkhead.get(sq, 0) < ship.round + 1]
    if card == "complaint-form":
        return list(range(len(ship.ongoing)))
    if card == "blueprints":
        return [None] if len(ship.rooms) else []
    if card == "early-warning":
        return [None] if len(ship.events) else []
    return [None]


def apply(ship, move: Move) -> None:
    if move is END or move.name == "end round":
        ship.end_round()
        return
    ship.actions -= move.cost
    name, arg = move.name, move.arg
    if name == "move":
        ship.crew[arg[0]][1] = arg[1]
    elif name == "search":
        drawn = [c for c in (ship.abilities.draw() for _ in range(
            ship.captain["quill"]["draw"] if ship.crew[arg][0] == "quill" else 1)) if c is not None]
        if drawn:
            from .baseline import card_value

            keep = max(drawn, key=lambda c: (card_value(ship, arg, c), c))
            ship.crew[arg][2].append(keep)
            drawn.remove(keep)
            for c in drawn:
                ship.abilities.discard(c)
    elif name == "clean":
        bonus = ship.captain["grimsby"]["clean_bonus"] if ship.crew[arg][0] == "grimsby" else 0
        ship.change("sanitation", ship.tasks["Clean"]["sanitation"] + bonus)
    elif name == "entertain":
        ship.change("happiness", ship.tasks["Entertain"]["happiness"])
    elif name == "repair":
        effects.repair(ship, ship.crew[arg][1], ship.tasks["Repair"]["repair"])
    elif name == "craft":
        effects.craft(ship, ship.crew[arg][1], 1)
    elif name == "room":
        effects.use_room(ship, arg[0], ship.slot[ship.crew[arg[0]][1]], arg[1])
    elif name == "captain":
        effects.use_captain(ship, arg[0], arg[1])
    elif name == "ability":
        effects.play_ability(ship, *arg)
    elif name == "resolve":
        e = ship.ongoing[arg[1]]
        e["done"].add(ship.crew[arg[0]][1])
        if e["id"] != "bad-reviews" or len(e["done"]) >= ship.event["bad-reviews"]["resolve_rooms"]:
            effects.resolve_event(ship, arg[1])
    elif name == "discard":
        who, card, i = arg
        effects.discard_ability(ship, who, card)
        e = ship.ongoing[i]
        e["done"].add(len(e["done"]))
        if len(e["done"]) >= ship.event["gremlins"]["resolve_discards"]:
            effects.resolve_event(ship, i)
