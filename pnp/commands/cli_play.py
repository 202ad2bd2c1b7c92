"""The command line's play and live commands: `setup`, `simulate`, `watch`, `serve`. Each parses its options
and hands them to its orchestrator; `terminal.run` prints what it says."""

from __future__ import annotations

from typing import Annotated

import typer

from pnp.commands.options import (
    RULE_SECONDS,
    SETUP_FORMATS,
    SIMULATE_FORMATS,
    Choice,
    Lang,
    NoCustomRules,
    NoGameCode,
    Paper,
    RuleTimeout,
    complete_game,
    setup_choices,
)
from pnp.commands.terminal import progress_bar, project_root, run


def setup(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    players: Annotated[int, typer.Option(help="number of players")],
    seed: Annotated[int | None, typer.Option(help="the same seed deals the same setup (default: random)")] = None,
    fmt: Annotated[str, typer.Option("--format", click_type=Choice(*SETUP_FORMATS))] = "text",
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="a setup choice, NAME=VALUE (e.g. adventure=2); repeatable")] = None,
    no_custom_rules: NoGameCode = False,
) -> None:
    """Deal a legal setup of GAME for N players."""
    from pnp.commands.setup_command import setup_game

    run(lambda: setup_game(project_root(), game, players, seed, fmt, option or []), written=False)


def simulate(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    players: Annotated[str | None, typer.Option(help="player counts: 3, 1-4 or 2,4 (default: every count)")] = None,
    games: Annotated[int | None, typer.Option(min=1, max=1_000_000, help="games per player count and value "
                                              "(default: enough for a +-2 % interval)")] = None,
    seed: Annotated[int, typer.Option(help="the same seed plays the same games")] = 1,
    policy: Annotated[str, typer.Option(help="random, baseline, greedy, search or mcts, or the game's own (several: "
                                        "random,baseline; one a seat: 1=mcts,2-4=greedy)")] = "baseline",
    vary: Annotated[str | None, typer.Option(help="a sweep: DECK/CARD.FIELD=V1,V2,...")] = None,
    jobs: Annotated[int | None, typer.Option(min=1, max=256, help="worker processes (default: every core)")] = None,
    cluster: Annotated[str | None, typer.Option(
        help="play the same games on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786) instead "
             "of --jobs; needs pip install 'pnp-press[cluster]' here and on its workers", metavar="ADDRESS")] = None,
    fmt: Annotated[str, typer.Option("--format", click_type=Choice(*SIMULATE_FORMATS), help="the report's form: "
                                     "text, json, html (a page of plots, to stdout: > report.html) or markdown "
                                     "(with --compare)")] = "text",
    no_custom_rules: NoCustomRules = False,
    trace: Annotated[str | None, typer.Option(help="tell one game move by move instead: its index, and its seed "
                                              "before it if not --seed's (--trace 1:0)", metavar="[SEED:]INDEX")]
    = None,
    compare: Annotated[str | None, typer.Option(
        help="play the game as committed at this git revision (a tag, a branch, HEAD~1) against the working "
             "tree, on the same deals: what changed, and the paired differences (--format markdown: a summary "
             "for a pull request)", metavar="REV")] = None,
    ablate: Annotated[str | None, typer.Option(
        help="measure each card on the same deals against a blank of it (alone or `all`: every card; or "
             "DECK/CARD,DECK/CARD.FIELD: a number moved one step either way)", metavar="[CARDS]")] = None,
    threshold: Annotated[float | None, typer.Option(help="with --ablate: flag a card only when its interval lies "
                                                    "wholly beyond this many points (default 5)")] = None,
    budget: Annotated[int | None, typer.Option(help="with --ablate: games it may play in all (default "
                                               "300,000)")] = None,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="a setup choice, NAME=VALUE (e.g. adventure=1), as pnp setup takes it; repeatable")] = None,
    adventure: Annotated[int | None, typer.Option(min=1, max=999, help="the same as --option adventure=N: the "
                                                  "adventure to play, in a game that has several")] = None,
) -> None:
    """Play GAME many times from its YAML (its play module, docs/simulate.md) and report its balance."""
    from pnp.commands.simulate_command import simulate_game

    run(lambda: simulate_game(project_root(), game, players, games, seed, policy, vary, jobs, not no_custom_rules,
                              cluster, fmt, progress_bar(), trace, compare, ablate, threshold, budget,
                              setup_choices(option, adventure)), written=False)


def tune(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    target: Annotated[list[str], typer.Option(help="a win-rate band: \"4 players: win 45-55 %\" (repeatable: "
                                              "each player count once)")],
    vary: Annotated[list[str], typer.Option(help="a field it may change and its values: DECK/CARD.FIELD=1..4 or "
                                            "=1,2,5 (repeatable, at most 4)")],
    policy: Annotated[str, typer.Option(help="the policy that plays: random, baseline, greedy, search or mcts")]
    = "baseline",
    seed: Annotated[int, typer.Option(help="the same seed plays the same games")] = 1,
    budget: Annotated[int, typer.Option(help="games it may play in all")] = 100_000,
    jobs: Annotated[int | None, typer.Option(min=1, max=256, help="worker processes (default: every core)")] = None,
    fmt: Annotated[str, typer.Option("--format", click_type=Choice("text", "json"))] = "text",
    no_custom_rules: NoCustomRules = False,
    option: Annotated[list[str] | None, typer.Option(
        "--option", help="a setup choice, NAME=VALUE (e.g. adventure=1), as pnp setup takes it; repeatable")] = None,
) -> None:
    """Find the fewest changes of the --vary fields that bring GAME's win rates into --target; propose them as a
    diff of the YAML (nothing is written)."""
    from pnp.commands.tune_command import tune_game

    run(lambda: tune_game(project_root(), game, target, vary, seed, policy, budget, jobs, not no_custom_rules, fmt,
                          progress_bar(), option or []), written=False)


def watch(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    paper: Paper = None,
    final: Annotated[bool, typer.Option("--final", help="print run: no stamp, no placeholder")] = False,
    no_custom_rules: NoCustomRules = False,
    rule_timeout: RuleTimeout = RULE_SECONDS,
    lang: Lang = None,
) -> None:
    """Rebuild GAME whenever its YAML, templates, fonts or images change (Ctrl-C to stop)."""
    from pnp.commands.live_command import watch_command
    from pnp.rules.check import CheckOptions

    rules = CheckOptions(not no_custom_rules, rule_timeout, lang=lang)
    run(lambda: watch_command(project_root(), game, paper, final, rules, typer.echo), written=False)


def serve(
    game: Annotated[str, typer.Argument(help="game id", autocompletion=complete_game)],
    port: Annotated[int, typer.Option(min=0, max=65535, help="port (0: any free one)")] = 8000,
    host: Annotated[str, typer.Option(help="address to listen on; only this machine unless you say otherwise")
                    ] = "127.0.0.1",
    open_page: Annotated[bool, typer.Option("--open", help="open the page in your browser")] = False,
    paper: Paper = None,
    since: Annotated[str | None, typer.Option(help="mark the faces that differ from this git ref")] = None,
    no_custom_rules: NoCustomRules = False,
    rule_timeout: RuleTimeout = RULE_SECONDS,
    no_balance: Annotated[bool, typer.Option("--no-balance", help="no Balance panel: the game is not simulated "
                                             "after each save")] = False,
    lang: Annotated[str | None, typer.Option("--lang", help="the language the page shows first (fr); its language "
                                             "switch shows the others (default: the game's source language)")] = None,
) -> None:
    """Show GAME in your browser, every face redrawn as you save (Ctrl-C to stop)."""
    from pnp.commands.live_command import serve_command
    from pnp.rules.check import CheckOptions

    rules = CheckOptions(not no_custom_rules, rule_timeout, lang=lang)
    run(lambda: serve_command(project_root(), game, host, port, open_page, paper, since, rules, not no_balance,
                              typer.echo), written=False)
