"""Rules: what the rulebook's drawn blocks need dealt or played before layout draws them: each ```pnp setup-diagram```
block's setup, dealt as `pnp setup` deals it, and each ```pnp example``` block's game, told by a replay that the
command hands in (play sits above rules: the rules never play a game themselves)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.core.errors import InputError, Problems
from pnp.layout.rulebook.flow import Dealt, Played, StepSaid
from pnp.model.game import Game
from pnp.model.rulebook.source import Rulebook, RulebookBlock
from pnp.rules.setup_tracks import said_start, track_card

Replay = Callable[[int, int, int], list[list[Any]]]  # (players, seed, index) -> the game's story (pnp.play.told)


def number(b: RulebookBlock, name: str, default: int | None, problems: Problems) -> int | None:
    """A block's `name=N` word as a whole number (0 or more), its default when it is not written."""
    raw = b.args.get(name)
    if raw is None:
        if default is None:
            problems.add(b.where, f"```pnp {b.kind}``` needs {name}=N (e.g. {name}=2)", "rulebook")
        return default
    if not raw.isdigit():
        problems.add(b.where, f"{name}={raw}: write a whole number, 0 or more (e.g. {name}=2)", "rulebook")
        return None
    return int(raw)


def played_for(game: Game, book: Rulebook, replay: Replay | None, problems: Problems) -> Played:
    """The setups and games the book's blocks name, dealt and played once each."""
    from pnp.rules.setup import setup_of

    played = Played({}, {})
    wanted = [b for b in book.blocks if b.kind in ("setup-diagram", "example")]
    if not wanted:
        return played
    try:
        gs = setup_of(game)
    except InputError:  # the setup itself is bad: said where it is
        return played
    for b in wanted:
        players = number(b, "players", None, problems)
        seed = number(b, "seed", 1 if b.kind == "example" else 0, problems)
        if players is None or seed is None:
            continue
        if gs is None:
            problems.add(b.where, f"```pnp {b.kind}``` starts from the dealt setup: this game's rules.yaml has no "
                         "`setup:`", "rulebook")
            continue
        if not gs.spec.players.min <= players <= gs.spec.players.max:
            problems.add(b.where, f"players={players}: {game.manifest.name} takes {gs.spec.players.min} to "
                         f"{gs.spec.players.max} players", "rulebook")
            continue
        if b.kind == "setup-diagram" and (players, seed) not in played.deals:
            got = gs.deal(players, seed)
            if got is None:  # a setup that cannot be dealt: `pnp check` says why, where the setup is (once)
                continue
            played.deals[players, seed] = Dealt(players, seed, got["table"], got["hands"], _steps(game, gs.spec))
        elif b.kind == "example":
            index = number(b, "game", 0, problems)
            if index is None or (players, seed, index) in played.stories:
                continue
            if replay is None:  # `pnp check`, or game code not to be run: the block is left out (docs/rulebook.md)
                continue
            try:
                played.stories[players, seed, index] = replay(players, seed, index)
            except InputError as exc:
                problems.extend(exc.problems)
    return played


def _steps(game: Game, spec: Any) -> dict[str, StepSaid]:
    """Each setup label: its kind (draw, place, roll, track), the deck, die or track it deals from, what it is said
    as ("the Happiness track"), the unit of its value ("%") and what a wild face means."""
    from pnp.model.translation.catalog import said as words

    steps: dict[str, StepSaid] = {}
    names = {d.id: d.name for d in game.decks}
    lang = getattr(game, "lang", "")  # a translated game's book: its own words
    for step in [*spec.table, *spec.each_player, *spec.then]:
        for kind in ("draw", "place", "roll", "track"):
            what = getattr(step, kind)
            if isinstance(what, str):
                label = step.label or what
                card = track_card(game, what) if kind == "track" else None
                said = words("the {name} track", lang, name=said_start(card)) if card is not None else \
                    ("" if lang else "the ") + names.get(what, what.replace('-', ' '))  # (a translation: the name)
                steps[label] = StepSaid(kind, what, said, str(card.data.get("unit") or "") if card is not None else "",
                                        step.wild if kind == "roll" else "")
                break
    return steps
