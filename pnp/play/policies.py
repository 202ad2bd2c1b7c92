"""Play: the policies that choose a move, and the loop that plays one game with one of them.

- `random`: any legal move, equally likely.
- `baseline`: the play module's own sensible player (`State.baseline`); random where it has none.
- `greedy`: knows nothing of any game either: one move ahead, each state scored by the game's `value:`
  (a game played from its YAML, play.yaml).
- `search`: knows nothing of any game: flat Monte-Carlo over the legal moves. The baseline's choice and
  up to `CANDIDATES - 1` other legal moves (drawn at random where there are more) are each tried in
  `ROLLOUTS` copies of the game (fresh dice, hidden piles shuffled again), each played to its end by
  the baseline; the move that wins most often is played (ties: the baseline's own choice).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from pnp.play.state import Move, State

Policy = Callable[[State, list[Move], random.Random], Move]
ROLLOUTS = 4  # look-aheads per move tried by `search`
CANDIDATES = 8  # moves `search` tries: the baseline's choice and, where there are more, others drawn at random
SLOWER = {"search": 200}  # how many times a game's time limit a policy's game may take
MOVE_LIMIT = 5_000  # moves in one game: a play module whose game never ends is stopped here
TOLD_MOVES = 12  # the moves a trace names beside the one chosen (and how many there were)


def random_policy(state: State, moves: list[Move], rng: random.Random) -> Move:
    return moves[int(rng.random() * len(moves))]


def baseline_policy(state: State, moves: list[Move], rng: random.Random) -> Move:
    return state.baseline(moves, rng)


def search_policy(state: State, moves: list[Move], rng: random.Random) -> Move:
    if len(moves) == 1:
        return moves[0]
    preferred = state.baseline(moves, rng)
    others = [m for m in moves if m != preferred]
    rng.shuffle(others)
    best, best_wins = preferred, -1.0
    for move in [preferred, *others[:CANDIDATES - 1]]:
        wins = 0.0
        for _ in range(ROLLOUTS):
            look = state.clone(rng)
            look.apply(move)
            wins += play(look, baseline_policy, rng).won
        if wins > best_wins:  # ties: the baseline's choice, tried first
            best, best_wins = move, wins
    return best


def greedy_policy(state: State, moves: list[Move], rng: random.Random) -> Move:
    """One move ahead: each legal move tried on a copy of the game (fresh dice, hidden piles shuffled again),
    the state it leads to scored by the game's `value:`; the best is played (ties: the first offered)."""
    if len(moves) == 1:
        return moves[0]
    best, best_value = moves[0], float("-inf")
    for move in moves:
        look = state.clone(rng)
        look.apply(move)
        value = look.value()  # type: ignore[attr-defined]  # a game played from its YAML (effect_engine.py)
        if value > best_value:
            best, best_value = move, value
    return best


POLICIES: dict[str, Policy] = {"random": random_policy, "baseline": baseline_policy, "search": search_policy,
                               "greedy": greedy_policy}


class EndlessGame(Exception):
    """The game went on past MOVE_LIMIT moves, or offered no move before it was over. `method`: the State method
    whose answer kept it going (said at its line)."""

    def __init__(self, method: str, why: str):
        super().__init__(why)
        self.method = method


class LongMove(Exception):
    """A move a trace would tell is longer than a record's name may be (pnp.core.bounds.RECORD_NAME): what a trace
    tells leaves the worker, so it is held to the record's bounds. `method`: the State method that gave it."""

    def __init__(self, method: str, why: str):
        super().__init__(why)
        self.method = method


def told(move: Move, method: str) -> str:
    """A move as a trace tells it (`str(move)`), within RECORD_NAME characters; else a LongMove."""
    from pnp.core.bounds import RECORD_NAME
    from pnp.core.errors import echo

    text = str(move)
    if len(text) > RECORD_NAME:
        raise LongMove(method, f"{method}() returns a move told in more than {RECORD_NAME} characters: {echo(text)}")
    return text


def play(state: State, policy: Policy, rng: random.Random, story: list[tuple] | None = None):  # -> Outcome
    """Play `state` to its end: the policy chooses each move among the legal ones (the baseline's
    without the list, where the play module can: `State.baseline_move`). `story`: each move told into it,
    with the moves it was chosen from (`pnp simulate --trace`)."""
    from pnp.play.table import tell

    direct = policy is baseline_policy and type(state).baseline_move is not State.baseline_move
    for _ in range(MOVE_LIMIT):
        if state.over():
            return state.outcome()
        if direct and (move := state.baseline_move(rng)) is not None:
            if story is not None:  # (the baseline's own move, found without the list: the same game as untraced)
                tell(story, ("move", told(move, "baseline_move"), [], 0))
            state.apply(move)
            continue
        moves = state.moves()
        if not moves:
            raise EndlessGame("moves", "moves() offered no move while over() says the game goes on")
        move = policy(state, moves, rng)
        if not any(m is move for m in moves) and move not in moves:
            raise EndlessGame("baseline", f"the policy chose {move}, which is not a legal move")
        if story is not None:
            tell(story, ("move", told(move, "moves"), [told(m, "moves") for m in moves[:TOLD_MOVES]], len(moves)))
        state.apply(move)
    raise EndlessGame("over", f"the game was not over after {MOVE_LIMIT:,} moves: does over() ever say so?")
