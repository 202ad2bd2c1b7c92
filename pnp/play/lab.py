"""Play: `pnp simulate`, read top to bottom. Load the game and its setup, read the sweep, play the
games in worker processes, and build the report.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.errors import InputError, Problem, Where, did_you_mean
from pnp.model.game import Game
from pnp.play.run import Plan, Progress, Variant


def player_counts(text: str, low: int, high: int) -> list[int]:
    """`1-4`, `2,3` or `3`: the player counts asked for, each within the game's."""
    counts: list[int] = []
    try:
        for part in text.split(","):
            a, _, b = part.strip().partition("-")
            counts += range(int(a), int(b or a) + 1)
    except ValueError:
        raise InputError([Problem(None, f"--players {text}: a count, a range (1-4) or a list (2,3)")]) from None
    bad = [n for n in counts if not low <= n <= high]
    if bad or not counts:
        raise InputError([Problem(None, f"--players {text}: this game takes {low} to {high} players")])
    return sorted(set(counts))


def variants(game: Game, vary: str | None) -> list[Variant]:
    """`deck/card.field=V1,V2`: one variant per value, each typed as the field is; near names when a
    deck, a card or a field is not the game's."""
    if not vary:
        return [Variant()]
    target, eq, values = vary.partition("=")
    deck_id, _, rest = target.partition("/")
    card_id, _, name = rest.partition(".")
    if not (eq and deck_id and card_id and name and values):
        raise InputError([Problem(None, f"--vary {vary}: write DECK/CARD.FIELD=V1,V2,... "
                                  "(e.g. event/hull-breach.damage=1,2,3)")])
    decks = {d.id: d for d in game.decks}
    if deck_id not in decks:
        raise InputError([Problem(None, f"--vary: no deck {deck_id!r} in {game.id}{did_you_mean(deck_id, decks)} "
                                  f"(decks: {', '.join(decks)})")])
    deck = decks[deck_id]
    cards = {c.id: c for c in deck.cards}
    if card_id not in cards:
        raise InputError([Problem(deck.doc.where(("cards",)), f"--vary: no card {card_id!r} in {deck_id}"
                                  f"{did_you_mean(card_id, cards)}")])
    if name not in deck.spec.fields:
        fields = list(deck.spec.fields)
        raise InputError([Problem(deck.doc.where(("fields",)), f"--vary: {deck_id} cards have no field {name!r}"
                                  f"{did_you_mean(name, fields)} (fields: {', '.join(fields)})")])
    kind = deck.spec.fields[name].type
    out = []
    for raw in values.split(","):
        try:
            value: Any = int(raw) if kind == "integer" else float(raw) if kind == "number" else raw
        except ValueError:
            raise InputError([Problem(deck.doc.where(("fields", name)), f"--vary: {name} is {kind}; "
                                      f"{raw!r} is not")]) from None
        out.append(Variant(deck_id, card_id, name, value))
    return out


def simulate(root: Path, game_id: str, players: str | None, games: int | None, seed: int, policy: str,
             vary: str | None, jobs: int | None, custom: bool = True, cluster: str | None = None,
             progress: Callable[[int, int, str], None] | None = None) -> dict[str, Any]:
    """The report of `pnp simulate`; `progress(done, total, what)` is told the games played so far."""
    from pnp.model.game import load_game
    from pnp.play import report
    from pnp.play.policies import POLICIES
    from pnp.play.run import play_file
    from pnp.rules.check import load_rules
    from pnp.rules.setup import deal

    # load: the game, its setup, its play module (only its place: it runs in the workers)
    game = load_game(root, game_id)
    spec, _ = load_rules(game)
    if play_file(game) is None:
        from pnp.play import odds

        if odds.success_tables(game):  # skill tests to compute exactly, without playing
            return {"kind": "odds", **odds.odds(game)}
        raise InputError([Problem(Where(f"cards/{game_id}/play.py"), f"{game_id} has no play module: write "
                                  f"cards/{game_id}/play.py (start(table) -> State), as docs/simulate.md shows")])
    if not custom:
        raise InputError([Problem(None, "--no-custom-rules skips the game's Python code, and a simulation is its "
                                  f"play module (cards/{game_id}/play.py) running: nothing to simulate")])
    if spec.setup is None:
        raise InputError([Problem(Where(f"cards/{game_id}/rules.yaml"), "a simulation starts from the dealt "
                                  "setup: add `setup:` to rules.yaml (docs/rules.md)")])
    policies = [p.strip() for p in policy.split(",")]
    for name in policies:
        if name not in POLICIES:
            raise InputError([Problem(None, f"--policy {name}: one of {', '.join(POLICIES)}"
                                      f"{did_you_mean(name, POLICIES)}, or a list of them (random,baseline)")])
    counts = player_counts(players or f"{spec.setup.players.min}-{spec.setup.players.max}",
                           spec.setup.players.min, spec.setup.players.max)
    sweep = variants(game, vary)
    for n in counts:  # a setup that cannot be dealt is said here, located, before any worker starts
        deal(game, spec.setup, n, seed)
    # play: each policy in turn, on the same deals, their win rates side by side (how much skill counts)
    games = games or report.games_for(0.02)
    total, done, shown = len(policies) * len(sweep) * len(counts) * games, 0, -1

    def played(n: int) -> None:  # told at each batch: passed on at each whole per cent
        nonlocal done, shown
        done += n
        if progress is not None and 100 * done // total > shown:
            shown = 100 * done // total
            progress(done, total, "games played")

    reports = [play(game, spec.setup, counts, games, seed, name, sweep, jobs or os.cpu_count() or 1, cluster, played)
               for name in policies]
    merged = {**reports[0], "policy": ",".join(policies), "policies": policies}
    merged["groups"] = [{**group, "policy": name} for name, r in zip(policies, reports, strict=True)
                        for group in r["groups"]]
    return merged


def play(game: Game, setup: Any, counts: list[int], games: int, seed: int, policy: str, sweep: list[Variant],
         jobs: int, cluster: str | None = None, progress: Progress | None = None) -> dict[str, Any]:
    """Play the games in worker processes (the same games whatever their number), or on the Dask cluster
    at `cluster` (the same games again), and build the report."""
    from pnp.play import report
    from pnp.play.run import simulate as run_games

    plan = Plan(game, setup, seed, policy, sweep)
    if cluster:
        from pnp.play import cluster as on_cluster

        results = on_cluster.simulate(plan, counts, games, cluster, progress)
    else:
        results = run_games(plan, counts, games, jobs, progress)
    keys: set[str] = set()
    for r in results:
        keys.update(r[6])
        keys.update(r[7])
    seen = {key.split("/")[0] for key in keys}  # the decks a game drew or played
    cards = [f"{d.id}/{c.id}" for d in game.decks if d.id in seen for c in d.cards]
    meta = {"game": game.id, "name": game.manifest.name, "policy": policy, "seed": seed, "games": games,
            "players": counts, "variants": [str(v) for v in sweep]}
    return report.build(results, [str(v) for v in sweep], counts, sorted(set(cards)), meta)


def render(result: dict[str, Any], fmt: str) -> str:
    """The report as text, JSON or an HTML page: a simulation's, or a game's exact odds."""
    from pnp.play import odds, report

    if fmt == "html":
        from pnp.play import html

        return html.render(result)
    if fmt == "json":
        return report.as_json(result)
    return odds.as_text(result) if result.get("kind") == "odds" else report.as_text(result)
