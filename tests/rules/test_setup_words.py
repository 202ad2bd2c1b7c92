"""A setup's words in a translated game's language (pnp/rules/setup_words.py): each step's `say` from
lang/<code>/game.yaml `setup:`, by its label or its index; its numbers the source's."""

from __future__ import annotations

from pathlib import Path

from pnp.model.game import load_game
from pnp.model.translation.translated import game_in
from pnp.rules.setup import setup_of


def test_a_step_says_its_translated_words_by_label_and_by_index(voyage_copy: Path):
    folder = voyage_copy / "cards/voyage/lang/de"
    folder.mkdir(parents=True, exist_ok=True)  # (the game ships its German: this game.yaml stands in)
    (folder / "game.yaml").write_text("setup:\n  table: {rooms: {say: \"Legt auf jedes Feld einen leeren Raum\"}}\n"
                                      "  each_player: {0: {say: \"Jeder zieht {n} Fähigkeitskarten\"}}\n")
    source = load_game(voyage_copy, "voyage")
    german = setup_of(game_in(source, "de"))
    english = setup_of(source)
    assert german is not None and english is not None
    rooms = next(s for s in german.spec.table if s.label == "rooms")
    assert rooms.say == "Legt auf jedes Feld einen leeren Raum"
    assert german.spec.each_player[0].say == "Jeder zieht {n} Fähigkeitskarten"
    assert german.spec.each_player[0].count == english.spec.each_player[0].count  # the numbers stay the source's
    assert english.spec.each_player[0].say.startswith("Each player draws")  # the source's untouched
