"""Voyage: what the cards do to the piles, the hands and the Rooms, every number from their fields. Where a
card lets the players choose (the card kept, the Room Card placed, the order of the cards looked at), the
choice is theirs: a pending decision (choices.py), its options the cards they see."""

from bisect import insort

from .choices import decide, suspend, task


def take(ship, who: int, card: str) -> None:
    """A card joins a Captain's hand, which is kept in the deck's order (what the crew may play is read in that
    order: the order the cards are written in, never their ids, so a renamed card plays as before)."""
    insort(ship.crew[who][2], card, key=ship.rank.__getitem__)


def draw_ability(ship, who: int) -> None:
    card = ship.abilities.draw()
    if card is not None:
        take(ship, who, card)


def discard_ability(ship, who: int, card: str) -> None:
    ship.crew[who][2].remove(card)
    ship.abilities.discard(card)


@task("discarding")
def discarding(ship, left: tuple, count: int, done: int, card: str | None) -> None:
    """Each Captain of `left` in turn discards `count` Ability Cards of their choice (fewer if their hand holds
    fewer), one decision a card: `card` the one the first of them has just chosen, `done` how many so far."""
    if card is not None:
        discard_ability(ship, left[0], card)
        done += 1
    while left:
        hand = ship.crew[left[0]][2]
        if done < count and hand:
            decide(ship, "discard card", left[0], tuple(dict.fromkeys(hand)), count - done,
                   ("discarding", left, count, done))
            return
        left, done = left[1:], 0


def craft(ship, who: int | None, sq: str, drawn: int) -> None:
    """Draw Room Cards; the one Captain `who` keeps (`keep room`) goes in place of the room in `sq` (that one
    out of the game), the rest discarded."""
    cards = [c for c in (ship.rooms.draw() for _ in range(drawn)) if c is not None]
    if cards:
        decide(ship, "keep room", who, tuple(dict.fromkeys(cards)), sq, ("crafted", sq))


@task("crafted")
def crafted(ship, sq: str, card: str) -> None:
    ship.at.pop(ship.slot[sq], None)
    ship.slot[sq] = card
    ship.at[card] = sq
    ship.table.record.play("room", card)


@task("kept")
def kept(ship, who: int, drawn: list, card: str) -> None:
    """Of the cards a Search drew, Captain `who` keeps `card`; the rest are discarded."""
    take(ship, who, card)
    rest = list(drawn)
    rest.remove(card)
    for c in rest:
        ship.abilities.discard(c)


def craftable(ship, sq: str) -> bool:
    return sq not in ship.destroyed and not ship.damage[sq] and len(ship.rooms) > 0


# -- events ---------------------------------------------------------------------------------------------
def event_drawn(ship, card: str) -> None:
    """An Event Card drawn plays its steps (verbs.py); an ongoing one then stays in play (`in_play`)."""
    from . import verbs

    e = {"id": card, "left": ship.event[card].get("duration"), "at": None, "done": set()}
    verbs.strike(ship, e, ship.event_plans[card].drawn)
    if ship.pending is not None:
        suspend(ship, "in play", e)
        return
    in_play(ship, e)


@task("in play")
def in_play(ship, e: dict) -> None:
    """An ongoing Event stays in play, beside the Room its `place-beside` rolled, but one the crew resolves only
    beside its Room when no Room can take it."""
    from . import targets

    plan = ship.event_plans[e["id"]]
    if plan.ongoing and not (plan.beside is not None and e["at"] is None and plan.resolve == targets.BESIDE):
        ship.ongoing.append(e)


@task("round-end events")
def end_of_round_events(ship, events: list | None = None) -> None:
    """Each ongoing Event's steps `at: round-end`, in the order they came into play (`events`: those left)."""
    from . import verbs

    plans = ship.event_plans
    events = list(ship.ongoing) if events is None else events
    for i, e in enumerate(events):
        steps = plans[e["id"]].round_end
        if steps:
            verbs.strike(ship, e, steps)
            if ship.pending is not None:
                if i + 1 < len(events):
                    suspend(ship, "round-end events", events[i + 1:])
                return


def resolve_event(ship, index: int) -> None:
    e = ship.ongoing.pop(index)
    ship.table.record.count(f"resolved {e['id']}")


# -- ability cards ----------------------------------------------------------------------------------------
def play_ability(ship, who: int, card: str, target) -> None:
    """Play `card` from captain `who`'s hand (its cost already paid): its effect's steps (verbs.py), aimed
    at `target` as the move chose it."""
    from . import verbs

    discard_ability(ship, who, card)
    ship.table.record.play("ability", card)
    verbs.play(ship, who, ship.ability_plans[card], target)


def look_at_rooms(ship, who: int, n: int) -> None:
    """The top `n` Room Cards looked at and put back in the order Captain `who` chooses (`put_back`)."""
    put_back(ship, who, "room", [ship.rooms.draw() for _ in range(min(n, len(ship.rooms)))], [], None)


def look_at_events(ship, who: int, n: int) -> None:
    """The top `n` Event Cards looked at and put back in the order Captain `who` chooses; the crew knows them."""
    top = ship.events.top(n)
    ship.known = top  # left on top while they choose (a look-ahead keeps them there: Ship.hide)
    put_back(ship, who, "event", top, [], None)


@task("put back")
def put_back(ship, who: int, pile: str, held: list, order: list, card: str | None) -> None:
    """Cards looked at go back on top of their pile (`room` or `event`), one decision a card (`on top`): which
    of those `held` goes next, `order` those put back so far (the first on top), `card` the one just chosen.
    The Room Cards are drawn while the players choose; the Event Cards stay on their deck, known (the Event
    deck's harm, kept by its size, counts them), and are taken off it and put back in order at the end."""
    if card is not None:
        held = list(held)
        held.remove(card)
        order = [*order, card]
    if len(held) > 1:
        decide(ship, "on top", who, tuple(dict.fromkeys(held)), pile, ("put back", who, pile, held, order))
        return
    order = order + held
    if pile == "room":  # (drawn while they choose: a Room Card's place is no Event's harm)
        ship.rooms.put_top(order)
    else:
        for _ in order:
            ship.events.cards.pop()
        ship.known = order
        ship.events.put_top(order)


def repair(ship, sq: str, n: int) -> None:
    if sq in ship.destroyed:
        return
    removed = min(n, ship.damage[sq])  # a repair removes the tokens the Room has, no more
    ship.damage[sq] -= removed
    ship.table.record.count("damage repaired", removed)


# -- rooms and captains -------------------------------------------------------------------------------------
def use_room(ship, who: int, room: str, target) -> None:
    """Captain `who` uses the activated Room they stand in (its cost paid): its effect's steps (verbs.py)."""
    from . import verbs

    ship.table.record.play("room", room)
    verbs.play(ship, who, ship.room_plans[room], target)


def use_captain(ship, who: int, target) -> None:
    """Captain `who` uses their Activated ability (its cost paid): its steps (verbs.py)."""
    from . import verbs

    captain = ship.crew[who][0]
    ship.table.record.play("captain", captain)
    verbs.play(ship, who, ship.captain_plans[captain].ability, target)


def scout_events(ship, who: int) -> None:
    """The top Event Card seen (the crew knows it): Captain `who` leaves it on top or puts it under the deck."""
    top = ship.events.top(1)
    if top:
        ship.known = ship.known or top
        decide(ship, "scout", who, ("top", "bottom"), top[0], ("scouted",))


@task("scouted")
def scouted(ship, where: str) -> None:
    if where == "bottom":
        ship.events.put_bottom(ship.events.cards.pop())
        del ship.known[:1]
