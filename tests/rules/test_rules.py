"""Every rule kind, broken on purpose in the `tiny` game: the message and the place are what a designer reads."""

from __future__ import annotations

import json

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.core.errors import InputError
from pnp.model.game import load_game
from pnp.model.load import load_text
from pnp.rules.check import check_game, load_rules
from pnp.rules.setup import check_recorded, deal

from conftest import REPO, edit, run_pnp

CARDS = "cards/tiny/cards.yaml"
GAME = "cards/tiny/game.yaml"

BREAKS = {  # rule id: (file, old, new, expected "where: subject: message")
    "contents": (GAME, "card: 6", "card: 7",
                 "cards/tiny/game.yaml:14:3: card: the rulebook lists 7, the game prints 6"),
    "copies": (CARDS, "color: red, text: \"Third card.\"}", "color: red, text: \"Third card.\", copies: 1}",
               "cards/tiny/cards.yaml:15:84: card/gamma: prints 1 copy; every Card card takes 2"),
    "unique-names": (CARDS, "name: Beta", "name: Alpha",
                     "cards/tiny/cards.yaml:14:16: card/beta: name 'Alpha' is also on alpha; each card needs its own"),
    "cost-range": (CARDS, "cost: 5", "cost: 6", "cards/tiny/cards.yaml:15:30: card/gamma: cost 6 is outside 1..5"),
    "tiers": (CARDS, "cost: 2, tier: low", "cost: 2, tier: high",
              "cards/tiny/cards.yaml:12:1: card: 2 Card cards with tier 'low'; the rule wants at least 4"),
    "cost-table": (CARDS, "cost: 5", "cost: 4",
                   "cards/tiny/cards.yaml:12:1: card: cost 4: 2 cards, the distribution wants 0"),
    "colours-exist": (CARDS, "cost: 1, tier: low, color: red", "cost: 1, tier: low, color: green",
                      "cards/tiny/cards.yaml:13:50: card/alpha: 'green' is not among ['accent', 'blue', 'ink', "
                      "'paper', 'red']"),
    "die-is-board": ("cards/tiny/board.yaml", "{id: y, color: blue}", "{id: y, color: red}",
                     "cards/tiny/die.yaml:4:16: die.faces[1]: 'blue' is not among ['red']"),
    "named": (CARDS, "name: Beta", "name: Be", "cards/tiny/cards.yaml:14:5: card/beta: a name needs 3 letters"),
    "die-sides": ("cards/tiny/die.yaml", "sides: 3", "sides: 4",
                  "cards/tiny/die.yaml:2:1: die-sides: faces != sides"),
    "board-connected": ("cards/tiny/board.yaml", "  - [x, y]\n", "  []\n",
                        "cards/tiny/board.yaml:3:6: board.spaces[1]: 'y' cannot be reached from 'x'"),
    "colours-apart": (GAME, 'red: "#d7263d"', 'red: "#2b5ac3"',
                      "cards/tiny/board.yaml:2:13: board.spaces[0]: red is hard to tell from blue (delta E 0.8, "
                      "needs 20); pick colours further apart"),
    "no-forbidden": (CARDS, "text: \"Second card.\"", "text: \"Forbidden card.\"",
                     "cards/tiny/cards.yaml:14:61: card/beta: the word 'Forbidden' is forbidden"),
}


def found(root, rule: str) -> list[str]:
    return [str(p) for p in check_game(root, "tiny").problems if p.rule == rule]


def test_the_tiny_game_passes_every_rule(project):
    assert check_game(project, "tiny").problems == []


@pytest.mark.parametrize("rule", sorted(BREAKS))
def test_each_rule_kind_catches_its_break(project, rule):
    path, old, new, expected = BREAKS[rule]
    edit(project / path, old, new)
    assert expected in found(project, rule)


def test_rule_errors_exit_1_and_name_the_rule(project):
    edit(project / CARDS, "cost: 5", "cost: 6")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 1
    assert "tiny: 3 errors, 0 warnings: FAILED" in result.out
    assert "  error [cost-range] (1)" in result.out


def test_placeholders_are_warnings_and_strict_fails_on_them(project):
    edit(project / CARDS, 'text: "First card."', 'text: "TODO: write this card."')
    assert found(project, "placeholder") == [
        "cards/tiny/cards.yaml:13:62: card/alpha: text: placeholder 'TODO' still in the text"]
    assert run_pnp("check", "tiny", cwd=project).code == 0
    assert run_pnp("check", "tiny", "--strict", cwd=project).code == 1


def test_json_and_github_formats(project):
    edit(project / CARDS, "cost: 5", "cost: 6")
    result = run_pnp("check", "tiny", "--format", "json", cwd=project)
    report = json.loads(result.out)["games"][0]
    assert report["ok"] is False
    assert {"rule": "cost-range", "severity": "error", "subject": "card/gamma", "file": "cards/tiny/cards.yaml",
            "line": 15, "col": 30, "message": "cost 6 is outside 1..5"} in report["errors"]
    result = run_pnp("check", "tiny", "--format", "github", cwd=project)
    assert ("::error file=cards/tiny/cards.yaml,line=15,col=30,title=tiny cost-range::card/gamma: cost 6 is "
            "outside 1..5") in result.out.splitlines()


def test_build_refuses_a_deck_that_breaks_the_rules_unless_forced(project):
    edit(project / CARDS, "cost: 5", "cost: 6")
    result = run_pnp("build", "tiny", cwd=project)
    assert result.code == 1 and "cost 6 is outside 1..5" in result.err
    assert not (project / "output").exists()
    result = run_pnp("build", "tiny", "--force", cwd=project)
    assert result.code == 0
    assert "NOT RULE-CHECKED" in result.out
    from pdfcheck import text_of

    assert text_of(project / "output/tiny/card.pdf").count("NOT RULE-CHECKED") == 12  # 6 fronts, 6 backs


def test_setup_feasibility_for_every_player_count(project):
    edit(project / "cards/tiny/rules.yaml", "{draw: card, count: 2}", "{draw: card, count: 3}")
    assert found(project, "setup") == [  # at the step that asks for more than the deck holds
        "cards/tiny/rules.yaml:25:7: setup: 3 players need 9 cards of deck 'card'; the deck has 6"]


def test_setup_refuses_an_unsupported_player_count(project):
    result = run_pnp("setup", "tiny", "--players", "4", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (2, "Tiny Rules Game takes 1 to 3 players, not 4")


def test_a_recorded_setup_is_checked(project, tmp_path):
    recorded = tmp_path / "setup.yaml"
    recorded.write_text("players: 2\ntable: {score: 1}\nhands:\n  - {card: [alpha, alpha], start: red}\n"
                        "  - {card: [alpha, zeta], start: green}\n")
    result = run_pnp("check", "tiny", "--setup", str(recorded), "--format", "json", cwd=project)
    assert result.code == 1
    messages = [(e["line"], e["message"]) for e in json.loads(result.out)["games"][0]["errors"]]
    assert messages == [
        (2, "score starts at 0, got 1"),
        (5, "no card card 'zeta'"),
        (5, "'green' is not a face of the die (red, blue, wild (choose))"),
        (1, "card card 'alpha' is dealt 3 times; the game has 2"),
    ]


def test_the_same_seed_deals_the_same_setup():
    first = run_pnp("setup", "voyage", "--players", "3", "--seed", "42", "--format", "json")
    again = run_pnp("setup", "voyage", "--players", "3", "--seed", "42", "--format", "json")
    assert first.code == 0 and first.out == again.out
    dealt = json.loads(first.out)
    assert dealt["table"] == {"rooms": dealt["table"]["rooms"], "happiness": 50, "sanitation": 100, "round": 1}
    assert len(dealt["table"]["rooms"]) == 9
    assert all(len(h["ability"]) == 3 and len(h["captain"]) == 1 for h in dealt["hands"])


VOYAGE = load_game(REPO, "voyage")
VOYAGE_SETUP = load_rules(VOYAGE)[0].setup


@settings(max_examples=150, deadline=None)
@given(players=st.integers(min_value=1, max_value=4), seed=st.integers(min_value=0, max_value=2**32))
def test_every_dealt_voyage_setup_passes_the_setup_check(players, seed):
    assert VOYAGE_SETUP is not None
    dealt = deal(VOYAGE, VOYAGE_SETUP, players, seed)
    doc = load_text(json.dumps(dealt), "setup.json")
    assert check_recorded(VOYAGE, VOYAGE_SETUP, doc) == []


@pytest.mark.slow  # checks every bundled game
def test_voyage_passes_its_own_rules_strictly(shared_check):
    result = shared_check("--all", "--strict")
    assert result.code == 0, result.out + result.err
    assert "voyage: 0 errors, 0 warnings: ok" in result.out


def test_a_setup_step_can_take_only_matching_cards(project, tmp_path):
    edit(project / "cards/tiny/rules.yaml", "    - {draw: card, count: 2}",
         "    - {draw: card, count: 1, where: \"card.tier == 'high'\", label: boss}\n    - {draw: card, count: 2}")
    result = run_pnp("setup", "tiny", "--players", "1", "--seed", "4", "--format", "json", cwd=project)
    assert result.code == 0, result.err
    dealt = json.loads(result.out)
    assert dealt["hands"][0]["boss"] == ["gamma"]  # the only high-tier card
    recorded = tmp_path / "setup.json"
    dealt["hands"][0]["boss"] = ["alpha"]
    recorded.write_text(json.dumps(dealt))
    result = run_pnp("check", "tiny", "--setup", str(recorded), "--format", "json", cwd=project)
    messages = [e["message"] for e in json.loads(result.out)["games"][0]["errors"]]
    assert "card card 'alpha' is not one this step takes (card.tier == 'high')" in messages


def test_a_filtered_step_must_find_enough_matching_cards(project):
    edit(project / "cards/tiny/rules.yaml", "    - {draw: card, count: 2}",
         "    - {draw: card, count: 1, where: \"card.tier == 'high'\", label: boss}\n    - {draw: card, count: 1}")
    # gamma is the one high-tier card, printed twice: enough for 2 players, not 3
    assert found(project, "setup") == [
        "cards/tiny/rules.yaml:25:7: setup: 3 players need 3 cards of deck 'card' where card.tier == 'high'; "
        "the deck has 2"]


def test_setup_options_choose_steps_and_filters(project, tmp_path):
    """A setup's named options (a scenario, an adventure) switch steps on with `if` and feed `where`."""
    edit(project / "cards/tiny/rules.yaml", "  shuffle: [card]",
         "  options: {mode: [easy, hard]}\n  shuffle: [card]")
    edit(project / "cards/tiny/rules.yaml", "{draw: card, count: 2}", "{draw: card, count: 1}")
    edit(project / "cards/tiny/rules.yaml", "    - {track: score, value: 0}",
         "    - {track: score, value: 0}\n    - {track: bonus, value: 5, if: \"mode == 'hard'\"}\n"
         "    - {draw: card, count: 1, label: top, where: \"card.tier == ('high' if mode == 'hard' else 'low')\"}")
    assert found(project, "setup") == []
    easy = json.loads(run_pnp("setup", "tiny", "--players", "1", "--seed", "1", "--format", "json", cwd=project).out)
    hard = run_pnp("setup", "tiny", "--players", "1", "--seed", "1", "--option", "mode=hard", "--format", "json",
                   cwd=project)
    assert hard.code == 0, hard.err
    hard_dealt = json.loads(hard.out)
    assert (easy["options"], "bonus" in easy["table"]) == ({"mode": "easy"}, False)
    assert (hard_dealt["options"], hard_dealt["table"]["bonus"]) == ({"mode": "hard"}, 5)
    assert easy["table"]["top"][0] in ("alpha", "beta") and hard_dealt["table"]["top"] == ["gamma"]
    # a recorded hard setup is checked as hard: the bonus is required
    del hard_dealt["table"]["bonus"]
    recorded = tmp_path / "setup.json"
    recorded.write_text(json.dumps(hard_dealt))
    result = run_pnp("check", "tiny", "--setup", str(recorded), "--format", "json", cwd=project)
    assert [e["message"] for e in json.loads(result.out)["games"][0]["errors"]] == ["the table needs 'bonus'"]
    wrong = run_pnp("setup", "tiny", "--players", "1", "--option", "mode=brutal", cwd=project)
    assert (wrong.code, wrong.err.splitlines()[0]) == (2, "option mode=brutal: choose one of easy, hard")
    typo = run_pnp("setup", "tiny", "--players", "1", "--option", "mood=hard", cwd=project)
    assert typo.code == 2 and "unknown option 'mood' (this game's options: mode)" in typo.err


def test_a_mistake_in_a_setup_expression_is_reported_not_raised(project):
    edit(project / "cards/tiny/rules.yaml", "    - {track: score, value: 0}",
         "    - {track: score, value: 0}\n    - {track: bonus, value: 5, if: \"mood == 'hard'\"}")
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2 and "Traceback" not in result.err  # bad input, as in any other expression
    assert result.err.count("'mood' is undefined") == 1  # said once, not once per player count
    assert result.err.splitlines() == [
        "cards/tiny/rules.yaml:24:32: table[1].if: mood == 'hard': 'mood' is undefined (with 1 player)", "1 error"]


def test_the_public_rule_api_finds_a_deck_and_names_the_decks_when_there_is_none(project):
    """`game.deck(id)` is part of the documented API; a wrong id is a located error listing the decks."""
    rules = project / "cards/tiny/rules.py"
    edit(rules, "for deck in game.decks:", 'assert game.deck("card").faces == 6\n    for deck in [game.deck("cards")]:')
    result = run_pnp("check", "tiny", cwd=project)
    assert result.code == 2
    assert ("cards/tiny/rules.yaml:18:5: no-forbidden: custom rule 'tiny-no-forbidden' failed: KeyError: "
            "\"no deck 'cards' in tiny (decks: card, sheet); did you mean 'card'?\" (at cards/tiny/rules.py:7)"
            ) in result.err


def test_the_setup_and_game_yaml_agree_on_players(project):
    edit(project / "cards/tiny/game.yaml", "players: {min: 1, max: 3}", "players: {min: 1, max: 4}")
    assert found(project, "players") == [
        "cards/tiny/rules.yaml:20:3: setup.players: the setup takes 1 to 3 players, game.yaml says 1 to 4 "
        "(cards/tiny/game.yaml:3:1): one count for both, or `pnp setup` deals games the box does not support"]
    assert run_pnp("check", "tiny", cwd=project).code == 1


def test_a_deck_the_contents_list_does_not_name_is_a_warning_that_strict_refuses(project):
    edit(project / GAME, "  sheet: 3\n", "")
    assert found(project, "contents") == [
        "cards/tiny/sheets.yaml:2:1: sheet: the contents list in game.yaml does not name this deck (3 printed): add "
        "`sheet: 3` under `contents:` (`{count: N, stated: false}` if the rulebook gives no count)"]
    assert run_pnp("check", "tiny", cwd=project).code == 0
    assert run_pnp("check", "tiny", "--strict", cwd=project).code == 1
    edit(project / GAME, "  card: 6\n", "  card: 6\n  sheet: {count: 3, stated: false}\n")
    assert found(project, "contents") == []


def test_a_reference_over_a_list_field_checks_each_item(project):
    """`kind: reference` over a `list` field (a card naming several colours) holds each item of the list."""
    cards = project / CARDS
    edit(cards, "  color: {type: text}", "  color: {type: text}\n  also: {type: list, default: []}")
    edit(cards, 'color: red, text: "First card."', 'color: red, also: [blue, mauve], text: "First card."')
    edit(project / "cards/tiny/rules.yaml", "  - {id: no-forbidden",
         "  - {id: also-colours, kind: reference, source: {deck: card, field: also}, target: {palette: true}}\n"
         "  - {id: no-forbidden")
    result = run_pnp("check", "tiny", "--format", "json", cwd=project)
    assert result.code == 1, result.out + result.err
    errors = [(e["rule"], e["subject"], e["line"], e["message"]) for e in json.loads(result.out)["games"][0]["errors"]]
    palette = sorted(yaml.safe_load((project / "cards/tiny/game.yaml").read_text())["palette"])
    line = next(i for i, text in enumerate(cards.read_text().splitlines(), 1) if "mauve" in text)
    assert errors == [("also-colours", "card/alpha", line, f"'mauve' is not among {palette}")]


def setup_said(root) -> list[str]:
    """The setup's rule findings, or the bad input that stopped the check (an expression that cannot run)."""
    try:
        return found(root, "setup")
    except InputError as exc:
        return [str(p) for p in exc.problems]


@pytest.mark.parametrize(("step", "message"), [
    ('{draw: card, label: extra, count: "{{ tables.hands }}"}',  # bad input: no player count can run it
     "each_player[2].count: {{ tables.hands }}: tables has no 'hands': it is empty (with 1 player, player 1)"),
    ('{draw: card, label: extra, count: "{{ players / 2 }}"}',  # a finding: wrong for some player counts
     "setup: each_player[2].count: count 0.5: a whole number of cards, 0 or more (with 1 player)"),
    ("{draw: card, label: extra, where: \"card.tier == player\", if: \"players > 1\"}",
     "setup: 2 players need 2 cards of deck 'card' where card.tier == player; the deck has 0"),
    ('{draw: card, label: extra, side: "{{ players }}"}',
     "setup: each_player[2].side: side 1: front or back (with 1 player)"),
])
def test_a_mistake_in_a_count_side_or_filter_is_said_at_its_step(project, step, message):
    """`players` and `player` are read in every field; what goes wrong is said at the step's line, once."""
    rules = project / "cards/tiny/rules.yaml"
    edit(rules, "    - {roll: die, label: start}", f"    - {{roll: die, label: start}}\n    - {step}")
    line = next(i for i, text in enumerate(rules.read_text().splitlines(), 1) if text.strip() == f"- {step}")
    said = setup_said(project)
    assert [p for p in said if p.startswith(f"cards/tiny/rules.yaml:{line}:") and p.endswith(message)], said


@pytest.mark.parametrize(("old", "new", "says"), [
    ("source: {deck: card, field: color}, target: {palette: true}", "target: {palette: true}",
     "cards/tiny/rules.yaml:8:5: colours-exist: a reference rule needs `source:`"),
    ("kind: unique, deck: card, field: name", "kind: unique", "cards/tiny/rules.yaml:4:5: unique-names: a unique "
     "rule needs `deck:` and `field:`, or `source:`"),
    ("kind: connected, nodes: {data: board, items: spaces, field: id},", "kind: connected,",
     "cards/tiny/rules.yaml:14:5: board-connected: a connected rule needs `nodes:`"),
])
def test_a_rule_without_what_its_kind_needs_is_located(project, old, new, says):
    """A rule that lost a line (a bad merge, a slip) is bad input at the rule, not an internal error."""
    edit(project / "cards/tiny/rules.yaml", old, new)
    result = run_pnp("check", "tiny", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (2, says), result.err
