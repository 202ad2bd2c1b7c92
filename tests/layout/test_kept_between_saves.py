"""What `pnp watch` keeps between saves: a deck file read before is not read again (the same `Deck`, the same
findings), and a deck laid out again makes only its changed cards' faces again; a card moved to another line is
laid out again, so its findings name the new line."""

from __future__ import annotations

from pathlib import Path

from pnp.core.errors import Problems
from pnp.layout.whole_game import LayoutCache, lay_out_game
from pnp.model.game import load_game
from pnp.model.units import MM

from conftest import edit

SPELLS = "cards/mini/spells.yaml"


def faces(root: Path, cache: LayoutCache) -> tuple[object, dict[str, object], list]:
    game = load_game(root, "mini")
    problems = Problems()
    _, decks = lay_out_game(game, 3 * MM, problems, cache=cache)
    entries = next(entries for deck, entries, _ in decks if deck.id == "spell")
    return game.deck("spell"), {e.meta["id"]: e.front for e in entries}, problems.items


def test_an_unchanged_deck_file_is_not_read_again_and_a_changed_one_is(project):
    first = load_game(project, "mini").deck("spell")
    assert load_game(project, "mini").deck("spell") is first
    edit(project / SPELLS, "Move.", "Move two.")
    again = load_game(project, "mini").deck("spell")
    assert again is not first and again.cards[2].data["text"] == "Move two."
    edit(project / "cards/mini/game.yaml", "name:", "name: ")  # game.yaml is read with every deck: read again
    assert load_game(project, "mini").deck("spell") is not again


def test_only_the_saved_cards_faces_are_made_again(project):
    cache = LayoutCache()
    _, before, _ = faces(project, cache)
    edit(project / SPELLS, "Move.", "Move far.")
    _, after, _ = faces(project, cache)
    assert after["fireball"] is before["fireball"] and after["frost-nova"] is before["frost-nova"]
    assert after["blink"] is not before["blink"]
    texts = [r.text for i in after["blink"].items for r in getattr(i, "runs", ())]
    assert "Move far." in texts


def test_a_card_moved_down_a_line_is_laid_out_again_with_its_findings_at_the_new_line(project):
    edit(project / SPELLS, 'text: "Move."', 'text: "Move."\n    flavor: "{{ card.nope }}"')
    cache = LayoutCache()
    _, before, found = faces(project, cache)
    line = next(p.where.line for p in found if "nope" in p.message)
    edit(project / SPELLS, "  - id: fireball", "  - id: fireball\n    flavor: Hot.")
    _, after, found = faces(project, cache)
    assert after["blink"] is not before["blink"] and after["frost-nova"] is not before["frost-nova"]
    assert next(p.where.line for p in found if "nope" in p.message) == line + 1


def test_a_rules_file_read_before_is_kept_and_a_saved_one_read_again(project):
    from pnp.rules.check import load_rules

    rules = project / "cards/mini/rules.yaml"
    rules.write_text("rules:\n  - {id: costs, kind: range, deck: spell, field: cost, min: 0, max: 9}\n")
    game = load_game(project, "mini")
    first, _ = load_rules(game)
    assert load_rules(load_game(project, "mini"))[0] is first
    edit(rules, "max: 9", "max: 8")
    again, doc = load_rules(load_game(project, "mini"))
    assert again is not first and doc.data["rules"][0]["max"] == 8


def test_a_rebuild_after_a_save_writes_the_bytes_a_fresh_build_writes(project, tmp_path):
    import hashlib

    from pnp.commands.build import BuildCache, BuildOptions, build

    cache = BuildCache()
    build(project, "mini", BuildOptions(cache=cache, out=tmp_path / "watch"))
    edit(project / SPELLS, "Move.", "Move twice.")  # one card saved: the others' faces kept
    build(project, "mini", BuildOptions(cache=cache, out=tmp_path / "watch"))
    build(project, "mini", BuildOptions(out=tmp_path / "fresh"))

    def shas(folder: Path) -> dict[str, str]:
        return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.glob("*.pdf"))}

    assert shas(tmp_path / "watch") and shas(tmp_path / "watch") == shas(tmp_path / "fresh")
