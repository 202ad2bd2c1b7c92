"""Play: the arguments of `pnp simulate`, `pnp tune` and the ablation read and bounded: player counts, policies
(and seatings), and the values of a `--vary` sweep, each checked against its field's spec."""

from __future__ import annotations

from typing import Any

from pnp.core.bounds import SIM_VALUE, SIM_VALUES
from pnp.core.errors import InputError, Problem, did_you_mean, echo
from pnp.model.game import Game
from pnp.play.variant import Variant


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


def policies(text: str, own: dict[str, str] | None = None, most: int | None = None) -> list[str]:
    """`random`, or a list side by side (`random,baseline`): each a policy (pnp's, or the game's `own`), each once;
    or a seating, one policy per seat (`1=mcts,2-4=greedy`, seats 1 to `most`: pnp.play.seating), one side."""
    from pnp.core.bounds import SIM_POLICIES
    from pnp.play import seating
    from pnp.play.policies import POLICIES as BUILT_IN

    POLICIES: dict[str, object] = {**BUILT_IN, **(own or {})}  # noqa: N806 - the names a side may give
    if seating.is_seating(text):
        seating.seats(text, set(POLICIES), most if most is not None else 1 << 30)
        return [text.strip()]
    names = [p.strip() for p in text.split(",", SIM_POLICIES)]
    if len(names) > SIM_POLICIES:
        raise InputError([Problem(None, f"--policy {shown(text)}: at most {SIM_POLICIES} policies side by side, each "
                                  f"once ({', '.join(POLICIES)})")])
    for name in names:
        if name not in POLICIES:
            raise InputError([Problem(None, f"--policy {shown(name)}: one of {', '.join(POLICIES)}"
                                      f"{did_you_mean(name, POLICIES)}, a list of them (random,baseline), or one a "
                                      "seat (1=mcts,2-4=greedy)")])
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
    deck, _ = card_of(game, deck_id, card_id, "--vary")
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
        if why := outside(spec, value):
            raise InputError([Problem(at, f"--vary {deck_id}/{card_id}.{name}={echo(raw)}: {why}")])
        if any(v.value == value for v in out):
            raise InputError([Problem(None, f"--vary: {echo(raw)} is given twice; give each value once")])
        out.append(Variant(deck_id, card_id, name, value))
    return out


def outside(spec: Any, value: Any) -> str:
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


def card_of(game: Game, deck_id: str, card_id: str, said: str) -> tuple[Any, Any]:
    """The deck and the card an option names (`said`: how the option is written, its first words), or a located
    InputError with the near names."""
    decks = {d.id: d for d in game.decks}
    if deck_id not in decks:
        raise InputError([Problem(None, f"{said}: no deck {deck_id!r} in {game.id}{did_you_mean(deck_id, decks)} "
                                  f"(decks: {', '.join(decks)})")])
    deck = decks[deck_id]
    cards = {c.id: c for c in deck.cards}
    if card_id not in cards:
        raise InputError([Problem(deck.doc.where(("cards",)), f"{said}: no card {card_id!r} in {deck_id}"
                                  f"{did_you_mean(card_id, cards)}")])
    return deck, cards[card_id]


def with_options(setup: Any, given: list[str], where: Any = None) -> tuple[Any, dict[str, Any]]:
    """The setup with each `--option NAME=VALUE` made its option's default (its value first), as `pnp setup
    --option` deals it, and the options chosen (only those given: a run without one reads as before); an option the
    setup has not got, a value it does not offer or a NAME=VALUE without `=`: one line, InputError."""
    import dataclasses

    from pnp.rules.setup_expr import choose

    if not given:
        return setup, {}
    bad = [o for o in given if "=" not in o]
    if bad:
        raise InputError([Problem(where, f"--option {bad[0]!r}: NAME=VALUE, as pnp setup takes it (--option "
                                  "adventure=2)")])
    asked = dict(o.partition("=")[::2] for o in given)
    chosen = choose(setup, asked)  # (an unknown option or value: its own line)
    options = {name: [chosen[name], *(v for v in values if v is not chosen[name])] if name in asked else values
               for name, values in setup.options.items()}
    return dataclasses.replace(setup, options=options), {name: chosen[name] for name in asked}
