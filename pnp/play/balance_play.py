"""Play: `kind: balance` rules, run by `pnp check`. The game is played as `pnp simulate` plays it (seed 1,
every player count of the setup) and held to what the rule expects: the win rate within `min`-`max` %
at every player count, and no card's effect beyond `card_effect` points, measured as `pnp simulate --ablate`
measures it (the win rate with the card less with a blank of it, on the same deals, with sequential looks): a
card is found only when its interval lies wholly beyond the limit. Each finding is located at the rule's line in
rules.yaml, with the rule's severity.
"""

from __future__ import annotations

import os

from pnp.core.errors import Problem, Where
from pnp.model.game import Game

SEED = 1


def balance_problems(game: Game, custom: bool = True, jobs: int | None = None) -> list[Problem]:
    from pnp.play.lab import play
    from pnp.play.policies import POLICIES
    from pnp.play.run import play_file
    from pnp.play.variant import Variant
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
        won: dict[tuple[int, int, int], bool] = {}
        report = play(game, spec.setup, counts, rule.games, SEED, rule.policy, [Variant()],
                      jobs or os.cpu_count() or 1, won=won)
        low = rule.min if rule.min is not None else 0.0
        high = rule.max if rule.max is not None else 100.0
        for group in report["groups"]:
            n, win = group["players"], group["win"]
            rate = 100 * win["rate"]
            if not low <= rate <= high:
                say(f"{n} player{'s' if n != 1 else ''}: the {rule.policy} crew wins {rate:.1f} % of {win['games']} "
                    f"games (95 % interval {100 * win['low']:.1f}-{100 * win['high']:.1f} %), outside "
                    f"{low:g}-{high:g} %; see `pnp simulate {game.id} --players {n} --policy {rule.policy}`")
        if rule.card_effect is not None:
            for r in _ablated(game, spec.setup, counts, rule.policy, rule.card_effect, jobs, won):
                n = r["players"]
                say(f"{n} player{'s' if n != 1 else ''}: with it the {rule.policy} crew wins "
                    f"{100 * r['difference']:+.1f} points against a blank of it (99.7 % paired interval "
                    f"{100 * r['low']:+.1f} to {100 * r['high']:+.1f}, {r['games']:,} same deals), beyond the limit "
                    f"+-{rule.card_effect:g}; see `pnp simulate {game.id} --players {n} --policy {rule.policy} "
                    f"--ablate {r['card']}`", r["card"])
    return out


def _ablated(game: Game, setup: object, counts: list[int], policy: str, limit: float, jobs: int | None,
             won: dict[tuple[int, int, int], bool]) -> list[dict]:
    """The cards whose effect lies beyond `limit` points, as `pnp simulate --ablate --threshold LIMIT` finds them
    (its default budget; the rule's games as written played once)."""
    from pnp.play.ablation import ablate, probes

    result = ablate(game, setup, counts, SEED, policy, probes(game, None), limit, jobs=jobs or os.cpu_count() or 1,
                    known={(n, i): w for (_, n, i), w in won.items()})
    return [r for r in result["rows"] if r["verdict"] in ("helps", "hurts")]
