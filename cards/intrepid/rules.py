"""Intrepid: the rules that rules.yaml cannot say.

Die slots (station tiles, boost tiles, persistent disasters), the tiers of every country's tiles,
the dial's geometry (each drain shows whole, and alone, in the window), the dice tracks, the boost
tiles, and the setup tables of setup.yaml against the boards, tokens, decks and the engine's setup.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from itertools import product

import yaml

from pnp.rules import Fail, Game, custom_rule

RESOURCES = ("power", "climate", "oxygen", "nutrition")
FACES = range(1, 7)


# ---- die slots -------------------------------------------------------------------------------

def slot_problems(slots: object, link: str | None, doubles: bool = False, total: int | None = None) -> list[str]:
    """What is wrong with a tile's (or a card's) die slots; nothing when they are playable."""
    if not isinstance(slots, list) or not slots:
        return ["slots: a list of die slots, each a list of the faces it takes, e.g. [[4, 5, 6]]"]
    out = []
    for i, slot in enumerate(slots, 1):
        if not isinstance(slot, list) or not slot:
            out.append(f"slot {i}: a non-empty list of faces")
            continue
        bad = [f for f in slot if not isinstance(f, int) or isinstance(f, bool) or f not in FACES]
        if bad:
            out.append(f"slot {i} takes {', '.join(map(str, bad))}: a die shows 1 to 6")
        if len(set(slot)) != len(slot):
            out.append(f"slot {i} names a face twice: {slot}")
        if slot != sorted(slot):
            out.append(f"slot {i}: list its faces in rising order ({sorted(slot)})")
    if link is None:
        return out
    if len(slots) > 2:
        out.append(f"{len(slots)} slots: a tile has one or two")
    if (link == "single") != (len(slots) == 1):
        out.append(f"link: {link} with {len(slots)} slot(s): one slot is `single`, two are `separate` or `joined`")
    if (doubles or total) and link != "joined":
        out.append("doubles and sum are for joined slots only")
    if doubles and total:
        out.append("joined slots ask for doubles or for a sum, not both")
    if out or len(slots) != 2:
        return out
    if doubles and not set(slots[0]) & set(slots[1]):
        out.append("doubles: no face is in both slots")
    if total is not None:
        best = max(slots[0]) + max(slots[1])
        if best < total:
            out.append(f"sum at least {total}: the slots reach {best} at most")
        if min(slots[0]) + min(slots[1]) >= total:
            out.append(f"sum at least {total}: every pair of dice the slots take already makes it")
    return out


def tile_sides(game: Game):
    """(deck, card, field, side data) of every station tile and of both sides of each boost tile."""
    tiles = game.deck("station-tile")
    for card in tiles.cards:
        yield tiles, card, "", card.data
    boosts = game.deck("boost-tile")
    for card in boosts.cards:
        for side in ("front", "back"):
            yield boosts, card, side, card.data[side]


@custom_rule("intrepid-die-slots")
def die_slots(game: Game, fail: Fail) -> None:
    """Every die slot takes faces 1-6, and the slots of a tile agree with how they are linked."""
    for deck, card, side, t in tile_sides(game):
        for problem in slot_problems(t.get("slots"), t.get("link"), bool(t.get("doubles")), t.get("sum")):
            fail(f"{side + ': ' if side else ''}{problem}", deck.where(card, side or "slots"), f"{deck.id}/{card.id}")
    for deck_id in ("training-simulator", "meteor-shower", "toxic-leak"):
        deck = game.deck(deck_id)
        for card in deck.cards:
            d = card.data
            if d["kind"] != "persistent":
                continue
            problems = slot_problems(d.get("slots"), None)
            if not problems and len(d["slots"]) != 2:
                problems = [f"a persistent disaster prints 2 die slots (every game, 3-4 players); it has "
                            f"{len(d['slots'])}"]
            for problem in problems:
                fail(problem, deck.where(card, "slots"), f"{deck.id}/{card.id}")


# ---- station tiles ---------------------------------------------------------------------------

@custom_rule("intrepid-tile-tiers")
def tile_tiers(game: Game, fail: Fail) -> None:
    """Each country: 19 tiles, split over the tiers as tiers.yaml says, with its costs and Drains; 2 unique
    tiles, both tier 4."""
    table = game.data["tiers"]
    tiers = {t["tier"]: t for t in table.data["tiers"]}
    deck = game.deck("station-tile")
    by_country: dict[str, list] = {}
    for card in deck.cards:
        by_country.setdefault(card.data["country"], []).append(card)
    if sum(t["tiles"] for t in tiers.values()) != table.data["per_country"]:
        fail(f"the tiers add up to {sum(t['tiles'] for t in tiers.values())} tiles, not "
             f"{table.data['per_country']}", table.where(("tiers",)), "tiers")
    for country, cards in sorted(by_country.items()):
        count = sum(c.copies for c in cards)
        if count != table.data["per_country"]:
            fail(f"{country} has {count} Station tiles; every country has {table.data['per_country']}",
                 deck.where(cards[-1]), f"station-tile/{country}")
        split = Counter(c.data["tier"] for c in cards for _ in range(c.copies))
        for tier, spec in tiers.items():
            if split[tier] != spec["tiles"]:
                fail(f"{country} has {split[tier]} tier-{tier} tiles; tiers.yaml says {spec['tiles']}",
                     table.where(("tiers", list(tiers).index(tier), "tiles")), f"station-tile/{country}")
        unique = [c for c in cards if c.data["unique"]]
        if len(unique) != table.data["unique_per_country"]:
            fail(f"{country} has {len(unique)} unique tiles; every country has {table.data['unique_per_country']}",
                 deck.where(cards[-1]), f"station-tile/{country}")
        for card in cards:
            d, subject = card.data, f"station-tile/{card.id}"
            spec = tiers.get(d["tier"])
            if spec is None:
                fail(f"tier {d['tier']} is not in tiers.yaml", deck.where(card, "tier"), subject)
                continue
            if d["unique"] and d["tier"] != table.data["unique_tier"]:
                fail(f"a unique tile is tier {table.data['unique_tier']}, not {d['tier']}", deck.where(card, "tier"),
                     subject)
            low, high = spec["cost"]
            if not low <= d["cost"] <= high:
                fail(f"cost {d['cost']}: a tier-{d['tier']} tile costs {low}-{high} Capacity",
                     deck.where(card, "cost"), subject)
            low, high = spec["drain"]
            by = d.get("drain_by") or 0
            if (d.get("drain") is None) != (by == 0) or not low <= by <= high:
                fail(f"Drain {d.get('drain')} by {by}: a tier-{d['tier']} tile Drains one resource by {low}-{high}"
                     if high else "a starter tile is placed at setup: no `drain`, no `drain_by`",
                     deck.where(card, "drain_by" if by else "tier"), subject)


@custom_rule("intrepid-countries-make-everything")
def countries_make_everything(game: Game, fail: Fail) -> None:
    """Every country's tiles make each of the four resources at least 3 times: no country is
    helpless when one resource runs short."""
    deck = game.deck("station-tile")
    made: dict[str, Counter] = {}
    for card in deck.cards:
        made.setdefault(card.data["country"], Counter())[card.data["makes"]] += card.copies
    for country, counts in sorted(made.items()):
        for resource in RESOURCES:
            if counts[resource] < 3:
                fail(f"{country}'s tiles make {resource} {counts[resource]} time(s); at least 3 are needed",
                     deck.doc.where(("cards",)), f"station-tile/{country}")


# ---- the dial ----------------------------------------------------------------------------------

def _box(cx: float, cy: float, w: float, h: float, turn: float = 0.0) -> list[tuple[float, float]]:
    """The corners of a w x h box centred on (cx, cy), turned `turn` degrees clockwise (y down)."""
    a = math.radians(turn)
    out = []
    for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
        out.append((cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)))
    return out


def _segment_distance(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _inside(p: tuple[float, float], poly: list[tuple[float, float]]) -> bool:
    sign = 0
    for i, a in enumerate(poly):
        b = poly[(i + 1) % len(poly)]
        cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        if cross:
            if sign and (cross > 0) != (sign > 0):
                return False
            sign = 1 if cross > 0 else -1
    return True


def _cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def _edges(poly: list[tuple[float, float]]) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def gap(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> float:
    """The distance between two convex polygons; -1 when they touch or overlap."""
    if any(_inside(v, q) for v in p) or any(_inside(v, p) for v in q):
        return -1.0
    for a, b in _edges(p):
        for c, d in _edges(q):
            if _cross(a, b, c) * _cross(a, b, d) < 0 and _cross(c, d, a) * _cross(c, d, b) < 0:
                return -1.0
    return min(min(_segment_distance(v, a, b) for v in p for a, b in _edges(q)),
               min(_segment_distance(v, a, b) for v in q for a, b in _edges(p)))


def polar(angle: float, distance: float) -> tuple[float, float]:
    """A point at a compass angle (clockwise from 12 o'clock, y down) and distance from the pin."""
    a = math.radians(angle)
    return distance * math.sin(a), -distance * math.cos(a)


@custom_rule("intrepid-dial")
def dial(game: Game, fail: Fail) -> None:
    """The dial works on paper: the window lies over the wheel; the value turned under it shows whole
    (its ink `clearance` inside the window's edges); every other value and the end mark stay at least
    `clearance` outside it; the thumb hole shows no value."""
    table = game.data["dial"]
    d = table.data
    win, text, ink, clear = d["window"], d["text"], d["text"]["ink"], d["clearance"]
    n = len(d["values"])
    if d["slots"] < n + 1:
        fail(f"{d['slots']} slots hold {n} values and the end mark only with {n + 1}", table.where(("slots",)), "dial")
    if abs(d["step"] * d["slots"] - 360) > 1e-6:
        fail(f"step {d['step']} x {d['slots']} slots is not a whole turn (360 degrees)", table.where(("step",)), "dial")
    if abs(win["distance"] - text["radius"]) > 1e-9:
        fail(f"the window is {win['distance']} mm from the pin, the values {text['radius']} mm: they must match",
             table.where(("window", "distance")), "dial")
    wx, wy = polar(win["angle"], win["distance"])
    window = _box(wx, wy, win["width"], win["height"])
    far = max(math.hypot(x, y) for x, y in window)
    if far > d["radius"] - clear + 1e-9:
        fail(f"a corner of the window is {far:.1f} mm from the pin; the wheel is {d['radius']} mm: the table "
             "would show through", table.where(("window",)), "dial")
    spare_w, spare_h = (win["width"] - ink["width"]) / 2, (win["height"] - ink["height"]) / 2
    if min(spare_w, spare_h) < clear - 1e-9:
        fail(f"the window leaves {spare_w:.2f} x {spare_h:.2f} mm round a value's ink; at least {clear} mm is "
             "needed for the value to show whole", table.where(("window",)), "dial")
    # what sits j steps counter-clockwise of the window (turned by -j steps): a value, or the end mark
    for j, (what, w, h) in product(range(1, d["slots"]), (("value", ink["width"], ink["height"]),
                                                         ("end mark", d["end_mark"], d["end_mark"]))):
        x, y = polar(win["angle"] - j * d["step"], text["radius"])
        g = gap(_box(x, y, w, h, -j * d["step"]), window)
        if g < clear - 1e-9:
            fail(f"the {what} {j} step(s) from the window comes {'into it' if g < 0 else f'{g:.2f} mm from it'}; "
                 f"keep it {clear} mm clear (a bigger radius, a smaller text or window, more slots)",
                 table.where(("window",)), "dial")
            break
    tx, ty = polar(d["thumb"]["angle"], d["thumb"]["distance"])
    inner = text["radius"] - math.hypot(ink["width"], ink["height"]) / 2
    reach = d["thumb"]["distance"] + d["thumb"]["size"] / 2
    if reach > inner - clear:
        fail(f"the thumb hole reaches {reach:.1f} mm from the pin, into the ring of values (from {inner:.1f} mm)",
             table.where(("thumb",)), "dial")
    if gap(_box(tx, ty, d["thumb"]["size"], d["thumb"]["size"]), window) < clear:
        fail("the thumb hole runs into the window", table.where(("thumb",)), "dial")
    if d["thumb"]["distance"] - d["thumb"]["size"] / 2 < d["hole"]:
        fail("the thumb hole runs into the pin", table.where(("thumb",)), "dial")


# ---- country boards and boost tiles --------------------------------------------------------------

@custom_rule("intrepid-dice-tracks")
def dice_tracks(game: Game, fail: Fail) -> None:
    """A dice track adds one die a slot, costs more each step, and never asks for more dice than a
    player owns (15, contents: player-die / 4 colours)."""
    deck = game.deck("country-board")
    owned = game.manifest.content()["player-die"].count // 4
    for card in deck.cards:
        for track_f, costs_f in (("track", "costs"), ("solo_track", "solo_costs")):
            track, costs = card.data[track_f], card.data[costs_f]
            subject = f"country-board/{card.id}"
            if any(b - a != 1 for a, b in zip(track, track[1:], strict=False)):
                fail(f"{track_f} {track}: one more die on each slot", deck.where(card, track_f), subject)
            if len(costs) != len(track) - 1:
                fail(f"{costs_f}: {len(track) - 1} costs go between {len(track)} slots, not {len(costs)}",
                     deck.where(card, costs_f), subject)
            if costs != sorted(costs) or len(set(costs)) != len(costs):
                fail(f"{costs_f} {costs}: each step costs more than the one before", deck.where(card, costs_f), subject)
            if max(track) > owned:
                fail(f"{track_f} reaches {max(track)} dice; a player owns {owned}", deck.where(card, track_f), subject)


@custom_rule("intrepid-boosts")
def boosts(game: Game, fail: Fail) -> None:
    """One boost tile per light, Boost 1 on its front and Boost 2 on its back: a solo player can place
    the Boost 1 side of one light and the Boost 2 side of the other."""
    deck = game.deck("boost-tile")
    lights = Counter(c.data["light"] for c in deck.cards)
    if lights != Counter({"red": 1, "blue": 1}):
        fail(f"boost tiles by light: {dict(lights)}; one red and one blue are needed", deck.doc.where(("cards",)),
             "boost-tile")
    for card in deck.cards:
        for side, want in (("front", 1), ("back", 2)):
            if card.data[side].get("boost") != want:
                fail(f"the {side} is the Boost {want} side (boost: {want})", deck.where(card, side),
                     f"boost-tile/{card.id}")
            for key in ("cost", "drain", "country", "tier"):
                if key in card.data[side]:
                    fail(f"{side}: a boost side has no {key}", deck.where(card, side), f"boost-tile/{card.id}")


# ---- the setup tables ----------------------------------------------------------------------------

def _lights(game: Game) -> dict[str, str]:
    return {r["id"]: r["light"] for r in game.data["resources"].data["resources"]}


@custom_rule("intrepid-setup-boards")
def setup_boards(game: Game, fail: Fail) -> None:
    """Every player count shares the four resource boards out as the rulebook says: 1 player all four;
    2 players two each, one both red and one both blue; 3 players one player two of one light, the
    others one each; 4 players one each. Every wheel starts on a value of the dial (difficulty's extra
    steps included), the same for the boards of one player."""
    table = game.data["setup"]
    lights = _lights(game)
    dial_values = game.data["dial"].data["values"]
    boost_ids = {c.id: c.data["light"] for c in game.deck("boost-tile").cards}
    extra = max(d["extra_drain"] for d in table.data["difficulty"])
    seen = set()
    for i, row in enumerate(table.data["by_players"]):
        n = row["players"]
        seen.add(n)
        for v, hands in enumerate(row["variants"]):
            at = table.where(("by_players", i, "variants", v))
            where = f"{n} player(s), variant {v + 1}"
            if len(hands) != n:
                fail(f"{where}: {len(hands)} hands for {n} players", at, "setup")
                continue
            boards = [b for h in hands for b in h["boards"]]
            if sorted(boards) != sorted(RESOURCES):
                fail(f"{where}: the hands hold {boards}; the four boards, each once, are needed", at, "setup")
            sizes = sorted(len(h["boards"]) for h in hands)
            want = {1: [4], 2: [2, 2], 3: [1, 1, 2], 4: [1, 1, 1, 1]}.get(n)
            if sizes != want:
                fail(f"{where}: hands of {sizes} boards; the rulebook gives {want}", at, "setup")
            for h in hands:
                colours = {lights.get(b) for b in h["boards"]}
                if 1 < len(h["boards"]) < 4 and len(colours) != 1:
                    fail(f"{where}: a player with two boards takes both red or both blue, not {h['boards']}", at, "setup")
                if h["wheel"] not in dial_values or dial_values.index(h["wheel"]) + extra >= len(dial_values):
                    fail(f"{where}: a wheel starting on {h['wheel']} (and {extra} more steps on Futile) is not on the "
                         f"dial ({dial_values[0]} to {dial_values[-1]})", at, "setup")
                for b in h.get("boost", []):
                    if b["tile"] not in boost_ids:
                        fail(f"{where}: no boost tile {b['tile']!r}", at, "setup")
                    elif b["side"] == 1 and n > 1 and boost_ids[b["tile"]] not in colours:
                        fail(f"{where}: the Boost 1 tile goes to the player whose boards share its light", at, "setup")
                if n in (2, 3) and len(h["boards"]) == 2 and not h.get("boost"):
                    fail(f"{where}: a player with two boards places the Boost 1 tile of their light", at, "setup")
            if n == 2 and sorted(lights[h["boards"][0]] for h in hands) != ["blue", "red"]:
                fail(f"{where}: one player takes both red boards and the other both blue ones", at, "setup")
            if n == 1:
                sides = sorted((b["side"], boost_ids.get(b["tile"])) for b in hands[0].get("boost", []))
                if [s for s, _ in sides] != [1, 2] or len({light for _, light in sides}) != 2:
                    fail(f"{where}: solo places Boost 1 of one light and Boost 2 of the other", at, "setup")
    players = game.manifest.players
    wanted = set(range(players.min, players.max + 1)) if players else set()
    if seen != wanted:
        fail(f"setup.yaml covers {sorted(seen)} players; the game takes {sorted(wanted)}",
             table.where(("by_players",)), "setup")


@custom_rule("intrepid-setup-tokens")
def setup_tokens(game: Game, fail: Fail) -> None:
    """The Amplify / Strain tokens of each player count come from the printed ones (two of each 1-6):
    six numbered 1-6 for 1-2 players, nine for 3, all twelve for 4; persistent disasters need 1 die
    for 1-2 players and 2 for 3-4, never more than their printed slots."""
    table = game.data["setup"]
    deck = game.deck("amplify-strain")
    printed = Counter()
    for card in deck.cards:
        printed[card.data["number"]] += card.copies
    for i, row in enumerate(table.data["by_players"]):
        n, tokens = row["players"], Counter(row["amplify_strain"])
        at = table.where(("by_players", i, "amplify_strain"))
        short = tokens - printed
        if short:
            fail(f"{n} player(s) use {dict(short)} more tokens than are printed ({dict(printed)})", at, "setup")
        if n <= 2 and tokens != Counter(range(1, 7)):
            fail(f"{n} player(s): six tokens, numbered 1 to 6", at, "setup")
        if n == 4 and tokens != printed:
            fail("4 players use all the tokens", at, "setup")
        want = 1 if n <= 2 else 2
        if row["persistent_dice"] != want:
            fail(f"{n} player(s): a persistent disaster needs {want} die(s)",
                 table.where(("by_players", i, "persistent_dice")), "setup")


@custom_rule("intrepid-setup-disaster-deck")
def setup_disaster_deck(game: Game, fail: Fail) -> None:
    """The Disaster deck is 3 red at the bottom, 3 orange, 3 yellow and 2 green on top, and each
    disaster holds enough cards of every level to build it; Training Simulator is numbered 1 to N."""
    table = game.data["setup"]
    spec = table.data["disaster_deck"]
    order = [s["level"] for s in spec["bottom_to_top"]]
    if order != ["red", "orange", "yellow", "green"]:
        fail(f"the deck is built red, orange, yellow, green from the bottom, not {order}",
             table.where(("disaster_deck", "bottom_to_top")), "setup")
    for disaster in spec["disasters"]:
        deck = game.deck(disaster)
        have = Counter()
        for card in deck.cards:
            have[card.data["level"]] += card.copies
        for k, step in enumerate(spec["bottom_to_top"]):
            if have[step["level"]] < step["count"]:
                fail(f"{disaster} has {have[step['level']]} {step['level']} card(s); the deck takes {step['count']}",
                     table.where(("disaster_deck", "bottom_to_top", k)), deck.id)
    training = game.deck(spec["ordered"])
    numbers = sorted(c.data["number"] for c in training.cards for _ in range(c.copies))
    if numbers != list(range(1, len(numbers) + 1)):
        fail(f"Training Simulator cards are numbered 1 to {len(numbers)}, each once: {numbers}",
             training.doc.where(("cards",)), training.id)
    levels = ["green", "yellow", "orange", "red"]
    ranked = [levels.index(c.data["level"]) for c in sorted(training.cards, key=lambda c: c.data["number"])]
    if ranked != sorted(ranked):
        fail("Training Simulator cards grow harder down the deck: levels never fall as the numbers rise",
             training.doc.where(("cards",)), training.id)


@custom_rule("intrepid-setup-missions")
def setup_missions(game: Game, fail: Fail) -> None:
    """Three Missions are drawn; the ones a solo game leaves out are cards marked `solo: false`, and
    no other card is."""
    table = game.data["setup"]
    spec = table.data["missions"]
    deck = game.deck("mission")
    cards = {c.id: c for c in deck.cards}
    for k, mission in enumerate(spec["solo_removes"]):
        if mission not in cards:
            fail(f"solo_removes names {mission!r}, which is not a Mission", table.where(("missions", "solo_removes", k)),
                 "setup")
    for card in deck.cards:
        if (card.id in spec["solo_removes"]) == card.data["solo"]:
            fail(f"solo: {card.data['solo']}, but setup.yaml {'does not leave' if card.data['solo'] else 'leaves'} it "
                 "out of a solo game", deck.where(card, "name"), f"mission/{card.id}")
    solo_pool = deck.faces - len(spec["solo_removes"])
    if solo_pool < spec["draw"]:
        fail(f"a solo game draws {spec['draw']} Missions from {solo_pool}", table.where(("missions",)), "setup")


STEP_IF = re.compile(r"""^\s*(\w+)\s*==\s*['"]([\w-]+)['"]\s*$""")


@custom_rule("intrepid-setup-steps")
def setup_steps(game: Game, fail: Fail) -> None:
    """The engine's setup (rules.yaml) says what setup.yaml says: the difficulties and their starting
    Capacity, the Disaster deck's draws, the number of Missions."""
    table = game.data["setup"]
    rules = yaml.safe_load((game.dir / "rules.yaml").read_text()) or {}
    setup = rules.get("setup") or {}
    levels = [d["level"] for d in table.data["difficulty"]]
    if (setup.get("options") or {}).get("difficulty") != levels:
        fail(f"rules.yaml setup options.difficulty should list {levels}", table.where(("difficulty",)), "setup")
    capacity = {}
    for step in setup.get("each_player") or []:
        m = STEP_IF.match(str(step.get("if", "")))
        if step.get("track") == "capacity" and m and m.group(1) == "difficulty":
            capacity[m.group(2)] = step.get("value")
    for k, d in enumerate(table.data["difficulty"]):
        if capacity.get(d["level"]) != d["capacity"]:
            fail(f"{d['level']}: setup.yaml starts Capacity at {d['capacity']}, rules.yaml at "
                 f"{capacity.get(d['level'])}", table.where(("difficulty", k, "capacity")), "setup")
    spec = table.data["disaster_deck"]
    for disaster in spec["disasters"]:
        steps = [s for s in setup.get("table") or [] if s.get("draw") == disaster]
        drawn = [(re.search(r"'(\w+)'", s.get("where", "")) or [None, None])[1] for s in steps]
        counts = [s.get("count") for s in steps]
        want = [s["level"] for s in spec["bottom_to_top"]], [s["count"] for s in spec["bottom_to_top"]]
        if (drawn, counts) != want:
            fail(f"rules.yaml draws {list(zip(drawn, counts, strict=False))} from {disaster}; setup.yaml stacks "
                 f"{list(zip(*want, strict=False))}", table.where(("disaster_deck",)), "setup")
    draws = [s.get("count") for s in setup.get("table") or [] if s.get("draw") == "mission"]
    if draws != [table.data["missions"]["draw"]]:
        fail(f"rules.yaml draws {draws} Missions; setup.yaml says {table.data['missions']['draw']}",
             table.where(("missions",)), "setup")


@custom_rule("intrepid-setup-summary")
def setup_summary(game: Game, fail: Fail) -> None:
    """What each player count deals (an info line per count: boards, wheels, tokens, dice)."""
    table = game.data["setup"]
    for i, row in enumerate(table.data["by_players"]):
        hands = row["variants"][0]
        parts = [f"{'+'.join(h['boards'])} at {h['wheel']}" for h in hands]
        fail(f"{row['players']} player(s): {'; '.join(parts)}; {len(row['amplify_strain'])} Amplify/Strain tokens; "
             f"{row['persistent_dice']} {'die' if row['persistent_dice'] == 1 else 'dice'} per persistent disaster",
             table.where(("by_players", i)), "setup")
