"""`pnp check`: everything `pnp build` verifies, without drawing a page.

Schema and references (load and model), text overflow, safe zone, fonts, icons and images (layout),
then the game's rules (rules.yaml and its custom Python rules), the feasibility of its setups and
the built-in warnings (placeholders).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.core import bounds
from pnp.core.errors import BySeverity, InputError, Problem, Problems, Where
from pnp.model.deck_memo import yaml_bytes
from pnp.model.game import Game, load_game
from pnp.model.load import Doc, load_file
from pnp.model.project import confined
from pnp.model.schema.reader import read

if TYPE_CHECKING:
    from pnp.rules.custom_runner import Started
    from pnp.rules.spec import RulesFile

# layout findings that are rule errors, not bad input
RULE_KINDS = {"text-overflow", "safe-zone", "box-size", "dial", "rulebook-count", "icon-value"}


@dataclass
class Checked(BySeverity):
    """A game checked: its problems, and the rules whose warnings --strict accepts."""
    game: Game
    problems: list[Problem]
    strict_ignores: tuple[str, ...] = ()  # rules whose warnings are known: listed, but --strict accepts them

    def failed(self, strict: bool) -> bool:
        return bool(self.errors) or (strict and any(p.rule not in self.strict_ignores for p in self.warnings))


def load_rules(game: Game) -> tuple[RulesFile, Doc | None]:
    from pnp.rules.spec import RulesFile

    path = game.dir / "rules.yaml"
    if not path.exists():  # (a pipe or a folder is not "no rules": load_file says what it is)
        return RulesFile(), None
    confined(game.root, path, Where(f"cards/{game.id}/rules.yaml"), f"cards/{game.id}/rules.yaml")
    raw = yaml_bytes(game.root, path)
    key = (str(game.root), str(path), raw)
    if raw is not None and key in _RULES:  # read before, byte for byte (pnp watch, a build's two looks)
        return _in_language(game, *_RULES[key])
    doc = load_file(path, game.root)
    spec, found = read(RulesFile, doc.data if doc.data is not None else {}, doc)
    if spec is None:
        raise InputError(found)
    beyond = [Problem(doc.where(("rules", i, key)), message, rule.id)  # before any of it is played or checked
              for i, rule in enumerate(spec.rules) for key, message in rule.out_of_bounds()]
    if beyond:
        raise InputError(beyond)
    if raw is not None:
        _RULES[key] = (spec, doc)
        while len(_RULES) > 16:
            _RULES.pop(next(iter(_RULES)))
    return _in_language(game, spec, doc)


def _in_language(game: Game, spec: RulesFile, doc: Doc | None) -> tuple[RulesFile, Doc | None]:
    """The rules with the setup's sentences in the game's language (the file's own spec stays as read, kept)."""
    from pnp.rules.setup_words import in_language

    setup = in_language(game, spec.setup) if spec.setup is not None else None
    return (spec if setup is spec.setup else dataclasses.replace(spec, setup=setup)), doc  # the kept one, untranslated


_RULES: dict[tuple, tuple[RulesFile, Doc]] = {}  # rules files read, by their bytes (the last 16)


@dataclass
class CheckOptions:
    """How the rules are run: custom rules or not, their time, a final build."""
    custom: bool = True  # run the game's Python rules (`--no-custom-rules` for an untrusted change)
    rule_seconds: float = bounds.RULE_SECONDS  # each custom rule's time (`--rule-timeout`)
    final: bool = False  # a --final build: placeholders are errors
    lang: str | None = None  # the language checked or built (`--lang fr`); None: the game's source language


def start_custom_rules(game: Game, opts: CheckOptions) -> Started | None:
    """The game's custom rules started now in their worker (pnp/core/sandbox/runner.py), to run while pnp lays the game
    out; `rule_problems(game, opts, started)` takes what they found. None: no custom rules to run (or a rules.yaml
    that cannot be read: `rule_problems` says so in its turn)."""
    from pnp.core.errors import PnpError

    if not opts.custom or not (game.dir / "rules.yaml").is_file():
        return None
    try:
        spec, doc = load_rules(game)
    except PnpError:
        return None
    assert doc is not None
    chosen = [i for i, r in enumerate(spec.rules) if r.kind == "custom" and r.function]
    if not chosen:
        return None
    from pnp.rules.custom_runner import Started, start_customs

    return Started(chosen, start_customs(game, [(spec.rules[i], doc.where(("rules", i))) for i in chosen],
                                         opts.rule_seconds))


def rule_problems(game: Game, opts: CheckOptions | None = None, started: Started | None = None) -> list[Problem]:
    """The game's rules (when it has a rules.yaml), its setup's feasibility, and placeholders; `started`: its
    custom rules, started earlier (`start_custom_rules`)."""
    from pnp.rules.placeholders import placeholder_problems
    from pnp.rules.printed_effects import printed_effect_problems

    opts = opts or CheckOptions()
    if not (game.dir / "rules.yaml").is_file():
        return placeholder_problems(game, opts.final) + printed_effect_problems(game)
    from pnp.rules.engine import Engine

    spec, doc = load_rules(game)
    assert doc is not None
    problems = placeholder_problems(game, opts.final) + printed_effect_problems(game) + Engine(
        game, spec, doc, opts.custom, opts.rule_seconds, started).run()
    problems.extend(players_agree(game, doc))
    if spec.setup is not None:
        from pnp.rules.setup import feasibility

        problems.extend(feasibility(game, spec.setup, doc.where(("setup",))))
    return problems


def players_agree(game: Game, rules: Doc) -> list[Problem]:
    """Built in: the setup's `players` (when rules.yaml says them) are game.yaml's, so that `pnp setup` and the
    box agree on who can play."""
    setup = rules.data.get("setup") if isinstance(rules.data, dict) else None
    said = setup.get("players") if isinstance(setup, dict) else None
    if not isinstance(said, dict):
        return []
    low, high = said.get("min", 1), said.get("max", 1)
    box = game.manifest.players
    if box is not None and (box.min, box.max) == (low, high):
        return []
    game_says = f"game.yaml says {box.min} to {box.max} ({game.doc.where(('players',))})" if box else \
        "game.yaml says nothing (add `players:` there)"
    return [Problem(rules.where(("setup", "players")), f"the setup takes {low} to {high} players, {game_says}: one "
                    "count for both, or `pnp setup` deals games the box does not support", "setup.players", "error",
                    "players")]


def split(problems: list[Problem], root: Path | None = None, final: bool = False
          ) -> tuple[list[Problem], list[Problem]]:
    """(bad input, rule findings) among layout problems, each said once (a template mistake that every
    card repeats: one problem at the expression's line, with the number of cards; `root` locates it), the
    images drawn as placeholders in one warning (`final`: an error for each)."""
    from pnp.rules.messages import said_once
    from pnp.rules.missing_art import missing_art

    problems = said_once(missing_art(problems, final), root)
    bad = [p for p in problems if p.severity == "error" and p.rule not in RULE_KINDS]
    return bad, [p for p in problems if p not in bad]


def check_game(root: Path, game_id: str, opts: CheckOptions | None = None) -> Checked:
    from pnp.layout.whole_game import lay_out_game
    from pnp.model.translation.coverage import coverage_problems
    from pnp.model.translation.translated import TranslatedGame, game_in, in_language
    from pnp.rules.rulebook_flow import rulebook_flow

    lang_found = Problems()
    game = game_in(load_game(root, game_id), (opts or CheckOptions()).lang, lang_found)
    started = start_custom_rules(game, opts or CheckOptions())
    try:
        problems = lang_found
        env, decks = lay_out_game(game, game.manifest.print.bleed, problems)
        if not problems.errors:  # the rulebook (if any): its names and counts against what the build prints
            made = rulebook_flow(game, decks, env)
            problems.extend(made[1] if made else [])
        bad, found = split(problems.items, root)
        if bad:
            raise InputError(in_language(bad, game))
        spec, _ = load_rules(game)
        found += rule_problems(game, opts, started)
        if isinstance(game, TranslatedGame):  # what is said of the translation itself: missing, stale, glossary
            found += coverage_problems(game)
        return Checked(game, in_language(found, game), tuple(spec.strict_ignores))
    finally:
        if started is not None:
            started.close()
