"""A board (one card, no fields) may name its card without declaring a `name` field: its template reads it, and a
mistyped key beside it is said."""

from __future__ import annotations

from pnp.model.game import load_game

from conftest import edit, run_pnp


def test_a_board_card_may_have_a_name_without_declaring_it(project):
    """A board (one card, no fields) named as a card is: its name is the card's, read by its template."""
    (project / "templates/mini/board.yaml").write_text(
        "size: {width: 150mm, height: 100mm}\nelements:\n  - {type: text, x: 10mm, y: 10mm, w: 100mm, h: 20mm, "
        "text: \"{{ card.name }}\"}\n")
    (project / "cards/mini/board.yaml").write_text(
        "id: board\nname: Board\nkind: board\ntemplate: mini/board\ncards:\n  - {name: Main Board}\n")
    edit(project / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, board.yaml]")
    board = load_game(project, "mini").deck("board")
    assert [(c.id, c.data["name"]) for c in board.cards] == [("main-board", "Main Board")]
    built = run_pnp("--root", str(project), "build", "mini", "--out", str(project / "out"))
    assert built.code == 0, built.err
    from pdfcheck import text_of

    assert "Main Board" in text_of(project / "out/board.pdf")
    (project / "cards/mini/board.yaml").write_text(
        "id: board\nname: Board\nkind: board\ntemplate: mini/board\ncards:\n  - {name: Main Board, nmae: x}\n")
    checked = run_pnp("--root", str(project), "check", "mini")
    assert checked.code == 2 and "nmae: unknown field; did you mean 'name'?" in checked.err, checked.err
