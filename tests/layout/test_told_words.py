"""An example of play and a tiled board's assembly map in the book's language (issue 44): the moves a game's play
code tells, matched against the catalogue's frames and filled with the translation's words
(pnp/layout/rulebook/told_words.py), and the map's words from the catalogue (pnp/output/tiling/assembly.py)."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader

from pnp.layout.rulebook.told_words import game_words, told
from pnp.model.game import load_game
from pnp.model.translation.translated import game_in
from pnp.output.tiling.assembly import steps, title

from conftest import REPO, run_pnp

MOVE = "Captain 2 (Ines Vasquez): Entertain in the Brown Room (Keel Hold), 3 Actions"
WORDS = {"entertain": "Animation", "brown": "marron"}


def test_a_told_move_is_framed_by_the_catalogue_and_worded_by_the_translation():
    assert told(MOVE, "fr", WORDS) == \
        "Capitaine 2 (Ines Vasquez) : Animation dans la Salle marron (Keel Hold), 3 Actions"
    assert told("end Round 2 (0 Actions left)", "de", {}) == "Ende der Runde 2 (0 Aktionen übrig)"
    assert told("Captain 1 (Mags) plays Soirée karaoké, 1 Action", "fr", {}) == \
        "Capitaine 1 (Mags) joue Soirée karaoké, 1 Action"


def test_the_source_language_and_an_unknown_sentence_are_told_as_the_game_told_them():
    assert told(MOVE, "", WORDS) == MOVE and told(MOVE, "en", {}) == MOVE
    assert told("the crew hums a tune", "fr", WORDS) == "the crew hums a tune"


def test_voyages_french_words_are_its_tasks_verbs_choices_and_glossary_terms():
    source = load_game(REPO, "voyage")
    words = game_words(game_in(source, "fr"))
    assert (words["entertain"], words["search"], words["brown"], words["happiness"]) == \
        ("Animation", "Fouille", "marron", "Bonheur")
    assert words["repair"] in ("Réparation", "Réparer") and game_words(source) == {}


def test_the_assembly_map_speaks_the_language_and_english_is_unchanged():
    grid = ["A1", "A2", "B1", "B2"]
    assert steps(grid)[0] == "1. Cut out each tile on its corner marks, and cut its hatched corners away."
    assert title("Ship", "") == "Ship: assembly map"
    french = steps(grid, lang="fr")
    assert french[0].startswith("1. Découpez chaque morceau") and french[-1].startswith("Traits pleins")
    assert steps(["A1", "A2", "A3"], lang="de")[2] == "3. Dann A3 über die Lasche von A2."
    assert title("Schiff", "de") == "Schiff: Montageplan"


def test_the_french_rulebooks_example_reads_french(tmp_path: Path):
    built = run_pnp("build", "voyage", "--lang", "fr", "--out", str(tmp_path))
    assert built.code == 0, built.err
    text = " ".join(p.extract_text() for p in PdfReader(tmp_path / "fr/voyage-rulebook.pdf").pages)
    told_ = " ".join(text.split("Un exemple : la Manche 2 à 2 joueurs", 1)[1].split())
    assert "La Manche 1 s’est terminée avec Bonheur à" in told_ and "Les cartes de cette Manche :" in told_
    assert "1. Capitaine 1 (" in told_ and " dans la Salle " in told_
    assert "Captain" not in told_.split("Les cartes de cette Manche")[0] and "Actions left" not in told_
    legend = " ".join(text.split("Une mise en place pour 2 joueurs", 1)[1].split())[:900]  # the setup diagram's
    assert "Joueur 1 : " in legend and " au Dé du Péril : son " in legend and "Réglez la piste Bonheur à" in legend
    assert "Chaque Salle vide se pose sur la case de sa couleur." in legend
    assert not any(w in legend for w in ("Player", "rolled", " lies on ", "Set the", " and "))
