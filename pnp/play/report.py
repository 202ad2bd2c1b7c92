"""Play: the games' results -> the balance report (plain data), as text or JSON.

Per value of a sweep and per player count: the win rate with its 95 % Wilson interval, how games were
lost (the reason and the round), the round each game ended in, each meter round by round (quartiles, over the games
still going in that round), and per card how often it was drawn and played and the win rate of the games it
was played in against the games it was not (what the games say, not the card's effect: `--ablate` measures that,
ablation.py). A game that gives scores has the mean score per seat instead: in a game someone always wins, a card's
"win rate when played" is 100 % either way and says nothing. Every number is rounded and every list sorted: the
same games give the same bytes.
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import zip_longest
from typing import Any

from pnp.play.stats import percent, quartiles, wilson


def _rate(wins: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(wins, n)
    return {"games": n, "wins": wins, "rate": round(wins / n, 4) if n else 0.0, "low": round(lo, 4),
            "high": round(hi, 4)}


def group(results: list[tuple], cards: list[str]) -> dict[str, Any]:
    """The report of one group of games (one player count, one value of a sweep)."""
    n = len(results)
    wins = sum(1 for r in results if r[3])
    losses = Counter((r[4], r[5]) for r in results if not r[3])
    rounds = [r[5] for r in results]
    by_game: dict[str, list[list[int]]] = {}  # meter -> its values round by round, a list per game
    for r in results:
        for name, values in r[9].items():
            by_game.setdefault(name, []).append(values)
    # per meter and round, the values of the games that reached it, in the games' order
    meters: dict[str, list[list[int]]] = {
        name: [[v for v in row if v is not None] for row in zip_longest(*games)]  # None: a round not reached
        for name, games in by_game.items()}
    # one pass over the games: per card, the games it was drawn in, played in, played in and won, and its plays
    drawn_all: list[str] = []
    played_all: list[str] = []
    won_all: list[str] = []
    plays: dict[str, int] = {}
    for r in results:
        drawn_all += r[6]  # each card once a game (run.play_one: the record's set, sorted)
        played_all += r[7]
        if r[3]:
            won_all += r[7]
        for card, k in r[7].items():
            plays[card] = plays.get(card, 0) + k
    drawn_in, played_in, won_in = Counter(drawn_all), Counter(played_all), Counter(won_all)  # counted once, in C
    scored = any(len(r) > 10 and r[10] is not None for r in results)
    score_in: dict[str, float] = {}  # a game that gives scores: per card, the mean seat score summed over its games
    total = 0.0
    if scored:
        for r in results:
            mean = sum(r[10]) / len(r[10]) if r[10] else 0.0
            total += mean
            for card in r[7]:
                score_in[card] = score_in.get(card, 0.0) + mean
    ties: dict[str, Counter[str]] = {}  # card -> what it tied with and lost by the list's order -> times
    for r in results:
        for card, others in (r[15] if len(r) > 15 else {}).items():
            ties.setdefault(card, Counter()).update(others)
    per_card = []
    for card in cards:
        drawn, played, won_played = drawn_in[card], played_in[card], won_in[card]
        rest = n - played
        with_, without = _rate(won_played, played), _rate(wins - won_played, rest)
        # no flag on the difference: it compares games, not the card (a longer game draws more cards); the
        # card's effect is measured by `--ablate` (ablation.py), which flags it
        flag = "never played" if drawn and not played else ""
        effect = round(with_["rate"] - without["rate"], 4) if played and rest else 0.0
        row = {"card": card, "drawn": drawn, "played_games": played, "plays": plays.get(card, 0),
               "when_played": with_, "when_not": without, "effect": effect, "flag": flag}
        if scored:  # the mean score per seat of the games it was played in, and of the others
            at, off = score_in.get(card, 0.0), total - score_in.get(card, 0.0)
            row["score_when_played"] = round(at / played, 2) if played else 0.0
            row["score_when_not"] = round(off / rest, 2) if rest else 0.0
            row["score_effect"] = round(at / played - off / rest, 2) if played and rest else 0.0
        if flag and card in ties:  # not worth less than what was played: a tie lost by the list's order
            row["tied_with"] = sorted(ties[card].items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        per_card.append(row)
    by_reason = Counter(r[4] for r in results if not r[3])
    return {
        "win": _rate(wins, n),
        "losses": [{"reason": reason, "games": k, "rounds": {str(rd): c for (why, rd), c in sorted(losses.items())
                                                             if why == reason}}
                   for reason, k in sorted(by_reason.items(), key=lambda kv: (-kv[1], kv[0]))],
        "rounds": {"mean": round(sum(rounds) / n, 2) if n else 0.0, "quartiles": quartiles(rounds)},
        "meters": {name: [quartiles(vals) for vals in rows] for name, rows in sorted(meters.items())},
        "meter_games": {name: [len(vals) for vals in rows] for name, rows in sorted(meters.items())},
        "cards": per_card,
    }


def build(results: list[tuple], variants: list[str], players: list[int], cards: list[str],
          meta: dict[str, Any]) -> dict[str, Any]:
    from pnp.play import quality

    groups = []
    for v, label in enumerate(variants):
        for n in players:
            mine = [r for r in results if r[0] == v and r[1] == n]
            groups.append({"variant": label, "players": n, **group(mine, cards), "quality": quality.measure(mine)})
    return {**meta, "groups": groups}


def as_json(report: dict[str, Any]) -> str:
    return json.dumps(report, indent=1, sort_keys=False)


def as_text(report: dict[str, Any]) -> str:
    from pnp.play import quality

    chosen = "".join(f", {name} {value}" for name, value in report.get("options", {}).items())
    out = [f"{report['name']}{chosen}: {report['games']} games per player count, policy {report['policy']}, "
           f"seed {report['seed']}"]
    out += [f"policy {name}: {said}" for name, said in report.get("policy_is", {}).items()]
    out.append("")
    seated = any(g.get("seats") for g in report["groups"])
    out.append("win rate (95 % interval)" + ("; a competitive game of more than one player: each seat's share of "
                                             "the wins over every rotation of the seats (seats below), not the "
                                             "games someone won" if seated else ""))
    width = 20 if len(report.get("policies", ())) > 1 else 10
    for g in report["groups"]:
        w = g["win"]
        label = f"{g['players']} player{'s' if g['players'] != 1 else ''}"
        variant = f"  [{g['variant']}]" if len(report["variants"]) > 1 else ""
        if len(report.get("policies", ())) > 1:
            label = f"{label}, {g['policy']}"
        if g.get("seats"):  # someone always wins: the rate says nothing, the seats' shares do
            shares = ", ".join(f"{x['seat']}: {percent(x['rate'])}" for x in g["seats"]["by_seat"])
            out.append(f"  {label:<{width}} by seat {shares}  ended in round: mean {g['rounds']['mean']:.2f}{variant}")
            continue
        out.append(f"  {label:<{width}} {percent(w['rate']):>8}  ({percent(w['low'])} - {percent(w['high'])})  "
                   f"ended in round: mean {g['rounds']['mean']:.2f}{variant}")
    for g in report["groups"]:
        head = f"{g['players']} player{'s' if g['players'] != 1 else ''}"
        if len(report["variants"]) > 1:
            head += f", {g['variant']}"
        if len(report.get("policies", ())) > 1:
            head += f", {g['policy']}"
        out += ["", f"== {head} =="]
        out.append("  how games are lost (reason: games; by round)")
        for loss in g["losses"]:
            rounds = ", ".join(f"r{k}: {c}" for k, c in sorted(loss["rounds"].items(), key=lambda kv: int(kv[0])))
            out.append(f"    {loss['reason']}: {loss['games']} ({rounds})")
        if not g["losses"]:
            out.append("    none")
        covered = g.get("meter_games", {})
        if covered:  # the games each round's meter statistics are of
            counts = list(covered.values())
            rows_of = [("meters", counts[0])] if all(c == counts[0] for c in counts) else list(covered.items())
            dealt = " (the deals as dealt)" if g.get("seats") else ""
            for what, per_round in rows_of:
                out.append(f"  {what} cover the games still going{dealt}, by round: " + " ".join(map(str, per_round)))
        for name, rows in g["meters"].items():
            cells = " ".join(f"{int(q[1]):>3}" for q in rows)
            out.append(f"  {name} by round (median of the games still going): {cells}")
            out.append(f"  {'':<{len(name)}}  quartiles: " + " ".join(f"{int(q[0])}-{int(q[2])}" for q in rows))
        out += quality.as_text(g.get("quality"))
        scored = any("score_when_played" in c for c in g["cards"])
        if scored:
            out.append("  cards: drawn / played in games / mean score per seat when played before the end vs not "
                       "(not an effect: a longer game plays more cards; --ablate measures each card)")
        else:
            out.append("  cards: drawn / played in games / win rate when played before the end vs not (not an "
                       "effect: a longer game plays more cards; --ablate measures each card)")
        key = "score_effect" if scored else "effect"
        for c in sorted(g["cards"], key=lambda c: (-abs(c[key]), c["card"])):
            if not c["drawn"]:
                continue
            wp, wn = c["when_played"], c["when_not"]
            flag = f"  << never chosen: tied with {c['tied_with']}" if c.get("tied_with") else \
                f"  << {c['flag']}" if c["flag"] else ""
            if scored:
                out.append(f"    {c['card']:<34} {c['drawn']:>6} {c['played_games']:>6}  "
                           f"{c['score_when_played']:>7.2f} vs {c['score_when_not']:>7.2f} ({c['score_effect']:+.2f})"
                           f"{flag}")
                continue
            out.append(f"    {c['card']:<34} {c['drawn']:>6} {c['played_games']:>6}  "
                       f"{percent(wp['rate']):>7} vs {percent(wn['rate']):>7} ({100 * c['effect']:+.1f}){flag}")
    return "\n".join(out)
