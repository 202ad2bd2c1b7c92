"""Adventure 3, the colony: the grid and its zones, ready buildings, tunnels, quarters, scoring."""

from itertools import pairwise

from pnp.rules import custom_rule

from .common import data


def _place(at):
    return tuple(at) if isinstance(at, list) and len(at) == 2 else None


@custom_rule("moon-colony")
def colony(game, fail):
    """The colony's grid, zones, ready buildings, antennas, tanks and quarters agree with each other."""
    doc, sheet = data(game, "adventure-3")
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
    doc, sheet = data(game, "adventure-3")
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
    """Value tracks rise, Planning's costs rise from 0, the Astronaut places fall."""
    doc, sheet = data(game, "adventure-3")

    def rising(values, where, who, what):
        if not values or any(b <= a for a, b in pairwise(values)):
            fail(f"{what} {values} must rise from left to right", where, who)

    for i, track in enumerate(sheet.get("tracks") or []):
        rising(track.get("values"), doc.where(("tracks", i)), f"track {track.get('id')}", "values")
    rising(sheet.get("planning"), doc.where(("planning",)), "planning", "penalties")
    planning = sheet.get("planning") or []
    if planning and planning[0] != 0:
        fail(f"the first Planning box is {planning[0]}: at the end a player loses the lowest value still open, "
             "so one who never plans would lose it; make it 0", doc.where(("planning",)), "planning")
    places = (sheet.get("astronauts") or {}).get("places") or []
    if any(b >= a for a, b in pairwise(places)):
        fail(f"places {places} must fall: the most Astronauts score the most", doc.where(("astronauts",)),
             "astronauts")


@custom_rule("moon-colony-budget")
def colony_budget(game, fail):
    """Say what the colony holds (an info line)."""
    doc, sheet = data(game, "adventure-3")
    grid = sheet.get("grid") or {}
    size = (grid.get("cols") or 0) * (grid.get("rows") or 0)
    ready = len(sheet.get("ready") or [])
    built = sum(bool(t.get("built")) for t in sheet.get("tunnels") or [])
    fail(f"{size} buildings ({ready} ready, {size - ready} to number with 63 cards dealt 3 at a time), "
         f"{len(sheet.get('antennas') or [])} antennas, {len(sheet.get('water') or [])} water tanks, "
         f"{len(sheet.get('tunnels') or [])} tunnels ({built} built)", doc.where(("grid",)), "adventure-3.grid")
