"""Adventure 4, the mine: its levels and cavities, extraction columns, main factories, control centres,
secondary factories, and whether the mine can fill the factories."""

from collections import Counter

from pnp.rules import custom_rule

from .common import data, find_deck, plural

ORDER = "ascending-left-to-right"
SYMBOLS = ("energy", "robot")  # what Energy and Robot actions cross off
ACTIONS = ("plant", "water")  # resources circled beside a cavity, with that action


def _minerals(sheet):
    return [m.get("id") for m in sheet.get("minerals") or []]


def _resources(sheet):
    return [*ACTIONS, *_minerals(sheet)]


@custom_rule("moon-mine")
def mine(game, fail):
    """The mine's levels are exactly its zones; each level has one cavity per column, each holding a
    resource the sheet knows; an extraction column takes one cavity per level, under one pump."""
    doc, sheet = data(game, "adventure-4")
    numbers = sheet.get("numbers") or {}
    span = numbers.get("max", 17) - numbers.get("min", 0) + 1
    mine = sheet.get("mine") or {}
    columns = mine.get("columns") or 0
    levels = mine.get("levels") or []
    minerals = _minerals(sheet)
    if len(minerals) != 2 or len(set(minerals)) != 2:
        fail(f"the mine needs 2 different minerals, found {minerals}", doc.where(("minerals",)),
             "adventure-4.minerals")
    known = _resources(sheet)

    zones = {z.get("id"): (i, z) for i, z in enumerate(sheet.get("zones") or [])}
    for i, zone in zones.values():
        where, who = doc.where(("zones", i)), f"zone {zone.get('id')}"
        if zone.get("order") != ORDER:
            fail(f"order {zone.get('order')!r}: a level is numbered left to right (`order: {ORDER}`)", where, who)
        if zone.get("boxes") != columns:
            fail(f"has {zone.get('boxes')} boxes; the mine is {plural(columns, 'column')} wide", where, who)
        if (zone.get("boxes") or 0) > span:
            fail(f"{zone.get('boxes')} cavities, but only {span} numbers can be written", where, who)
        if not any(level.get("zone") == zone.get("id") for level in levels):
            fail("is no level of the mine", where, who)

    for i, level in enumerate(levels):
        where, who = doc.where(("mine", "levels", i)), f"level {level.get('level')}"
        if level.get("level") != i + 1:
            fail(f"is listed {i + 1}th: levels count down from 1, just under the surface", where, who)
        if level.get("zone") not in zones:
            fail(f"zone {level.get('zone')!r} is not declared in `zones`", where, who)
        cavities = level.get("cavities") or []
        if len(cavities) != columns:
            fail(f"has {plural(len(cavities), 'cavity', 'cavities')}; the mine is {plural(columns, 'column')} wide "
                 "(one cavity per column)", where, who)
        for k, what in enumerate(cavities, 1):
            if what not in known:
                fail(f"cavity {k} holds {what!r}; a cavity holds one of {', '.join(known)}", where, who)

    extraction = sheet.get("extraction") or {}
    where = doc.where(("extraction",))
    if extraction.get("spaces") != len(levels):
        fail(f"a column has {extraction.get('spaces')} spaces to extract, but the mine has "
             f"{plural(len(levels), 'level')} (one space per level)", where, "adventure-4.extraction")
    if extraction.get("pumps") != columns:
        fail(f"{plural(extraction.get('pumps') or 0, 'pump')} for {plural(columns, 'column')}: one pump "
             "stands above each extraction column", where, "adventure-4.extraction")


@custom_rule("moon-mine-factories")
def factories(game, fail):
    """One main factory per resource, one control centre for Astronaut and one for Planning; each has
    Energy/Robot symbols to upgrade it, and upgrading always pays."""
    doc, sheet = data(game, "adventure-4")
    want_main = Counter(_resources(sheet))
    want_control = Counter(("astronaut", "planning"))
    for i, f in enumerate(sheet.get("factories") or []):
        where, who = doc.where(("factories", i)), f"factory {f.get('id')}"
        kind = f.get("kind")
        if kind == "main":
            res = f.get("resource")
            if want_main[res] < 1:
                fail(f"processes {res!r}: a main factory processes one of {', '.join(_resources(sheet))}, "
                     "each in one factory only", where, who)
            want_main[res] -= 1
            if not (f.get("bonus") or 0) > 0:
                fail(f"filling bonus {f.get('bonus')}: a main factory's bonus must be worth something", where, who)
        elif kind == "control":
            act = f.get("action")
            if want_control[act] < 1:
                fail(f"controls {act!r}: the control centres are one for astronaut and one for planning", where, who)
            want_control[act] -= 1
            if f.get("bonus"):
                fail("a control centre has no filling bonus", where, who)
        else:
            fail(f"kind {kind!r}: a factory is `main` or `control`", where, who)
        if not (f.get("slots") or 0) > 0:
            fail(f"{f.get('slots')} slots: it needs at least one", where, who)
        upgrade = f.get("upgrade") or {}
        if set(upgrade) - set(SYMBOLS) or sum(upgrade.values()) < 1:
            fail(f"upgrade {upgrade}: it is upgraded by crossing off Energy and Robot symbols, at least one",
                 where, who)
        values = f.get("values") or {}
        if not isinstance(values.get("top"), int) or not isinstance(values.get("bottom"), int) \
                or values["bottom"] <= values["top"]:
            fail(f"values top {values.get('top')}, bottom {values.get('bottom')}: the bottom value (once "
                 "upgraded) must score more than the top one, or upgrading never pays", where, who)
    for res in sorted(+want_main):
        fail(f"no main factory processes {res}", doc.where(("factories",)), "adventure-4.factories")
    for act in sorted(+want_control):
        fail(f"no control centre for {act}", doc.where(("factories",)), "adventure-4.factories")


@custom_rule("moon-mine-secondary")
def secondary(game, fail):
    """Five secondary factories, each costing Energy/Robot symbols and giving resources or symbols."""
    doc, sheet = data(game, "adventure-4")
    known = set(_resources(sheet)) | set(SYMBOLS)
    items = sheet.get("secondary") or []
    if len(items) != 5:
        fail(f"{plural(len(items), 'secondary factory', 'secondary factories')}; the top of the sheet holds 5",
             doc.where(("secondary",)), "adventure-4.secondary")
    seen = set()
    for i, s in enumerate(items):
        where, who = doc.where(("secondary", i)), f"secondary factory {s.get('id')}"
        if s.get("id") in seen:
            fail("is listed twice", where, who)
        seen.add(s.get("id"))
        cost = s.get("cost") or {}
        if set(cost) - set(SYMBOLS) or sum(cost.values()) < 1:
            fail(f"costs {cost}: a secondary factory costs Energy and Robot symbols, at least one", where, who)
        gives = s.get("gives") or {}
        if not gives:
            fail("gives nothing once active", where, who)
        for what, n in gives.items():
            if what not in known:
                fail(f"gives {what!r}, which the sheet has no place for (one of {', '.join(sorted(known))})",
                     where, who)
            elif not isinstance(n, int) or n < 1:
                fail(f"gives {n} {what}: a bonus is a positive count", where, who)


@custom_rule("moon-mine-supply")
def supply(game, fail):
    """Each main factory can be filled (its filling bonus won): the mine's cavities and the secondary
    factories' bonuses hold at least as many of its resource as it has slots."""
    doc, sheet = data(game, "adventure-4")
    held = Counter(c for level in (sheet.get("mine") or {}).get("levels") or [] for c in level.get("cavities") or [])
    given: Counter[str] = Counter()
    for s in sheet.get("secondary") or []:
        given.update({k: v for k, v in (s.get("gives") or {}).items() if isinstance(v, int)})
    for i, f in enumerate(sheet.get("factories") or []):
        if f.get("kind") != "main":
            continue
        res, slots = f.get("resource"), f.get("slots") or 0
        if held[res] + given[res] < slots:
            fail(f"has {slots} slots, but the mine holds {held[res]} {res} and the secondary factories give "
                 f"{given[res]}: it can never be filled", doc.where(("factories", i)), f"factory {f.get('id')}")


@custom_rule("moon-mine-budget")
def budget(game, fail):
    """Say what the mine and its factories hold (an info line)."""
    doc, sheet = data(game, "adventure-4")
    mine = sheet.get("mine") or {}
    levels = mine.get("levels") or []
    held = Counter(c for level in levels for c in level.get("cavities") or [])
    cavities = sum(held.values())
    factories = sheet.get("factories") or []
    symbols = sum(sum((f.get("upgrade") or {}).values()) for f in factories)
    costs = sum(sum((s.get("cost") or {}).values()) for s in sheet.get("secondary") or [])
    missions = sum(c.copies for c in find_deck(game, "mission").cards if c.data.get("adventure") == 4)
    parts = ", ".join(f"{held[r]} {r}" for r in _resources(sheet))
    fail(f"{cavities} cavities on {plural(len(levels), 'level')} × {plural(mine.get('columns') or 0, 'column')} "
         f"({parts}); {plural(sum(f.get('kind') == 'main' for f in factories), 'main factory', 'main factories')} "
         f"({sum(f.get('slots') or 0 for f in factories if f.get('kind') == 'main')} slots), "
         f"{plural(sum(f.get('kind') == 'control' for f in factories), 'control centre')}; "
         f"{symbols} Energy/Robot symbols to upgrade them, {costs} to bring the "
         f"{plural(len(sheet.get('secondary') or []), 'secondary factory', 'secondary factories')} online"
         f"; {plural(missions, 'mission')}", doc.where(("mine",)), "adventure-4.mine")
