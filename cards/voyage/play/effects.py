"""Voyage: what each card does. Behaviour by the card's id (its text), every number from its fields."""

from bisect import insort


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


def worst_card(ship, who: int) -> str:
    """The card a captain parts with first: the one the baseline values least."""
    from .baseline import card_value

    hand = ship.crew[who][2]
    return min(hand, key=lambda c: (card_value(ship, who, c), ship.rank[c]))


def craft(ship, sq: str, drawn: int) -> None:
    """Draw Room Cards; the best goes in place of the room in `sq` (out of the game), the rest discarded."""
    cards = [c for c in (ship.rooms.draw() for _ in range(drawn)) if c is not None]
    if not cards:
        return
    from .baseline import room_value

    best = max(cards, key=lambda c: (room_value(ship, c), -ship.rank[c]))
    ship.at.pop(ship.slot[sq], None)
    ship.slot[sq] = best
    ship.at[best] = sq
    ship.table.record.play("room", best)


def craftable(ship, sq: str) -> bool:
    return sq not in ship.destroyed and not ship.damage[sq] and len(ship.rooms) > 0


# -- events ---------------------------------------------------------------------------------------------
def event_drawn(ship, card: str) -> None:
    """An Event Card drawn plays its steps (verbs.py); an ongoing one then stays in play, beside the Room its
    `place-beside` rolled, but one the crew resolves only beside its Room when no Room can take it."""
    from . import verbs

    plan = ship.event_plans[card]
    e = {"id": card, "left": ship.event[card].get("duration"), "at": None, "done": set()}
    verbs.strike(ship, e, plan.drawn)
    if plan.ongoing and not (plan.beside is not None and e["at"] is None and plan.resolve == verbs.BESIDE):
        ship.ongoing.append(e)


def end_of_round_events(ship) -> None:
    """Each ongoing Event's steps `at: round-end`, in the order they came into play."""
    from . import verbs

    plans = ship.event_plans
    for e in list(ship.ongoing):
        steps = plans[e["id"]].round_end
        if steps:
            verbs.strike(ship, e, steps)


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


def look_at_rooms(ship, n: int) -> None:
    """The top `n` Room Cards looked at and put back, the crew's best on top."""
    from .baseline import room_value

    top = [ship.rooms.draw() for _ in range(min(n, len(ship.rooms)))]
    ship.rooms.put_top(sorted(top, key=lambda c: (-room_value(ship, c), ship.rank[c])))


def look_at_events(ship, n: int) -> None:
    """The top `n` Event Cards looked at and put back, the least harmful on top; the crew knows them."""
    from .baseline import event_harm

    top = ship.events.top(n)
    for _ in top:
        ship.events.cards.pop()
    ship.known = sorted(top, key=lambda c: (event_harm(ship, c), ship.rank[c]))
    ship.events.put_top(ship.known)


def repair(ship, sq: str, n: int) -> None:
    if sq in ship.destroyed:
        return
    ship.damage[sq] = max(0, ship.damage[sq] - n)
    ship.table.record.count("damage repaired", n)


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


def scout_events(ship) -> None:
    """The top Event Card seen: under the deck if it is worse than the rest on average (the crew knows it)."""
    from .baseline import event_harm, harm_of_the_rest

    top = ship.events.top(1)
    if top and event_harm(ship, top[0]) > harm_of_the_rest(ship, top[0]):
        ship.events.cards.pop()
        ship.events.put_bottom(top[0])
        del ship.known[:1]
    elif top:
        ship.known = ship.known or top
