"""A template may read another deck (`decks.label.cards[0].label`): its face follows that deck's file in watch, a face
that reads no other deck is kept when one changes, and Voyage's player aid reads the meters' drop from the track
deck."""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import Problems
from pnp.layout.scene import Static
from pnp.layout.templates import TemplateStore
from pnp.layout.whole_game import LayoutCache, lay_out_deck, layout_env
from pnp.model.game import load_game
from pnp.model.units import MM

from conftest import edit

FRONT = "templates/mini/front.yaml"
GEM = '"{{ card.cost > 1 }}"}'


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


def voyage_reference_text(root: Path) -> str:
    from pnp.layout.scene import Text

    game = load_game(root, "voyage")
    problems = Problems()
    deck = game.deck("reference")
    entries = lay_out_deck(deck, game, TemplateStore(root), layout_env(game, problems), 3 * MM, problems)
    items = [i for item in entries[0][0].items for i in (item.items if isinstance(item, Static) else [item])]
    return " ".join(getattr(r, "text", "") for i in items if isinstance(i, Text) for r in i.runs)


def test_voyages_player_aid_reads_the_meters_drop_from_the_track_deck(tmp_path):
    """Its own copy of Voyage, edited as a designer would: a deck pnp read is kept between loads (deck_memo.py) and
    never changed in place (a changed one would be what every later load in this process plays and prints)."""
    from conftest import REPO, copy_of

    assert "Decrease Happiness by 10% and Sanitation by 20%, and an Event Card strikes" in voyage_reference_text(REPO)
    root = copy_of(tmp_path, "voyage")
    edit(root / "cards/voyage/tracks.yaml", "start: 50, per_round: -10,", "start: 50, per_round: -30,")
    assert "Decrease Happiness by 30% and Sanitation by 20%, and an Event Card strikes" in voyage_reference_text(root)
