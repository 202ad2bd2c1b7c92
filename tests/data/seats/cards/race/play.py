"""Race, played: each player in turn steps 1 or dashes (a d6: 4+ moves 3); the first to the goal wins. With
`together`, every player chooses in turn, then all move at once at the round's end, and every player at the goal
shares the win (the fair variant: no one moves first)."""

from pnp.play import Move, Outcome, State, Table

STEP, DASH = Move("step"), Move("dash")


class Race(State):
    def __init__(self, table: Table):
        super().__init__(table)
        track = table.data("track")
        self.goal, self.together = track["goal"], track["together"]
        start = {card: fields["start"] for card, fields in table.cards("shoe").items()}
        self.place = [start[hand["shoe"][0]] for hand in table.hands]
        self.die = table.die("die")
        self.player, self.round, self.chosen = 0, 1, []

    def seat(self) -> int:
        return self.player

    def moves(self) -> list[Move]:
        return [STEP, DASH]

    def _move(self, player: int, move: Move) -> None:
        self.place[player] += 1 if move == STEP else 3 if self.die.roll()["number"] >= 4 else 0

    def apply(self, move: Move) -> None:
        if self.together:
            self.chosen.append(move)
        else:
            self._move(self.player, move)
        if not self.together:  # who leads, after every move (the lead measures)
            self.table.record.scores(tuple(self.place))
        self.player += 1
        if self.player == self.table.players:
            for player, chosen in enumerate(self.chosen):
                self._move(player, chosen)
            self.player, self.round, self.chosen = 0, self.round + 1, []

    def over(self) -> bool:
        return max(self.place) >= self.goal and not self.chosen

    def outcome(self) -> Outcome:
        winners = tuple(p for p, at in enumerate(self.place) if at >= self.goal)
        if not self.together:  # the first to arrive: the one who moved last
            winners = ((self.player - 1) % self.table.players,)
        return Outcome(True, "arrived", self.round, tuple(self.place), winners)

    def values(self) -> dict[str, float]:
        return {"place": self.place[self.player]}

    def baseline(self, moves, rng) -> Move:
        return DASH

    def policy(self, name, moves, rng) -> Move:
        return STEP if name == "careful" else DASH

    def say(self, move: Move) -> str:
        return f"player {self.player + 1} {'steps' if move == STEP else 'dashes'}"


def start(table: Table) -> State:
    return Race(table)
