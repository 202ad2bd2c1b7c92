"""Play (data): pnp's engine for a game played from its YAML (play_spec.py): a `State` that acts out the turn's
steps and the cards' effects verb by verb, and stops at every choice a player makes (which card to play, which
to discard, which step of a `choose`, which place, which card goes back on top) as a move the policy picks from
the legal ones. The rules never choose.

The steps still to do are an explicit stack of frames, [steps, next index, times left, acting player], so a state
copies (`clone`, for look-ahead policies) like any other value. When a step happens (`at:`): a card's steps at
`played` (or with no `at:`) when it is played, at `drawn` when it is drawn, and at `round-start` and `round-end` at
the start and the end of every round from then on (as its text reads: "At the end of each round: ..."), for the
player who played it; the turn's steps at `round-start` and `round-end` once a round, for the first player, and
the rest on every player's turn. What a `change`, `gain`, `spend` or `tokens` step does lasts for ever, or for a
time (effect_lasting.py: till a round's end, or till a player pays to resolve it); a passive step (`modify`,
`prevent`) holds from when its card is played (effect_passive.py).
"""

from __future__ import annotations

import random
from typing import Any

from pnp.play.effect_board import Board
from pnp.play.effect_lasting import OFFER, LastingEffects, What
from pnp.play.state import Move, Outcome, State
from pnp.play.table import Table

PLAYED = frozenset({"change", "gain", "spend", "draw", "discard", "shuffle", "repeat", "choose", "play", "look",
                    "tokens", "roll", "move", "modify", "prevent"})
AT = ("played", "drawn", "round-start", "round-end")  # the `at:` the engine plays (never `bought`: it sells nothing)


def split(steps: Any) -> dict[str, tuple[Any, ...]]:
    """A card's (or the turn's) steps by when they happen: `played` (no `at:` too), `drawn`, `round-start`,
    `round-end`."""
    out: dict[str, list[Any]] = {at: [] for at in AT}
    for step in steps or ():
        out[step.when.get("at", "played")].append(step)
    return {at: tuple(s) for at, s in out.items()}


class EffectState(LastingEffects, State):
    def __init__(self, table: Table, game: Any):  # game: play_spec.DataGame
        super().__init__(table)
        spec = game.spec
        self.game, self.deck = game, spec.hand
        self.pile = table.pile(spec.hand, reshuffle=True)
        self.known = 0  # how many of the pile's top cards the players have seen (a `look`): a clone keeps them
        self.hands = [sorted(self._dealt(h)) for h in table.hands]
        self.purse = [dict(spec.resources) for _ in range(table.players)]
        self.tracks = dict(spec.tracks)
        self.board = Board(spec.places, spec.pieces, spec.tokens, table.players)
        self.round, self.player, self.actor = 1, 0, 0
        self.stack: list[list[Any]] = []  # frames: [steps, next index, times left, acting player, card]
        self.source: str | None = None  # the card whose steps are under way (None: the turn's)
        self.pending: tuple[str, Any] | None = None  # the choice the acting player is to make: (kind, what)
        # the steps of the cards played that happen at every round's start or end from then on, who played them
        self.standing: dict[str, list[tuple[tuple[Any, ...], int, str]]] = {"round-start": [], "round-end": []}
        self.ending = False  # the round's end steps are under way
        self.lasting, self.open = [], []  # what lasts till a round's end, and till it is resolved
        self.modifiers, self.prevents = [], []  # the passive steps played
        self.won: str = ""
        self._turn()
        self._run()

    def _dealt(self, hand: dict[str, Any]) -> list[str]:
        return [c for label, cards in hand.items() if isinstance(cards, list) for c in cards
                if c in self.table.cards(self.deck)]

    def hide(self) -> None:
        """A look-ahead's copy: the pile shuffled again below the cards the players have seen."""
        cards = self.pile.cards
        seen = cards[len(cards) - self.known:] if self.known else []
        rest = cards[:len(cards) - len(seen)]
        self.table.rng.shuffle(rest)
        self.pile.cards = rest + seen

    # -- what a policy sees ---------------------------------------------------------------------------------------
    def moves(self) -> list[Move]:
        pending: tuple[str, Any] = self.pending or ("", None)
        kind, what = pending
        hand = self.hands[self.actor]
        if kind == "play":
            pay, resource = what
            purse = self.purse[self.actor]
            playable = [c for c in dict.fromkeys(hand) if not pay or purse.get(resource, 0) >= self._cost(c, pay)]
            return [*(Move("play", c, f"{self.deck}/{c}", self._cost(c, pay) if pay else 0) for c in playable),
                    Move("pass")]
        if kind == "discard":
            return [Move("discard", c) for c in dict.fromkeys(hand)]
        if kind == "choose":
            return [Move("choose", i) for i in range(len(what))]
        if kind == "place":
            return [Move("place", p) for p in what[1]]
        if kind == "look":
            return [Move("on-top", c) for c in dict.fromkeys(what[0])]
        if kind == "resolve":
            return [*(Move("resolve", label) for label in self.resolvable(self.actor)), Move("pass")]
        return []

    def apply(self, move: Move) -> None:
        pending: tuple[str, Any] = self.pending or ("", None)
        kind, what = pending
        self.pending = None
        me = self.actor
        if kind == "play" and move.name == "play":
            pay, resource = what
            if pay:
                self.purse[me][resource] = self.purse[me].get(resource, 0) - move.cost
            self.hands[me].remove(move.arg)
            self.pile.discard(move.arg)
            self.table.record.play(self.deck, move.arg)
            steps = self.game.timed.get(move.arg) or {}
            for at in ("round-start", "round-end"):
                if steps.get(at):
                    self.standing[at].append((steps[at], me, move.arg))
            if steps.get("played"):
                self.stack.append([steps["played"], 0, 1, me, move.arg])
        elif kind == "discard":
            self.hands[me].remove(move.arg)
            self.pile.discard(move.arg)
        elif kind == "choose":
            self.stack.append([what[move.arg], 0, 1, me, self.source])
        elif kind == "place":
            self._at(what[0], move.arg, me)
        elif kind == "look":
            left, chosen = list(what[0]), [*what[1], move.arg]
            left.remove(move.arg)
            if len(set(left)) > 1:
                self.pending = ("look", (tuple(left), tuple(chosen)))
            else:
                self.pile.put_top(chosen + left)  # the first chosen on top; the last (one kind of card) left below
        elif kind == "resolve" and move.name == "resolve":
            self.resolve(move.arg, me)
            self._check_win()
            self._offer()  # another, if they can pay
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
            steps, i, left, who, self.source = frame
            if i >= len(steps):
                if left > 1:
                    frame[1], frame[2] = 0, left - 1
                else:
                    self.stack.pop()
                continue
            frame[1] = i + 1
            self.actor = who
            if steps[i] is OFFER:
                self._offer()
                continue
            self._step(steps[i])
            self._check_win()

    def _turn(self) -> None:
        """The acting player's turn on the stack; at a round's first turn, the round's start steps above it."""
        timed = self.game.turn_timed
        self.stack.append([timed["played"], 0, 1, self.player, None])
        self.stack.append([(OFFER,), 0, 1, self.player, None])  # first, resolving what they can pay for
        if self.player == 0:
            for steps, who, card in reversed(self.standing["round-start"]):
                self.stack.append([steps, 0, 1, who, card])
            if timed["round-start"]:
                self.stack.append([timed["round-start"], 0, 1, 0, None])

    def _next_turn(self) -> None:
        if self.player + 1 < self.table.players:
            self.player += 1
            self._turn()
            return
        if not self.ending:  # the round's end: its steps first (the turn's, then the cards' in the order played)
            self.ending = True
            for steps, who, card in reversed(self.standing["round-end"]):
                self.stack.append([steps, 0, 1, who, card])
            if self.game.turn_timed["round-end"]:
                self.stack.append([self.game.turn_timed["round-end"], 0, 1, 0, None])
            if self.stack:
                return
        self.ending = False
        self._take_back()
        self.player = 0
        self.round += 1
        for name, value in self.tracks.items():
            self.table.record.meter(name, value)
        if self.round <= self.game.spec.rounds:
            self._turn()

    def _step(self, step: Any) -> None:
        a, me = step.args, self.actor
        if "if" in step.when:
            from pnp.model.expressions.evaluate import expression

            if not expression(step.when["if"])(**self._names(me)):
                return
        verb = step.verb
        if verb == "change":
            old = self.tracks.get(a["track"], 0)
            self.tracks[a["track"]] = max(0, min(100, old + a["by"]))
            self._lasting(step, [(("track", a["track"], None), self.tracks[a["track"]] - old)])
        elif verb in ("gain", "spend"):
            sign = 1 if verb == "gain" else -1
            who, changes = a.get("who") or "self", list[tuple[What, int]]()
            for p in range(self.table.players):
                if who == "all" or (who == "self") == (p == me):
                    purse = self.purse[p]
                    old = purse.get(a["resource"], 0)
                    purse[a["resource"]] = max(0, old + sign * a["amount"])
                    changes.append((("purse", a["resource"], p), purse[a["resource"]] - old))
            self._lasting(step, changes)
        elif verb == "draw":
            for _ in range(a["count"]):
                card = self.pile.draw()
                if card is None:
                    break
                self.known = max(0, self.known - 1)
                self.hands[me].append(card)
                drawn = (self.game.timed.get(card) or {}).get("drawn")
                if drawn:
                    self.stack.append([drawn, 0, 1, me, card])
        elif verb == "discard":
            if self.hands[me] and a["count"]:
                self.pending = ("discard", None)
                if a["count"] > 1:  # the rest of them after this one
                    self.stack.append([(_again(step, "count", a["count"] - 1),), 0, 1, me, self.source])
        elif verb == "shuffle":
            self.pile.shuffle()
            self.known = 0
        elif verb == "repeat":
            self.stack.append([a["do"], 0, a["times"], me, self.source])
        elif verb == "choose":
            self.pending = ("choose", a["one"])
        elif verb == "play":
            self.pending = ("play", (a.get("pay"), a.get("resource")))
        elif verb == "look":
            self._look(a)
        elif verb == "roll":
            face = self.table.die(a["die"]).roll()
            self.board.rolled = str(face.get("id", face.get("number")))
            self.table.record.said(f"rolled {a['die']}: {self.board.rolled}")
            faces = a.get("faces") or {}
            steps = faces.get(self.board.rolled, faces.get("other"))
            if steps:
                self.stack.append([steps, 0, 1, me, self.source])
        elif verb in ("tokens", "move", "prevent"):
            self._place(step, a["to"] if verb == "move" else a["place"], a.get("piece"))
        elif verb == "modify":
            self.hold(step, me)

    def _look(self, a: dict[str, Any]) -> None:
        cards = [self.pile.cards.pop() for _ in range(min(a["count"], len(self.pile)))]
        self.known = max(self.known - len(cards), 0) + len(cards)
        if a.get("order", "any") == "same" or len(set(cards)) < 2:
            self.pile.put_top(cards)  # seen, put back as they were
        else:
            self.pending = ("look", (tuple(cards), ()))

    def _place(self, step: Any, where: Any, piece: str | None) -> None:
        """A `tokens` or `move` step at its place: named, or chosen by the acting player (a pending choice)."""
        from pnp.model.effects.effect_steps import PlaceChoice

        me = self.actor
        if isinstance(where, PlaceChoice):
            among = self.board.chosen_among(where.filters, me, piece)
            if len(among) > 1:
                self.pending = ("place", (step, tuple(among)))
            elif among:
                self._at(step, among[0], me)
            else:
                self.table.record.said(f"{step.verb}: no place to choose")
            return
        place = self.board.named(where, me)
        if place is None:
            from pnp.core.errors import InputError, Problem

            raise InputError([Problem(step.where, f"`{where}` names no place yet (no roll before it, or no piece "
                                      "in `pieces:`): roll first, or name a place", step.verb)])
        self._at(step, place, me)

    def _at(self, step: Any, place: str, me: int) -> None:
        if step.verb == "prevent":
            self.hold(step, me, place)
        elif step.verb == "tokens" and self.prevents and self.prevented(place, step.args["add"], me):
            self.table.record.said(f"tokens at {place}: {self.board.tokens[place]}, as a step prevents it")
        elif step.verb == "tokens":
            old = self.board.tokens[place]
            self.board.add(place, step.args["add"])
            self._lasting(step, [(("tokens", place, None), self.board.tokens[place] - old)])
            self.table.record.said(f"tokens at {place}: {self.board.tokens[place]}")
        else:
            self.board.at[me][step.args["piece"]] = place
            self.table.record.said(f"player {me + 1}'s {step.args['piece']} to {place}")

    def _cost(self, card: str, pay: str) -> int:
        value = self.table.card(self.deck, card).get(pay, 0)
        base = value if isinstance(value, int) else 0
        return self._cost_of("play", base, self.actor) if self.modifiers else base

    def _names(self, p: int) -> dict[str, Any]:
        return {**self.tracks, **self.purse[p], **self.board.names(p), "round": self.round,
                "hand": len(self.hands[p])}

    def _offer(self) -> None:
        if self.open and self.resolvable(self.actor):
            self.pending = ("resolve", None)

    def _check_win(self) -> None:
        from pnp.model.expressions.evaluate import expression

        for p in range(self.table.players):
            if expression(self.game.spec.win)(**self._names(p)):
                self.won = f"{self.game.spec.win} (player {p + 1})"
                return

    def say(self, move: Move) -> str:
        """A move in words, for `pnp simulate --trace`: who makes it, and the card by its printed name."""
        who = f"player {self.actor + 1}"
        if move.name in ("play", "discard", "on-top"):
            card = self.table.card(self.deck, move.arg).get("name", move.arg)
            if move.name == "on-top":
                return f"{who} puts {card} back, on top of the rest"
            return f"{who} {move.name}s {card}" + (f" ({move.cost} paid)" if move.cost else "")
        if move.name == "place":
            return f"{who} chooses {move.arg}"
        if move.name == "choose":
            return f"{who} chooses step {move.arg + 1}"
        if move.name == "resolve":
            return f"{who} resolves {self.named(move.arg)}, paying {self.paying(move.arg, self.actor)}"
        if move.name == "pass" and self.pending is not None and self.pending[0] == "resolve":
            return f"{who} resolves nothing"
        return f"{who} passes" if move.name == "pass" else str(move)

    def baseline(self, moves: list[Move], rng: random.Random) -> Move:
        """A sensible player: the dearest card they can pay (a card that costs more does more), else pass; any
        other choice at random."""
        plays = [m for m in moves if m.name == "play"]
        if plays:
            return max(plays, key=lambda m: (m.cost, m.arg))
        return moves[int(rng.random() * len(moves))]


def _again(step: Any, arg: str, count: int) -> Any:
    import dataclasses

    return dataclasses.replace(step, args={**step.args, arg: count}, when={})


class EngineModule:
    """What the runner calls a play module: `start(table)`, here pnp's engine on the game's YAML."""

    def __init__(self, game: Any):  # game: play_spec.DataGame
        self.game = game
        self.blanked: dict[frozenset[str], Any] = {}  # the game with some cards made blank (`--ablate`), by them

    def start(self, table: Table) -> EffectState:
        return EffectState(table, self.as_dealt(table))

    def as_dealt(self, table: Table) -> Any:
        """The game as the table's effects say it: a card whose steps the table gives as none (`effect: none`, a
        blank of it that `pnp simulate --ablate` plays) plays none."""
        import dataclasses

        said = table._effects.get(self.game.spec.hand, {})
        blank = frozenset(c for c, steps in self.game.effects.items() if steps and said.get(c, steps) == ())
        if not blank:
            return self.game
        if blank not in self.blanked:
            self.blanked[blank] = dataclasses.replace(
                self.game, effects={c: () if c in blank else e for c, e in self.game.effects.items()},
                timed={c: split(()) if c in blank else t for c, t in self.game.timed.items()})
        return self.blanked[blank]
