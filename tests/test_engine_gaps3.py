"""Small gaps of the engine (issue 29, round 3): abutting write-in boxes share their edges, a template reads
another deck, an unknown crop in text is said as one, a board's card may have a name."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.core.errors import Problems
from pnp.layout.scene import Line, Rect, Static
from pnp.layout.templates import TemplateStore
from pnp.layout.whole_game import LayoutCache, lay_out_deck, layout_env
from pnp.model.game import load_game
from pnp.model.units import MM

from conftest import edit, run_pnp

FRONT = "templates/mini/front.yaml"
GEM = '"{{ card.cost > 1 }}"}'


def front_items(root: Path) -> tuple[list, Problems]:
    """The first mini card's front, flattened, and the layout's problems."""
    game = load_game(root, "mini")
    problems = Problems()
    entries = lay_out_deck(game.decks[0], game, TemplateStore(root), layout_env(game, problems), 3 * MM, problems)
    return [i for item in entries[0][0].items for i in (item.items if isinstance(item, Static) else [item])], problems


def grid(root: Path, gap: str, count: int = 5, cols: int = 3) -> tuple[list[Rect], list[Line]]:
    edit(root / FRONT, GEM, GEM + f"\n  - {{type: boxes, x: 10mm, y: 30mm, count: {count}, cols: {cols}, size: 6mm, "
                                  f"gap: {gap}, stroke: ink, stroke_width: 0.8pt, fill: paper}}")
    items, problems = front_items(root)
    assert not problems.items, [str(p) for p in problems.items]
    cells = [i for i in items if isinstance(i, Rect) and i.w == pytest.approx(6 * MM)]
    lines = [i for i in items if isinstance(i, Line) and min(i.y1, i.y2) > 29 * MM and max(i.x1, i.x2) < 29 * MM]
    return cells, lines


def test_boxes_with_a_gap_are_each_outlined(project):
    cells, lines = grid(project, "1mm")
    assert len(cells) == 5 and all(c.stroke is not None and c.radius > 0 for c in cells) and lines == []


def test_abutting_boxes_share_one_line_per_edge(project):
    """Five cells in rows of three (a short last row): three lines across, four down, each edge drawn once."""
    cells, lines = grid(project, "0mm")
    assert len(cells) == 5 and all(c.stroke is None and c.radius == 0 for c in cells)  # their fill only
    across = sorted((round(ln.y1 / MM, 2), round(ln.x1 / MM, 2), round(ln.x2 / MM, 2)) for ln in lines
                    if ln.y1 == ln.y2)
    down = sorted((round(ln.x1 / MM, 2), round(ln.y1 / MM, 2), round(ln.y2 / MM, 2)) for ln in lines if ln.x1 == ln.x2)
    half = round(0.8 / 72 * 25.4 / 2, 2)  # each line runs half the stroke past its ends: closed corners
    assert across == [(30, 10 - half, 28 + half), (36, 10 - half, 28 + half), (42, 10 - half, 22 + half)]
    assert down == [(10, 30 - half, 42 + half), (16, 30 - half, 42 + half), (22, 30 - half, 42 + half),
                    (28, 30 - half, 36 + half)]
    segments = [(a, b) for _, a, b in across]
    assert len(set(across)) == len(across) and all(b > a for a, b in segments)


TINY = "cards/tiny/cards.yaml"


def with_crops(root: Path, crop: str) -> None:
    """The tiny game's first card shows its `crop` field as an icon; a rule holds crops to the board's spaces."""
    edit(root / TINY, "  text: {type: text}", "  text: {type: text}\n  crop: {type: text, required: false}")
    edit(root / TINY, 'color: red, text: "First card."',
         f'color: red, crop: {crop}, text: "Plant :{{{{ card.crop }}}}:."')
    edit(root / "cards/tiny/rules.yaml", "  - {id: no-forbidden,",
         "  - {id: crops, kind: reference, source: {deck: card, field: crop, where: 'card.crop'}, "
         "target: {data: board, items: spaces, field: id}}\n  - {id: no-forbidden,")


def test_an_unknown_crop_shown_as_an_icon_is_said_at_its_field_and_the_rules_still_run(project):
    with_crops(project, "dammage")
    result = run_pnp("--root", str(project), "check", "tiny")
    assert result.code == 1, result.out + result.err  # a rule finding, not bad input that stops the check
    said = ("cards/tiny/cards.yaml:14:62: card/alpha: unknown crop 'dammage': text shows card.crop as an icon "
            "(`:{{ card.crop }}:`) and no icon has that name (icons: damage, dot); did you mean 'damage'?")
    assert said in result.out
    assert "cards/tiny/cards.yaml:14:62: card/alpha: 'dammage' is not among ['x', 'y']" in result.out  # the rule ran
    assert "unknown icon" not in result.out


def test_a_crop_that_names_an_icon_is_drawn_as_one(project):
    with_crops(project, "damage")
    result = run_pnp("--root", str(project), "check", "tiny")
    assert "icon-value" not in result.out  # drawn as the icon it names
    assert "card/alpha: 'damage' is not among ['x', 'y']" in result.out  # (no board space: the rule says so)


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


def with_other_deck(root: Path, reads: bool) -> None:
    """The mini game with a `label` deck; the spells' front shows its first label when `reads`."""
    (root / "templates/mini/label.yaml").write_text(
        "size: mini\nelements:\n  - {type: text, x: 5mm, y: 5mm, w: 30mm, h: 10mm, text: \"{{ card.label }}\"}\n")
    (root / "cards/mini/labels.yaml").write_text(
        "id: label\nname: Label\ntemplate: mini/label\nfields:\n  label: {type: text}\n"
        "cards:\n  - {id: a, label: One}\n")
    edit(root / "cards/mini/game.yaml", "decks: [spells.yaml]", "decks: [spells.yaml, labels.yaml]")
    if reads:
        edit(root / FRONT, GEM, GEM + "\n  - {type: text, x: 5mm, y: 72mm, w: 40mm, h: 6mm, "
                                      "text: \"Label {{ decks.label.cards[0].label }} of {{ decks.label.count }}\"}")


def spell_texts(root: Path, cache: LayoutCache) -> tuple[list[str], object]:
    from pnp.layout.scene import Text
    from pnp.layout.whole_game import lay_out_game

    game = load_game(root, "mini")
    _, decks = lay_out_game(game, 3 * MM, Problems(), cache=cache)
    front = next(entries for deck, entries, _ in decks if deck.id == "spell")[0][0]
    items = [i for item in front.items for i in (item.items if isinstance(item, Static) else [item])]
    return [getattr(r, "text", "") for i in items if isinstance(i, Text) for r in i.runs], front


def test_a_template_reads_another_deck_and_its_face_follows_that_deck_in_watch(project):
    with_other_deck(project, reads=True)
    cache = LayoutCache()
    texts, _ = spell_texts(project, cache)
    assert "Label One of 1" in texts
    edit(project / "cards/mini/labels.yaml", "label: One}", "label: Two}")  # only the other deck's file changes
    texts, _ = spell_texts(project, cache)
    assert "Label Two of 1" in texts and "Label One of 1" not in texts


def test_a_face_that_reads_no_other_deck_is_kept_when_one_changes(project):
    with_other_deck(project, reads=False)
    cache = LayoutCache()
    _, first = spell_texts(project, cache)
    edit(project / "cards/mini/labels.yaml", "label: One}", "label: Two}")
    _, again = spell_texts(project, cache)
    assert again is first  # not laid out again


def voyage_reference_text(happiness_drop: int | None = None) -> str:
    from pnp.layout.scene import Text

    from conftest import REPO

    game = load_game(REPO, "voyage")
    if happiness_drop is not None:
        game.deck("track").cards[0].data["per_round"] = -happiness_drop
    problems = Problems()
    deck = game.deck("reference")
    entries = lay_out_deck(deck, game, TemplateStore(REPO), layout_env(game, problems), 3 * MM, problems)
    items = [i for item in entries[0][0].items for i in (item.items if isinstance(item, Static) else [item])]
    return " ".join(getattr(r, "text", "") for i in items if isinstance(i, Text) for r in i.runs)


def test_voyages_player_aid_reads_the_meters_drop_from_the_track_deck():
    assert "Decrease Happiness by 10% and Sanitation by 20%, then draw" in voyage_reference_text()
    assert "Decrease Happiness by 30% and Sanitation by 20%, then draw" in voyage_reference_text(30)
