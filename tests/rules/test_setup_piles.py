"""Setup piles: a pile the table builds is a source later steps draw from; piles shuffle together;
`pile(name).size` counts what is left; a shortage names the pile."""

from __future__ import annotations

import json
import re

from conftest import edit, run_pnp

RULES = "cards/tiny/rules.yaml"
STACK = """  table:
    - label: stack
      shuffle: true
      pile:
        - {place: card, where: "card.tier == 'low'"}
        - {place: sheet}
    - {track: left, value: "{{ pile('stack').size }}"}
  each_player:
    - {draw: stack, count: HAND}
"""


def stack_setup(root, hand: str = "2") -> None:
    text = (root / RULES).read_text()
    text = re.sub(r"  table:\n(?:    .*\n)+  each_player:\n(?:    .*\n)+", STACK.replace("HAND", hand), text)
    (root / RULES).write_text(text)


def dealt(root, players: int, seed: int = 3) -> dict:
    result = run_pnp("setup", "tiny", "--players", str(players), "--seed", str(seed), "--format", "json", cwd=root)
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_hands_are_dealt_from_a_pile_the_table_built(project):
    stack_setup(project)
    setup = dealt(project, 3)
    assert setup["table"]["left"] == 7  # 4 low cards and 3 sheets, counted before any hand was dealt
    hands = [h["stack"] for h in setup["hands"]]
    assert [len(h) for h in hands] == [2, 2, 2]
    assert len(setup["table"]["stack"]) == 1  # what is left of the pile lies on the table
    everything = sorted(sum(hands, []) + setup["table"]["stack"])
    assert everything == sorted(["alpha", "alpha", "beta", "beta", "crew-sheet", "crew-sheet", "crew-sheet"])


def test_a_shuffled_pile_mixes_its_decks_and_the_seed_decides_how(project):
    stack_setup(project, "0")
    orders = {tuple(dealt(project, 1, seed)["table"]["stack"]) for seed in range(8)}
    assert len(orders) > 1  # shuffled
    assert any(order.index("crew-sheet") < 4 for order in orders)  # the sheets do not stay at the bottom
    assert dealt(project, 1, 5)["table"]["stack"] == dealt(project, 1, 5)["table"]["stack"]


def test_a_pile_that_runs_short_is_named(project):
    stack_setup(project, "3")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 1
    assert "cards/tiny/rules.yaml:30:7: setup: 3 players need 9 cards from the pile 'stack'; the pile holds 7" \
        in result.out
    result = run_pnp("setup", "tiny", "--players", "3", cwd=project)  # as a deck that runs short: said at the step
    assert result.code == 2
    assert result.err.startswith("cards/tiny/rules.yaml:30:7: each_player[0]: needs 3 cards from the pile 'stack' "
                                 "and 1 is left (with 3 players, player 3)")


def test_pile_of_an_unknown_name_is_located_with_the_near_name(project):
    stack_setup(project)
    edit(project / RULES, "pile('stack').size", "pile('stak').size")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2
    assert "cards/tiny/rules.yaml:" in result.err and "did you mean 'stack'" in result.err, result.err


def test_shuffle_belongs_on_a_pile(project):
    stack_setup(project)
    edit(project / RULES, "    - {draw: stack, count: 2}", "    - {draw: stack, count: 2, shuffle: true}")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2
    assert "`shuffle: true` shuffles a pile's cards together: it belongs on a `pile` step" in result.err


def test_a_dealt_setup_with_piles_passes_the_recorded_check(project, tmp_path):
    stack_setup(project)
    recorded = tmp_path / "setup.json"
    setup = dealt(project, 3)
    recorded.write_text(json.dumps(setup))
    result = run_pnp("check", "tiny", "--setup", str(recorded), "--format", "json", cwd=project)
    assert json.loads(result.out)["games"][0]["errors"] == [], result.out
    setup["hands"][0]["stack"] = ["gamma", setup["hands"][0]["stack"][1]]  # gamma is not in the pile
    recorded.write_text(json.dumps(setup))
    result = run_pnp("check", "tiny", "--setup", str(recorded), "--format", "json", cwd=project)
    assert any("gamma" in e["message"] for e in json.loads(result.out)["games"][0]["errors"]), result.out


def test_sides_named_as_the_table_calls_them_and_a_plain_title(project):
    edit(project / "cards/tiny/cards.yaml", "template: mini/front", "template: mini/front\nsides: {front: A, back: B}\n"
         "title: Tiny card")
    text = (project / RULES).read_text()
    text = re.sub(r"  table:\n(?:    .*\n)+", "  table:\n    - {place: card, label: top, count: 1, side: B}\n", text)
    (project / RULES).write_text(text)
    result = run_pnp("setup", "tiny", "--players", "1", "--seed", "1", cwd=project)
    assert result.code == 0, result.err
    assert re.search(r"  top +Tiny card \(\w+\) \(side B up\)", result.out), result.out
    top = dealt(project, 1)["table"]["top"]
    assert top["side"] == "B" and len(top["cards"]) == 1
    edit(project / RULES, "side: B}", "side: C}")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2 and "side 'C': front or back or A or B" in result.err, result.err
