"""A game played by pnp's engine (pnp/play/effect_engine.py) started in this process, with the hands and the pile
the test deals, so that the test makes each move itself and reads the state after it: what each player holds, the
tracks, the tokens, and the story the trace would tell."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any


def engine_state(root: Path, hands: list[list[str]], pile: list[str], game: str = "shop") -> Any:
    """The game `game` of the project at `root` at its first choice: player N's hand `hands[N]`, the pile's cards
    drawn in the order of `pile` (first drawn first), the trace's story kept in `state.table.record.story`."""
    from pnp.model.game import load_game
    from pnp.play.effect_engine import EffectState
    from pnp.play.play_spec import load_play_spec
    from pnp.play.table import Table

    loaded = load_game(root, game)
    played = load_play_spec(loaded)
    deck = loaded.deck(played.spec.hand)
    cards = {deck.id: {c.id: dict(c.data) for c in deck.cards}}
    dealt = {"players": len(hands), "seed": 0, "table": {}, "hands": [{deck.id: list(h)} for h in hands]}
    table = Table(cards, {}, dealt, {deck.id: list(pile)}, random.Random(0))
    table.record.story = []
    return EffectState(table, played)


def make(state: Any, name: str, arg: Any = None) -> Any:
    """The legal move named `name` (on `arg`, if given) made: it must be one of `state.moves()`."""
    moves = state.moves()
    move = next((m for m in moves if m.name == name and (arg is None or m.arg == arg)), None)
    assert move is not None, f"{name} {arg or ''} is not a legal move: {moves}"
    state.apply(move)
    return move


def said(state: Any) -> list[str]:
    """What the trace told in words so far (`said` events), then forgotten."""
    story = state.table.record.story
    out = [e[1] for e in story if e[0] == "said"]
    story.clear()
    return out
