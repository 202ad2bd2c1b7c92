"""Stage 3', rules: the typed game (and its laid-out faces) -> violations, and legal setups.

Takes the model and layout's findings; gives located problems (errors, warnings, infos) and dealt
setups. Knows nothing of pages, PDFs or the command line.

This module is also the one public face for game code: a custom rule in `cards/<game>/rules.py`
imports from here and nowhere else in pnp (docs/rules.md, "Custom rules in Python"):

    from pnp.rules import Game, Fail, custom_rule, template

    @custom_rule("names-are-short")
    def names_are_short(game: Game, fail: Fail) -> None:
        for card in game.deck("ability").cards:
            if len(card.data["name"]) > 20:
                fail("name: more than 20 letters", game.deck("ability").where(card, "name"), card.id)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from pnp.core.errors import Where
    from pnp.model.game import Card, Deck, Game
    from pnp.model.load import Doc
    from pnp.rules.custom_runner import Fail, RuleFunction, custom_rule
    from pnp.rules.layouts import Box, TemplateLayout, template
    from pnp.rules.setup import GameSetup, setup_of

_PUBLIC = {"Card": "pnp.model.game", "Deck": "pnp.model.game", "Game": "pnp.model.game", "Doc": "pnp.model.load",
           "Where": "pnp.core.errors", "Fail": "pnp.rules.custom_runner", "RuleFunction": "pnp.rules.custom_runner",
           "custom_rule": "pnp.rules.custom_runner", "Box": "pnp.rules.layouts", "TemplateLayout": "pnp.rules.layouts",
           "template": "pnp.rules.layouts", "GameSetup": "pnp.rules.setup", "setup_of": "pnp.rules.setup"}
__all__ = ["Box", "Card", "Deck", "Doc", "Fail", "Game", "GameSetup", "RuleFunction", "TemplateLayout", "Where",
           "custom_rule", "setup_of", "template"]


def __getattr__(name: str) -> Any:
    """The public names, imported when game code first asks for them: `pnp build` of a game without
    custom rules does not pay for the rules engine's import."""
    if name not in _PUBLIC:
        raise AttributeError(f"module 'pnp.rules' has no attribute {name!r}")
    import importlib

    return getattr(importlib.import_module(_PUBLIC[name]), name)
