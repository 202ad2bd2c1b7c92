"""Welcome to the Moon: the rules YAML cannot say (action spread, missions per adventure, zones)."""

from collections import Counter
from itertools import pairwise

from pnp.rules import custom_rule

LETTERS = ("A", "B", "C")
LOW, HIGH = range(1, 6), range(11, 16)
EFFECTS = {"rockets", "idle", "ignite", "build", "sabotage"}
ORDERS = {"ascending-left-to-right"}


def _deck(game, deck_id):
    return next(d for d in game.decks if d.id == deck_id)


def _data(game, name):
    doc = game.data[name]
    return doc, doc.data


@custom_rule("moon-action-split")
def action_split(game, fail):
    """Say how the starship deck splits over the actions (an info line, not a failure)."""
    deck = _deck(game, "starship")
    counts, numbers = Counter(), {}
    for card in deck.cards:
        action = card.data["action"]
        counts[action] += card.copies
        numbers.setdefault(action, []).extend([card.data["number"]] * card.copies)
    order = [a["id"] for a in _data(game, "actions")[1]["actions"]]
    parts = [f"{a} {counts[a]}" for a in order if counts[a]]
    means = ", ".join(f"{a} {sum(numbers[a]) / len(numbers[a]):.1f}" for a in order if numbers.get(a))
    fail(f"{', '.join(parts)} ({sum(counts.values())} cards); mean number: {means}",
         deck.doc.where(("cards",)), deck.id)


@custom_rule("moon-actions-spread")
def actions_spread(game, fail):
    deck = _deck(game, "starship")
    for action in (a["id"] for a in _data(game, "actions")[1]["actions"]):
        numbers = [c.data["number"] for c in deck.cards if c.data["action"] == action for _ in range(c.copies)]
        low = sum(n in LOW for n in numbers)
        high = sum(n in HIGH for n in numbers)
        if low < 2 or high < 2:
            fail(f"{action} has {low} card(s) numbered 1-5 and {high} numbered 11-15; each action needs at "
                 "least 2 of each, so every action can start and finish a floor", deck.doc.where(("cards",)),
                 deck.id)


@custom_rule("moon-missions-per-adventure")
def missions_per_adventure(game, fail):
    deck = _deck(game, "mission")
    have = Counter()
    for card in deck.cards:
        have[card.data["adventure"], card.data["letter"]] += card.copies
    for adventure in sorted({a for a, _ in have}):
        for letter in LETTERS:
            n = have[adventure, letter]
            if n != 2:
                fail(f"adventure {adventure} has {n} mission{'s' if n != 1 else ''} {letter}; each adventure "
                     "needs 2 of each letter (6 in all), one of each dealt per game",
                     deck.doc.where(("cards",)), deck.id)


@custom_rule("moon-zones")
def zones(game, fail):
    """Every zone declares its boxes and order, holds no more spaces than there are numbers, and its
    quarters cover its spaces from the first to the last with no gap and no overlap."""
    doc, sheet = _data(game, "adventure-1")
    numbers = sheet.get("numbers") or {}
    span = numbers.get("max", 17) - numbers.get("min", 0) + 1
    zone_list = sheet.get("zones") or []
    floors = [z.get("floor") for z in zone_list if isinstance(z, dict)]
    if sorted(floors) != list(range(1, len(zone_list) + 1)):
        fail(f"floors are {floors}; number them 1 to {len(zone_list)}, bottom first", doc.where(("zones",)),
             "adventure-1.zones")
    quarters: dict = {}
    for i, q in enumerate(sheet.get("quarters") or []):
        quarters.setdefault(q.get("zone"), []).append((i, q))
    ids = set()
    for i, zone in enumerate(zone_list):
        where, who = doc.where(("zones", i)), f"adventure-1.zones[{i}]"
        zid, boxes, order = zone.get("id"), zone.get("boxes"), zone.get("order")
        if not zid:
            fail("a zone needs an `id`", where, who)
            continue
        who = f"zone {zid}"
        if zid in ids:
            fail("the id is used twice", where, who)
        ids.add(zid)
        if not isinstance(boxes, int) or boxes < 1:
            fail(f"`boxes` must be a positive number of spaces, got {boxes!r}", where, who)
            continue
        if order not in ORDERS:
            fail(f"`order` must be one of {sorted(ORDERS)}, got {order!r}", where, who)
        if boxes > span:
            fail(f"{boxes} spaces, but a zone never repeats a number and only {span} numbers "
                 f"({numbers.get('min', 0)}-{numbers.get('max', 17)}) can be written", where, who)
        expect = 1
        for qi, q in sorted(quarters.pop(zid, []), key=lambda p: p[1].get("first", 0)):
            qwhere, qwho = doc.where(("quarters", qi)), f"{zid} quarter at space {q.get('first')}"
            unknown = set(q) - EFFECTS - {"zone", "first", "boxes"}
            if unknown:
                fail(f"unknown effect(s) {sorted(unknown)}; effects are {sorted(EFFECTS)}", qwhere, qwho)
            if q.get("first") != expect:
                gap = "a gap" if (q.get("first") or 0) > expect else "an overlap"
                fail(f"starts at space {q.get('first')}, {gap} after space {expect - 1}", qwhere, qwho)
            if not isinstance(q.get("boxes"), int) or q["boxes"] < 1:
                fail(f"`boxes` must be a positive number of spaces, got {q.get('boxes')!r}", qwhere, qwho)
                break
            expect = q["first"] + q["boxes"] if isinstance(q.get("first"), int) else expect + q["boxes"]
        if expect - 1 != boxes:
            fail(f"its quarters cover {expect - 1} space{'s' if expect != 2 else ''}; the zone has {boxes}",
                 where, who)
    for zid, items in quarters.items():
        for qi, _ in items:
            fail(f"names zone {zid!r}, which is not a zone ({', '.join(sorted(ids))})", doc.where(("quarters", qi)),
                 f"adventure-1.quarters[{qi}]")


@custom_rule("moon-tower")
def tower(game, fail):
    doc, sheet = _data(game, "adventure-1")
    last = None
    for i, row in enumerate(sheet.get("tower") or []):
        where, who = doc.where(("tower", i)), f"tower row {i + 1}"
        if not isinstance(row.get("rockets"), int) or row["rockets"] < 1:
            fail(f"a row needs rockets to cross off, got {row.get('rockets')!r}", where, who)
        if last is not None and not row.get("score", 0) > last:
            fail(f"scores {row.get('score')}, not more than the row below ({last})", where, who)
        last = row.get("score", 0)
    if last is not None and not sheet.get("launch_score", 0) > last:
        fail(f"the launch scores {sheet.get('launch_score')}, not more than the top row ({last})",
             doc.where(("launch_score",)), "launch_score")


def _rockets(game):
    """(from quarters, from the best lit idle rockets, ignites, from missions met first, the tower's need)."""
    _, sheet = _data(game, "adventure-1")
    quarters = sheet.get("quarters") or []
    active = sum(q.get("rockets", 0) for q in quarters)
    idle = sorted((q.get("idle", 0) for q in quarters if q.get("idle")), reverse=True)
    ignites = sum(q.get("ignite", 0) for q in quarters)
    best: dict = {}
    for card in _deck(game, "mission").cards:
        if card.data["adventure"] == 1:
            best[card.data["letter"]] = max(best.get(card.data["letter"], 0), card.data["first"])
    needed = sum(r.get("rockets", 0) for r in sheet.get("tower") or [])
    return active, sum(idle[:ignites]), min(ignites, len(idle)), sum(best.values()), needed


@custom_rule("moon-rocket-supply")
def rocket_supply(game, fail):
    """A player who fills the whole rocket, lights the best idle rockets and meets the three missions
    first must be able to fill the tower."""
    active, lit, ignites, missions, needed = _rockets(game)
    if active + lit + missions < needed:
        doc, _ = _data(game, "adventure-1")
        fail(f"the rocket holds at most {active + lit + missions} rockets ({active} from quarters, {lit} from "
             f"{ignites} lit idle rockets, {missions} from missions); the tower needs {needed}",
             doc.where(("tower",)), "adventure-1.tower")


@custom_rule("moon-rocket-budget")
def rocket_budget(game, fail):
    """Say how many rockets there are to take (an info line)."""
    active, lit, ignites, missions, needed = _rockets(game)
    doc, _ = _data(game, "adventure-1")
    fail(f"the tower needs {needed} rockets; a full rocket gives {active}, plus {lit} from its {ignites} best "
         f"idle rockets lit, plus up to {missions} from the three missions met first",
         doc.where(("tower",)), "adventure-1.tower")


# ---- adventure 2: the trajectory ----

def _plural(n, word):
    return f"{n} {word}{'' if n == 1 else 's'}"


@custom_rule("moon-trajectory")
def trajectory(game, fail):
    """The legs cover the trajectory in order and snake (right, left, right...); every tank hangs on a
    space of it, one to a space; a station docks on one of the two legs it sits between."""
    doc, sheet = _data(game, "adventure-2")
    zone = (sheet.get("zones") or [{}])[0]
    boxes = zone.get("boxes") or 0
    legs = sheet.get("legs") or []
    expect, heading = 1, "right"
    for i, leg in enumerate(legs):
        where, who = doc.where(("legs", i)), f"leg {leg.get('leg', i + 1)}"
        if leg.get("first") != expect:
            fail(f"starts at space {leg.get('first')}; the leg below ends at space {expect - 1}", where, who)
        if leg.get("heading") != heading:
            fail(f"heads {leg.get('heading')!r}; the legs snake, so this one heads {heading!r}", where, who)
        expect += leg.get("boxes") or 0  # on from where this leg should have started: one error, not a cascade
        heading = "left" if heading == "right" else "right"
    if expect - 1 != boxes:
        fail(f"the legs cover {_plural(expect - 1, 'space')}; the trajectory has {boxes}", doc.where(("legs",)),
             "adventure-2.legs")
    seen: set = set()
    for i, tank in enumerate(sheet.get("tanks") or []):
        where, who = doc.where(("tanks", i)), f"tank at space {tank.get('space')}"
        if not 1 <= (tank.get("space") or 0) <= boxes:
            fail(f"hangs off the trajectory: spaces are 1-{boxes}", where, who)
        if tank.get("space") in seen:
            fail("a space holds one tank at most; this space already has one", where, who)
        seen.add(tank.get("space"))
        if not isinstance(tank.get("value"), int) or tank["value"] < 1:
            fail(f"a tank scores a positive number of points, got {tank.get('value')!r}", where, who)
    for i, station in enumerate(sheet.get("stations") or []):
        where, who = doc.where(("stations", i)), f"station {station.get('name', i + 1)}"
        if station.get("number") != i + 1:
            fail(f"is number {station.get('number')}; number the stations 1, 2, 3... bottom first", where, who)
        near = [leg for leg in legs[i:i + 2] if leg.get("first")]
        dock = station.get("dock") or 0
        if not any(leg["first"] <= dock < leg["first"] + (leg.get("boxes") or 0) for leg in near):
            fail(f"docks on space {dock}, which is not on leg {i + 1} or {i + 2} (the legs it sits between)",
                 where, who)
        mult = station.get("multipliers") or {}
        if not (mult.get("first") or 0) > (mult.get("later") or 0) > 0:
            fail(f"multipliers first {mult.get('first')}, later {mult.get('later')}: the first to finish its "
                 "robots must get more than the others, and the others more than nothing", where, who)
        for part in ("robots", "plants"):
            if not isinstance(station.get(part), int) or station[part] < 1:
                fail(f"`{part}` must be a positive number of circles, got {station.get(part)!r}", where, who)
    energy = sheet.get("energy") or {}
    if not 0 <= energy.get("start", 0) < energy.get("track", 0):
        fail(f"the track has {energy.get('track')} circles and {energy.get('start')} start circled; at least one "
             "must be free to cross off", doc.where(("energy",)), "adventure-2.energy")


# ---- adventure 3: the colony ----

def _place(at):
    return tuple(at) if isinstance(at, list) and len(at) == 2 else None


@custom_rule("moon-colony")
def colony(game, fail):
    """The colony's grid, zones, ready buildings, antennas, tanks and quarters agree with each other."""
    doc, sheet = _data(game, "adventure-3")
    grid = sheet.get("grid") or {}
    cols, rows = grid.get("cols") or 0, grid.get("rows") or 0
    places = {(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)}
    numbers = sheet.get("numbers") or {}
    span = numbers.get("max", 17) - numbers.get("min", 0) + 1
    want = {f"row-{r}": cols for r in range(1, rows + 1)} | {f"col-{c}": rows for c in range(1, cols + 1)}
    for i, zone in enumerate(sheet.get("zones") or []):
        where, who = doc.where(("zones", i)), f"zone {zone.get('id')}"
        if zone.get("id") not in want:
            fail(f"is not a row or column of the {cols}x{rows} grid (zones are row-1..row-{rows}, "
                 f"col-1..col-{cols})", where, who)
            continue
        if zone.get("boxes") != want.pop(zone["id"]):
            fail(f"has {zone.get('boxes')} boxes; the grid gives it {cols if 'row' in zone['id'] else rows}",
                 where, who)
        if (zone.get("boxes") or 0) > span:
            fail(f"{zone.get('boxes')} buildings, but only {span} numbers can be written", where, who)
    for zid in sorted(want):
        fail(f"the grid's {zid} has no zone; add it to `zones`", doc.where(("zones",)), "adventure-3.zones")

    ready = {}
    for i, item in enumerate(sheet.get("ready") or []):
        at, where = _place(item.get("at")), doc.where(("ready", i))
        if at not in places:
            fail(f"stands at {item.get('at')}, outside the {cols}x{rows} grid", where, f"ready {item.get('kind')}")
        elif at in ready:
            fail(f"two ready buildings at {list(at)}", where, f"ready {item.get('kind')}")
        ready[at] = item.get("kind")
    for kind in ("landing", "observatory"):
        n = list(ready.values()).count(kind)
        if n != 1:
            fail(f"the colony needs exactly one {kind}, found {n}", doc.where(("ready",)), "adventure-3.ready")
    for part in ("antennas", "water"):
        seen: set = set()
        for i, at in enumerate(sheet.get(part) or []):
            where, who, at = doc.where((part, i)), f"{part} {at}", _place(at)
            if at not in places:
                fail(f"outside the {cols}x{rows} grid", where, who)
            elif at in ready:
                fail(f"on a ready building ({ready[at]}), which is never numbered", where, who)
            elif at in seen:
                fail("listed twice: a building carries one at most", where, who)
            seen.add(at)

    covered: dict = {}
    avenues = grid.get("avenues") or {}
    for i, q in enumerate(sheet.get("quarters") or []):
        where, who = doc.where(("quarters", i)), f"quarter {q.get('name', q.get('id'))}"
        (c0, c1), (r0, r1) = q.get("cols") or (0, -1), q.get("rows") or (0, -1)
        for at in ((c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1)):
            if at not in places:
                fail(f"reaches {list(at)}, outside the {cols}x{rows} grid", where, who)
                break
            if at in covered:
                fail(f"overlaps quarter {covered[at]} at {list(at)}", where, who)
                break
            covered[at] = q.get("id")
        if c0 - 1 not in (0, avenues.get("after_col")) or r0 - 1 not in (0, avenues.get("after_row")):
            fail("does not start at the grid's edge or an avenue", where, who)
        if not (q.get("first") or 0) > (q.get("later") or 0) > 0:
            fail(f"bonus first {q.get('first')}, later {q.get('later')}: the first to complete it must score "
                 "more than the others, and the others more than nothing", where, who)
    for at in sorted(places - set(covered)):
        fail(f"building {list(at)} is in no quarter", doc.where(("quarters",)), "adventure-3.quarters")
        break


@custom_rule("moon-tunnels")
def tunnels(game, fail):
    """Every tunnel joins two neighbouring buildings, none twice, and from the landing site the tunnels
    a player may draw reach every building (the observatory included)."""
    doc, sheet = _data(game, "adventure-3")
    grid = sheet.get("grid") or {}
    places = {(c, r) for c in range(1, (grid.get("cols") or 0) + 1) for r in range(1, (grid.get("rows") or 0) + 1)}
    landing = next((_place(x.get("at")) for x in sheet.get("ready") or [] if x.get("kind") == "landing"), None)
    links: dict = {p: set() for p in places}
    for i, t in enumerate(sheet.get("tunnels") or []):
        a, b = _place(t.get("from")), _place(t.get("to"))
        where, who = doc.where(("tunnels", i)), f"tunnel {t.get('from')}-{t.get('to')}"
        if a not in places or b not in places:
            fail("leaves the grid", where, who)
            continue
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
            fail("joins buildings that are not neighbours (side by side, above or corner to corner)", where, who)
        if b in links[a]:
            fail("is listed twice", where, who)
        if t.get("built") and landing not in (a, b) and not (links[a] | links[b]):
            fail("is built from the start but does not touch the landing site or another built tunnel", where, who)
        links[a].add(b)
        links[b].add(a)
    if landing is None:
        return
    reached, todo = {landing}, [landing]
    while todo:
        for nxt in links[todo.pop()] - reached:
            reached.add(nxt)
            todo.append(nxt)
    missing = sorted(places - reached)
    if missing:
        fail(f"the tunnels never reach {', '.join(str(list(p)) for p in missing)} from the landing site; "
             "add a tunnel to each", doc.where(("tunnels",)), "adventure-3.tunnels")


@custom_rule("moon-colony-scoring")
def colony_scoring(game, fail):
    """Value tracks rise, Planning's costs rise, the Astronaut places fall."""
    doc, sheet = _data(game, "adventure-3")

    def rising(values, where, who, what):
        if not values or any(b <= a for a, b in pairwise(values)):
            fail(f"{what} {values} must rise from left to right", where, who)

    for i, track in enumerate(sheet.get("tracks") or []):
        rising(track.get("values"), doc.where(("tracks", i)), f"track {track.get('id')}", "values")
    rising(sheet.get("planning"), doc.where(("planning",)), "planning", "penalties")
    places = (sheet.get("astronauts") or {}).get("places") or []
    if any(b >= a for a, b in pairwise(places)):
        fail(f"places {places} must fall: the most Astronauts score the most", doc.where(("astronauts",)),
             "astronauts")


@custom_rule("moon-colony-budget")
def colony_budget(game, fail):
    """Say what the colony holds (an info line)."""
    doc, sheet = _data(game, "adventure-3")
    grid = sheet.get("grid") or {}
    size = (grid.get("cols") or 0) * (grid.get("rows") or 0)
    ready = len(sheet.get("ready") or [])
    built = sum(bool(t.get("built")) for t in sheet.get("tunnels") or [])
    fail(f"{size} buildings ({ready} ready, {size - ready} to number with 63 cards dealt 3 at a time), "
         f"{len(sheet.get('antennas') or [])} antennas, {len(sheet.get('water') or [])} water tanks, "
         f"{len(sheet.get('tunnels') or [])} tunnels ({built} built)", doc.where(("grid",)), "adventure-3.grid")
