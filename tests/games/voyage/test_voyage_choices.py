"""Voyage's choices inside an effect are the players' (cards/voyage/play/choices.py): a card that lets the crew
choose opens a decision whose options the state offers as its moves, any policy answers it, and the rules
call no policy: no module of the rules imports the baseline, and a trace tells each answer."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

from voyage_session import play_module, voyage_session

from conftest import REPO, run_pnp

PLAY = REPO / "cards" / "voyage" / "play"
POLICY = {"baseline", "worths"}  # the baseline player's modules: the rules import none of them
KINDS = {"keep card", "keep room", "discard card", "on top", "scout", "roll hits", "roll repairs", "roll moves",
         "reroll", "spare room", "gift draw", "gamble face"}  # every kind of decision the rules open


def imported(source: str) -> set[str]:
    """The modules of the play package a module's source imports (at the top or inside a function)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level:
            found.update([node.module] if node.module else [a.name for a in node.names])
        elif isinstance(node, ast.Import):
            found.update(a.name.rsplit(".", 1)[-1] for a in node.names)
    return found


def policy_imports(sources: dict[str, str]) -> list[str]:
    """The modules of the rules (all but __init__, which hands the baseline to pnp, and the baseline's own)
    that import a module of the baseline."""
    return sorted(f"{name} imports {module}" for name, text in sources.items()
                  if name != "__init__" and name not in POLICY for module in imported(text) & POLICY)


def _sources() -> dict[str, str]:
    return {path.stem: path.read_text() for path in sorted(PLAY.glob("*.py"))}


def test_the_rules_import_no_policy():
    sources = _sources()
    assert {"effects", "moves", "verbs", "ship", "choices", "said"} | POLICY <= set(sources)
    assert policy_imports(sources) == []


def test_a_planted_policy_import_is_caught():
    sources = _sources()
    sources["effects"] += "\n\ndef worst(ship):\n    from .baseline import card_value\n"
    sources["ship"] = "from . import baseline\n" + sources["ship"]
    sources["moves"] = "from .worths import site\n" + sources["moves"]
    assert policy_imports(sources) == ["effects imports baseline", "moves imports worths", "ship imports baseline"]


def test_the_random_policy_is_offered_every_option_of_each_decision_and_its_choice_is_played():
    """Games whose moves the baseline plays and whose decisions the random policy answers. Each decision offers
    what the rules show the players (a Craft's Room Card: every card it drew; a Search: every card drawn; a
    discard: every card in the hand; a wild face: every Room that can take it); the option the random policy
    picks is what happens (the Room Card kept is the one placed); and it picks otherwise than the baseline."""
    from pnp.play.policies import random_policy
    from pnp.play.run import play_one

    s = voyage_session(7)
    seen: Counter = Counter()
    other: Counter = Counter()
    last: dict = {}

    def policy(state, legal, rng):
        if last.get("placed"):  # the Room Card kept at the last decision is the one in its Room now
            sq, card = last.pop("placed")
            assert state.slot[sq] == card, (sq, card, state.slot[sq])
        if state.pending is None:
            last["rooms"], last["abilities"] = list(state.rooms.cards), list(state.abilities.cards)
            return state.baseline_move(rng)
        kind, who, options, shown, _ = state.pending
        assert kind in KINDS and [m.name for m in legal] == [kind] * len(options) and len(options) > 1
        assert [m.arg for m in legal] == [(who, option) for option in options] and len(set(options)) == len(options)
        if kind == "keep room":  # every card the Craft drew from the Room pile (since the last move)
            drawn = Counter(last["rooms"]) - Counter(state.rooms.cards)
            assert set(options) == set(drawn) and shown in state.squares, (options, drawn)
        elif kind == "keep card" and len(last["abilities"]) > len(state.abilities.cards):
            assert set(options) == set(Counter(last["abilities"]) - Counter(state.abilities.cards))
        elif kind == "discard card":
            assert set(options) == set(state.crew[who][2])
        elif kind == "roll hits":
            assert set(options) <= set(state.squares) - state.destroyed
        elif kind == "gift draw":
            assert options == (*range(len(state.crew)), None)  # a Captain, or none (the card says "may")
        move = random_policy(state, legal, rng)
        said = [state.say(m) for m in legal]  # each answer in the game's words, none a bare tuple of ids
        assert all(text[:1].isalpha() and "(" in text and len(text) <= 200 for text in said), said
        assert len(set(said)) == len(said), said
        seen[kind] += 1
        other[kind] += move != play_module(state, "baseline").answer(state)
        if kind == "keep room":
            last["placed"] = (shown, move.arg[1])
        return move

    s.policy = policy
    for i in range(40):
        for players in (1, 2, 3, 4):
            play_one(s, (0, players, i))
    often = {"keep room", "on top", "scout", "roll hits", "discard card", "keep card"}
    assert often <= set(seen) and all(other[kind] > 0 for kind in often), (seen, other)
    # every kind of decision, in 160 games, but a gamble the crew chooses (the Rabbit's Foot, then a gamble): rare,
    # it is played in test_voyage_crew_choices
    assert set(seen) == KINDS - {"gamble face"}, seen


def test_a_decision_answered_leaves_the_game_where_a_look_ahead_finds_it():
    """A copy made while a decision is open (search, mcts and greedy look ahead from there) answers it and goes
    on: the agenda is data, copied with the game (the cards' compiled steps shared, read only). A copy at every
    decision of games the random policy answers; the first few of each kind played to the end."""
    import random

    from pnp.play.policies import baseline_policy, play, random_policy
    from pnp.play.run import play_one

    s = voyage_session(3)
    seen: Counter = Counter()

    def policy(state, legal, rng):
        if state.pending is None:
            return state.baseline_move(rng)
        kind = state.pending[0]
        seen[kind] += 1
        look = state.clone(random.Random(seen.total()))
        look.apply(legal[-1])
        if seen[kind] <= 3:
            assert play(look, baseline_policy, random.Random(1)).round >= state.round
        return random_policy(state, legal, rng)

    s.policy = policy
    for i in range(25):
        for players in (1, 4):
            play_one(s, (0, players, i))
    assert len(seen) >= 9, seen


def test_a_trace_tells_a_decision_with_its_options(tmp_path: Path):
    result = run_pnp("simulate", "voyage", "--players", "2", "--trace", "1:0")
    assert result.code == 0, result.err
    moves = [line.split(": ", 1)[1] for line in result.out.splitlines() if line.startswith("move ")]
    kept = [m for m in moves if " keeps Room " in m]
    assert kept and all(" (of " in m for m in kept), moves
