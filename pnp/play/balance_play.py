"""Play: `kind: balance` rules, run by `pnp check`. The game is played as `pnp simulate` plays it (seed 1,
every player count of the setup) and held to what the rule expects: the win rate within `min`-`max` %
at every player count, and no card's win-rate effect beyond `card_effect` points. Each finding is
located at the rule's line in rules.yaml, with the rule's severity.
"""

from __future__ import annotations

import os

from pnp.core.errors import Problem, Where
from pnp.model.game import Game

SEED = 1
ENOUGH = 30  # games with and without a card before its effect is judged


def balance_problems(game: Game, custom: bool = True, jobs: int | None = None) -> list[Problem]:
    from pnp.play.lab import play
    from pnp.play.policies import POLICIES
    from pnp.play.run import Variant, play_file
    from pnp.rules.check import load_rules

    spec, doc = load_rules(game)
    rules = [(i, rule) for i, rule in enumerate(spec.rules) if rule.kind == "balance"]
    if not rules or doc is None:
        return []
    out: list[Problem] = []
    for i, rule in rules:
        at = doc.where(("rules", i))

        def say(message: str, subject: str = "", severity: str = rule.severity, rule_id: str = rule.id,
                at: Where = at) -> None:
            out.append(Problem(at, message, subject or rule_id, severity, rule_id))

        if not custom:
            say("not run (--no-custom-rules): a balance rule plays the game's play module", severity="warning",
                rule_id="custom-rules-skipped")
            continue
        if play_file(game) is None or spec.setup is None:
            say(f"a balance rule plays the game: it needs cards/{game.id}/play.py and a `setup:` (docs/simulate.md)",
                severity="error")
            continue
        if rule.policy not in POLICIES:
            say(f"policy {rule.policy!r}: one of {', '.join(POLICIES)}", severity="error")
            continue
        counts = list(range(spec.setup.players.min, spec.setup.players.max + 1))
        report = play(game, spec.setup, counts, rule.games, SEED, rule.policy, [Variant()],
                      jobs or os.cpu_count() or 1)
        low = rule.min if rule.min is not None else 0.0
        high = rule.max if rule.max is not None else 100.0
        for group in report["groups"]:
            n, win = group["players"], group["win"]
            rate = 100 * win["rate"]
            if not low <= rate <= high:
                say(f"{n} player{'s' if n != 1 else ''}: the {rule.policy} crew wins {rate:.1f} % of {win['games']} "
                    f"games (95 % interval {100 * win['low']:.1f}-{100 * win['high']:.1f} %), outside "
                    f"{low:g}-{high:g} %; see `pnp simulate {game.id} --players {n} --policy {rule.policy}`")
            for card in group["cards"] if rule.card_effect is not None else ():
                rest = win["games"] - card["played_games"]
                if card["played_games"] >= ENOUGH and rest >= ENOUGH and abs(100 * card["effect"]) > rule.card_effect:
                    say(f"{n} player{'s' if n != 1 else ''}: games that played it won {100 * card['effect']:+.1f} "
                        f"points against those that did not (limit +-{rule.card_effect:g})", card["card"])
    return out
