"""A language's files read against the source game (pnp/model/translation/): each mistake a located error naming the
language, the card and the field; the translated game carries the words in place of the source's."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.core.errors import InputError
from pnp.model.game import load_game
from pnp.model.translation.live_words import live_problems
from pnp.model.translation.translated import game_in

from conftest import edit

FR = """_deck: {name: "Sort"}
fireball:
  name: "Boule de feu"
  text: "Inflige :damage: à une **Salle**. Ajoutez 1 Marqueur de dégâts."
"""


def _french(root: Path, spells: str = FR, words: str = 'name: "Mini jeu"\n') -> Path:
    edit(root / "cards/mini/game.yaml", "name: Mini Test Game\n", "name: Mini Test Game\nlanguages: [en, fr]\n")
    folder = root / "cards/mini/lang/fr"
    folder.mkdir(parents=True)
    (folder / "spells.yaml").write_text(spells)
    (folder / "game.yaml").write_text(words)
    return folder


def test_a_translation_is_laid_over_the_game(project: Path):
    _french(project)
    game = game_in(load_game(project, "mini"), "fr")
    deck = game.decks[0]
    fireball = deck.cards[0]
    assert (game.manifest.name, deck.name, fireball.data["name"]) == ("Mini jeu", "Sort", "Boule de feu")
    assert fireball.data["cost"] == 3 and deck.cards[1].data["name"] == "Frost Nova"  # numbers stay; untranslated
    assert str(deck.where(fireball, "text")) == "cards/mini/lang/fr/spells.yaml:4:3"  # said where it is translated
    assert str(deck.where(deck.cards[1], "text")).startswith("cards/mini/spells.yaml:")


def _errors(root: Path, code: str = "fr") -> list[str]:
    with pytest.raises(InputError) as caught:
        game_in(load_game(root, "mini"), code)
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize(("entry", "said"), [
    ("fireballs:\n  name: Boule\n", "spells.yaml:1:1: spell/fireballs: fr: no card 'fireballs' in "
                                     "cards/mini/spells.yaml; did you mean 'fireball'?"),
    ("fireball:\n  nam: Boule\n", "spells.yaml:2:3: spell/fireball.nam: fr: 'nam' is not a field of this deck"),
    ("fireball:\n  cost: trois\n", "spells.yaml:2:3: spell/fireball.cost: fr: 'cost' is not words a player reads"),
    ("fireball:\n  text: 'Inflige :damage: {{ card.cost }} fois.'\n", "fr: adds the live expression {{ card.cost }}"),
    ("fireball:\n  text: 'Inflige des dégâts.'\n", "fr: drops the icon :damage: of the source"),
    ("fireball:\n  name: 3\n", "fr: a translation is a string"),
])
def test_each_bad_entry_is_a_located_error(project: Path, entry: str, said: str):
    _french(project, entry)
    errors = _errors(project)
    assert any(said in e for e in errors), errors
    assert all(e.startswith("cards/mini/lang/fr/spells.yaml:") for e in errors), errors


def test_a_dropped_value_is_refused_and_a_dropped_plural_allowed():
    source = "Add {{ card.damage }} Damage Token{{ 's' if card.damage != 1 }}."
    assert live_problems(source, "{{ card.damage }} Schadensmarker hinzufügen.") == []
    assert live_problems(source, "Schadensmarker{{ 's' if card.damage != 1 }} hinzufügen.") == [
        "drops the live expression {{ card.damage }} of the source: keep it (the words around it may move)"]


@pytest.mark.parametrize(("languages", "asked", "said"), [
    ("[en, fx]", "fr", "cards/mini/game.yaml:2:17: languages[1]: 'fx' is not a language code"),
    ("[en, fr]", "xx", "'xx' is not a language code"),
    ("[en, fr]", "de", "de is not one of the game's languages (en, fr): add it to `languages:`"),
    ("[en, fr, fr]", "fr", "languages[2]: fr is named twice"),
    ("[en, fr]\nfit: {de: 0.9}", "fr", "game.yaml:3:7: fit.de: fit: de is not one of the game's translations (fr)"),
])
def test_an_unknown_language_is_a_located_error(project: Path, languages: str, asked: str, said: str):
    edit(project / "cards/mini/game.yaml", "name: Mini Test Game\n", f"name: Mini Test Game\nlanguages: {languages}\n")
    with pytest.raises(InputError) as caught:
        game_in(load_game(project, "mini"), asked)
    assert any(said in str(p) for p in caught.value.problems), [str(p) for p in caught.value.problems]


def test_a_file_for_no_deck_and_a_bad_glossary_are_located(project: Path):
    folder = _french(project, words="name: Mini\nglossary: {Rum: Salle}\nslogan: x\n")
    (folder / "spels.yaml").write_text("fireball: {name: Boule}\n")
    errors = _errors(project)
    assert any("spels.yaml:1:1: spels.yaml: fr: no deck file spels.yaml" in e and "did you mean 'spells'" in e
               for e in errors), errors
    assert any("lang/fr/game.yaml:2:12: glossary.Rum: fr: 'Rum' is not a term of the source's glossary" in e
               for e in errors), errors
    assert any("lang/fr/game.yaml:3:1: slogan: fr: 'slogan' is none of the game's words" in e for e in errors), errors
