"""Play: `pnp tune GAME --target "4 players: win 45-55 %" --vary DECK/CARD.FIELD=1..4 ...`: the fewest changes of
the given fields that bring the win rate into the target band, found by racing the candidates on the same deals.

The candidates are every combination of the fields' values, taken in tiers by how many fields they change (none
first: the game as written), and within a tier by how far they move from the written values. A tier is raced:
each candidate still open plays the next batch of games (the same deals and dice for every candidate), and after
each batch each one is judged by its Wilson interval at z = 3 (the looks are many, so each is held to 99.7 %,
not 95 %): reached when the interval lies inside every target's band, out when it lies wholly outside one.
The first tier with a candidate reached gives the answer (its smallest move); none within the budget of games
is said so, with the closest. The change is proposed as a diff of the YAML, never written.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.core.errors import InputError, Problem
from pnp.model.game import Game
from pnp.play.run import Plan
from pnp.play.variant import Variant

Z_LOOK = 3.0  # each look's interval: many looks at one candidate, so each is held to 99.7 %
BATCH = 200  # games a candidate plays between looks, at each target's player count
MOST_PER_CANDIDATE = 3200  # games a candidate plays at most before it is left undecided
MOST_VALUES = 20  # values one field takes in a search
MOST_CANDIDATES = 2000  # combinations in all
TARGET = re.compile(r"^\s*(\d{1,3})\s*players?\s*:\s*win\s+(\d{1,3}(?:\.\d+)?)\s*-\s*(\d{1,3}(?:\.\d+)?)\s*%?\s*$")


@dataclass(frozen=True)
class Target:
    players: int
    low: float  # per cent
    high: float

    def __str__(self) -> str:
        return f"{self.players} player{'s' if self.players != 1 else ''}: win {self.low:g}-{self.high:g} %"


def targets(texts: list[str], low: int, high: int) -> list[Target]:
    """`4 players: win 45-55 %`, each player count once and within the game's."""
    out: list[Target] = []
    for text in texts:
        m = TARGET.match(text[:80])
        if not m or len(text) > 80:
            raise InputError([Problem(None, f"--target {text[:40]!r}: write it as \"4 players: win 45-55 %\"")])
        t = Target(int(m[1]), float(m[2]), float(m[3]))
        if not low <= t.players <= high:
            raise InputError([Problem(None, f"--target {text!r}: this game takes {low} to {high} players")])
        if not 0 <= t.low < t.high <= 100:
            raise InputError([Problem(None, f"--target {text!r}: a band of win rates from low to high, 0-100 %")])
        if any(o.players == t.players for o in out):
            raise InputError([Problem(None, f"--target: {t.players} players is given twice; give each count once")])
        out.append(t)
    if not out:
        raise InputError([Problem(None, "pnp tune needs a --target, e.g. \"4 players: win 45-55 %\"")])
    return out


def least_budget(goal: list[Target]) -> int:
    """The games the search plays before its first look: the written game's first batch at each target's player
    count. A smaller budget could judge nothing (pnp tune refuses it)."""
    return min(BATCH, MOST_PER_CANDIDATE) * len(goal)


def field_values(game: Game, text: str) -> list[Variant]:
    """`DECK/CARD.FIELD=1..4` (a range of whole numbers) or `=1,2,5`: each value as a change of that field, its
    written value first (the change of none), checked as `--vary` checks a sweep."""
    from pnp.play.lab_arguments import variants

    target, eq, values = text.partition("=")
    m = re.fullmatch(r"\s*(-?\d{1,9})\s*\.\.\s*(-?\d{1,9})\s*", values)
    if m:
        a, b = int(m[1]), int(m[2])
        if not a <= b or b - a >= MOST_VALUES:
            raise InputError([Problem(None, f"--vary {text[:60]}: a range low..high of at most {MOST_VALUES} "
                                      "values")])
        values = ",".join(str(v) for v in range(a, b + 1))
    sweep = variants(game, f"{target}{eq}{values}")
    if len(sweep) > MOST_VALUES:
        raise InputError([Problem(None, f"--vary {text[:60]}: at most {MOST_VALUES} values a field")])
    v = sweep[0]
    written = next(c for c in game.deck(v.deck).cards if c.id == v.card).data.get(v.field)
    return sorted(sweep, key=lambda s: (s.value != written, _distance(s.value, written)))


def _distance(value: Any, written: Any) -> float:
    if isinstance(value, int | float) and isinstance(written, int | float):
        return abs(value - written)
    return 0.0 if value == written else 1.0


def candidates(fields: list[list[Variant]], written: list[Any]) -> list[tuple[int, float, Variant]]:
    """Every combination, as (fields changed, how far, the change), fewest changes first."""
    combos = math.prod(len(f) for f in fields)
    if combos > MOST_CANDIDATES:
        raise InputError([Problem(None, f"{combos:,} combinations of the fields' values: at most "
                                  f"{MOST_CANDIDATES:,} in one search; give fewer values")])
    out = []
    for combo in itertools.product(*fields):
        changed = [v for v, w in zip(combo, written, strict=True) if v.value != w]
        far = sum(_distance(v.value, w) for v, w in zip(combo, written, strict=True))
        change = Variant(*_parts(changed[0]), more=tuple(changed[1:])) if changed else Variant()
        out.append((len(changed), far, change))
    return sorted(out, key=lambda c: (c[0], c[1]))


def _parts(v: Variant) -> tuple[str, str, str, Any]:
    return v.deck, v.card, v.field, v.value


def _wilson(wins: int, n: int) -> tuple[float, float]:
    from pnp.play.stats import wilson

    return wilson(wins, n, Z_LOOK)


def tune(game: Game, setup: Any, goal: list[Target], fields: list[list[Variant]], seed: int, policy: str,
         budget: int, jobs: int, progress: Callable[[int, int, str], None] | None = None) -> dict[str, Any]:
    """The search's result: the change found (or none), each target's interval, the games it played. `progress`
    is told the games played of the budget."""
    from pnp.play.run import simulate as run_games

    written = [f[0].value for f in fields]  # (each field's written value sorts first)
    ranked = candidates(fields, written)
    counts = [t.players for t in goal]
    used = 0
    live = [0]

    def played_some(n: int) -> None:
        live[0] += n
        if progress is not None:
            progress(live[0], budget, "games played of the budget")

    best: tuple[float, Variant, dict[int, tuple[int, int]]] | None = None  # the closest seen: its miss, it
    for tier in sorted({c[0] for c in ranked}):
        open_ = [c[2] for c in ranked if c[0] == tier]
        score: dict[int, dict[int, tuple[int, int]]] = {i: {n: (0, 0) for n in counts} for i in range(len(open_))}
        alive = list(range(len(open_)))
        played = 0
        reached: list[int] = []
        while alive and played < MOST_PER_CANDIDATE:
            batch = min(BATCH, MOST_PER_CANDIDATE - played)
            cost = batch * len(alive) * len(counts)
            if used + cost > budget:
                break
            plan = Plan(game, setup, _batch_seed(seed), policy, [open_[i] for i in alive])
            for v, n, _, won, *_ in run_games(plan, counts, batch, jobs, played_some, first=played):
                wins, games = score[alive[v]][n]
                score[alive[v]][n] = (wins + bool(won), games + 1)
            used += cost
            played += batch
            still = []
            for i in alive:
                verdict, miss = _judge(goal, score[i])
                if best is None or miss < best[0]:
                    best = (miss, open_[i], score[i])
                if verdict == "reached":
                    reached.append(i)
                elif verdict == "open":
                    still.append(i)
            alive = [i for i in still if not reached or i < min(reached)]  # a smaller move may still reach it
        if reached:
            i = min(reached)  # the smallest move of the tier that reached it (`open_` is in that order)
            return _result(game, goal, open_[i], score[i], used, budget, True)
        if used >= budget:
            break
    assert best is not None, "the search plays at least its first batch (a budget below least_budget is refused)"
    return _result(game, goal, best[1], best[2], used, budget, False)


def _batch_seed(seed: int) -> int:
    """The seed of every candidate's games: the same deals and dice for each (index by index)."""
    return int.from_bytes(hashlib.sha256(f"tune:{seed}".encode()).digest()[:6], "big")


def _judge(goal: list[Target], score: dict[int, tuple[int, int]]) -> tuple[str, float]:
    """reached, out or open, and how far its rate lies from the bands (points, 0 inside all of them)."""
    inside, miss = True, 0.0
    for t in goal:
        wins, n = score[t.players]
        low, high = (100 * x for x in _wilson(wins, n))
        rate = 100 * wins / n if n else 0.0
        miss += max(0.0, t.low - rate, rate - t.high)
        if high < t.low or low > t.high:
            return "out", miss + 100
        inside = inside and t.low <= low and high <= t.high
    return ("reached" if inside else "open"), miss


def _result(game: Game, goal: list[Target], change: Variant, score: dict[int, tuple[int, int]], used: int,
            budget: int, reached: bool) -> dict[str, Any]:
    rows = []
    for t in goal:
        wins, n = score[t.players]
        low, high = _wilson(wins, n)
        rows.append({"target": str(t), "players": t.players, "games": n, "rate": round(wins / n, 4) if n else 0.0,
                     "low": round(low, 4), "high": round(high, 4)})
    return {"kind": "tune", "game": game.id, "reached": reached, "change": str(change),
            "changes": [{"card": f"{v.deck}/{v.card}", "field": v.field, "value": v.value} for v in change.changes()],
            "targets": rows, "games": used, "budget": budget, "diff": proposal(game, change)}


def proposal(game: Game, change: Variant) -> str:
    """The change as a unified diff of the deck files (each field's value replaced where it is written)."""
    out: list[str] = []
    by_file: dict[str, list[Variant]] = {}
    for v in change.changes():
        by_file.setdefault(game.deck(v.deck).doc.file, []).append(v)
    for file, changes in by_file.items():
        path = Path(file) if Path(file).is_absolute() else game.root / file
        before = path.read_text(encoding="utf-8").splitlines(keepends=True)
        after = list(before)
        for v in changes:
            deck = game.deck(v.deck)
            card = next(c for c in deck.cards if c.id == v.card)
            at = deck.doc.where(("cards", card.index, v.field))
            written = re.compile(rf"(\b{re.escape(v.field)}\s*:\s*)([^,}}\s#]+)")
            m = written.search(after[at.line - 1], (at.col or 1) - 1) if at.line else None
            if m is None or at.line is None:
                out.append(f"# {v.deck}/{v.card}: write `{v.field}: {v.value}` on the card (not found written)\n")
                continue
            text = after[at.line - 1]
            after[at.line - 1] = text[:m.start(2)] + str(v.value) + text[m.end(2):]
        rel = Path(file).as_posix()
        out += difflib.unified_diff(before, after, f"a/{rel}", f"b/{rel}")
    return "".join(out)


def as_text(result: dict[str, Any]) -> str:
    head = (f"reached with {result['change']}" if result["reached"] else
            f"not reached within the budget of {result['budget']:,} games; the closest was {result['change']}")
    chosen = "".join(f", {name} {value}" for name, value in result.get("options", {}).items())
    out = [f"pnp tune {result['game']}{chosen}: {head} ({result['games']:,} games played)"]
    if result.get("policy_is"):
        out.append(f"  played by policy {result['policy']}: {result['policy_is']}")
    out += [f"  {r['target']}: {100 * r['rate']:.1f} % of {r['games']:,} games (99.7 % interval "
            f"{100 * r['low']:.1f}-{100 * r['high']:.1f} %)" for r in result["targets"]]
    if result["changes"] and result["diff"]:
        out += ["", "the change, for you to make (nothing was written):", result["diff"].rstrip("\n")]
    elif not result["changes"]:
        out.append("  the game as written" + (" is already inside the target" if result["reached"] else ""))
    return "\n".join(out)
