"""The rules' verdict on a build: what `rule_problems` finds, taken when the build needs it.

`pnp build` checks the rules after the layout and before anything is imposed. `pnp watch` has them checked for the
decks it writes first by its second process (pnp/commands/rules_beside.py), asked before the game is loaded, while
it lays out, imposes and draws the decks itself; it takes the verdict before it writes a file, so a build whose rules
fail still writes nothing, and the findings are the same, in the same order. A verdict it cannot take (on other
files, or none) is made in line.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core.errors import InputError, Problem, RuleError
from pnp.rules.check import rule_problems, start_custom_rules

if TYPE_CHECKING:
    from pnp.commands.rules_beside import RulesBeside
    from pnp.model.game import Game
    from pnp.rules.check import CheckOptions



class Verdict:
    """The rules of `game` (none when `checked` is False): with `beside` (the watch's second process, asked already),
    its verdict; else the custom rules started now in their worker, to run while pnp lays the game out, and the
    others checked in line by `judged(found)`, which takes what they all found."""

    def __init__(self, game: Game, rules: CheckOptions, checked: bool, root: Path, beside: RulesBeside | None = None):
        self.game, self.rules, self.checked, self.root, self.beside = game, rules, checked, root, beside
        self.started = start_custom_rules(game, rules) if checked and beside is None else None

    def problems(self) -> list[Problem]:
        """The rules' findings (an InputError for a rules.yaml that cannot be read)."""
        if not self.checked:
            return []
        if self.beside is not None:
            from pnp.commands.rules_beside import stamp

            beside, self.beside = self.beside, None
            got = beside.verdict(stamp(self.root, self.game.id))
            if got is not None:
                kind, value = got
                if kind == "input":
                    raise InputError(value)
                if kind == "rule":
                    raise RuleError(value)
                return value
            self.started = start_custom_rules(self.game, self.rules)  # not to be taken: checked here
        return rule_problems(self.game, self.rules, self.started)

    def judged(self, found: list[Problem]) -> list[Problem]:
        """`found` (the layout's findings) and the rules', in the game's language; RuleError when any is an error."""
        from pnp.model.translation.translated import in_language

        try:
            found = in_language(found + self.problems(), self.game)
        finally:
            self.close()
        errors = [p for p in found if p.severity == "error"]
        if errors:
            raise RuleError(errors)
        return found

    def close(self) -> None:
        """The custom rules' worker stopped (when the build fails before its verdict)."""
        if self.started is not None:
            self.started.close()
            self.started = None
