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


@custom_rule("task-numbers-in-text")
def task_numbers_in_text(game, fail):
    """A basic task's effect says the number the simulation plays it with ("Increase Sanitation by 20%")."""
    table = game.data["tasks"]
    for i, task in enumerate(table.data["tasks"]):
        for field, value in task.items():
            if field not in ("name", "cost", "effect") and isinstance(value, int) and str(value) not in task["effect"]:
                fail(f"{task['name']}: the effect does not say {field} {value}: {task['effect']!r}",
                     table.where(("tasks", i, "effect")), f"tasks/{task['name']}")
