"""The starship deck and the missions: the action split, its spread over the numbers, six missions
per adventure."""

from collections import Counter

from pnp.rules import custom_rule

from .common import LETTERS, data, find_deck

LOW, HIGH = range(1, 6), range(11, 16)


@custom_rule("moon-action-split")
def action_split(game, fail):
    """Say how the starship deck splits over the actions (an info line, not a failure)."""
    deck = find_deck(game, "starship")
    counts: Counter[str] = Counter()
    numbers: dict = {}
    for card in deck.cards:
        action = card.data["action"]
        counts[action] += card.copies
        numbers.setdefault(action, []).extend([card.data["number"]] * card.copies)
    order = [a["id"] for a in data(game, "actions")[1]["actions"]]
    parts = [f"{a} {counts[a]}" for a in order if counts[a]]
    means = ", ".join(f"{a} {sum(numbers[a]) / len(numbers[a]):.1f}" for a in order if numbers.get(a))
    fail(f"{', '.join(parts)} ({sum(counts.values())} cards); mean number: {means}",
         deck.doc.where(("cards",)), deck.id)


@custom_rule("moon-actions-spread")
def actions_spread(game, fail):
    deck = find_deck(game, "starship")
    for action in (a["id"] for a in data(game, "actions")[1]["actions"]):
        numbers = [c.data["number"] for c in deck.cards if c.data["action"] == action for _ in range(c.copies)]
        low = sum(n in LOW for n in numbers)
        high = sum(n in HIGH for n in numbers)
        if low < 2 or high < 2:
            fail(f"{action} has {low} card(s) numbered 1-5 and {high} numbered 11-15; each action needs at "
                 "least 2 of each, so every action can start and finish a floor", deck.doc.where(("cards",)),
                 deck.id)


@custom_rule("moon-missions-per-adventure")
def missions_per_adventure(game, fail):
    deck = find_deck(game, "mission")
    have: Counter[tuple] = Counter()
    for card in deck.cards:
        have[card.data["adventure"], card.data["letter"]] += card.copies
    for adventure in sorted({a for a, _ in have}):
        for letter in LETTERS:
            n = have[adventure, letter]
            if n != 2:
                fail(f"adventure {adventure} has {n} mission{'s' if n != 1 else ''} {letter}; each adventure "
                     "needs 2 of each letter (6 in all), one of each dealt per game",
                     deck.doc.where(("cards",)), deck.id)
