"""Play: a comparison of two versions of a game (`pnp simulate --compare REV`) in words: as text, and as a
Markdown summary fit for a pull-request comment."""

from __future__ import annotations

from typing import Any


def _rate(row: dict[str, Any], side: bool) -> float:
    won = row["both"] + (row["only_side"] if side else row["only_base"])
    return 100 * won / row["games"] if row["games"] else 0.0


def _moves(row: dict[str, Any]) -> str:
    """`4 players: wins move from 52.0 % to 44.0 % (-8.0 points, -10.1 to -5.9)` (a seat's row: `4 players, seat 1:
    its wins move ...`)."""
    n = row["players"]
    who = f", seat {row['seat']}: its wins" if "seat" in row else ": wins"
    return (f"{n} player{'s' if n != 1 else ''}{who} move from {_rate(row, False):.1f} % to {_rate(row, True):.1f} % "
            f"({100 * row['difference']:+.1f} points, {100 * row['low']:+.1f} to {100 * row['high']:+.1f})")


def _verdict(row: dict[str, Any]) -> str:
    if row["decided"]:
        return "decided"
    if row["needed"]:
        return f"not decided: a difference this size needs about {row['needed']:,} games"
    return "no difference in these games"


def as_text(result: dict[str, Any]) -> str:
    out = [f"{result['name']}: {result['rev']} against the working tree, {result['games']:,} same deals per player "
           f"count (seed {result['seed']}, policy {result['policy']})",
           *([f"policy {result['policy']}: {result['policy_is']}"] if result.get("policy_is") else []), "",
           "what changed in the cards:" if result["changes"] else "no card changed (the rules or play may have)"]
    out += [f"  {line}" for line in result["changes"]]
    out += ["", "paired on the same deals (the working tree less the revision, 95 % interval):"]
    out += [f"  {_moves(r)}; {r['only_side']} won only now, {r['only_base']} only then: {_verdict(r)}"
            for r in result["paired"]]
    if result.get("seats"):
        out += ["", f"by seat ({SEATS}):"]
        out += [f"  {_moves(r)}; {r['only_side']} won only now, {r['only_base']} only then: {_verdict(r)}"
                for r in result["seats"]]
    return "\n".join(out)


SEATS = "the deals as dealt, seat 1 the first player; a win shared counts for each of its seats"


def as_markdown(result: dict[str, Any]) -> str:
    """The summary a designer's CI posts on a pull request."""
    out = [f"### {result['name']}: this change against `{result['rev']}`", ""]
    decided = [r for r in result["paired"] if r["decided"]]
    out.append("This change " + ("; ".join(
        f"moves {r['players']}-player wins from {_rate(r, False):.0f} % to {_rate(r, True):.0f} % "
        f"({100 * r['difference']:+.0f}, {100 * r['low']:+.0f} to {100 * r['high']:+.0f})" for r in decided)
        if decided else "moves no win rate beyond its interval") + ".")
    out += ["", "| players | before | after | difference (95 %) | same deals | |", "|---|---|---|---|---|---|"]
    out += [f"| {r['players']} | {_rate(r, False):.1f} % | {_rate(r, True):.1f} % | {100 * r['difference']:+.1f} "
            f"({100 * r['low']:+.1f} to {100 * r['high']:+.1f}) | {r['games']:,} | {_verdict(r)} |"
            for r in result["paired"]]
    if result.get("seats"):  # a competitive game: each seat's wins, on the same deals
        seated = [r for r in result["seats"] if r["decided"]]
        out += ["", "By seat (" + SEATS + "): " + ("; ".join(
            f"{r['players']}-player seat {r['seat']}'s wins move from {_rate(r, False):.0f} % to "
            f"{_rate(r, True):.0f} % ({100 * r['difference']:+.0f}, {100 * r['low']:+.0f} to "
            f"{100 * r['high']:+.0f})" for r in seated)
            if seated else "no seat's win rate moves beyond its interval") + ".", ""]
        out += ["| players | seat | before | after | difference (95 %) | same deals | |",
                "|---|---|---|---|---|---|---|"]
        out += [f"| {r['players']} | {r['seat']} | {_rate(r, False):.1f} % | {_rate(r, True):.1f} % | "
                f"{100 * r['difference']:+.1f} ({100 * r['low']:+.1f} to {100 * r['high']:+.1f}) | {r['games']:,} | "
                f"{_verdict(r)} |" for r in result["seats"]]
    if result["changes"]:
        out += ["", "<details><summary>What changed in the cards</summary>", ""]
        out += ["- `" + line.replace("`", "'") + "`" for line in result["changes"]]
        out += ["", "</details>"]
    said = f" ({result['policy_is']})" if result.get("policy_is") else ""
    out += ["", f"_`pnp simulate {result['game']} --compare {result['rev']}`: policy {result['policy']}{said}, seed "
            f"{result['seed']}; both versions played on the same deals and dice._"]
    return "\n".join(out)
