"""Adventure 5, the glass dome: skyscrapers as zones, their links to the research tower, the dome's
sections, the four scoring areas upgraded with Energy."""

from collections import Counter
from itertools import pairwise

from pnp.rules import custom_rule

from .common import data, find_deck, plural

NAME = "adventure-5"
ORDER = "ascending-bottom-to-top"
SYMBOLS = {"plant", "water"}
PARITIES = {"odd", "even"}


def _count(value):
    """A positive whole number, or None."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else None


def _levels(zone):
    """The heights of a skyscraper's levels: -below..-1 and 1..above (no 0: that is the surface)."""
    return set(range(-(_count(zone.get("below")) or 0), 0)) | set(range(1, (_count(zone.get("above")) or 0) + 1))


@custom_rule("moon-skyscrapers")
def skyscrapers(game, fail):
    """Every skyscraper is a zone that declares its boxes (its levels below plus above) and its order,
    fits the number range, has both starting levels, links only levels it has, and pays more to the
    first players to reach its top and bottom than to the others."""
    doc, sheet = data(game, NAME)
    numbers = sheet.get("numbers") or {}
    span = numbers.get("max", 17) - numbers.get("min", 0) + 1
    starts = sheet.get("starts") or []
    if sorted(starts) != [-1, 1]:
        fail(f"the starting levels are {starts}; a skyscraper starts next to the surface, at -1 and 1",
             doc.where(("starts",)), f"{NAME}.starts")
    ids: set = set()
    for i, zone in enumerate(sheet.get("zones") or []):
        where, who = doc.where(("zones", i)), f"skyscraper {zone.get('id', i + 1)}"
        if zone.get("id") in ids:
            fail("the id is used twice", where, who)
        ids.add(zone.get("id"))
        if zone.get("order") != ORDER:
            fail(f"`order` must be {ORDER!r} (numbers rise from the lowest level up), got {zone.get('order')!r}",
                 where, who)
        below, above, boxes = _count(zone.get("below")), _count(zone.get("above")), zone.get("boxes")
        if below is None or above is None:
            fail(f"needs levels on both sides of the surface: below {zone.get('below')!r}, above "
                 f"{zone.get('above')!r} (each at least 1, so both starting levels exist)", where, who)
        elif boxes != below + above:
            fail(f"has {boxes!r} boxes but {below} levels below and {above} above the surface ({below + above})",
                 where, who)
        if isinstance(boxes, int) and boxes > span:
            fail(f"{boxes} levels, but a zone never repeats a number and only {span} numbers "
                 f"({numbers.get('min', 0)}-{numbers.get('max', 17)}) can be written", where, who)
        levels = _levels(zone)
        links = zone.get("links") or []
        for level, n in Counter(links).items():
            if n > 1:
                fail(f"links level {level} {n} times; a level feeds the tower once", where, who)
        outside = [level for level in links if level not in levels]
        if outside:
            fail(f"links level{'s' if len(outside) > 1 else ''} {', '.join(map(str, outside))}, which it does not "
                 f"have (its levels are -{below or 0}..-1 and 1..{above or 0})", where, who)
        for end in ("top", "bottom"):
            bonus = zone.get(end) or {}
            if not (bonus.get("first") or 0) > (bonus.get("later") or 0) > 0:
                fail(f"{end} bonus first {bonus.get('first')}, later {bonus.get('later')}: the first players to "
                     "reach it must score more than the others, and the others more than nothing",
                     doc.where(("zones", i, end)), who)


@custom_rule("moon-research-tower")
def research_tower(game, fail):
    """The tower's levels are distinct heights with plant and water symbols; every link reaches one
    of them and each of them is reached; its scoring area has a column per count of circled symbols."""
    doc, sheet = data(game, NAME)
    tower = sheet.get("tower") or {}
    heights: dict = {}
    for i, level in enumerate(tower.get("levels") or []):
        where, who = doc.where(("tower", "levels", i)), f"tower level {level.get('level')}"
        height = level.get("level")
        if not isinstance(height, int) or height == 0:
            fail(f"a level is a non-zero height (1, 2... above the surface, -1, -2... below), got {height!r}",
                 where, who)
            continue
        if height in heights:
            fail("the tower has this level twice", where, who)
        symbols = level.get("symbols") or []
        unknown = sorted(set(symbols) - SYMBOLS)
        if not symbols or unknown:
            fail(f"symbols {symbols}: each level holds plant and/or water symbols to circle", where, who)
        heights[height] = (i, len(symbols))
    reach = Counter(level for zone in sheet.get("zones") or [] for level in zone.get("links") or [])
    for i, zone in enumerate(sheet.get("zones") or []):
        stray = [level for level in zone.get("links") or [] if level not in heights]
        if stray:
            fail(f"links level{'s' if len(stray) > 1 else ''} {', '.join(map(str, stray))}, which the research "
                 "tower does not have", doc.where(("zones", i, "links")), f"skyscraper {zone.get('id')}")
    for height, (i, _) in heights.items():
        if not reach[height]:
            fail("no skyscraper level links to it, so its symbols can never be circled",
                 doc.where(("tower", "levels", i)), f"tower level {height}")
    most = max((n for _, n in heights.values()), default=0)
    columns = ((sheet.get("scoring") or {}).get("tower") or {}).get("columns")
    if columns != list(range(1, most + 1)):
        fail(f"the tower's scoring columns are {columns}; a level holds up to {most} symbols, so the columns "
             f"count levels with {', '.join(map(str, range(1, most + 1)))} circled",
             doc.where(("scoring", "tower")), "scoring.tower")


@custom_rule("moon-dome")
def dome(game, fail):
    """The dome's sections run in order from the west foot over the top to the east foot: the west
    side's steps rise 1, 2, 3... and the east side's fall back to 1, so both feet stand on the surface
    and each section touches the ones before and after it. Each section is odd or even."""
    doc, sheet = data(game, NAME)
    sections = (sheet.get("dome") or {}).get("sections") or []
    if not sections:
        fail("the dome has no sections", doc.where(("dome",)), f"{NAME}.dome")
        return
    ids: set = set()
    for i, section in enumerate(sections):
        where, who = doc.where(("dome", "sections", i)), f"dome section {section.get('id', i + 1)}"
        if section.get("id") in ids:
            fail("the id is used twice", where, who)
        ids.add(section.get("id"))
        if section.get("parity") not in PARITIES:
            fail(f"`parity` must be odd or even (the numbers that may build it), got {section.get('parity')!r}",
                 where, who)
        if section.get("side") not in ("west", "east"):
            fail(f"`side` must be west or east, got {section.get('side')!r}", where, who)
    west = [(i, s) for i, s in enumerate(sections) if s.get("side") == "west"]
    east = [(i, s) for i, s in enumerate(sections) if s.get("side") == "east"]
    if [i for i, _ in west + east] != list(range(len(sections))):
        fail("list the west side's sections first, then the east side's (around the arch, west foot first)",
             doc.where(("dome", "sections")), f"{NAME}.dome")
    for side, run, expect in (("west", west, range(1, len(west) + 1)),
                              ("east", east, range(len(east), 0, -1))):
        for (i, section), step in zip(run, expect, strict=True):
            if section.get("step") != step:
                fail(f"is step {section.get('step')!r} on the {side} side; going around the arch it must be step "
                     f"{step} ({'1 at the west foot, rising' if side == 'west' else 'falling to 1 at the east foot'})",
                     doc.where(("dome", "sections", i)), f"dome section {section.get('id')}")
                break
    for side, run in (("west", west), ("east", east)):
        if not run:
            fail(f"the dome has no {side} side: both feet must stand on the surface", doc.where(("dome",)),
                 f"{NAME}.dome")
    parities = Counter(s.get("parity") for s in sections)
    for parity in sorted(PARITIES - set(parities)):
        fail(f"no {parity} section: {parity} numbers could never build the dome", doc.where(("dome",)),
             f"{NAME}.dome")


@custom_rule("moon-dome-scoring")
def dome_scoring(game, fail):
    """Each scoring area has a row of values per upgrade level, one value per column, and at least two
    rows (an Energy action crosses off the top one). An upgrade must pay more (or cost less); the first
    players and the players with the most Astronauts earn more than the others, and a fuller tower
    level more than an emptier one. The adventure's mission cards print the missions' opening values."""
    doc, sheet = data(game, NAME)
    scoring = sheet.get("scoring") or {}
    for key in ("missions", "tower", "astronauts", "dome"):
        area = scoring.get(key) or {}
        where, who = doc.where(("scoring", key)), f"scoring.{key}"
        columns, rows = area.get("columns") or [], area.get("rows") or []
        if len(rows) < 2:
            fail(f"{plural(len(rows), 'row')}: an area needs at least 2, so an Energy action has one to cross off",
                 where, who)
        bad = [r for r, row in enumerate(rows, 1) if not isinstance(row, list) or len(row) != len(columns)
               or not all(_count(v) for v in row)]
        if not columns or bad:
            fail(f"every row holds one positive value per column ({len(columns)}); row {bad[0] if bad else 1} "
                 "does not", where, who)
            continue
        for c, column in enumerate(columns):
            values = [row[c] for row in rows]
            down = key == "dome"
            if any((b >= a) if down else (b <= a) for a, b in pairwise(values)):
                fail(f"column {column!r} reads {values} from the top: crossing off a row must "
                     f"{'lower the penalty' if down else 'raise the value'}, so it must {'fall' if down else 'rise'}",
                     where, who)
        if key in ("missions", "astronauts", "tower"):
            for r, row in enumerate(rows, 1):
                rising = key == "tower"
                if any((b <= a) if rising else (b >= a) for a, b in pairwise(row)):
                    what = ("a level with more symbols circled must score more, so values rise left to right"
                            if key == "tower" else
                            f"the {columns[0]} column must pay more than the {columns[1]} one")
                    fail(f"row {r} {row}: {what}", where, who)
                    break
    if _count((scoring.get("astronauts") or {}).get("symbols")) is None:
        fail("needs a positive number of Astronaut `symbols` to cross off", doc.where(("scoring", "astronauts")),
             "scoring.astronauts")
    opening = ((scoring.get("missions") or {}).get("rows") or [[None, None]])[0]
    deck = find_deck(game, "mission")
    for card in deck.cards:
        if card.data.get("adventure") == 5 and [card.data.get("first"), card.data.get("later")] != opening:
            fail(f"pays first {card.data.get('first')}, later {card.data.get('later')}; in adventure 5 a mission "
                 f"pays what the sheet's mission area shows, which opens at {opening}", deck.where(card, "first"),
                 f"mission {card.id}")


@custom_rule("moon-dome-budget")
def dome_budget(game, fail):
    """Say what the adventure 5 sheet holds (an info line)."""
    doc, sheet = data(game, NAME)
    zones = sheet.get("zones") or []
    levels = sum(z.get("boxes") or 0 for z in zones)
    links = Counter(level for z in zones for level in z.get("links") or [])
    tower = (sheet.get("tower") or {}).get("levels") or []
    symbols = sum(len(t.get("symbols") or []) for t in tower)
    whole = sum(links[t.get("level")] >= len(t.get("symbols") or []) for t in tower)
    sections = (sheet.get("dome") or {}).get("sections") or []
    parity = Counter(s.get("parity") for s in sections)
    upgrades = sum(max(len((a or {}).get("rows") or []) - 1, 0) for a in (sheet.get("scoring") or {}).values())
    fail(f"{plural(levels, 'level')} in {plural(len(zones), 'skyscraper')} ({2 * len(zones)} starting levels); "
         f"{plural(sum(links.values()), 'link')} to the {len(tower)}-level research tower ({symbols} symbols; "
         f"{whole} of its levels can be filled whole); {plural(len(sections), 'dome section')} "
         f"({parity['odd']} odd, {parity['even']} even); {plural(upgrades, 'Energy upgrade')} in 4 scoring areas",
         doc.where(("zones",)), f"{NAME}.zones")
