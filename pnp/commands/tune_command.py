"""`pnp tune GAME --target ... --vary ...`: the fewest changes of the given fields that reach the target win
rates (pnp/play/tune.py), proposed as a diff of the YAML; nothing is written."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from pnp.commands.command_output import CommandOutput, Refused
from pnp.core.bounds import SIM_GAMES


def tune_game(root: Path, game_id: str, target: list[str], vary: list[str], seed: int, policy: str,
              budget: int, jobs: int | None, custom: bool, fmt: str, progress: Any,
              options: list[str] | None = None) -> CommandOutput:
    from pnp.model.game import load_game
    from pnp.play import tune
    from pnp.play.lab_arguments import policies, with_options
    from pnp.play.run import play_code, play_file
    from pnp.rules.check import load_rules

    if not vary:
        raise Refused("pnp tune needs at least one --vary DECK/CARD.FIELD=LOW..HIGH: the fields it may change")
    if len(vary) > 4:
        raise Refused("pnp tune searches at most 4 fields at once: give fewer --vary")
    if not 1 <= budget <= SIM_GAMES:
        raise Refused(f"--budget {budget:,}: 1 to {SIM_GAMES:,} games")
    game = load_game(root, game_id)
    spec, _ = load_rules(game)
    if play_file(game) is None or spec.setup is None:
        raise Refused(f"pnp tune plays the game: {game_id} needs a play module (or play.yaml) and a `setup:` "
                      "(docs/simulate.md)")
    if not custom and play_code(game) is not None:
        raise Refused("--no-custom-rules skips the game's Python code, and tuning plays its play module")
    [name] = policies(policy) if "," not in policy else [""]
    if not name:
        raise Refused("pnp tune plays one policy: name one")
    setup, chosen = with_options(spec.setup, options or [])  # as pnp simulate --option takes them
    goal = tune.targets(target, setup.players.min, setup.players.max)
    if budget < (least := tune.least_budget(goal)):
        raise Refused(f"--budget {budget:,}: too few for the search's first look, {least // len(goal):,} games of the "
                      f"game as written at each target's player count ({least:,} in all); give --budget {least:,} "
                      "or more")
    fields = [tune.field_values(game, text) for text in vary]
    if len({(f[0].deck, f[0].card, f[0].field) for f in fields}) < len(fields):
        raise Refused("--vary names the same field twice; give each field once")
    result = tune.tune(game, setup, goal, fields, seed, name, budget, jobs or os.cpu_count() or 1, progress)
    from pnp.play.seating import described

    result = {**result, "policy": name, "policy_is": described(name, {}),  # who played the candidates, and what it is
              **({"options": chosen} if chosen else {})}  # (only those given: a run without one reads as before)
    said = CommandOutput()
    said.out(json.dumps(result, indent=2) if fmt == "json" else tune.as_text(result))
    said.code = 0 if result["reached"] else 1  # (not reached within the budget: the closest said, exit 1)
    return said
