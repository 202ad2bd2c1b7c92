"""Play: a competitive game's seats, measured (a game whose `outcome()` gives `winners`).

Each deal is played once per rotation of the seats (`rotations`): at rotation r the player dealt hand p sits at
seat p + r (mod N) and plays that player's policy, on the same deal and dice; so each hand and each policy sits
once in each seat, and the deal is not confused with the seat. Per player count:

- a seat's win share: a game counts 1 for the seat that won it, 1/k to each of k seats sharing a win, 0 else;
  a seat's share is the mean over the deals of its mean over the deal's rotations. Its 95 % interval is Wilson's
  with n = the deals, not the games: a deal's rotations are not independent games, and a mean of N shares in
  [0, 1] varies no more than one 0/1 game does, so counting deals is the honest (cautious) count.
- first-player advantage: seat 1's share less the fair share 1/N, its interval seat 1's shifted by 1/N.
- by policy (a seating with different policies): each policy's share of the wins, against its fair share (the
  seats it holds / N), with the same interval.
- score spread: the highest score less the next highest (winner less runner-up), median and quartiles over every
  game played; close: a game whose spread is at most CLOSE points or whose win is shared (a share of the deals,
  as above); shared wins and games nobody won, counted.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

CLOSE = 2  # points between the two highest scores at most which a game is close (a shared win is close too)


def competitive(results: list[tuple]) -> bool:
    return any(r[11] is not None for r in results)


def rotations(plan: Any, counts: list[int], games: int, run: Any) -> list[tuple]:
    """The games again at every other rotation of the seats (1 to N - 1 at N players), on the same deals: `run`
    plays a plan at some player counts (run.simulate with the run's jobs, or the cluster's). Bounded by
    SIM_GAMES before any is played."""
    from dataclasses import replace

    from pnp.core.bounds import SIM_GAMES
    from pnp.core.errors import InputError, Problem

    more = games * len(plan.variants) * sum(n - 1 for n in counts)
    if more + games * len(plan.variants) * len(counts) > SIM_GAMES:
        raise InputError([Problem(None, f"a competitive game plays each deal once per rotation of its seats: "
                                  f"{more:,} more games for policy {plan.policy}, past {SIM_GAMES:,} in one run; "
                                  "ask for fewer games or player counts")])
    out: list[tuple] = []
    for r in range(1, max(counts)):
        out += run(replace(plan, rotation=r), [n for n in counts if n > r])
    return out


def seats(results: list[tuple], players: int, policy: str) -> dict[str, Any]:
    """The seat measures of one group's games (one player count, value and policy; every rotation of each deal)."""
    from pnp.play.seating import table_of
    from pnp.play.stats import quartiles, wilson

    deals: dict[int, list[tuple]] = defaultdict(list)
    for r in results:
        deals[r[2]].append(r)
    d = len(deals)

    def share(credit: Any) -> dict[str, Any]:
        """The mean over the deals of the mean credit over the deal's rotations, with Wilson's interval (n: deals)."""
        total = sum(sum(credit(r) for r in rs) / len(rs) for rs in deals.values())
        lo, hi = wilson(total, d)
        return {"rate": round(total / d, 4) if d else 0.0, "low": round(lo, 4), "high": round(hi, 4)}

    def won(r: tuple, seat: int) -> float:
        w = r[11] or ()
        return 1 / len(w) if seat in w else 0.0

    by_seat = [{"seat": s + 1, **share(lambda r, s=s: won(r, s))} for s in range(players)]
    fair = 1 / players
    first = by_seat[0]
    table = table_of(policy, players)
    by_policy = []
    if len(set(table)) > 1:  # the player dealt hand p plays table[p], and sits at seat p + rotation
        for name in dict.fromkeys(table):
            held = [p for p in range(players) if table[p] == name]
            by_policy.append({"policy": name, "seats": [p + 1 for p in held], "fair": round(len(held) / players, 4),
                              **share(lambda r, held=held: sum(won(r, (p + r[12]) % players) for p in held))})
    spreads = [_spread(r[10]) for r in results if r[10] is not None]
    close = share(lambda r: float(len(r[11] or ()) > 1 or (r[10] is not None and _spread(r[10]) <= CLOSE)))
    return {"deals": d, "games": len(results), "rotations": players, "policies": table, "by_seat": by_seat,
            "first_player": {"advantage": round(first["rate"] - fair, 4), "low": round(first["low"] - fair, 4),
                             "high": round(first["high"] - fair, 4), "fair": round(fair, 4)},
            "by_policy": by_policy,
            "spread": {"games": len(spreads), "quartiles": quartiles(spreads)} if spreads else None,
            "close": {"within": CLOSE, **close},
            "shared": sum(1 for r in results if len(r[11] or ()) > 1),
            "nobody": sum(1 for r in results if r[11] is not None and not r[11])}


def _spread(scores: tuple) -> float:
    top = sorted(scores, reverse=True)
    return float(top[0] - top[1]) if len(top) > 1 else 0.0


def attach(built: dict[str, Any], results: list[tuple], policy: str) -> None:
    """Each group of more than one player of a competitive game's report given its `seats` (every rotation)."""
    for g in built["groups"]:
        if g["players"] > 1:
            v = built["variants"].index(g["variant"])
            g["seats"] = seats([r for r in results if r[0] == v and r[1] == g["players"]], g["players"], policy)


def as_text(report: dict[str, Any]) -> list[str]:
    """The seat measures in words, a block per group that has them."""
    from pnp.play.stats import percent

    groups = [g for g in report.get("groups", []) if g.get("seats")]
    if not groups:
        return []
    out = ["", "seats (each deal played once per rotation of the seats, the policies turning with the hands; a "
           "shared win split; 95 % intervals over the deals)"]
    for g in groups:
        s = g["seats"]
        head = f"{g['players']} players"
        if len(report["variants"]) > 1:
            head += f", {g['variant']}"
        if len(report.get("policies", ())) > 1:
            head += f", {g['policy']}"
        out.append(f"  {head}: {s['deals']} deals x {s['rotations']} rotations")
        out.append("    win share by seat: " + "; ".join(
            f"{x['seat']}: {percent(x['rate'])} ({percent(x['low'])} - {percent(x['high'])})" for x in s["by_seat"]))
        f = s["first_player"]
        out.append(f"    first-player advantage (seat 1 less the fair {percent(f['fair'])}): "
                   f"{100 * f['advantage']:+.1f} points ({100 * f['low']:+.1f} to {100 * f['high']:+.1f})")
        for p in s["by_policy"]:
            seats_ = ",".join(map(str, p["seats"]))
            out.append(f"    {p['policy']} (dealt seat{'s' if len(p['seats']) > 1 else ''} {seats_}): "
                       f"{percent(p['rate'])} of the wins ({percent(p['low'])} - {percent(p['high'])}), "
                       f"fair {percent(p['fair'])}")
        if s["spread"]:
            q = s["spread"]["quartiles"]
            out.append(f"    score spread (winner less runner-up): median {q[1]:g}, quartiles {q[0]:g}-{q[2]:g}")
        c = s["close"]
        out.append(f"    close (spread <= {c['within']} or a shared win): {percent(c['rate'])} "
                   f"({percent(c['low'])} - {percent(c['high'])}); shared wins {s['shared']}, won by nobody "
                   f"{s['nobody']} of {s['games']} games")
    return out
