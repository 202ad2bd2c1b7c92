"""Play: `pnp simulate`, read top to bottom. Load the game and its setup, read the sweep, play the
games in worker processes, and build the report.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.core.bounds import SIM_GAMES, SIM_PLAYERS
from pnp.core.errors import InputError, Problem, Where
from pnp.model.game import Game
from pnp.play.lab_arguments import player_counts, policies, variants
from pnp.play.run import Plan, Progress
from pnp.play.variant import Variant


def simulate(root: Path, game_id: str, players: str | None, games: int | None, seed: int, policy: str,
             vary: str | None, jobs: int | None, custom: bool = True, cluster: str | None = None,
             progress: Callable[[int, int, str], None] | None = None, trace: str | None = None,
             won: dict[tuple[int, int, int], bool] | None = None, ablate: str | None = None,
             threshold: float | None = None, budget: int | None = None,
             options: list[str] | None = None,
             winners: dict[tuple[int, int, int], tuple | None] | None = None) -> dict[str, Any]:
    """The report of `pnp simulate`; `progress(done, total, what)` is told the games played so far. `trace`:
    one game ([SEED:]INDEX) told move by move instead (pnp/play/told.py). `won`: filled with each game's end
    under the first policy, (value, players, index) -> won (a comparison's side). `ablate`: the cards to measure
    on the same deals (`all`, or `deck/card,deck/card.field`: pnp/play/ablation.py), judged against `threshold`
    points within `budget` games, added to the report as `ablation`. `options`: the setup's choices, NAME=VALUE
    (`adventure=1`), as `pnp setup --option` takes them. `winners`: as `won`, each game's winning seats (seat 0
    first, the deal as dealt; None: a game without seats)."""
    from pnp.model.game import load_game
    from pnp.play.run import play_file
    from pnp.rules.check import load_rules
    from pnp.rules.setup import deal

    # load: the game, its setup, its play module (only its place: it runs in the workers)
    game = load_game(root, game_id)
    spec, rules = load_rules(game)
    if play_file(game) is None:
        from pnp.play import odds

        if odds.success_tables(game):  # skill tests to compute exactly, without playing
            return {"kind": "odds", **odds.odds(game)}
        raise InputError([Problem(Where(f"cards/{game_id}/play.py"), f"{game_id} has no play module: write "
                                  f"cards/{game_id}/play.py (start(table) -> State), as docs/simulate.md shows")])
    from pnp.play.run import play_code

    data_game = play_code(game) is None  # played from its YAML by pnp's engine: no game code runs
    if not custom and not data_game:
        raise InputError([Problem(None, "--no-custom-rules skips the game's Python code, and a simulation is its "
                                  f"play module (cards/{game_id}/play.py) running: nothing to simulate")])
    if spec.setup is None:
        raise InputError([Problem(Where(f"cards/{game_id}/rules.yaml"), "a simulation starts from the dealt "
                                  "setup: add `setup:` to rules.yaml (docs/rules.md)")])
    from pnp.play.lab_arguments import with_options
    from pnp.play.play_spec import load_policies
    from pnp.play.seating import named

    setup, chosen = with_options(spec.setup, options or [])

    most = setup.players.max
    own = {} if data_game else load_policies(game)
    names = policies(policy, own, min(most, SIM_PLAYERS))
    if any("greedy" in named(name) for name in names) and not data_game:
        from pnp.play.play_spec import load_value

        if load_value(game) is None:
            raise InputError([Problem(Where(f"cards/{game_id}/play.yaml"), "--policy greedy scores each move by the "
                                      "game's `value:`: write `value: EXPRESSION` of the names its State.values() "
                                      "gives in this file (docs/simulate.md), or use random, baseline, search, mcts")])
    if most > SIM_PLAYERS:
        at = rules.where(("setup", "players", "max")) if rules is not None else Where(f"cards/{game_id}/rules.yaml")
        raise InputError([Problem(at, f"setup: players: max {most:,}: pnp simulates tables of at most "
                                  f"{SIM_PLAYERS:,} players")])
    counts = player_counts(players or f"{setup.players.min}-{most}", setup.players.min, most)
    sweep = variants(game, vary)
    for name in names:  # a seating's seats within this run's largest table
        policies(name, own, max(counts))
    asked = None
    if ablate is not None or threshold is not None or budget is not None:
        from pnp.play.ablation import checked

        asked = checked(game, ablate, threshold, budget, names, sweep, cluster, trace)
    if trace is not None:  # one game, told move by move: the first player count's, the first policy's
        from pnp.play.told import trace as told

        return told(game, setup, counts[0], trace, seed, names[0])
    from pnp.play.stats import games_for

    games = games or games_for(0.02)
    total, done, shown = len(names) * len(sweep) * len(counts) * games, 0, -1
    if total > SIM_GAMES:  # the work, bounded before the first game is dealt
        raise InputError([Problem(None, f"{total:,} games in all ({len(names)} polic{'ies' if len(names) != 1 else 'y'}"
                                  f" x {len(sweep)} value{'s' if len(sweep) != 1 else ''} of --vary x {len(counts)} "
                                  f"player count{'s' if len(counts) != 1 else ''} x {games:,} games): at most "
                                  f"{SIM_GAMES:,} in one run; ask for fewer")])
    for n in counts:  # a setup that cannot be dealt is said here, located, before any worker starts
        deal(game, setup, n, seed)
    # play: each policy in turn, on the same deals, their win rates side by side (how much skill counts)

    def played(n: int) -> None:  # told at each batch: passed on at each whole per cent
        nonlocal done, shown
        done += n
        if progress is not None and 100 * done // total > shown:
            shown = 100 * done // total
            progress(done, total, "games played")

    def more(n: int) -> None:  # a competitive game's rotations: the bar's total grows by their games (never > 100 %)
        nonlocal total, shown
        total += n
        shown = 100 * done // total - 1

    wins: list[dict[tuple[int, int, int], bool]] = [{} for _ in names]
    reports = [play(game, setup, counts, games, seed, name, sweep, jobs or os.cpu_count() or 1, cluster, played,
                    won, more, winners if k == 0 else None)
               for k, (name, won) in enumerate(zip(names, wins, strict=True))]
    if won is not None:
        won.update(wins[0])
    if asked is not None:  # each card against a blank of it, on the same deals: the report's games played once
        from pnp.play.ablation import ablate as ablation

        if (ablate or "all").strip() == "all":  # every card: a card that only pays is measured where it is in play
            drawn = {c["card"] for g in reports[0]["groups"] for c in g["cards"] if c["drawn"] or c["played_games"]}
            asked = ([p for p in asked[0] if p.variant.blank or not p.blanked or p.card in drawn], *asked[1:])
        reports[0]["ablation"] = ablation(game, setup, counts, seed, names[0], *asked,
                                          jobs or os.cpu_count() or 1, progress,
                                          {(n, i): w for (_, n, i), w in wins[0].items()})
    from pnp.play.seating import described

    merged = {**reports[0], "policy": ",".join(names), "policies": names,
              "policy_is": {name: described(name, own) for name in names}, **({"options": chosen} if chosen else {})}
    merged["groups"] = [{**group, "policy": name} for name, r in zip(names, reports, strict=True)
                        for group in r["groups"]]
    if len(names) > 1:  # each policy against the first on the same deals, for each value of --vary
        from pnp.play.paired import comparisons

        merged["paired"] = []
        for v, label in enumerate(merged["variants"]):
            sides = [(name, {(n, i): w for (vv, n, i), w in won.items() if vv == v})
                     for name, won in zip(names, wins, strict=True)]
            for row in comparisons(sides, counts, "policy"):
                merged["paired"].append({**row, "variant": label} if len(sweep) > 1 else row)
    return merged


def play(game: Game, setup: Any, counts: list[int], games: int, seed: int, policy: str, sweep: list[Variant],
         jobs: int, cluster: str | None = None, progress: Progress | None = None,
         won: dict[tuple[int, int, int], bool] | None = None,
         more: Callable[[int], None] | None = None,
         winners: dict[tuple[int, int, int], tuple | None] | None = None) -> dict[str, Any]:
    """Play the games in worker processes (the same games whatever their number), or on the Dask cluster
    at `cluster` (the same games again), and build the report; with a sweep, each value against the first on the
    same deals (`paired`). `won`: filled with each game's end, (value, players, index) -> won. `more`: told the
    games a competitive game's rotations add, before they are played (the progress bar's total grows)."""
    from pnp.play import report, seat_report
    from pnp.play.run import simulate as run_games

    plan = Plan(game, setup, seed, policy, sweep)

    def run(plan: Plan, counts: list[int]) -> list[tuple]:
        if cluster:
            from pnp.play import cluster as on_cluster

            return on_cluster.simulate(plan, counts, games, cluster, progress)
        return run_games(plan, counts, games, jobs, progress)

    results = run(plan, counts)
    rotated: list[tuple] = []
    if seat_report.competitive(results):  # each deal again at every other rotation of the seats
        if more is not None:  # the progress bar counts them too
            more(games * len(sweep) * sum(n - 1 for n in counts))
        rotated = results + seat_report.rotations(plan, counts, games, run)
    keys: set[str] = set()
    for r in results:
        keys.update(r[6])
        keys.update(r[7])
    seen = {key.split("/")[0] for key in keys}  # the decks a game drew or played
    cards = [f"{d.id}/{c.id}" for d in game.decks if d.id in seen for c in d.cards]
    meta = {"game": game.id, "name": game.manifest.name, "policy": policy, "seed": seed, "games": games,
            "players": counts, "variants": [str(v) for v in sweep]}
    built = report.build(results, [str(v) for v in sweep], counts, sorted(set(cards)), meta)
    if rotated:
        seat_report.attach(built, rotated, policy)
    ended = {(r[0], r[1], r[2]): bool(r[3]) for r in results}
    if won is not None:
        won.update(ended)
    if winners is not None:  # (the games as dealt: seat rotation 0)
        winners.update({(r[0], r[1], r[2]): r[11] for r in results})
    if len(sweep) > 1:  # each value of the sweep against the first, on the same deals
        from pnp.play.paired import comparisons

        built["paired"] = comparisons([(str(v), {(n, i): w for (vv, n, i), w in ended.items() if vv == k})
                                       for k, v in enumerate(sweep)], counts, "value of --vary")
    return built


def render(result: dict[str, Any], fmt: str) -> str:
    """The report as text, JSON or an HTML page: a simulation's, or a game's exact odds."""
    from pnp.play import odds, report

    if result.get("kind") == "trace":  # one game told (`--trace`)
        from pnp.play import told

        return told.as_json(result) if fmt == "json" else told.as_text(result)
    if fmt == "html":
        from pnp.play import html

        return html.render(result)
    if fmt == "json":
        return report.as_json(result)
    if result.get("kind") == "odds":
        return odds.as_text(result)
    from pnp.play.ablation_report import as_text as ablation_text
    from pnp.play.paired import as_text
    from pnp.play.seat_report import as_text as seats_text

    return "\n".join([report.as_text(result), *seats_text(result), *as_text(result.get("paired", [])),
                      *ablation_text(result.get("ablation"))])
