"""Adventure 1, the rocket: floors as zones, their quarters and effects, the rocket tower."""

import re

from pnp.rules import custom_rule

from .common import data, find_deck

EFFECTS = {"rockets", "idle", "ignite", "build", "sabotage"}
ORDERS = {"ascending-left-to-right"}


@custom_rule("moon-zones")
def zones(game, fail):
    """Every zone declares its boxes and order, holds no more spaces than there are numbers, and its
    quarters cover its spaces from the first to the last with no gap and no overlap."""
    doc, sheet = data(game, "adventure-1")
    numbers = sheet.get("numbers") or {}
    span = numbers.get("max", 17) - numbers.get("min", 0) + 1
    zone_list = sheet.get("zones") or []
    floors: list = [z.get("floor") for z in zone_list if isinstance(z, dict)]
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
    doc, sheet = data(game, "adventure-1")
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
    _, sheet = data(game, "adventure-1")
    quarters = sheet.get("quarters") or []
    active = sum(q.get("rockets", 0) for q in quarters)
    idle = sorted((q.get("idle", 0) for q in quarters if q.get("idle")), reverse=True)
    ignites = sum(q.get("ignite", 0) for q in quarters)
    best: dict = {}
    for card in find_deck(game, "mission").cards:
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
        doc, _ = data(game, "adventure-1")
        fail(f"the rocket holds at most {active + lit + missions} rockets ({active} from quarters, {lit} from "
             f"{ignites} lit idle rockets, {missions} from missions); the tower needs {needed}",
             doc.where(("tower",)), "adventure-1.tower")


@custom_rule("moon-rocket-budget")
def rocket_budget(game, fail):
    """Say how many rockets there are to take (an info line)."""
    active, lit, ignites, missions, needed = _rockets(game)
    doc, _ = data(game, "adventure-1")
    builds = sum(q.get("build", 0) for q in data(game, "adventure-1")[1].get("quarters") or [])
    fail(f"the tower needs {needed} rockets; a full rocket gives {active}, plus {lit} from its {ignites} best "
         f"idle rockets lit, plus up to {missions} from the three missions met first; its quarters give "
         f"{builds} X from Build effects", doc.where(("tower",)), "adventure-1.tower")


@custom_rule("moon-build-supply")
def build_supply(game, fail):
    """The missions of adventure 1 that count X from Build effects or circled System Errors ask no more
    than the sheet holds: the quarters' builds, the System Error boxes."""
    doc, sheet = data(game, "adventure-1")
    builds = sum(q.get("build", 0) for q in sheet.get("quarters") or [])
    deck = find_deck(game, "mission")
    for card in deck.cards:
        if card.data["adventure"] != 1:
            continue
        text = card.data["text"]
        if (m := re.search(r"(\d+) X with", text)) and int(m.group(1)) > builds:
            fail(f"asks for {m.group(1)} X from Build effects; the sheet's quarters give {builds}",
                 deck.where(card, "text"), f"mission/{card.id}")
        if (m := re.search(r"(\d+) :system-error:", text)) and int(m.group(1)) > (sheet.get("system_errors") or 0):
            fail(f"asks for {m.group(1)} circled System Errors; the sheet has {sheet.get('system_errors')}",
                 deck.where(card, "text"), f"mission/{card.id}")


@custom_rule("moon-mission-goals")
def mission_goals(game, fail):
    """Each adventure-1 mission says what the simulation checks (`goal`, `floors`, `count`), and it is what its
    text says: the floors its icons (and the Wild floor) name, its text's number as its count."""
    _, sheet = data(game, "adventure-1")
    actions = {z.get("action") for z in sheet.get("zones") or []}
    wild = sheet.get("wild")
    deck = find_deck(game, "mission")
    for card in deck.cards:
        d = card.data
        if d["adventure"] != 1:
            continue
        who, goal = f"mission/{card.id}", d.get("goal", "none")
        if goal == "none":
            fail("adventure 1 is played: say what the mission asks with `goal: fill` (and `floors`), `goal: build` "
                 "or `goal: errors` (and `count`)", deck.where(card, "text"), who)
        elif goal == "fill":
            floors = set(d.get("floors") or [])
            named = set(re.findall(r":([a-z-]+):", d["text"])) & actions
            if wild and re.search(r"\bWild\b", d["text"]):
                named.add(wild)
            if floors - actions:
                fail(f"`floors` names {', '.join(sorted(floors - actions))}: no floor of the sheet has that action",
                     deck.where(card, "floors"), who)
            elif floors != named:
                fail(f"`floors` is {', '.join(sorted(floors)) or 'empty'} but the text names "
                     f"{', '.join(sorted(named)) or 'no floor'}: make them agree", deck.where(card, "floors"), who)
        else:
            m = re.search(r"(\d+)", d["text"])
            if not m or int(m.group(1)) != d.get("count"):
                fail(f"`count` is {d.get('count')} but the text says {m.group(1) if m else 'no number'}: make them "
                     "agree", deck.where(card, "count"), who)
