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


def test_a_choice_prints_its_word_and_still_equals_its_source_value(french):
    from pnp.layout.expr import compile_value
    from pnp.layout.values import Eval
    from pnp.model.translation.choice_words import Word

    assert french.choice_words["color"]["red"] == "rouge"
    text = compile_value("{{ 'same' if card.color == 'red' else 'other' }} · case {{ card.color | upper }}",
                         french.doc.where())
    ev = Eval({"text": text}, {"card": {"color": "red"}}, french.doc.where(), "t", None, (1.0, 1.0))  # type: ignore
    assert ev.said("text", french.choice_words) == "same · case ROUGE"  # the word printed, the comparison kept
    assert ev.said("text", {}) == ev.raw("text") == "same · case RED"  # English: the value itself
    assert Word("rouge", "red") == "red" and Word("rouge", "red") != "blue" and str(Word("rouge", "red")) == "rouge"
    assert french.deck("empty-room").cards[0].data["color"] == "red"  # the card keeps the source's value


@pytest.mark.parametrize(("new", "said", "severity"), [
    ("choices:\n  colour: {red: rouge}\n", "fr: no card field 'colour' takes choices; did you mean 'color'?", "error"),
    ("choices:\n  color: {rouge: rouge}\n", "fr: 'rouge' is not a choice of color", "error"),
    ("choices:\n  color: {red: rouge}\n", "fr: no word for color blue, brown, green, orange, pink, purple, teal, "
                                          "yellow", "warning"),
])
def test_a_bad_or_missing_choice_word_is_said_at_its_line(voyage_copy: Path, new: str, said: str, severity: str):
    path = voyage_copy / "cards/voyage/lang/fr/game.yaml"
    source = path.read_text("utf-8")
    start = source.index("\nchoices:\n")
    path.write_text(source[:start + 1] + new, "utf-8")
    problems = Problems()
    if severity == "error":
        with pytest.raises(InputError) as caught:
            game_in(load_game(voyage_copy, "voyage"), "fr", problems)
        found = caught.value.problems
    else:
        game_in(load_game(voyage_copy, "voyage"), "fr", problems)
        found = problems.items
    assert any(said in str(p) and str(p).startswith("cards/voyage/lang/fr/game.yaml:") and p.severity == severity
               for p in found), [str(p) for p in found]


def test_an_empty_room_face_prints_its_colour_in_french(french):
    from pnp.layout.scene import Text
    from pnp.layout.whole_game import lay_out_deck, layout_env, template_store

    problems = Problems()
    deck = french.deck("empty-room")
    entries = lay_out_deck(deck, french, template_store(french), layout_env(french, problems), 0.0, problems)
    words = " ".join(getattr(run, "text", "") for item in entries[0].front.items if isinstance(item, Text)
                     for run in item.runs)
    assert "CASE ROUGE" in words.upper() and "RED" not in words.upper(), words


def test_the_footer_says_pnp_s_words_in_the_game_s_language():
    from pnp.output.impose.cards import Page
    from pnp.output.render.footer import footers

    def lines(lang: str) -> list[str]:
        pages = [Page(100, 100, [], [], 0.5, "front"), Page(100, 100, [], [], 0.5, "back")]
        footers(pages, "Voyage 0.3", "A4", "long", True, ["Salle", "Salle"], lang=lang)
        return [p.footer[0] for p in pages]

    assert lines("fr") == ["Voyage 0.3 (prototype) · Salle · A4, recto verso bord long · page 1 sur 2",
                           "Voyage 0.3 (prototype) · Salle · verso · A4, recto verso bord long · page 2 sur 2"]
    assert lines("") == ["Voyage 0.3 (playtest) · Salle · A4, duplex long edge · page 1 of 2",
                         "Voyage 0.3 (playtest) · Salle · back · A4, duplex long edge · page 2 of 2"]


def test_a_board_tile_s_label_says_pnp_s_words_in_the_game_s_language():
    from types import SimpleNamespace

    from pnp.output.tiling.tiles import _page_label

    tile, plan = SimpleNamespace(label="A1"), SimpleNamespace(tiles=[1, 2])
    assert _page_label("Plateau", tile, plan, "back", True, "fr") == "Plateau · morceau A1 sur 2 · verso"  # type: ignore
    assert _page_label("Board", tile, plan, "back", True) == "Board · tile A1 of 2 · back"  # type: ignore
