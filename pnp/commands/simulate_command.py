"""`pnp simulate GAME`: the games played (pnp/play/lab.py) and their report in the form asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.commands.command_output import CommandOutput, Refused


def simulate_game(root: Path, game: str, players: str | None, games: int | None, seed: int, policy: str,
                  vary: str | None, jobs: int | None, custom: bool, cluster: str | None, fmt: str,
                  progress: Any, trace: str | None = None) -> CommandOutput:
    from pnp.play.lab import render, simulate

    if trace is not None and (fmt == "html" or vary or cluster):
        raise Refused("--trace tells one game, as text or --format json, on this machine: leave out --vary, "
                      "--cluster and --format html")
    if fmt == "html":  # before any game is played: the plots need matplotlib, an optional extra
        from pnp.play.plots import require

        require()
    result = simulate(root, game, players, games, seed, policy, vary, jobs, custom, cluster, progress, trace)
    said = CommandOutput()
    said.out(render(result, fmt))
    return said
