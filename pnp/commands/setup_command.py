"""`pnp setup GAME --players N`: a legal setup dealt from the game's `setup:` (pnp/rules/setup.py), said as text
(the table, each player's part, then the group's steps) or as JSON."""

from __future__ import annotations

from pathlib import Path

from pnp.commands.command_output import CommandOutput, Refused


def setup_game(root: Path, game: str, players: int, seed: int | None, fmt: str, option: list[str]) -> CommandOutput:
    import json
    import random

    from pnp.model.game import load_game
    from pnp.rules.check import load_rules
    from pnp.rules.setup import card_titles, choose, deal

    given = dict(o.partition("=")[::2] for o in option)
    if any("=" not in o for o in option):
        raise Refused("--option takes NAME=VALUE, e.g. --option adventure=2")
    loaded = load_game(root, game)
    spec, _ = load_rules(loaded)
    if spec.setup is None:
        raise Refused(f"{game} has no `setup:` in cards/{game}/rules.yaml")
    seed = seed if seed is not None else random.SystemRandom().randrange(10**6)
    dealt = deal(loaded, spec.setup, players, seed, choose(spec.setup, given))
    said = CommandOutput()
    if fmt == "json":
        said.out(json.dumps(dealt, indent=1))
        return said
    names = card_titles(loaded)

    def show(value: object) -> str:
        if isinstance(value, dict) and "cards" in value:  # cards laid a given side up
            side = value.get("side")
            return f"{show(value['cards'])} ({f'{side} side' if side in ('front', 'back') else f'side {side}'} up)"
        return ", ".join(names.get(str(v), str(v)) for v in value) if isinstance(value, list) else str(value)

    chosen = "".join(f", {k} {v}" for k, v in dealt["options"].items())
    said.out(f"{loaded.manifest.name}: {players} player{'s' if players != 1 else ''}{chosen}, seed {seed}")
    width = max([12, *(len(k) for part in (dealt["table"], *dealt["hands"]) for k in part)])
    later = set(dealt.get("then", []))  # the group's steps once every player is set up, said after the players
    first = {k: v for k, v in dealt["table"].items() if k not in later}
    then = {k: v for k, v in dealt["table"].items() if k in later}
    for heading, part in (("table", first), *((f"player {i}", h) for i, h in enumerate(dealt["hands"], 1)),
                          ("then, as a group", then)):
        if part:  # no heading over nothing
            said.out(heading)
        for key, value in part.items():
            said.out(f"  {key:<{width}} {show(value)}")
    return said
