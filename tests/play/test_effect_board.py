"""A game on a board, played from its YAML alone by pnp's engine (pnp/play/effect_engine.py, effect_board.py): pieces
moved along the board's graph to a place the player chooses, a die rolled and tokens added at the place it shows, the
top of a pile looked at and put back in the order the player chooses, steps at the round's end and start; and what
the engine cannot play (a place that is not one, a face that is not a place, a duration) refused at its line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from conftest import edit, run_pnp

PLACES = """places: {camp: [river], river: [camp, peak], peak: [river]}
pieces: {explorer: camp}
tokens: {peak: 2}
tracks: {supplies: 50}
"""
CARDS = "cards/shop/cards.yaml"


@pytest.fixture
def board(scaffold: Path) -> Path:
    """The scaffold's shop on a three-place board with a compass die: Lucky Find moves the explorer next door,
    Trade Route looks at the top three cards before its draw, Grand Market rolls the compass at the round's end
    and adds a token where it points, and lowers the supplies at the next round's start."""
    game = scaffold / "cards/shop"
    (game / "play.yaml").write_text((game / "play.yaml").read_text() + PLACES)
    (game / "compass.yaml").write_text("faces:\n  - {id: camp}\n  - {id: river}\n  - {id: peak}\n")
    (game / "game.yaml").write_text((game / "game.yaml").read_text() + "\ndata:\n  compass: compass.yaml\n")
    edit(game / "cards.yaml", "effect: [{gain: {resource: coins, amount: 2}}]",
         "effect: [{move: {piece: explorer, to: {choose: [adjacent]}}}, {gain: {resource: coins, amount: 2}}]")
    edit(game / "cards.yaml", "effect: [{draw: 2}, ", "effect: [{look: {count: 3, pile: card}}, {draw: 2}, ")
    edit(game / "cards.yaml", "{gain: {resource: coins, amount: 1, who: others}}]",
         "{roll: compass, at: round-end}, {tokens: {place: rolled, add: 1}, at: round-end}, "
         "{change: {track: supplies, by: -5}, at: round-start}]")
    return scaffold


def traced(root: Path, index: int, players: int = 1) -> list[list]:
    result = run_pnp("--root", str(root), "simulate", "shop", "--players", str(players), "--policy", "random",
                     "--trace", str(index), "--format", "json")
    assert result.code == 0, result.err
    return json.loads(result.out)["events"]


def test_a_piece_moves_to_a_place_next_to_it_that_the_player_chooses(board):
    """From the river the explorer may go to the camp or the peak: the player is asked; from the camp only the river
    is next to it, so it goes there unasked."""
    told = [e for i in range(4) for e in traced(board, i)]
    asked = [e for e in told if e[0] == "move" and "chooses" in e[1]]
    assert asked, "no place was chosen in four games"
    for e in asked:
        assert sorted(e[2]) == ["player 1 chooses camp", "player 1 chooses peak"], e  # the river's neighbours
    moved = [e[1] for e in told if e[0] == "said" and "explorer to" in e[1]]
    assert "player 1's explorer to river" in moved and len(moved) > len(asked)  # some moves were not asked


def test_a_roll_at_the_rounds_end_adds_a_token_where_the_die_points(board):
    """Two players: a Grand Market's roll waits for the round's end (the other player's turn comes first)."""
    told = [e for i in range(6) for e in traced(board, i, players=2)]
    rolls = [i for i, e in enumerate(told) if e[0] == "said" and e[1].startswith("rolled compass: ")]
    assert rolls, "Grand Market was never played at a round's end"
    for i in rolls:
        face = told[i][1].removeprefix("rolled compass: ")
        assert told[i + 1][0] == "said" and told[i + 1][1].startswith(f"tokens at {face}: "), told[i:i + 2]
        after = next(e for e in told[i + 1:] if e[0] in ("move", "meter"))
        assert after[0] == "meter", (told[i], after)  # at the round's end: its meters come next, not a move
    played = [i for i, e in enumerate(told) if e == ["play", "card/grand-market"]]
    assert any(next(e for e in told[i + 1:] if e[0] in ("move", "meter"))[0] == "move" for i in played)


def test_the_cards_looked_at_go_back_in_the_order_the_player_chooses(board):
    looked = 0
    for index in range(8):
        told = traced(board, index)
        for i, e in enumerate(told):
            if e[0] == "move" and "back, on top of the rest" in e[1] and told[i - 1][0] != "move":
                first = e[1].removeprefix("player 1 puts ").removesuffix(" back, on top of the rest")
                drawn = next(x for x in told[i:] if x[0] == "draw")
                assert drawn[1] == "card/" + first.lower().replace(" ", "-"), (e, drawn)
                looked += 1
    assert looked, "Trade Route never looked at two kinds of card in eight games"


def test_a_played_cards_round_start_step_happens_at_every_rounds_start_from_then_on(board):
    """Grand Market's "At the start of each round: lower Supplies by 5" happens at the start of every round after it
    is played, once for each Grand Market played: each round's end shows the supplies those starts left."""
    checked = 0
    for index in range(4):
        supplies, played = 50, 0
        for e in traced(board, index, players=2):
            if e == ["play", "card/grand-market"]:
                played += 1
            elif e[0] == "meter" and e[1] == "supplies":
                assert e[2] == supplies, (index, e, supplies, played)
                checked += played > 1
                supplies = max(0, supplies - 5 * played)  # the next round's start
    assert checked, "no round began after two Grand Markets in four games"


@pytest.mark.parametrize("old, new, said", [
    ("{tokens: {place: rolled, add: 1}, at: round-end}", "{tokens: {place: summit, add: 1}, at: round-end}",
     "'summit' is not a place (camp, river, peak) nor one of here, rolled"),
    ("{move: {piece: explorer, to: {choose: [adjacent]}}}", "{move: {piece: explorer, to: {choose: [nearby]}}}",
     "no place filter 'nearby' (filters: adjacent, tokens, empty, any)"),
    ("{move: {piece: explorer,", "{move: {piece: raft,", "no piece 'raft' (pieces: explorer)"),
    ("{roll: compass, at: round-end}", "{roll: compass, at: bought}", "`at: bought`: pnp's engine cannot play it"),
    ("{roll: compass, at: round-end}", "{roll: sextant, at: round-end}", "no die 'sextant'"),
    ("{change: {track: supplies, by: -5}, at: round-start}", "{change: {track: supplies, by: -5}, until: resolved}",
     "`until: resolved` and `resolve:` go together"),
    ("{roll: compass, at: round-end}", "{roll: compass, rounds: 2}", "`rounds:` on `roll`: what a roll does cannot"),
])
def test_what_the_board_cannot_mean_is_refused_at_its_step(board, old, new, said):
    edit(board / CARDS, old, new)
    result = run_pnp("--root", str(board), "simulate", "shop", "--games", "10")
    assert result.code == 2 and not result.out, result.out
    assert f"{CARDS}:" in result.err and said in result.err, result.err


def test_a_face_that_is_not_a_place_is_refused_where_the_die_is_rolled(board):
    (board / "cards/shop/compass.yaml").write_text("faces:\n  - {id: camp}\n  - {id: river}\n  - {id: storm}\n")
    result = run_pnp("--root", str(board), "simulate", "shop", "--games", "10")
    assert result.code == 2, result.out
    assert "compass's faces storm are not places" in result.err and f"{CARDS}:" in result.err, result.err


def test_a_neighbour_or_a_start_that_is_not_a_place_is_refused_in_play_yaml(board):
    edit(board / "cards/shop/play.yaml", "peak: [river]}", "peak: [river, lake]}")
    edit(board / "cards/shop/play.yaml", "pieces: {explorer: camp}", "pieces: {explorer: base}")
    result = run_pnp("--root", str(board), "simulate", "shop", "--games", "10")
    assert result.code == 2, result.out
    assert "cards/shop/play.yaml:" in result.err and "peak is next to 'lake', which is not a place" in result.err
    assert "'base' is not a place of `places:`" in result.err, result.err


@pytest.mark.parametrize("lasting, later", [("until: round-end", 0), ("until: next-round-end", 1), ("rounds: 3", 2)])
def test_a_step_that_lasts_is_taken_back_at_the_end_of_its_last_round(board, lasting, later):
    """Grand Market raises the supplies by 10 for a time: at the end of the round it was played in (or `later`
    rounds after), the 10 are taken back, once for each Grand Market."""
    edit(board / CARDS, "{change: {track: supplies, by: -5}, at: round-start}",
         f"{{change: {{track: supplies, by: 10}}, {lasting}}}")
    due, back = [], []
    for index in range(4):
        ended = 0  # rounds ended so far in this game
        for e in traced(board, index, players=2):
            if e == ["play", "card/grand-market"]:
                due.append((index, ended + 1 + later))
            elif e[0] == "said" and e[1] == "supplies: -10, as the step that lasted till now ends":
                back.append((index, ended + 1))
            elif e[0] == "meter" and e[1] == "supplies":
                ended += 1
        due = [d for d in due if d[0] != index or d[1] <= ended]  # a game over before the step's last round
    assert back and sorted(back) == sorted(due), (back, due)
