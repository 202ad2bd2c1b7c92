"""Play (data): pnp's engine for a game played from its YAML (play_spec.py): a `State` that acts out the turn's
steps and the cards' effects verb by verb, and stops at every choice a player makes (which card to play, which
to discard, which step of a `choose`) as a move the policy picks from the legal ones. The rules never choose.

The steps still to do are an explicit stack of frames, (steps, next index, times left), so a state copies
(`clone`, for look-ahead policies) like any other value.
"""

from __future__ import annotations

import random
from typing import Any

from pnp.play.state import Move, Outcome, State
from pnp.play.table import Table

PLAYED = frozenset({"change", "gain", "spend", "draw", "discard", "shuffle", "repeat", "choose", "play"})


class EffectState(State):
    def __init__(self, table: Table, game: Any):  # game: play_spec.DataGame
        super().__init__(table)
        spec = game.spec
        self.game, self.deck = game, spec.hand
        self.pile = table.pile(spec.hand, reshuffle=True)
        self.hands = [sorted(self._dealt(h)) for h in table.hands]
        self.purse = [dict(spec.resources) for _ in range(table.players)]
        self.tracks = dict(spec.tracks)
        self.round, self.player = 1, 0
        self.stack: list[list[Any]] = []  # frames: [steps, next index, times left]
        self.pending: tuple[str, Any] | None = None  # the choice the acting player is to make: (kind, what)
        self.won: str = ""
        self.stack.append([game.turn, 0, 1])
        self._run()

    def _dealt(self, hand: dict[str, Any]) -> list[str]:
        return [c for label, cards in hand.items() if isinstance(cards, list) for c in cards
                if c in self.table.cards(self.deck)]

    # -- what a policy sees ---------------------------------------------------------------------------------------
    def moves(self) -> list[Move]:
        pending: tuple[str, Any] = self.pending or ("", None)
        kind, what = pending
        if kind == "play":
            pay, resource = what
            purse = self.purse[self.player]
            playable = [c for c in dict.fromkeys(self.hands[self.player])
                        if not pay or purse.get(resource, 0) >= self._cost(c, pay)]
            return [*(Move("play", c, f"{self.deck}/{c}", self._cost(c, pay) if pay else 0) for c in playable),
                    Move("pass")]
        if kind == "discard":
            return [Move("discard", c) for c in dict.fromkeys(self.hands[self.player])]
        if kind == "choose":
            return [Move("choose", i) for i in range(len(what))]
        return []

    def apply(self, move: Move) -> None:
        pending: tuple[str, Any] = self.pending or ("", None)
        kind, what = pending
        self.pending = None
        if kind == "play" and move.name == "play":
            pay, resource = what
            if pay:
                self.purse[self.player][resource] = self.purse[self.player].get(resource, 0) - move.cost
            self.hands[self.player].remove(move.arg)
            self.pile.discard(move.arg)
            self.table.record.play(self.deck, move.arg)
            effect = self.game.effects.get(move.arg) or ()
            if effect:
                self.stack.append([effect, 0, 1])
        elif kind == "discard":
            self.hands[self.player].remove(move.arg)
            self.pile.discard(move.arg)
        elif kind == "choose":
            self.stack.append([what[move.arg], 0, 1])
        self._run()

    def over(self) -> bool:
        return bool(self.won) or self.round > self.game.spec.rounds

    def outcome(self) -> Outcome:
        if self.won:
            return Outcome(True, self.won, min(self.round, self.game.spec.rounds))
        return Outcome(False, f"not won in {self.game.spec.rounds} rounds", self.game.spec.rounds)

    def value(self) -> float:
        from pnp.model.expressions.evaluate import expression

        body = self.game.spec.value or self.game.spec.win
        return float(max(expression(body)(**self._names(p)) for p in range(self.table.players)))

    # -- the engine ---------------------------------------------------------------------------------------------
    def _run(self) -> None:
        """Do steps till a player has a choice to make, the game is won, or it is over."""
        while self.pending is None and not self.over():
            if not self.stack:
                self._next_turn()
                continue
            frame = self.stack[-1]
            steps, i, left = frame
            if i >= len(steps):
                if left > 1:
                    frame[1], frame[2] = 0, left - 1
                else:
                    self.stack.pop()
                continue
            frame[1] = i + 1
            self._step(steps[i])
            self._check_win()

    def _next_turn(self) -> None:
        self.player += 1
        if self.player >= self.table.players:
            self.player = 0
            self.round += 1
            for name, value in self.tracks.items():
                self.table.record.meter(name, value)
        if self.round <= self.game.spec.rounds:
            self.stack.append([self.game.turn, 0, 1])

    def _step(self, step: Any) -> None:
        a, me = step.args, self.player
        if "if" in step.when:
            from pnp.model.expressions.evaluate import expression

            if not expression(step.when["if"])(**self._names(me)):
                return
        verb = step.verb
        if verb == "change":
            self.tracks[a["track"]] = max(0, min(100, self.tracks.get(a["track"], 0) + a["by"]))
        elif verb in ("gain", "spend"):
            sign = 1 if verb == "gain" else -1
            who = a.get("who") or "self"
            for p in range(self.table.players):
                if who == "all" or (who == "self") == (p == me):
                    purse = self.purse[p]
                    purse[a["resource"]] = max(0, purse.get(a["resource"], 0) + sign * a["amount"])
        elif verb == "draw":
            for _ in range(a["count"]):
                card = self.pile.draw()
                if card is None:
                    break
                self.hands[me].append(card)
                self.table.record.draw(self.deck, card)
        elif verb == "discard":
            if self.hands[me] and a["count"]:
                self.pending = ("discard", None)
                if a["count"] > 1:  # the rest of them after this one
                    self.stack.append([(_again(step, a["count"] - 1),), 0, 1])
        elif verb == "shuffle":
            self.pile.shuffle()
        elif verb == "repeat":
            self.stack.append([a["do"], 0, a["times"]])
        elif verb == "choose":
            self.pending = ("choose", a["one"])
        elif verb == "play":
            self.pending = ("play", (a.get("pay"), a.get("resource")))

    def _cost(self, card: str, pay: str) -> int:
        value = self.table.card(self.deck, card).get(pay, 0)
        return value if isinstance(value, int) else 0

    def _names(self, p: int) -> dict[str, Any]:
        return {**self.tracks, **self.purse[p], "round": self.round, "hand": len(self.hands[p])}

    def _check_win(self) -> None:
        from pnp.model.expressions.evaluate import expression

        for p in range(self.table.players):
            if expression(self.game.spec.win)(**self._names(p)):
                self.won = f"{self.game.spec.win} (player {p + 1})"
                return

    def baseline(self, moves: list[Move], rng: random.Random) -> Move:
        """A sensible player: the dearest card they can pay (a card that costs more does more), else pass."""
        plays = [m for m in moves if m.name == "play"]
        if plays:
            return max(plays, key=lambda m: (m.cost, m.arg))
        return moves[int(rng.random() * len(moves))]


def _again(step: Any, count: int) -> Any:
    import dataclasses

    return dataclasses.replace(step, args={**step.args, "count": count}, when={})


class EngineModule:
    """What the runner calls a play module: `start(table)`, here pnp's engine on the game's YAML."""

    def __init__(self, game: Any):  # game: play_spec.DataGame
        self.game = game

    def start(self, table: Table) -> EffectState:
        return EffectState(table, self.game)
