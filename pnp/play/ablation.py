"""Play: `pnp simulate GAME --ablate`: each card's effect on the win rate, measured on the same deals.

For a card, the game is played again on the same deals and dice (the same seed, the same game indexes) with the
card made a blank of itself: its `effect:` made `none`, every other field kept, so the decks keep their size and
the deals their order. The card's effect is the paired difference of the win rates, with the card less without
it, `(won only as written - won only with the blank) / games`, with Newcombe's paired interval (paired.py). A number
field (`--ablate deck/card.field`) is moved one step either way instead, each side against the game as written.

The looks are sequential, as `pnp tune` races its candidates: each card still open plays the next games at each
player count, and after each look its interval (at z = 3, 99.7 %: a card is looked at up to LOOKS times) decides
it: `helps` when it lies wholly above +threshold points, `hurts` wholly below -threshold, `within` when it lies
inside +-threshold; a card stops as soon as it is decided, else at the last look. The game as written is played
once for every card (the same base), and the games a report already played as written are not played again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pnp.core.errors import InputError, Problem, did_you_mean
from pnp.model.game import Game
from pnp.play.run import Plan
from pnp.play.variant import Variant

LOOKS = (10, 25, 50, 100, 200, 400, 800, 1200, 1600, 2000, 2400, 2800, 3200)  # games a card has played at each look
THRESHOLD = 5.0  # points: a card is flagged when its interval lies wholly beyond this, either way
BUDGET = 300_000  # games an ablation plays at most, the game as written included
STEP = 1  # a number field moves this far either way (a field's spec gives no step of its own)


@dataclass(frozen=True)
class Probe:
    """One card's side of the ablation: the card made blank, or one of its number fields moved one step."""

    card: str  # deck/card
    variant: Variant
    label: str  # how the report names it: `blank`, `cost +1`, `cost -1`

    @property
    def field(self) -> str:
        return "" if self.blanked else self.variant.field

    @property
    def blanked(self) -> bool:
        """The card made a blank (its effect none, or what it pays 0), not a field moved."""
        return self.label == "blank"


def probes(game: Game, text: str | None) -> list[Probe]:
    """`all` (or None): every card of every deck that says what it does (a card already `effect: none` has nothing
    to take away); else `deck/card` (made blank) and `deck/card.field` (moved one step either way), comma-separated,
    each located where it is wrong: the deck, the card, the field, a field that is not a number."""
    from pnp.core.bounds import SIM_VALUES
    from pnp.play.ablation_scores import blank_pays
    from pnp.play.lab_arguments import shown

    if text is None or text.strip() == "all":
        out_all = []
        for d in game.decks:
            for c in d.cards:
                v = Variant(d.id, c.id, blank=True) if c.effect else blank_pays(d, c)
                if v is not None:
                    out_all.append(Probe(f"{d.id}/{c.id}", v, "blank"))
        return out_all
    names = [t.strip() for t in text.split(",", SIM_VALUES)]
    if len(names) > SIM_VALUES:
        raise InputError([Problem(None, f"--ablate {shown(text)}: at most {SIM_VALUES} cards in one run (or `all`, "
                                  "every card)")])
    out: list[Probe] = []
    for name in names:
        for probe in _named(game, name):
            if any(p.variant == probe.variant for p in out):
                raise InputError([Problem(None, f"--ablate: {shown(name)} is named twice; name each card once")])
            out.append(probe)
    return out


def _named(game: Game, name: str) -> list[Probe]:
    from pnp.play.ablation_scores import blank_pays
    from pnp.play.lab_arguments import card_of, outside, shown

    said = shown(name)
    deck_id, _, rest = name.partition("/")
    card_id, _, field = rest.partition(".")
    if not (deck_id and card_id) or (rest.endswith(".") and not field):
        raise InputError([Problem(None, f"--ablate {said}: write DECK/CARD (the card made blank) or "
                                  "DECK/CARD.FIELD (a number moved one step), e.g. event/hull-breach or "
                                  "event/hull-breach.damage")])
    deck, card = card_of(game, deck_id, card_id, f"--ablate {said}")
    key = f"{deck_id}/{card_id}"
    if not field:
        if card.effect is None:
            pays = blank_pays(deck, card)
            if pays is None:
                raise InputError([Problem(deck.where(card), f"--ablate {said}: the card says nothing of what it "
                                          "does (no `effect:`) and pays nothing (no field of its deck says "
                                          "`scores: true`): there is nothing to take away")])
            return [Probe(key, pays, "blank")]
        return [Probe(key, Variant(deck_id, card_id, blank=True), "blank")]
    if field not in deck.spec.fields:
        fields = list(deck.spec.fields)
        raise InputError([Problem(deck.doc.where(("fields",)), f"--ablate {said}: {deck_id} cards have no field "
                                  f"{field!r}{did_you_mean(field, fields)} (fields: {', '.join(fields)})")])
    spec = deck.spec.fields[field]
    value = card.data.get(field)
    if spec.type not in ("integer", "number") or isinstance(value, bool) or not isinstance(value, int | float):
        at = deck.where(card, field) if field in card.data else deck.doc.where(("fields", field))
        raise InputError([Problem(at, f"--ablate {said}: {field} is {spec.type}"
                                  f"{'' if value is None else f' ({value!r})'}, not a number: a field moves one "
                                  "step only if it is a number; write DECK/CARD to make the card blank")])
    out = []
    for sign in (1, -1):
        moved = value + sign * STEP
        if not outside(spec, moved):
            out.append(Probe(key, Variant(deck_id, card_id, field, moved), f"{field} {sign * STEP:+g}"))
    if not out:
        raise InputError([Problem(deck.where(card, field), f"--ablate {said}: {value:g} moved {STEP} either way "
                                  "leaves the field's `min:`/`max:`")])
    return out


@dataclass
class Probed:
    """One probe at one player count: each game's end (index -> won), its verdict once decided."""

    probe: Probe
    players: int
    won: dict[int, bool]
    seats: dict[int, tuple] = field(default_factory=dict)  # index -> (scores, winners): a game that gives scores
    verdict: str = ""  # helps, hurts, within, or "" while open (undecided at the end)
    result: dict[str, Any] | None = None


def ablate(game: Game, setup: Any, counts: list[int], seed: int, policy: str, probed: list[Probe],
           threshold: float = THRESHOLD, budget: int = BUDGET, jobs: int = 1,
           progress: Callable[[int, int, str], None] | None = None,
           known: dict[tuple[int, int], bool] | None = None) -> dict[str, Any]:
    """Every probe at every player count, looked at after each of LOOKS games until decided or the budget is spent.
    `known`: (players, index) -> won of games already played as written with this seed and policy (the report's)."""
    from pnp.play.ablation_scores import mean_score, score_difference, seat_differences
    from pnp.play.ablation_scores import verdict as by_score
    from pnp.play.paired import paired
    from pnp.play.run import simulate as run_games
    from pnp.play.tune import Z_LOOK

    base: dict[int, dict[int, bool]] = {n: {} for n in counts}
    base_seats: dict[int, dict[int, tuple]] = {n: {} for n in counts}  # a game that gives scores: its seats'
    for (n, i), w in (known or {}).items():
        if n in base:
            base[n][i] = w
    scored = False
    rows = [Probed(p, n, {}) for p in probed for n in counts]
    variants = [Variant(), *(p.variant for p in probed)]
    most = len(rows) * LOOKS[-1] + len(counts) * LOOKS[-1]
    used, played, spent = 0, 0, False
    for look in LOOKS:
        open_ = [r for r in rows if not r.verdict]
        if not open_:
            break
        fresh = {r.players for r in open_ if any(i not in base[r.players] for i in range(played, look))}
        by_task = {(1 + probed.index(r.probe), r.players): r for r in open_}
        only = set(by_task) | {(0, n) for n in fresh}
        cost = (look - played) * len(only)
        if used + cost > budget:
            spent = True
            break
        plan = Plan(game, setup, seed, policy, variants)

        def told(k: int) -> None:
            nonlocal used
            used += k
            if progress is not None:
                progress(used, min(budget, most), "games played of the ablation")

        def taken(games: Any, by_task: dict[tuple[int, int], Probed] = by_task) -> None:
            nonlocal scored
            for v, n, i, won, *rest in games:
                scored = scored or rest[6] is not None
                if v == 0:
                    base[n].setdefault(i, bool(won))
                    if rest[6] is not None:
                        base_seats[n][i] = (rest[6], rest[7] or ())
                else:
                    by_task[(v, n)].won[i] = bool(won)
                    if rest[6] is not None:
                        by_task[(v, n)].seats[i] = (rest[6], rest[7] or ())

        taken(run_games(plan, counts, look - played, jobs, told, first=played, only=only))
        unscored = {(0, n) for n in counts if any(i not in base_seats[n] for i in range(played, look))}
        if scored and unscored:  # the report's games as written give no scores here: played again for them
            taken(run_games(plan, counts, look - played, jobs, told, first=played, only=unscored))
        played = look
        for r in open_:
            if scored:  # what the card pays is measured by score: someone may always win
                sides = [(r.seats[i], base_seats[r.players][i]) for i in sorted(r.seats)]
                sides = [(b, s) if r.probe.blanked else (s, b) for s, b in sides]
                r.result = {**score_difference([(mean_score(s[0]), mean_score(b[0])) for s, b in sides], Z_LOOK),
                            "seats": seat_differences([(s[1], b[1]) for s, b in sides], r.players, Z_LOOK)}
                r.verdict = by_score(r.result, threshold, final=look == LOOKS[-1])
                continue
            pairs = [(base[r.players][i], w) if r.probe.blanked else (w, base[r.players][i])
                     for i, w in sorted(r.won.items())]
            r.result = paired(pairs, Z_LOOK)
            r.verdict = verdict(r.result, threshold, final=look == LOOKS[-1])
    out = []
    for r in rows:
        if scored:
            res = r.result or score_difference([], Z_LOOK)
            out.append({"card": r.probe.card, "change": r.probe.label, "field": r.probe.field, "players": r.players,
                        "games": res["games"], "score_difference": res["difference"], "low": res["low"],
                        "high": res["high"], "seats": res.get("seats", []), "verdict": r.verdict or "undecided",
                        "difference": res["difference"]})
            continue
        res = r.result or paired([], Z_LOOK)
        out.append({"card": r.probe.card, "change": r.probe.label, "field": r.probe.field, "players": r.players,
                    "games": res["games"], "both": res["both"], "only_with": res["only_side"],
                    "only_without": res["only_base"], "neither": res["neither"], "difference": res["difference"],
                    "low": res["low"], "high": res["high"], "verdict": r.verdict or "undecided"})
    return {"threshold": threshold, "z": Z_LOOK, "looks": list(LOOKS), "budget": budget, "games": used,
            "spent": spent, "policy": policy, "rows": out, **({"by": "score"} if scored else {})}


def verdict(result: dict[str, Any], threshold: float, final: bool = False) -> str:
    """helps, hurts or within (+-threshold points of win rate) by the interval, or "" while it decides none of them
    (the same verdict as a score's, on a rate: pnp/play/ablation_scores.py)."""
    from pnp.play.ablation_scores import verdict as by_score

    return by_score(result, threshold / 100, final)


def checked(game: Game, text: str | None, threshold: float | None, budget: int | None, policies: list[str],
            sweep: list[Variant], cluster: str | None, trace: str | None) -> tuple[list[Probe], float, int]:
    """`--ablate` as asked, before any game is played: its cards, its threshold (points) and its budget (games)."""
    import math

    from pnp.core.bounds import SIM_GAMES

    if text is None:
        raise InputError([Problem(None, "--threshold and --budget go with --ablate (each card measured on the same "
                                  "deals): add --ablate, or leave them out")])
    if len(policies) > 1 or len(sweep) > 1 or cluster or trace is not None:
        raise InputError([Problem(None, "--ablate measures each card under one policy, on this machine: leave out "
                                  "--vary, --cluster, --trace and a list of policies")])
    threshold = THRESHOLD if threshold is None else threshold
    if not math.isfinite(threshold) or not 0 <= threshold < 100:
        raise InputError([Problem(None, f"--threshold {threshold:g}: points of win rate, from 0 to less than 100 "
                                  f"(default {THRESHOLD:g})")])
    budget = BUDGET if budget is None else budget
    if not 1 <= budget <= SIM_GAMES:
        raise InputError([Problem(None, f"--budget {budget:,}: from 1 to {SIM_GAMES:,} games in one run "
                                  f"(default {BUDGET:,})")])
    probed = probes(game, text)
    if not probed:
        raise InputError([Problem(None, f"--ablate: no card of {game.id} says what it does (`effect:`): there is "
                                  "nothing to take away")])
    return probed, threshold, budget
