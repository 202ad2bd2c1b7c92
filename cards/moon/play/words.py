"""Adventure 1's moves in words, for `pnp simulate moon --trace`."""

from __future__ import annotations

from typing import Any

from pnp.play import Move


def say(game: Any, move: Move) -> str:
    who = f"player {game.now + 1}"
    if move.name == "write":
        k, z, s, n = move.arg
        number, action, _ = game.pairs[k]
        return f"{who} takes {number} {action} and writes {n} on floor {z + 1}, space {s + 1}"
    if move.name in ("build", "mark"):
        z, s = move.arg
        return f"{who} writes an X on floor {z + 1}, space {s + 1} ({move.name})"
    if move.name == "ignite":
        q = game.sheets[game.now].quarters[move.arg]
        return f"{who} lights the idle rocket of floor {q.zone + 1}, spaces {q.spaces.start + 1}-{q.spaces.stop}"
    if move.name == "error":
        return f"{who} can write none of the three numbers and circles a System Error"
    return str(move)
