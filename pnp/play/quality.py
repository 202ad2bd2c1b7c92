"""Play: how a game plays, measured over one group's games (one player count, value of a sweep and policy): the
game-quality measures of `pnp simulate` (docs/simulate.md, "How the game plays").

- length: the round each game ended in, its quartiles and histogram; for a cooperative game the rounds survived,
  a game lost in round r having survived r - 1 (a game won survived every round it played).
- lead (a competitive game whose play module records each seat's score once a round, `record.scores`): lead
  changes, the times a seat other than the last seat to lead alone took the lead alone; decisiveness, the share
  of a game's rounds played before its sole winner led alone for good.
- draws (a competitive game): the games whose win is shared, and the games nobody won.
- forced: of the decisions whose legal moves were listed, or that the play module told forced or not, the share with
  one legal move (the baseline's own quick move, `State.baseline_move`, is chosen without the list: counted as told
  where `State.baseline_forced` says whether it was the only legal move, else as unlisted).
- choices: each kind of move (its name), the share of the decisions it was chosen in, and in how many listed
  decisions it was offered: a kind offered often and never chosen is a dead option.

Every number is rounded and every list sorted: the same games give the same bytes.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

CHOICE_NAMES = 200  # kinds of move a game's tally keeps apart; the rest are counted as OTHER
OTHER = "(other moves)"


def tally() -> dict[str, Any]:
    """An empty count of one game's decisions, for the play loop (policies.play)."""
    return {"decisions": 0, "listed": 0, "forced": 0, "chosen": {}, "offered": {}}


def _kind(name: Any, counted: dict[str, int]) -> str:
    from pnp.core.bounds import RECORD_NAME

    text = name[:RECORD_NAME] if type(name) is str else OTHER
    return text if text in counted or len(counted) < CHOICE_NAMES else OTHER


def count(tally: dict[str, Any], move: Any, moves: list[Any] | None, forced: bool | None = None) -> None:
    """One decision of the game: the move chosen, among `moves` (None: the baseline's quick move, chosen unlisted;
    `forced` then what State.baseline_forced told of it: one legal move or more, None not known)."""
    chosen = tally["chosen"]
    tally["decisions"] += 1
    kind = _kind(getattr(move, "name", None), chosen)
    chosen[kind] = chosen.get(kind, 0) + 1
    if moves is None:
        if forced is not None:
            tally["told"] = tally.get("told", 0) + 1
            tally["forced"] += forced is True
        return
    tally["listed"] += 1
    if len(moves) == 1:
        tally["forced"] += 1
    offered = tally["offered"]
    for name in {getattr(m, "name", None) for m in moves}:
        kind = _kind(name, offered)
        offered[kind] = offered.get(kind, 0) + 1


def count_quick(tally: dict[str, Any], moves: list[Any], told: list[Any]) -> None:
    """The baseline's quick moves of a stretch of one game, counted at once as `count(tally, move, None, forced)`
    counts them one by one (the same tally, the same order of kinds): the play loop keeps each such move, and what
    State.baseline_forced told of it in `told` (empty where the play module tells nothing), instead of counting
    each decision as it is made. Both lists are emptied."""
    chosen = tally["chosen"]
    tally["decisions"] += len(moves)
    names = Counter(n if type(n := getattr(m, "name", None)) is str else None for m in moves)  # first seen first
    for name, n in names.items():
        kind = _kind(name, chosen)
        chosen[kind] = chosen.get(kind, 0) + n
    known = [f for f in told if f is not None]
    if known:
        tally["told"] = tally.get("told", 0) + len(known)
        tally["forced"] += sum(1 for f in known if f is True)
    moves.clear()
    told.clear()


def leads(standings: list[tuple]) -> list[int | None]:
    """The seat leading alone after each round (None: a tie at the top, or no scores)."""
    out: list[int | None] = []
    for scores in standings:
        top = max(scores) if scores else None
        at = [s for s, x in enumerate(scores) if x == top]
        out.append(at[0] if len(at) == 1 else None)
    return out


def lead_changes(standings: list[tuple]) -> int:
    """The times a seat took the lead alone from another seat that had led alone before it (a tie between them
    changes nothing: the lead changes when someone else leads alone)."""
    last, changes = None, 0
    for seat in leads(standings):
        if seat is not None:
            changes += last is not None and seat != last
            last = seat
    return changes


def decided_at(standings: list[tuple], winner: int) -> float | None:
    """The share of the game's rounds played before `winner` led alone for good: (k - 1) / R, where from round k
    of R on the winner led alone in every round. 0: led from the first round to the end; near 1: took the lead
    only at the end. None: the winner did not lead alone at the end (a tie-break decided it), or no scores."""
    seats = leads(standings)
    if not seats or seats[-1] != winner:
        return None
    k = len(seats)
    while k > 1 and seats[k - 2] == winner:
        k -= 1
    return (k - 1) / len(seats)


def _spread(values: list[int] | list[float]) -> dict[str, Any]:
    from pnp.play.stats import quartiles

    return {"mean": round(sum(values) / len(values), 2) if values else 0.0, "quartiles": quartiles(values)}


def measure(results: list[tuple]) -> dict[str, Any]:
    """The measures of one group's games (the report's games: for a competitive game, the deals as dealt)."""
    from pnp.play.stats import wilson

    n = len(results)
    competitive = any(r[11] is not None for r in results)
    rounds = [r[5] for r in results]
    length: dict[str, Any] = {"ended": _spread(rounds),
                              "histogram": {str(k): v for k, v in sorted(Counter(rounds).items())}}
    if not competitive:  # a game lost in round r survived r - 1; a game won, every round it played
        length["survived"] = _spread([r[5] if r[3] else max(0, r[5] - 1) for r in results])
    out: dict[str, Any] = {"games": n, "length": length}
    if competitive:
        shared = sum(1 for r in results if len(r[11] or ()) > 1)
        lo, hi = wilson(shared, n)
        out["draws"] = {"shared": shared, "rate": round(shared / n, 4) if n else 0.0, "low": round(lo, 4),
                        "high": round(hi, 4), "nobody": sum(1 for r in results if r[11] is not None and not r[11])}
        traced = [r for r in results if len(r) > 14 and r[14]]
        if traced:
            changes = [lead_changes(r[14]) for r in traced]
            sole = [r for r in traced if r[11] is not None and len(r[11]) == 1]
            decided = [d for r in sole if (d := decided_at(r[14], r[11][0])) is not None]
            out["lead"] = {"games": len(traced), "changes": _spread(changes),
                           "changed": sum(1 for c in changes if c),
                           "decided": {"games": len(decided), "not_leading": len(sole) - len(decided),
                                       **_spread([round(100 * d, 2) for d in decided])}}
    tallies = [r[13] for r in results if len(r) > 13 and r[13]]
    decisions = sum(t["decisions"] for t in tallies)
    listed = sum(t["listed"] for t in tallies)
    forced = sum(t["forced"] for t in tallies)
    told = sum(t.get("told", 0) for t in tallies)  # unlisted, and told forced or not (State.baseline_forced)
    chosen: Counter[str] = Counter()
    offered: Counter[str] = Counter()
    for t in tallies:
        chosen.update(t["chosen"])
        offered.update(t["offered"])
    out["forced"] = {"decisions": decisions, "listed": listed, **({"told": told} if told else {}), "forced": forced,
                     "rate": round(forced / (listed + told), 4) if listed + told else 0.0}
    out["choices"] = [{"move": name, "chosen": chosen[name],
                       "share": round(chosen[name] / decisions, 4) if decisions else 0.0,
                       "offered": offered[name]}
                      for name in sorted(set(chosen) | set(offered), key=lambda m: (-chosen[m], -offered[m], m))]
    return out


def as_text(q: dict[str, Any] | None) -> list[str]:
    """A group's measures in words (the text report's block, inside the group's section)."""
    from pnp.core.errors import printable
    from pnp.play.stats import percent

    if not q:
        return []
    length = q["length"]
    e = length["ended"]["quartiles"]
    out = ["  how the game plays (of these games; docs/simulate.md, \"How the game plays\")",
           f"    ended in round: median {e[1]:g}, quartiles {e[0]:g}-{e[2]:g}; games by round: "
           + ", ".join(f"r{k}: {v}" for k, v in length["histogram"].items())]
    if "survived" in length:
        s = length["survived"]
        out.append(f"    rounds survived (a game lost in round r survived r - 1): mean {s['mean']:.2f}, median "
                   f"{s['quartiles'][1]:g}, quartiles {s['quartiles'][0]:g}-{s['quartiles'][2]:g}")
    if "draws" in q:
        d = q["draws"]
        out.append(f"    draws (a shared win): {d['shared']} of {q['games']} games, {percent(d['rate'])} "
                   f"({percent(d['low'])} - {percent(d['high'])}); won by nobody: {d['nobody']}")
    if "lead" in q:
        lead = q["lead"]
        c, dec = lead["changes"], lead["decided"]
        out.append(f"    lead changes (a new seat leading alone): mean {c['mean']:.2f} a game, median "
                   f"{c['quartiles'][1]:g}, quartiles {c['quartiles'][0]:g}-{c['quartiles'][2]:g}; "
                   f"{lead['changed']} of {lead['games']} games changed lead")
        if dec["games"]:
            dq = dec["quartiles"]
            out.append(f"    decisiveness (share of the rounds before the winner led alone for good): median "
                       f"{dq[1]:g} %, quartiles {dq[0]:g}-{dq[2]:g} %, of {dec['games']} games "
                       f"won alone; {dec['not_leading']} more won without leading alone at the end")
        else:
            out.append(f"    decisiveness: no game won alone by a seat leading alone at the end "
                       f"({dec['not_leading']} won without)")
    f = q["forced"]
    known = f["listed"] + f.get("told", 0)
    unlisted = f["decisions"] - known
    if known:
        told = f" ({f['told']:,} told by the baseline's quick move)" if f.get("told") else ""
        out.append(f"    forced moves (one legal move): {f['forced']:,} of {known:,} decisions{told}, "
                   f"{percent(f['rate'])}" + (f"; {unlisted:,} more the baseline chose without listing the moves"
                                              if unlisted else ""))
    elif unlisted:
        out.append(f"    forced moves: not counted, the baseline chose all {unlisted:,} moves without listing the "
                   "legal ones (State.baseline_move); another policy counts them")
    if f["decisions"]:
        offered = "; decisions it was offered in" if f["listed"] else ""
        out.append(f"    choices (kind of move: share of the {f['decisions']:,} decisions it was chosen in{offered})")
        for c in q["choices"]:
            dead = "  << never chosen" if not c["chosen"] and c["offered"] else ""
            more = f"  offered {c['offered']:,}" if f["listed"] else ""
            out.append(f"      {printable(c['move'])[:40]:<40} {percent(c['share']):>7}{more}{dead}")
    return out
