"""A translation's words for the data tables and the game's verbs (pnp/model/translation/table_words.py): printed
in the language on the board, the aids and the rulebook, while the rules and a card's own look-ups read the source's
table, so a task is still found by its source name; a table, item or number the source lacks is a located error."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.core.errors import InputError, Problems
from pnp.layout.cardtext import filled
from pnp.layout.whole_game import card_names, deck_context
from pnp.model.game import load_game
from pnp.model.translation.table_words import printed_tables, source_tables
from pnp.model.translation.translated import game_in

from conftest import REPO


@pytest.fixture(scope="module")
def french():
    return game_in(load_game(REPO, "voyage"), "fr")


def test_the_tasks_print_in_french_and_the_rules_read_the_source(french):
    printed = printed_tables(french)["tasks"]["tasks"]
    assert [t["name"] for t in printed][:2] == ["Déplacement", "Fouille"]
    assert printed[5]["name"] == "Construction" and printed[5]["cost"] == 6  # the number stays the source's
    assert source_tables(french)["tasks"]["tasks"][5]["name"] == "Craft"
    assert french.data["tasks"].data["tasks"][5]["name"] == "Craft"  # what the rules and effects read
    english = load_game(REPO, "voyage")
    assert printed_tables(english) == source_tables(english)


def test_an_empty_room_still_finds_craft_by_its_source_name(french):
    deck = french.deck("empty-room")
    problems = Problems()
    text = filled(deck, deck.cards[0], problems, card_names(french, deck_context(french, deck)))["text"]
    assert "(6 Actions)" in text and not problems.items, (text, problems.items)


def test_the_verbs_say_their_french_name_and_explanation(french):
    assert french.verb_names["repair"] == "Réparer"
    assert french.manifest.verbs["repair"].explains.startswith("Retirez des jetons Dégât")
    assert french.source is not None and french.source.manifest.verbs["repair"].explains.startswith("Take")


@pytest.mark.parametrize(("old", "new", "said"), [
    ("\ndata:\n  tasks:\n", "\ndata:\n  shipp: {a: b}\n  tasks:\n",
     "fr: no data table 'shipp' in the source's game.yaml; did you mean 'ship'?"),
    ('{name: "Déplacement",', '{name: "Déplacement", cost: un,', "fr: only words are translated ('un' in place of 1)"),
    ('{name: "Fouille",', '{nam: "Fouille",', "fr: the source has no 'nam' here; did you mean 'name'?"),
    ('  repair: {name: "Réparer",', '  repairs: {name: "Réparer",', "fr: no verb 'repairs' in the source's game.yaml"),
    ('  repair: {name: "Réparer",', '  repair: {nom: "Réparer",', "fr: a verb's translation is {name: "),
])
def test_a_bad_table_or_verb_word_is_a_located_error(voyage_copy: Path, old: str, new: str, said: str):
    path = voyage_copy / "cards/voyage/lang/fr/game.yaml"
    source = path.read_text("utf-8")
    assert old in source
    path.write_text(source.replace(old, new, 1), "utf-8")
    with pytest.raises(InputError) as caught:
        game_in(load_game(voyage_copy, "voyage"), "fr")
    errors = [str(p) for p in caught.value.problems]
    assert any(said in e and e.startswith("cards/voyage/lang/fr/game.yaml:") for e in errors), errors
