"""A card's effect sentence says the places and things its steps name in the game's own words (game.yaml
`words:`): a place word, a place the player chooses (its filters), a track, pile, die or piece; and every bundled
game's sentences read as a player would read them, with no id left in them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from test_effect_steps import fireball, with_effect

from conftest import edit, run_pnp

ROOT = Path(__file__).resolve().parents[2]
WORDS = """words:
  places: {rolled: the Room the die shows, here: your current Room}
  chosen: "a {{ filters }} Room of your choice"
  filters: {damaged: Damaged, unspared: "", intact: undamaged}
  names: {crystal-die: Crystal Die, mana: Mana}
"""


def with_words(project: Path, words: str = WORDS) -> None:
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml]\n" + words)


@pytest.mark.parametrize(("effect", "said"), [
    ("[{tokens: {place: rolled, add: 2}}]", "Add 2 tokens to the Room the die shows."),
    ("[{tokens: {place: here, add: -1}}]", "Remove 1 token from your current Room."),
    ("[{tokens: {place: {choose: [damaged, unspared]}, add: 1}}]", "Add 1 token to a Damaged Room of your choice."),
    ("[{tokens: {place: {choose: [intact]}, add: 1}}]", "Add 1 token to an undamaged Room of your choice."),
    ("[{roll: crystal-die}]", "Roll the Crystal Die."),
    ("[{change: {track: mana, by: 2}, at: round-end}]", "At the end of each round: raise Mana by 2."),
    ("[{repeat: 1, do: [{tokens: {place: here, add: 1}}]}]", "Add 1 token to your current Room."),
    ("[{repeat: 2, do: [{tokens: {place: here, add: 1}}]}]", "Twice: add 1 token to your current Room."),
])
def test_a_step_says_its_places_and_names_in_the_games_words(project, effect, said):
    with_words(project)
    with_effect(project, effect)
    assert fireball(project).data["effect"] == said


def test_without_words_an_id_is_said_as_words_and_a_chosen_place_by_its_filters(project):
    with_effect(project, "[{roll: crystal-die}, {tokens: {place: {choose: [damaged, near]}, add: 1}}]")
    assert fireball(project).data["effect"] == "Roll the crystal die. Add 1 token to a damaged, near place of " \
                                               "your choice."


@pytest.mark.parametrize(("words", "said"), [
    ('words:\n  chosen: "a {{ filters Room"\n', "game.yaml:12:3: words.chosen: `chosen` is not a template of"),
    ('words:\n  names: {mana: " "}\n', "game.yaml:12:11: words.names.mana: say how the cards call 'mana', or"),
])
def test_a_word_that_cannot_be_said_is_refused_at_its_line(project, words, said):
    with_words(project, words)
    result = run_pnp("check", "mini", cwd=project)
    assert result.code == 2 and "Traceback" not in result.err, (result.code, result.err)
    assert said in result.err, result.err


def bundled_sentences() -> list[tuple[str, str, str]]:
    from pnp.model.game import load_game

    out = []
    for game_dir in sorted((ROOT / "cards").iterdir()):
        if (game_dir / "game.yaml").exists():
            game = load_game(ROOT, game_dir.name)
            out += [(game.id, c.id, c.data["effect"]) for d in game.decks for c in d.cards if c.data.get("effect")]
    return out


def test_every_bundled_cards_effect_reads_with_no_id_and_no_bare_place_word_in_it():
    sentences = bundled_sentences()
    assert len(sentences) >= 60  # Voyage's 64 designs, less those that do nothing
    for game, card, said in sentences:
        assert not re.search(r"\b[a-z]+-[a-z]+\b", said), (game, card, said)  # an id (peril-die, any-captain)
        assert not re.search(r"\b(to|from|of|in) (rolled|here|beside|roll)\b", said), (game, card, said)
        assert "chosen place" not in said and ":" not in said.split(". ")[0][:2], (game, card, said)
        assert said[0].isupper() and said.endswith("."), (game, card, said)
