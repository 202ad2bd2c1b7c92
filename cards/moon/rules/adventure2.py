"""Adventure 2, the trajectory: legs, water tanks, stations, the energy track."""

from pnp.rules import custom_rule

from .common import data, plural


@custom_rule("moon-trajectory")
def trajectory(game, fail):
    """The legs cover the trajectory in order and snake (right, left, right...); every tank hangs on a
    space of it, one to a space; a station docks on one of the two legs it sits between."""
    doc, sheet = data(game, "adventure-2")
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
        fail(f"the legs cover {plural(expect - 1, 'space')}; the trajectory has {boxes}", doc.where(("legs",)),
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
