"""The numbers a setup's `say:` sentences type by hand (rules.yaml) are checked as the rulebook's prose is: a count
before a name of the game against what the game holds (never held because the sentence says it), and "three stacks"
against the steps the sentence speaks for; each wrong one a rule error at its line and column in rules.yaml."""

from __future__ import annotations

from pathlib import Path

import pytest

from conftest import REPO, check_json_and_text, copy_of, edit, errors_of


def _counts(root: Path, game: str) -> list[dict]:
    result, _ = check_json_and_text(root, game)
    return [e for e in errors_of(result) if e["rule"] == "rulebook-count"]


def _at(root: Path, game: str, words: str) -> tuple[int, int]:
    """The line and column of `words` in the game's rules.yaml."""
    lines = (root / "cards" / game / "rules.yaml").read_text().splitlines()
    line = next(k for k, text in enumerate(lines, 1) if words in text)
    return line, lines[line - 1].index(words) + 1


def test_a_count_typed_in_a_say_sentence_is_checked_at_its_place(tmp_path: Path):
    root = copy_of(tmp_path, "arkship")
    edit(root / "cards/arkship/rules.yaml", 'say: "Draw {n} signal cards"', 'say: "Draw {n} signal cards and 7 crew '
         'portraits"')
    [error] = _counts(root, "arkship")
    line, col = _at(root, "arkship", "7 crew portraits")
    assert (error["file"], error["line"], error["col"]) == ("cards/arkship/rules.yaml", line, col)
    assert "7 crew portraits" in error["message"] and "{n}" in error["message"]


def test_the_number_of_stacks_a_say_sentence_names_is_the_steps_it_speaks_for(tmp_path: Path):
    root = copy_of(tmp_path, "moon")
    rules = root / "cards/moon/rules.yaml"
    edit(rules, "into three stacks of {n}", "into four stacks of {n}")
    [error] = _counts(root, "moon")
    assert (error["line"], error["col"]) == _at(root, "moon", "four stacks")
    assert "speaks for 3 steps" in error["message"]
    edit(rules, "into four stacks of {n}", "into three stacks of {n}")  # and a step fewer: three is wrong then
    text = rules.read_text()
    edit(rules, next(line for line in text.splitlines() if "label: stack-3" in line) + "\n", "")
    [error] = _counts(root, "moon")
    assert "three stacks" in error["message"] and "speaks for 2 steps" in error["message"]


@pytest.mark.parametrize("game", ["voyage", "arkship", "moon", "sleeping-gods", "intrepid"])
def test_the_say_sentences_of_the_bundled_games_hold(game: str, tmp_path: Path):
    from pnp.commands.build import BuildOptions, prepare
    from pnp.rules.rulebook_flow import rulebook_flow

    prep = prepare(REPO, game, BuildOptions(check_rules=False))
    made = rulebook_flow(prep.game, prep.decks, prep.env)
    assert made is not None
    assert not [p for p in made[1] if p.rule == "rulebook-count" and "rules.yaml" in str(p.where)]
