"""Play: who plays which seat. `--policy` names one policy for every seat (`baseline`), a game's own named
policy (declared in its play.yaml under `policies:`, played by `State.policy`), or a seating: a policy per seat,
`1=mcts,2-4=greedy` (seats 1-based, as players count them; a seat not named plays `baseline`).

A seating is one side of the report; `--policy A,B` (no `=`) still compares whole policies side by side. The
play loop (policies.play) asks `State.seat()` before each decision of a seated game and lets that seat's policy
choose. A seating rotates with the deal (`rotated`): at rotation r the player dealt hand p sits at seat
(p + r) mod N and plays player p's policy.
"""

from __future__ import annotations

from typing import Any

from pnp.core.errors import InputError, Problem, did_you_mean, echo
from pnp.play.policies import GamePolicy, Seated

DEFAULT = "baseline"  # the policy a seat not named in a seating plays


def is_seating(text: str) -> bool:
    return "=" in text


def seats(text: str, names: set[str], most: int) -> dict[int, str]:
    """`1=mcts,2-4=greedy` -> {0: "mcts", 1: "greedy", 2: "greedy", 3: "greedy"}: each seat within 1 to `most`
    (the largest table of the run), named once, its policy one of `names`; else one line, InputError."""
    from pnp.core.bounds import SIM_PLAYERS

    said = text if len(text) <= 40 and text.isprintable() else echo(text)
    out: dict[int, str] = {}
    for part in text.split(",", SIM_PLAYERS):
        where, eq, name = (p.strip() for p in part.partition("="))
        low, _, high = where.partition("-")
        try:
            if not eq or len(low) > 6 or len(high) > 6:
                raise ValueError
            a, b = int(low), int(high or low)
        except ValueError:
            raise InputError([Problem(None, f"--policy {said}: a seat or a range of seats, then its policy: "
                                      "1=mcts,2-4=greedy")]) from None
        if not 1 <= a <= b:
            raise InputError([Problem(None, f"--policy {said}: {echo(where)}: seats count from 1 (1=mcts,2-4=greedy)")])
        if b > most:
            raise InputError([Problem(None, f"--policy {said}: seat {b} is beyond the largest table of this run "
                                      f"({most} player{'s' if most != 1 else ''}); name seats 1 to {most}")])
        if name not in names:
            raise InputError([Problem(None, f"--policy {said}: {echo(name)} is not a policy (one of "
                                      f"{', '.join(sorted(names))}){did_you_mean(name, names)}")])
        for seat in range(a - 1, b):
            if seat in out:
                raise InputError([Problem(None, f"--policy {said}: seat {seat + 1} is given twice; name each seat "
                                          "once")])
            out[seat] = name
    return out


def resolve(text: str) -> Any:
    """The policy a `--policy` side names (already checked by pnp.play.lab.policies): a built-in policy, a game's
    own (GamePolicy), or a seating (Seated)."""
    if not is_seating(text):
        return one(text)
    given = seats(text, _every(text), 1 << 30)
    return Seated(tuple(one(given.get(s, DEFAULT)) for s in range(max(given) + 1)), one(DEFAULT))


def one(name: str) -> Any:
    from pnp.play.policies import POLICIES

    return POLICIES.get(name) or GamePolicy(name)


def _every(text: str) -> set[str]:
    """Every name a seating gives (checked before: resolve takes them as they are)."""
    return {p.partition("=")[2].strip() for p in text.split(",")}


def named(text: str) -> list[str]:
    """The policies a side plays, each once, in the order named (a seating's seats not named: `baseline`)."""
    if not is_seating(text):
        return [text]
    return list(dict.fromkeys(p.partition("=")[2].strip() for p in text.split(",")))


def slower(text: str) -> int:
    """How many times a game's time limit a side's game may take: its slowest policy's (policies.SLOWER)."""
    from pnp.play.policies import SLOWER

    return max(SLOWER.get(name, 1) for name in [*named(text), *([DEFAULT] if is_seating(text) else [])])


def table_of(text: str, players: int) -> list[str]:
    """The policy of each seat (seat 0 first) at a table of `players`, at rotation 0."""
    if not is_seating(text):
        return [text] * players
    given = seats(text, _every(text), 1 << 30)
    return [given.get(s, DEFAULT) for s in range(players)]


def described(text: str, own: dict[str, str]) -> str:
    """What a `--policy` side is, in words (policies.SAID; a game's own policy: its play.yaml's words): a seating
    says each seat's, `seat 1: mcts (...); seats 2-4: greedy (...)`, and a seat not named plays `baseline`."""
    from pnp.core.errors import printable
    from pnp.play.policies import SAID

    def what(name: str) -> str:
        return SAID.get(name) or f"the game's own policy: {printable(own.get(name, 'named in its play.yaml'))}"

    if not is_seating(text):
        return what(text)
    given = seats(text, _every(text), 1 << 30)
    runs: list[tuple[int, int, str]] = []  # (first seat, last seat, policy), seat 0 first
    for seat in sorted(given):
        if runs and runs[-1][1] == seat - 1 and runs[-1][2] == given[seat]:
            runs[-1] = (runs[-1][0], seat, given[seat])
        else:
            runs.append((seat, seat, given[seat]))
    parts = [f"seat{'s' if a != b else ''} {a + 1}{f'-{b + 1}' if a != b else ''}: {name} ({what(name)})"
             for a, b, name in runs]
    return "; ".join(parts) + f"; any other seat: {DEFAULT} ({what(DEFAULT)})"
