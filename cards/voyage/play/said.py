"""Voyage's moves in its own words, as `pnp simulate voyage --trace` tells them: who acts, what they do, and
where ("Captain 2 (Quill) plays Repair Drone on the Teal Room (Machine Shop), 4 Actions")."""


def say(ship, move) -> str:
    name, arg = move.name, move.arg
    if ship.pending is not None and name == ship.pending[0]:  # an answer to the open decision (choices.py)
        kind, chooser, options, shown, _ = ship.pending
        return _answer(ship, kind, chooser, options, shown, arg[1])
    if name == "end round":
        return f"end Round {ship.round} ({ship.actions} Action{'s' if ship.actions != 1 else ''} left)"
    who = arg if isinstance(arg, int) else arg[0]
    actor = f"Captain {who + 1} ({_name(ship.captain, ship.crew[who][0])})"
    cost = f", {move.cost} Action{'s' if move.cost != 1 else ''}"
    if name == "move":
        return f"{actor} moves to {_room(ship, arg[1])}{cost}"
    if name == "ability":
        _, card, target = arg
        return f"{actor} plays {_name(ship.ability, card)}{_at(ship, target)}{cost}"
    if name == "room":
        return f"{actor} uses {_name(ship.room, ship.slot[ship.crew[who][1]])}{_at(ship, arg[1])}{cost}"
    if name == "captain":
        return f"{actor} uses their ability{_at(ship, arg[1])}{cost}"
    if name == "resolve":
        return f"{actor} resolves {_event(ship, arg[1])}{cost}"
    if name == "discard":
        return f"{actor} discards {_name(ship.ability, arg[1])} toward {_event(ship, arg[2])}"
    return f"{actor}: {name.capitalize()} in {_room(ship, ship.crew[who][1])}{cost}"  # a basic task


def _name(deck, card) -> str:
    return str(deck[card].get("name", card)) if card in deck else str(card)


def _room(ship, sq) -> str:
    card = ship.slot[sq]
    fields = ship.room.get(card) or ship.table.cards("empty-room").get(card, {})
    return f"the {str(sq).capitalize()} Room ({fields.get('name', card)})"


def _event(ship, i) -> str:
    return _name(ship.event, ship.ongoing[i]["id"]) if 0 <= i < len(ship.ongoing) else f"ongoing Event {i + 1}"


def _at(ship, target) -> str:
    """Where a move is aimed: a Room, a Captain and a Room, an ongoing Event, a card taken back; or nothing."""
    if target is None:
        return ""
    if isinstance(target, tuple):
        who, sq = target
        return f": Captain {who + 1} to {_room(ship, sq)}"
    if isinstance(target, int):
        return f" on {_event(ship, target)}"
    if target in ship.slot:
        return f" on {_room(ship, target)}"
    return f": {_name(ship.ability, target)}"


def _answer(ship, kind: str, who, options: tuple, shown, option) -> str:
    """An answer to an open decision (choices.py): who chooses, what, and among what."""
    actor = "the crew" if who is None else f"Captain {who + 1} ({_name(ship.captain, ship.crew[who][0])})"
    if kind in ("keep card", "discard card", "keep room", "on top"):
        deck = ship.room if kind == "keep room" or (kind == "on top" and shown == "room") else \
            ship.event if kind == "on top" else ship.ability
        of = _of([_name(deck, c) for c in options])
        if kind == "keep card":
            return f"{actor} keeps {_name(deck, option)} {of}"
        if kind == "discard card":
            return f"{actor} discards {_name(deck, option)} {of}"
        if kind == "keep room":
            return f"{actor} keeps Room {_name(deck, option)} for {_room(ship, shown)} {of}"
        nth = len(ship.pending[4][4]) + 1  # those put back so far (effects.put_back)
        return f"{actor} puts {_name(deck, option)} back {_nth(nth)} from the top of the {shown.capitalize()} " \
               f"deck {of}"
    if kind == "scout":
        top = _name(ship.event, shown)
        return f"{actor} leaves {top} on top of the Event deck" if option == "top" else \
            f"{actor} puts {top} under the Event deck"
    if kind == "reroll":
        return f"{actor} {'rerolls' if option else 'keeps'} the Peril Die's roll of {_rolled(ship, shown)}"
    if kind == "gamble face":
        face = "the wild face" if option is None else f"{option}"
        return f"{actor} chooses {face} for the gamble (a result the crew chooses, of {len(options)} faces)"
    if kind.startswith("roll "):
        why = {"roll hits": "to be hit", "roll repairs": "to repair", "roll moves": "to move to"}.get(kind, "")
        face = "a result the crew chooses" if shown == "chosen" else "the wild face"
        return f"{actor} chooses {_room(ship, option)} {why} ({face}, of {len(options)} Rooms)"
    if kind == "spare room":
        return f"{actor} spares {_room(ship, option)} at the Round's end (of {len(options)} Damaged Rooms)"
    if kind == "gift draw":
        if option is None:
            return f"{actor} lets no Captain draw ({_name(ship.room, shown)})"
        return f"{actor} chooses Captain {option + 1} ({_name(ship.captain, ship.crew[option][0])}) to draw " \
               f"({_name(ship.room, shown)})"
    return f"{actor}: {kind} {option}"


def _rolled(ship, shown) -> str:
    """What a roll the crew may reroll shows: a Room, the wild face, or a step's or a gamble's roll."""
    why, face = shown if type(shown) is tuple else ("", shown)
    what = "the wild face" if face == "wild" else f"{face}" if type(face) is int else _room(ship, face)
    if not why:  # a roll for a Room
        return f"{what} (a Room the crew chooses)" if face == "wild" else what
    return f"{what} ({'a step' if why == 'roll' else 'a gamble'})"


def _nth(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _of(names: list) -> str:
    """The options a choice was made among, the first few by name."""
    shown = ", ".join(str(n) for n in names[:4])
    return f"(of {shown}{', ...' if len(names) > 4 else ''})"
