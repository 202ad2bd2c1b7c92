"""Play: one game told move by move (`pnp simulate GAME --trace [SEED:]INDEX`): what was dealt, each move and the
moves it was chosen from, each card drawn and played, each event, each meter at each round's end, and how it
ended. It is the game the report plays as that seed and index (the same deal, dice and choices), played in the
sandbox like every other; `--format json` gives its events for tools."""

from __future__ import annotations

import json
from typing import Any

from pnp.core.errors import InputError, Problem, printable


def trace_task(text: str, seed: int) -> tuple[int, int]:
    """`3` (game 3 of --seed) or `7:3` (game 3 of seed 7): (seed, index)."""
    head, _, tail = text.rpartition(":")
    try:
        index, seed = int(tail), int(head) if head else seed
    except ValueError:
        index = -1
    if index < 0 or not 0 <= seed < 2**63:
        raise InputError([Problem(None, f"--trace {text!r}: a game's index, 0 or more, and its seed before it if "
                                  "not --seed's: --trace 0, --trace 7:0")])
    return seed, index


def trace(game: Any, setup: Any, players: int, text: str, seed: int, policy: str) -> dict[str, Any]:
    """The story of game `text` ([SEED:]INDEX) at `players`, as the sandbox plays it."""
    from pnp.play.play_spec import load_policies
    from pnp.play.run import Plan, play_code, simulate
    from pnp.play.variant import Variant

    seed, index = trace_task(text, seed)
    plan = Plan(game, setup, seed, policy, [Variant()])
    story = simulate(plan, [players], 1, 1, told=(players, index))[0]
    from pnp.play.seating import described

    own = load_policies(game) if play_code(game) is not None else {}
    return {"kind": "trace", "game": game.id, "name": game.manifest.name, "players": players, "seed": seed,
            "index": index, "policy": policy, "policy_is": described(policy, own), "events": [list(e) for e in story]}


def as_json(result: dict[str, Any]) -> str:
    return json.dumps(result, indent=1)


def as_text(result: dict[str, Any]) -> str:
    lines = [f"{result['name']}: game {result['index']} of seed {result['seed']}, {result['players']} "
             f"player{'s' if result['players'] != 1 else ''}, policy {result['policy']} "
             f"(pnp simulate {result['game']} --trace {result['seed']}:{result['index']} replays it)",
             *([f"policy {result['policy']}: {result['policy_is']}"] if result.get("policy_is") else [])]
    moves = 0
    for event in result["events"]:
        kind = event[0]
        if kind == "dealt":
            dealt = event[1]
            lines.append("dealt:")
            for label, value in dealt["table"].items():
                lines.append(f"  table {label}: {_shown(value)}")
            for i, hand in enumerate(dealt["hands"], 1):
                lines.append(f"  player {i}: " + "; ".join(f"{k} {_shown(v)}" for k, v in hand.items()))
        elif kind == "move":
            moves += 1
            _, move, offered, count = event
            among = f" (of {count}: {', '.join(offered)}{', ...' if count > len(offered) else ''})" if count else ""
            lines.append(f"move {moves}: {move}{among}")
        elif kind == "draw":
            lines.append(f"  drew {event[1]}")
        elif kind == "play":
            lines.append(f"  played {event[1]}")
        elif kind == "count":
            lines.append(f"  {event[1]}" + (f" x{event[2]}" if event[2] != 1 else ""))
        elif kind == "said":
            lines.append(f"  {event[1]}")
        elif kind == "meter":
            lines.append(f"  {event[1]}: {event[2]}")
        elif kind == "cut":
            lines.append(f"... (the story stops at {event[1]:,} events)")
        elif kind == "end":
            _, won, reason, ended = event
            lines.append(f"{'won' if won else 'lost'}: {reason}, in round {ended}, after {moves} moves")
        elif kind == "seats":
            _, scores, winners = event
            said = "; ".join(f"{s}: {x:g}" for s, x in enumerate(scores, 1))
            lines.append(f"scores by seat: {said or 'none'}; won by seat{'s' if len(winners) > 1 else ''} "
                         f"{', '.join(str(w + 1) for w in winners) or 'nobody'}")
            lines.append("(the seats as dealt, rotation 0: the report's seat measures play this deal again at every "
                         "rotation of the seats, which --trace does not tell)")
    return "\n".join(map(printable, lines))  # what game code names (moves, meters, events) reaches a terminal


def _shown(value: Any) -> str:
    if isinstance(value, dict) and "cards" in value:
        return _shown(value["cards"])
    return ", ".join(map(str, value)) if isinstance(value, list) else str(value)
