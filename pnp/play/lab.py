"""Play: `pnp simulate`, read top to bottom. Load the game and its setup, read the sweep, play the
games in worker processes, and build the report.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.core.bounds import SIM_GAMES, SIM_PLAYERS, SIM_VALUE, SIM_VALUES
from pnp.core.errors import InputError, Problem, Where, did_you_mean, echo
from pnp.model.game import Game
from pnp.play.run import Plan, Progress, Variant


def shown(text: str) -> str:
    """An argument as a message repeats it: as given, or cut (a pasted page is named, not printed)."""
    return text if len(text) <= 40 and text.isprintable() else echo(text)


def player_counts(text: str, low: int, high: int) -> list[int]:
    """`1-4`, `2,3` or `3`: the player counts asked for, each within the game's, at most SIM_PLAYER_COUNTS
    of them (bounded before any list is made: `1-1000000000` is said at once)."""
    from pnp.core.bounds import SIM_PLAYER_COUNTS

    said = shown(text)
    parts = text.split(",", SIM_PLAYER_COUNTS)
    if len(parts) > SIM_PLAYER_COUNTS:
        raise InputError([Problem(None, f"--players {said}: at most {SIM_PLAYER_COUNTS} player counts in one "
                                  "run")])
    ranges = []
    try:
        for part in parts:
            a, _, b = part.strip().partition("-")
            if len(a) > 20 or len(b) > 20:  # (int() of a long string is slow)
                raise ValueError
            ranges.append((int(a), int(b or a)))
    except ValueError:
        raise InputError([Problem(None, f"--players {said}: a count, a range (1-4) or a list (2,3)")]) from None
    if not ranges or any(not (low <= a <= b <= high) for a, b in ranges):
        raise InputError([Problem(None, f"--players {said}: this game takes {low} to {high} players")])
    counts = sorted({n for a, b in ranges for n in range(a, min(b, a + SIM_PLAYER_COUNTS) + 1)})
    if len(counts) > SIM_PLAYER_COUNTS:
        raise InputError([Problem(None, f"--players {said}: {len(counts):,}+ player counts; at most "
                                  f"{SIM_PLAYER_COUNTS} in one run")])
    return counts


def policies(text: str) -> list[str]:
    """`random`, or a list side by side (`random,baseline`): each a policy, each once."""
    from pnp.core.bounds import SIM_POLICIES
    from pnp.play.policies import POLICIES

    names = [p.strip() for p in text.split(",", SIM_POLICIES)]
    if len(names) > SIM_POLICIES:
        raise InputError([Problem(None, f"--policy {shown(text)}: at most {SIM_POLICIES} policies side by side, each "
                                  f"once ({', '.join(POLICIES)})")])
    for name in names:
        if name not in POLICIES:
            raise InputError([Problem(None, f"--policy {shown(name)}: one of {', '.join(POLICIES)}"
                                      f"{did_you_mean(name, POLICIES)}, or a list of them (random,baseline)")])
    if len(set(names)) < len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise InputError([Problem(None, f"--policy {shown(text)}: {twice} is named twice; name each policy once "
                                  f"({', '.join(POLICIES)})")])
    return names


def variants(game: Game, vary: str | None) -> list[Variant]:
    """`deck/card.field=V1,V2`: one variant per value, each typed as the field is; near names when a
    deck, a card or a field is not the game's."""
    if not vary:
        return [Variant()]
    target, eq, values = vary.partition("=")
    deck_id, _, rest = target.partition("/")
    card_id, _, name = rest.partition(".")
    if not (eq and deck_id and card_id and name and values):
        raise InputError([Problem(None, f"--vary {shown(vary)}: write DECK/CARD.FIELD=V1,V2,... "
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
    spec = deck.spec.fields[name]
    kind, at = spec.type, deck.doc.where(("fields", name))
    raws = values.split(",", SIM_VALUES)
    if len(raws) > SIM_VALUES:
        raise InputError([Problem(None, f"--vary: at most {SIM_VALUES} values in one sweep (each is played at every "
                                  "player count)")])
    out: list[Variant] = []
    for raw in raws:
        try:
            if len(raw) > SIM_VALUE:
                raise ValueError
            value: Any = int(raw) if kind == "integer" else float(raw) if kind == "number" else raw
        except ValueError:
            raise InputError([Problem(at, f"--vary: {name} is {kind}; {echo(raw)} is not")]) from None
        if why := _outside(spec, value):
            raise InputError([Problem(at, f"--vary {deck_id}/{card_id}.{name}={echo(raw)}: {why}")])
        if any(v.value == value for v in out):
            raise InputError([Problem(None, f"--vary: {echo(raw)} is given twice; give each value once")])
        out.append(Variant(deck_id, card_id, name, value))
    return out


def _outside(spec: Any, value: Any) -> str:
    """Why a value of a sweep is not one the field takes (its schema's bounds, choices), or ""."""
    import math

    if isinstance(value, float) and not math.isfinite(value):
        return "a number is finite"
    if spec.type in ("integer", "number"):
        low = -math.inf if spec.min is None else spec.min
        high = math.inf if spec.max is None else spec.max
        if not low <= value <= high:
            said = " to ".join(f"{b:g}" for b in (spec.min, spec.max) if b is not None)
            return (f"the field takes {said}" if spec.min is not None and spec.max is not None else
                    f"the field takes at least {spec.min:g}" if spec.min is not None else
                    f"the field takes at most {spec.max:g}") + " (its deck's `fields:`)"
        if abs(value) > 10 ** 15:
            return "a number within 10^15 either way"
    if spec.type == "choice" and spec.choices and value not in spec.choices:
        return f"one of {', '.join(map(str, spec.choices))}{did_you_mean(value, spec.choices)}"
    return ""


def simulate(root: Path, game_id: str, players: str | None, games: int | None, seed: int, policy: str,
             vary: str | None, jobs: int | None, custom: bool = True, cluster: str | None = None,
             progress: Callable[[int, int, str], None] | None = None, trace: str | None = None,
             won: dict[tuple[int, int, int], bool] | None = None, ablate: str | None = None,
             threshold: float | None = None, budget: int | None = None) -> dict[str, Any]:
    """The report of `pnp simulate`; `progress(done, total, what)` is told the games played so far. `trace`:
    one game ([SEED:]INDEX) told move by move instead (pnp/play/told.py). `won`: filled with each game's end
    under the first policy, (value, players, index) -> won (a comparison's side). `ablate`: the cards to measure
    on the same deals (`all`, or `deck/card,deck/card.field`: pnp/play/ablation.py), judged against `threshold`
    points within `budget` games, added to the report as `ablation`."""
    from pnp.model.game import load_game
    from pnp.play import report
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
    names = policies(policy)
    if "greedy" in names and not data_game:
        from pnp.play.play_spec import load_value

        if load_value(game) is None:
            raise InputError([Problem(Where(f"cards/{game_id}/play.yaml"), "--policy greedy scores each move by the "
                                      "game's `value:`: write `value: EXPRESSION` of the names its State.values() "
                                      "gives in this file (docs/simulate.md), or use random, baseline, search, mcts")])
    most = spec.setup.players.max
    if most > SIM_PLAYERS:
        at = rules.where(("setup", "players", "max")) if rules is not None else Where(f"cards/{game_id}/rules.yaml")
        raise InputError([Problem(at, f"setup: players: max {most:,}: pnp simulates tables of at most "
                                  f"{SIM_PLAYERS:,} players")])
    counts = player_counts(players or f"{spec.setup.players.min}-{most}", spec.setup.players.min, most)
    sweep = variants(game, vary)
    asked = None
    if ablate is not None or threshold is not None or budget is not None:
        from pnp.play.ablation import checked

        asked = checked(game, ablate, threshold, budget, names, sweep, cluster, trace)
    if trace is not None:  # one game, told move by move: the first player count's, the first policy's
        from pnp.play.told import trace as told

        return told(game, spec.setup, counts[0], trace, seed, names[0])
    games = games or report.games_for(0.02)
    total, done, shown = len(names) * len(sweep) * len(counts) * games, 0, -1
    if total > SIM_GAMES:  # the work, bounded before the first game is dealt
        raise InputError([Problem(None, f"{total:,} games in all ({len(names)} polic{'ies' if len(names) != 1 else 'y'}"
                                  f" x {len(sweep)} value{'s' if len(sweep) != 1 else ''} of --vary x {len(counts)} "
                                  f"player count{'s' if len(counts) != 1 else ''} x {games:,} games): at most "
                                  f"{SIM_GAMES:,} in one run; ask for fewer")])
    for n in counts:  # a setup that cannot be dealt is said here, located, before any worker starts
        deal(game, spec.setup, n, seed)
    # play: each policy in turn, on the same deals, their win rates side by side (how much skill counts)

    def played(n: int) -> None:  # told at each batch: passed on at each whole per cent
        nonlocal done, shown
        done += n
        if progress is not None and 100 * done // total > shown:
            shown = 100 * done // total
            progress(done, total, "games played")

    wins: list[dict[tuple[int, int, int], bool]] = [{} for _ in names]
    reports = [play(game, spec.setup, counts, games, seed, name, sweep, jobs or os.cpu_count() or 1, cluster, played,
                    won) for name, won in zip(names, wins, strict=True)]
    if won is not None:
        won.update(wins[0])
    if asked is not None:  # each card against a blank of it, on the same deals: the report's games played once
        from pnp.play.ablation import ablate as ablation

        reports[0]["ablation"] = ablation(game, spec.setup, counts, seed, names[0], *asked,
                                          jobs or os.cpu_count() or 1, progress,
                                          {(n, i): w for (_, n, i), w in wins[0].items()})
    merged = {**reports[0], "policy": ",".join(names), "policies": names}
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
         won: dict[tuple[int, int, int], bool] | None = None) -> dict[str, Any]:
    """Play the games in worker processes (the same games whatever their number), or on the Dask cluster
    at `cluster` (the same games again), and build the report; with a sweep, each value against the first on the
    same deals (`paired`). `won`: filled with each game's end, (value, players, index) -> won."""
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
    built = report.build(results, [str(v) for v in sweep], counts, sorted(set(cards)), meta)
    ended = {(r[0], r[1], r[2]): bool(r[3]) for r in results}
    if won is not None:
        won.update(ended)
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

    return "\n".join([report.as_text(result), *as_text(result.get("paired", [])),
                      *ablation_text(result.get("ablation"))])
