"""`pnp simulate GAME`: the games played (pnp/play/lab.py) and their report in the form asked for."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.commands.command_output import CommandOutput, Refused


def simulate_game(root: Path, game: str, players: str | None, games: int | None, seed: int, policy: str,
                  vary: str | None, jobs: int | None, custom: bool, cluster: str | None, fmt: str,
                  progress: Any, trace: str | None = None, compare: str | None = None, ablate: str | None = None,
                  threshold: float | None = None, budget: int | None = None,
                  options: list[str] | None = None) -> CommandOutput:
    from pnp.play.lab import render, simulate

    if compare is not None:
        if ablate is not None:
            raise Refused("--ablate measures the working tree's cards; --compare two versions: ask for one of them")
        return _compared(root, game, compare, players, games, seed, policy, vary, jobs, custom, cluster, fmt,
                         progress, trace, options)
    if fmt == "markdown":
        raise Refused("--format markdown is the summary of a comparison: add --compare REV (docs/simulate.md)")
    if trace is not None and (fmt == "html" or vary or cluster):
        raise Refused("--trace tells one game, as text or --format json, on this machine: leave out --vary, "
                      "--cluster and --format html")
    if fmt == "html":  # before any game is played: the plots need matplotlib, an optional extra
        from pnp.play.plots import require

        require()
    result = simulate(root, game, players, games, seed, policy, vary, jobs, custom, cluster, progress, trace,
                      ablate=ablate, threshold=threshold, budget=budget, options=options)
    said = CommandOutput()
    said.out(render(result, fmt))
    return said


def _compared(root: Path, game: str, rev: str, players: str | None, games: int | None, seed: int, policy: str,
              vary: str | None, jobs: int | None, custom: bool, cluster: str | None, fmt: str, progress: Any,
              trace: str | None, options: list[str] | None = None) -> CommandOutput:
    """`--compare REV`: the game at a git revision against the working tree (simulate_compare.py)."""
    import json

    from pnp.commands.simulate_compare import compare
    from pnp.play.compare_report import as_markdown, as_text

    if vary or cluster or trace is not None or fmt == "html":
        raise Refused("--compare plays two versions of the game on this machine, as text, --format json or "
                      "--format markdown: leave out --vary, --cluster, --trace and --format html")
    result = compare(root, game, rev, players, games, seed, policy, jobs, custom, progress, options)
    said = CommandOutput()
    said.out(json.dumps(result, indent=2) if fmt == "json" else as_markdown(result) if fmt == "markdown"
             else as_text(result))
    return said
