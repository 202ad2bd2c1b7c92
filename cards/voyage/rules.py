"""Voyage In Progress: the rules YAML cannot say."""

import re

from pnp.rules import custom_rule

TASK = re.compile(r"\b([A-Z][a-z]+) task\b")


@custom_rule("basic-tasks-exist")
def basic_tasks_exist(game, fail):
    """A card that names a task ("your Repair task") names one of the basic tasks."""
    tasks = {t["name"] for t in game.data["tasks"].data["tasks"]}
    for deck in game.decks:
        for card in deck.cards:
            for field, value in card.data.items():
                for m in TASK.finditer(value) if isinstance(value, str) else ():
                    if m.group(1) not in tasks:
                        fail(f"{field}: {m.group(0)!r} is not a basic task ({', '.join(sorted(tasks))})",
                             deck.where(card, field), f"{deck.id}/{card.id}")
