"""The rulebook's cover: the game's name, its players, time and age as game.yaml says them, and a picture made of
the game's own faces (the first card of each of its first decks of cards) below the title band."""

from __future__ import annotations

from pathlib import Path

from conftest import edit, run_pnp
from pdfcheck import page_texts


def page_text(pdf: Path, page: int) -> str:
    return " ".join(page_texts(pdf)[page - 1].split())


def test_the_cover_says_players_time_and_age_and_shows_the_games_faces(voyage_copy):
    root = voyage_copy
    book = root / "output/voyage/voyage-rulebook.pdf"
    assert run_pnp("build", "voyage", cwd=root).code == 0
    cover = page_text(book, 1)
    assert cover.startswith("Voyage In Progress Rules · version") and "1-4 players" in cover
    assert "minutes" not in cover and "ages" not in cover  # the sources state neither: game.yaml says nothing
    assert "Duct Tape" in cover and "Meteor Shower" in cover  # the first ability and the first event, drawn
    edit(root / "cards/voyage/game.yaml", "players: {min: 1, max: 4}", "players: {min: 1, max: 4}\nminutes: \"30-45\"\n"
         "age: 12")
    assert run_pnp("build", "voyage", cwd=root).code == 0
    assert "1-4 players · 30-45 minutes · ages 12+" in page_text(book, 1)
    edit(root / "cards/voyage/game.yaml", "age: 12", "age: 0")
    bad = run_pnp("check", "voyage", cwd=root)
    assert bad.code == 2 and "cards/voyage/game.yaml:" in bad.err and "age" in bad.err, bad.err
