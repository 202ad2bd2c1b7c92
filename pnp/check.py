"""`pnp check`: everything `pnp build` verifies, without drawing a page.

Schema and references (load and model), text overflow, safe zone, fonts, icons and images (layout),
then the game's rules (rules.yaml and its custom Python rules), the feasibility of its setups and
the built-in warnings (placeholders).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.errors import InputError, Problem, Problems
from pnp.load import Doc, load_file
from pnp.model import Game, load_game
from pnp.rules_spec import RulesFile
from pnp.schema import read

RULE_KINDS = {"text-overflow", "safe-zone"}  # layout findings that are rule errors, not bad input


@dataclass
class Checked:
    game: Game
    problems: list[Problem]

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "warning"]


def load_rules(game: Game) -> tuple[RulesFile, Doc | None]:
    path = game.dir / "rules.yaml"
    if not path.is_file():
        return RulesFile(), None
    doc = load_file(path, game.root)
    spec, found = read(RulesFile, doc.data if doc.data is not None else {}, doc)
    if spec is None:
        raise InputError(found)
    return spec, doc


def rule_problems(game: Game) -> list[Problem]:
    from pnp.rules import Engine
    from pnp.setup import feasibility

    spec, doc = load_rules(game)
    if doc is None:
        doc = Doc(f"cards/{game.id}/rules.yaml", {})
    problems = Engine(game, spec, doc).run()
    if spec.setup is not None:
        problems.extend(feasibility(game, spec.setup, doc.where(("setup",))))
    return problems


def split(problems: list[Problem]) -> tuple[list[Problem], list[Problem]]:
    """(bad input, rule findings) among layout problems."""
    bad = [p for p in problems if p.severity == "error" and p.rule not in RULE_KINDS]
    return bad, [p for p in problems if p not in bad]


def check_game(root: Path, game_id: str) -> Checked:
    from pnp.build import BuildOptions, lay_out_deck, layout_env, settings_for
    from pnp.templates import TemplateStore

    game = load_game(root, game_id)
    problems = Problems()
    env = layout_env(game, problems)
    problems.raise_if_errors()
    store = TemplateStore(root)
    bleed = settings_for(game, BuildOptions()).bleed
    for deck in game.decks:
        try:
            lay_out_deck(deck, game, store, env, bleed, problems)
        except InputError as exc:
            problems.extend(exc.problems)
    bad, found = split(problems.items)
    if bad:
        raise InputError(bad)
    return Checked(game, found + rule_problems(game))
