"""Adventure 6, the quarantine: the housing block's floors and quarters, the walkways between them, the
viruses and what wakes them, the Plant & Water rows and the crew tracks."""

from collections import Counter
from itertools import pairwise

from pnp.rules import custom_rule

from .common import data, find_deck, plural

SHEET = "adventure-6"
# Where a quarter sits on its floor (`col`), by the floor's number of quarters.
COLS = {2: [0.5, 1.5], 3: [0, 1, 2]}
REWARDS = ("robot", "energy")
KINDS = ("plant", "water")
LISTS = {"plant": "plants", "water": "water"}  # the quarter's list of the spaces showing each


def _quarters(sheet):
    """{id: (index, quarter)} of the quarters that have an id."""
    return {q.get("id"): (i, q) for i, q in enumerate(sheet.get("quarters") or []) if q.get("id") is not None}


@custom_rule("moon-housing")
def housing(game, fail):
    """Every floor is a zone of 2 or 3 quarters side by side; its boxes are its quarters' spaces; the
    plants and water tanks stand on spaces of their quarter, one thing per space."""
    doc, sheet = data(game, SHEET)
    per = sheet.get("quarter_spaces") or 0
    numbers = sheet.get("numbers") or {}
    span = numbers.get("max", 17) - numbers.get("min", 0) + 1
    zones = sheet.get("zones") or []
    floors = sorted(z.get("floor") for z in zones if isinstance(z.get("floor"), int))
    if floors != list(range(1, len(zones) + 1)):
        fail(f"the floors are {floors}; number them 1 to {len(zones)}, one zone each", doc.where(("zones",)),
             f"{SHEET}.zones")
    on_floor: dict = {}
    seen: Counter = Counter()
    for i, q in enumerate(sheet.get("quarters") or []):
        where, who = doc.where(("quarters", i)), f"quarter {q.get('id')}"
        seen[q.get("id")] += 1
        if seen[q.get("id")] == 2:
            fail("the id is used twice", where, who)
        if q.get("floor") not in floors:
            fail(f"stands on floor {q.get('floor')}, which has no zone", where, who)
        on_floor.setdefault(q.get("floor"), []).append(q)
        energies = q.get("energies") or 0
        if energies < 2:
            fail(f"has {plural(energies, 'energy')}: one is circled from the start, so it needs at least 2",
                 where, who)
        spots: dict = {}
        for part in KINDS:
            for space in q.get(LISTS[part]) or []:
                if not (isinstance(space, int) and 1 <= space <= per):
                    fail(f"its {part} stands on space {space}; a quarter's spaces are 1-{per}", where, who)
                elif space in spots:
                    fail(f"space {space} shows a {spots[space]} and a {part}: one at most per space", where, who)
                spots[space] = part
    for i, zone in enumerate(zones):
        where, who = doc.where(("zones", i)), f"zone {zone.get('id')}"
        if not zone.get("order"):
            fail("declares no `order` (its numbers rise left to right)", where, who)
        mine = on_floor.get(zone.get("floor"), [])
        if len(mine) not in COLS:
            fail(f"floor {zone.get('floor')} has {plural(len(mine), 'quarter')}; a floor has 2 or 3", where, who)
        elif sorted(q.get("col", -1) for q in mine) != COLS[len(mine)]:
            fail(f"its quarters stand at columns {sorted(q.get('col') for q in mine)}; a floor of {len(mine)} "
                 f"uses {COLS[len(mine)]}", where, who)
        if zone.get("boxes") != len(mine) * per:
            fail(f"has {zone.get('boxes')} boxes; its {plural(len(mine), 'quarter')} of {per} spaces hold "
                 f"{len(mine) * per}", where, who)
        if (zone.get("boxes") or 0) > span:
            fail(f"{zone.get('boxes')} spaces, but only {span} numbers can be written", where, who)


@custom_rule("moon-walkways")
def walkways(game, fail):
    """A walkway joins neighbours: side by side on a floor, or overlapping on the floor just below; every
    two neighbours on a floor are joined, every floor reaches the next, and the block is connected."""
    doc, sheet = data(game, SHEET)
    quarters = _quarters(sheet)
    links: dict = {qid: set() for qid in quarters}
    floors_joined = set()
    for i, w in enumerate(sheet.get("walkways") or []):
        where, who = doc.where(("walkways", i)), f"walkway {w.get('from')}-{w.get('to')}"
        if w.get("from") not in quarters or w.get("to") not in quarters:
            missing = [x for x in (w.get("from"), w.get("to")) if x not in quarters]
            fail(f"joins {', '.join(map(str, missing))}, not a quarter of the block", where, who)
            continue
        a, b = quarters[w["from"]][1], quarters[w["to"]][1]
        gap, step = abs(a.get("col", 0) - b.get("col", 0)), abs(a.get("floor", 0) - b.get("floor", 0))
        if not ((step == 0 and gap == 1) or (step == 1 and gap == 0.5)):
            fail("joins quarters that are not neighbours (side by side on a floor, or overlapping on the "
                 "floor just below)", where, who)
        if w["to"] in links[w["from"]]:
            fail("is listed twice", where, who)
        if step == 1:
            floors_joined.add(min(a["floor"], b["floor"]))
        links[w["from"]].add(w["to"])
        links[w["to"]].add(w["from"])
    for qid, (i, q) in quarters.items():
        right = next((o for o, (_, x) in quarters.items()
                      if x.get("floor") == q.get("floor") and x.get("col") == q.get("col", 0) + 1), None)
        if right is not None and right not in links[qid]:
            fail(f"no walkway to its neighbour {right} on floor {q.get('floor')}", doc.where(("quarters", i)),
                 f"quarter {qid}")
    floors = sorted({q.get("floor") for _, q in quarters.values()})
    for low in floors[:-1]:
        if low not in floors_joined:
            fail(f"no walkway between floors {low} and {low + 1}", doc.where(("walkways",)), f"{SHEET}.walkways")
    if not quarters:
        return
    start = next(iter(quarters))
    reached, todo = {start}, [start]
    while todo:
        for nxt in links[todo.pop()] - reached:
            reached.add(nxt)
            todo.append(nxt)
    missing = [qid for qid in quarters if qid not in reached]
    if missing:
        fail(f"the walkways never reach {', '.join(missing)} from {start}: a virus could never spread there and "
             "the block falls apart; add a walkway", doc.where(("walkways",)), f"{SHEET}.walkways")


@custom_rule("moon-viruses")
def viruses(game, fail):
    """Every virus target names a virus; the grey one has empty targets to choose from; every other virus
    has one target and exactly one thing that wakes it: a mission letter or a Plant & Water symbol."""
    doc, sheet = data(game, SHEET)
    known = {v.get("id"): (i, v) for i, v in enumerate(sheet.get("viruses") or [])}
    targets: Counter = Counter()
    for i, q in enumerate(sheet.get("quarters") or []):
        if q.get("virus") not in known:
            fail(f"its virus target is {q.get('virus')!r}; the viruses are {', '.join(map(str, known))}",
                 doc.where(("quarters", i)), f"quarter {q.get('id')}")
        targets[q.get("virus")] += 1
    symbols: Counter = Counter()
    for row in sheet.get("plant_water") or []:
        for s in row.get("symbols") or []:
            if s.get("activates"):
                symbols[s["activates"]] += 1
    letters: Counter = Counter()
    for vid, (i, v) in known.items():
        where, who, by = doc.where(("viruses", i)), f"virus {vid}", v.get("by")
        if by == "setup":
            if targets[vid] < 1:
                fail("is placed at setup in an empty target, but no quarter has one", where, who)
            continue
        if targets[vid] != 1:
            fail(f"has {plural(targets[vid], 'target')} on the block; a coloured virus has exactly 1", where, who)
        if by == "mission":
            letters[v.get("letter")] += 1
            if v.get("letter") not in (sheet.get("missions") or []):
                fail(f"is woken by mission {v.get('letter')}, which is not a mission space of the sheet", where, who)
        elif by == "symbol":
            if symbols[vid] != 1:
                fail(f"is woken by {plural(symbols[vid], 'Plant & Water symbol')}; it needs exactly 1", where, who)
        else:
            fail(f"is woken by {by!r}; say `setup`, `mission` (with its letter) or `symbol`", where, who)
    for vid in symbols:
        if vid not in known or known[vid][1].get("by") != "symbol":
            fail(f"a Plant & Water symbol wakes {vid!r}, which is not a virus woken by a symbol",
                 doc.where(("plant_water",)), f"{SHEET}.plant_water")
    for letter in sheet.get("missions") or []:
        if letters[letter] != 1:
            n = letters[letter]
            fail(f"mission {letter} wakes {n} {'virus' if n == 1 else 'viruses'}; each mission wakes exactly 1",
                 doc.where(("viruses",)), f"{SHEET}.viruses")
    if sum(v.get("by") == "setup" for _, v in known.values()) != 1:
        fail("exactly one virus (the grey one) is placed at setup", doc.where(("viruses",)), f"{SHEET}.viruses")
    deck = find_deck(game, "mission")
    mine = Counter(c.data["letter"] for c in deck.cards if c.data["adventure"] == 6)
    for letter in sheet.get("missions") or []:
        if not mine[letter]:
            fail(f"the sheet has a mission space {letter} but adventure 6 has no mission {letter}",
                 doc.where(("missions",)), f"{SHEET}.missions")


@custom_rule("moon-plant-water")
def plant_water(game, fail):
    """The Plant & Water rows pay more row after row and reward a Robot or an Energy; the block holds
    enough plants and tanks to cross every symbol off; the crew tracks and System Errors add up."""
    doc, sheet = data(game, SHEET)
    rows = sheet.get("plant_water") or []
    need: Counter = Counter()
    for i, row in enumerate(rows):
        where, who = doc.where(("plant_water", i)), f"plant_water row {i + 1}"
        if row.get("reward") not in REWARDS:
            fail(f"rewards {row.get('reward')!r}; a row rewards a robot or an energy", where, who)
        for s in row.get("symbols") or []:
            if s.get("kind") not in KINDS:
                fail(f"has a {s.get('kind')!r} symbol; symbols are plant or water", where, who)
            need[s.get("kind")] += 1
    points = [r.get("points") or 0 for r in rows]
    for i, (a, b) in enumerate(pairwise(points)):
        if b <= a:
            fail(f"pays {b}, not more than the row above ({a}): later rows must pay more",
                 doc.where(("plant_water", i + 1)), f"plant_water row {i + 2}")
    have: Counter[str] = Counter()
    for q in sheet.get("quarters") or []:
        for kind in KINDS:
            have[kind] += len(q.get(LISTS[kind]) or [])
    for kind in KINDS:
        if have[kind] < need[kind]:
            fail(f"the rows need {plural(need[kind], kind + ' symbol')} crossed off but the block holds only "
                 f"{plural(have[kind], 'plant' if kind == 'plant' else 'water tank')}", doc.where(("plant_water",)),
                 f"{SHEET}.plant_water")
    for i, crew in enumerate(sheet.get("crew") or []):
        if not crew.get("per_wild") or (crew.get("boxes") or 0) % crew["per_wild"]:
            fail(f"{crew.get('boxes')} boxes do not split into pairs of {crew.get('per_wild')} for its Wild "
                 "actions", doc.where(("crew", i)), f"crew {crew.get('action')}")
    errors = sheet.get("system_errors") or 0
    for n in sheet.get("spread_from") or []:
        if not (isinstance(n, int) and 1 <= n <= errors):
            fail(f"System Error {n} spreads the viruses, but the sheet has {plural(errors, 'System Error')}",
                 doc.where(("spread_from",)), f"{SHEET}.spread_from")


@custom_rule("moon-quarantine-budget")
def quarantine_budget(game, fail):
    """Say what the housing block holds (an info line)."""
    doc, sheet = data(game, SHEET)
    quarters = sheet.get("quarters") or []
    per = sheet.get("quarter_spaces") or 0
    zones = sorted(sheet.get("zones") or [], key=lambda z: -(z.get("floor") or 0))
    floors = " / ".join(str(z.get("boxes")) for z in zones)
    walks = sheet.get("walkways") or []
    floor_of = {q.get("id"): q.get("floor") for q in quarters}
    inner = sum(floor_of.get(w.get("from")) == floor_of.get(w.get("to")) for w in walks)
    energies = sum(q.get("energies") or 0 for q in quarters)
    grey = sum(q.get("virus") == "grey" for q in quarters)
    symbols = Counter(s.get("kind") for r in sheet.get("plant_water") or [] for s in r.get("symbols") or [])
    best = max((r.get("points") or 0 for r in sheet.get("plant_water") or []), default=0)
    fail(f"{len(quarters) * per} housing spaces in {len(quarters)} quarters over "
         f"{len(sheet.get('zones') or [])} floors ({floors}, top to bottom), {len(walks)} walkways "
         f"({inner} on floors, {len(walks) - inner} between floors), "
         f"{sum(len(q.get('plants') or []) for q in quarters)} plants, "
         f"{sum(len(q.get('water') or []) for q in quarters)} water tanks, {energies} energies "
         f"({len(quarters)} circled at the start); {grey} empty virus targets, {len(quarters) - grey} coloured; "
         f"the rows hold {symbols['plant']} plant and {symbols['water']} water symbols, worth up to {best}",
         doc.where(("quarters",)), f"{SHEET}.quarters")
