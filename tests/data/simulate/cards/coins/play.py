"""Coins, played: each turn the crew draws a coin (its value joins the purse) or rolls the die (4+
adds 1). Fill the purse to the goal before the turns run out."""

from pnp.play import Move, Outcome, State, Table

DRAW, ROLL = Move("draw"), Move("roll")


class Coins(State):
    def __init__(self, table: Table):
        super().__init__(table)
        purse = table.data("purse")
        self.goal, self.turns = purse["goal"], purse["turns"]
        self.value = {card: fields["value"] for card, fields in table.cards("coin").items()}
        self.pile = table.pile("coin")  # the coins the setup did not deal, shuffled
        self.die = table.die("die")
        self.purse = sum(self.value[hand["coin"][0]] for hand in table.hands)
        self.turn = 0

    def moves(self) -> list[Move]:
        return [DRAW, ROLL] if len(self.pile) else [ROLL]

    def apply(self, move: Move) -> None:
        self.turn += 1
        if move == DRAW:
            coin = self.pile.draw()
            self.table.record.play("coin", coin)
            self.purse += self.value[coin]
        elif self.die.roll()["number"] >= 4:
            self.purse += 1
        self.table.record.meter("purse", self.purse)

    def over(self) -> bool:
        return self.purse >= self.goal or self.turn >= self.turns

    def outcome(self) -> Outcome:
        won = self.purse >= self.goal
        return Outcome(won, "filled" if won else "out of turns", self.turn)

    def baseline(self, moves, rng) -> Move:
        """Draw while the coins left are worth more than a roll (1/2) on average."""
        left = self.pile.cards
        return DRAW if DRAW in moves and sum(self.value[c] for c in left) / len(left) > 0.5 else ROLL


def start(table: Table) -> State:
    return Coins(table)
