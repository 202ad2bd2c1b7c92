"""Play: the policies that choose a move, and the loop that plays one game with one of them.

- `random`: any legal move, equally likely.
- `baseline`: the play module's own sensible player (`State.baseline`); random where it has none.
- `greedy`: knows nothing of any game either: one move ahead, each state scored by the game's `value:`
  (a game played from its YAML, play.yaml).
- `mcts`: knows nothing of any game: Monte-Carlo tree search (UCT) with `MCTS_ITERATIONS` playouts a decision,
  each in a copy of the game whose hidden piles are shuffled again (determinized: it never sees the real order),
  its moves chosen by UCB1 down the tree of moves tried so far, then played to the end by the baseline; it
  plays the move tried most.
- `search`: knows nothing of any game: flat Monte-Carlo over the legal moves. The baseline's choice and
  up to `CANDIDATES - 1` other legal moves (drawn at random where there are more) are each tried in
  `ROLLOUTS` copies of the game (fresh dice, hidden piles shuffled again), each played to its end by
  the baseline; the move that wins most often is played (ties: the baseline's own choice).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, cast

from pnp.play.state import Move, Outcome, State

Policy = Callable[[State, list[Move], random.Random], Move]
ROLLOUTS = 4  # look-aheads per move tried by `search`
CANDIDATES = 8  # moves `search` tries: the baseline's choice and, where there are more, others drawn at random
SLOWER = {"search": 200, "mcts": 200, "greedy": 50}  # how many times a game's time limit a policy's game may take
IDLE_MOVES = 20  # moves in a row that raise nothing after which `greedy` plays the first move offered
MCTS_ITERATIONS = 48  # playouts `mcts` makes a decision
MCTS_EXPLORE = 1.4  # UCB1's exploration constant (a win is 1)
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
    me = state.seat()
    others = [m for m in moves if m != preferred]
    rng.shuffle(others)
    best, best_wins = preferred, -1.0
    for move in [preferred, *others[:CANDIDATES - 1]]:
        wins = 0.0
        for _ in range(ROLLOUTS):
            look = state.clone(rng)
            look.apply(move)
            wins += reward(play(look, baseline_policy, rng), me)
        if wins > best_wins:  # ties: the baseline's choice, tried first
            best, best_wins = move, wins
    return best


def greedy_policy(state: State, moves: list[Move], rng: random.Random) -> Move:
    """One move ahead: each legal move tried on a copy of the game (fresh dice, hidden piles shuffled again),
    the state it leads to scored by the game's `value:`; the best is played (ties: the first offered). After
    `IDLE_MOVES` moves in a row that raised nothing, it plays the first move offered (a game's own end of a
    turn, where it has one): one move ahead cannot see that moving about for free leads nowhere."""
    if len(moves) == 1:
        return moves[0]
    now = state.value()
    idle = getattr(state, "_pnp_idle", 0)
    best, best_value = moves[0], float("-inf")
    for move in moves:
        look = state.clone(rng)
        look.apply(move)
        value = look.value()
        if value > best_value:
            best, best_value = move, value
    idle = idle + 1 if best_value <= now else 0
    state._pnp_idle = idle  # type: ignore[attr-defined]  # the policy's own count, on the game it plays
    return moves[0] if idle > IDLE_MOVES else best


def mcts_policy(state: State, moves: list[Move], rng: random.Random) -> Move:
    """UCT over the tree of moves (a node: the moves played from here), each playout in a fresh determinized
    copy, so a node's moves are those legal in the copy that reached it. The root's moves are tried in the
    baseline's order of preference (its choice first); the move played is the one tried most, then the one
    that won most often, then the earlier in that order (so, with too few playouts to tell, the baseline's)."""
    import math

    if len(moves) == 1:
        return moves[0]
    preferred = state.baseline(moves, rng)
    root = [preferred, *(m for m in moves if m != preferred)]
    tried: dict[tuple, list] = {(): [0, 0.0]}  # path of moves -> [playouts, wins]
    for _ in range(MCTS_ITERATIONS):
        look, path, legal = state.clone(rng), cast(tuple[Move, ...], ()), root
        seats: list[int] = []  # the seat that chose each move of the path
        while True:
            new = [m for m in legal if (*path, m) not in tried]
            if new:  # expand a move not tried yet from here (at the root: in the baseline's order)
                move = new[0] if not path else new[int(rng.random() * len(new))]
                path = (*path, move)
                tried[path] = [0, 0.0]
                seats.append(look.seat())
                look.apply(move)
                break
            visits = tried[path][0]
            move = max(legal, key=lambda m: _ucb(tried[(*path, m)], visits, math.log))
            path = (*path, move)
            seats.append(look.seat())
            look.apply(move)
            if look.over():
                break
            legal = look.moves()
        end = look.outcome() if look.over() else play(look, baseline_policy, rng)
        for i in range(len(path) + 1):  # a node's wins are those of the seat that chose its move
            node = tried[path[:i]]
            node[0] += 1
            node[1] += reward(end, seats[i - 1] if i else seats[0])
    return max(root, key=lambda m: _tried_most(tried.get((m,))))


def reward(outcome: Outcome, seat: int) -> float:
    """What a game's end is worth to `seat`: won or not (a cooperative game, without winners); a competitive game's
    1 to a sole winner, 1/k to each of k sharing the win, 0 to a seat that did not win."""
    winners = getattr(outcome, "winners", None)
    if winners is None:
        return outcome.won
    return 1 / len(winners) if seat in winners else 0


def _tried_most(node: list | None) -> tuple:
    return (0, 0.0) if node is None else (node[0], node[1] / node[0])


def _ucb(node: list, parent: int, log) -> float:
    return node[1] / node[0] + MCTS_EXPLORE * (log(parent) / node[0]) ** 0.5


class GamePolicy:
    """A game's own named policy (play.yaml `policies:`): the play module's `State.policy(name, moves, rng)`."""

    def __init__(self, name: str):
        self.name = name

    def __call__(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        if type(state).policy is State.policy:
            raise EndlessGame("policy", f"play.yaml names the policy {self.name!r}: define State.policy(name, moves, "
                                        "rng) in the play module to play it (docs/simulate.md)")
        return state.policy(self.name, moves, rng)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GamePolicy) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)


class Seated:
    """A policy per seat (seat 0 first; `default` for a seat beyond the list); `rotation` turns it with the deal."""

    def __init__(self, by_seat: tuple[Any, ...], default: Any, rotation: int = 0):
        self.by_seat, self.default, self.rotation = by_seat, default, rotation

    def at(self, seat: int, players: int) -> Any:
        """The policy of `seat` at a table of `players`: that of the player sitting there at this rotation."""
        player = (seat - self.rotation) % players
        return self.by_seat[player] if player < len(self.by_seat) else self.default

    def rotated(self, rotation: int) -> Seated:
        return Seated(self.by_seat, self.default, rotation)

    def __call__(self, state: State, moves: list[Move], rng: random.Random) -> Move:
        return self.at(state.seat(), state.table.players)(state, moves, rng)


# what each policy is, as every report says it (text, JSON, HTML, Markdown) and docs/simulate.md's table shows it:
# a bot, never a player, and how far from skilled play it stands
SAID: dict[str, str] = {
    "random": "any legal move, equally likely: the floor a design should rise well above, not a player",
    "baseline": "the play module's own sensible player (random where it has none): decent, not skilled; it does "
                "not plan ahead",
    "greedy": "greedy one move ahead, by the game's value: a lower bound on skilled play",
    "search": "flat Monte-Carlo, each candidate move played out by the baseline: a stronger bot, short of skilled "
              "play",
    "mcts": f"Monte-Carlo tree search, {MCTS_ITERATIONS} playouts a decision, played out by the baseline: a stronger "
            "bot, short of skilled play",
}
POLICIES: dict[str, Policy] = {"random": random_policy, "baseline": baseline_policy, "search": search_policy,
                               "greedy": greedy_policy, "mcts": mcts_policy}


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


def told(move: Move, method: str, state: State | None = None) -> str:
    """A move as a trace tells it (the state's own words, `State.say`), within RECORD_NAME characters; else a
    LongMove."""
    from pnp.core.bounds import RECORD_NAME
    from pnp.core.errors import echo

    text = str(move) if state is None else state.say(move)
    if type(text) is not str:
        raise LongMove("say", f"say() returns text, not {echo(text)}")
    if len(text) > RECORD_NAME:
        raise LongMove(method, f"{method}() returns a move told in more than {RECORD_NAME} characters: {echo(text)}")
    return text


def play(state: State, policy: Policy, rng: random.Random, story: list[tuple] | None = None,
         tally: dict[str, Any] | None = None):  # -> Outcome
    """Play `state` to its end: the policy chooses each move among the legal ones (the baseline's
    without the list, where the play module can: `State.baseline_move`). `story`: each move told into it,
    with the moves it was chosen from (`pnp simulate --trace`). `tally`: each decision counted into it (the
    game's own, never a look-ahead's: pnp.play.quality.count)."""
    from pnp.play.quality import count, count_quick
    from pnp.play.table import tell

    quick = type(state).baseline_move is not State.baseline_move
    # the baseline's quick moves, and whether each was forced where the module tells it (State.baseline_forced):
    # kept as they are made and counted at once (quality.count_quick), before a listed decision and at the end
    unlisted: list[Move] = []
    said: list[bool | None] = []  # what baseline_forced told of each
    tells = said.append if type(state).baseline_forced is not State.baseline_forced else None
    seated = policy if isinstance(policy, Seated) else None
    direct = policy is baseline_policy and quick
    for _ in range(MOVE_LIMIT):
        if state.over():
            if unlisted and tally is not None:
                count_quick(tally, unlisted, said)
            return state.outcome()
        if seated is not None:  # whose decision it is: that seat's policy chooses
            policy = seated.at(_seat(state), state.table.players)
            direct = policy is baseline_policy and quick
        if direct and (move := state.baseline_move(rng)) is not None:
            if story is not None:  # (the baseline's own move, found without the list: the same game as untraced)
                tell(story, ("move", told(move, "baseline_move", state), [], 0))
            if tally is not None:  # (before the move is applied: whether it was forced, where the module knows)
                unlisted.append(move)
                if tells is not None:
                    tells(state.baseline_forced())
            state.apply(move)
            continue
        moves = state.moves()
        if not moves:
            raise EndlessGame("moves", "moves() offered no move while over() says the game goes on")
        move = policy(state, moves, rng)
        if not any(m is move for m in moves) and move not in moves:
            raise EndlessGame("policy" if isinstance(policy, GamePolicy) else "baseline",
                              f"the policy chose {move}, which is not a legal move")
        if story is not None:
            tell(story, ("move", told(move, "moves", state), [told(m, "moves", state) for m in moves[:TOLD_MOVES]],
                         len(moves)))
        if tally is not None:
            if unlisted:  # the quick moves before this one first: the kinds counted in the order they were chosen
                count_quick(tally, unlisted, said)
            count(tally, move, moves)
        state.apply(move)
    raise EndlessGame("over", f"the game was not over after {MOVE_LIMIT:,} moves: does over() ever say so?")


def _seat(state: State) -> int:
    """The seat whose decision it is (State.seat), an int from 0 to the players less one; else an EndlessGame at
    `seat`."""
    from pnp.core.errors import echo

    seat = state.seat()
    if type(seat) is not int or not 0 <= seat < state.table.players:
        raise EndlessGame("seat", f"seat() returns a seat from 0 to {state.table.players - 1} (the first player 0), "
                                  f"not {echo(seat)}")
    return seat
