"""A deck's laid-out faces kept between runs of `pnp build` (pnp/layout/decks_kept.py, pnp/layout/faces_encoded.py):
a run with nothing of the deck changed reads them back and writes the same files; whatever a deck is laid out from
changing lays it out again; art still missing, or a picture from outside the game, is never kept."""

from __future__ import annotations

import hashlib
import marshal
import re
from pathlib import Path

import pytest

from conftest import edit, run_pnp


def _laid_out(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    import pnp.layout.whole_game as whole_game

    said: list[str] = []
    real = whole_game.lay_out_deck
    monkeypatch.setattr(whole_game, "lay_out_deck", lambda deck, *a, **k: said.append(deck.id) or real(deck, *a, **k))
    return said


def _files(out: Path) -> dict[str, str]:
    return {p.relative_to(out).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()}


def test_an_unchanged_deck_is_read_back_and_a_changed_one_laid_out(project: Path, tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    laid = _laid_out(monkeypatch)
    first = run_pnp("build", "mini", "--out", str(tmp_path / "a"), cwd=project)
    assert first.code == 0 and laid == ["spell"]
    again = run_pnp("build", "mini", "--out", str(tmp_path / "b"), cwd=project)  # no PDF kept for this folder
    assert again.code == 0 and laid == ["spell"]  # read back, not laid out
    assert _files(tmp_path / "b") == _files(tmp_path / "a")  # drawn from the faces read back: the same bytes
    said = [re.sub(r" in [0-9.]+ s", "", r.out.replace(str(tmp_path / d), "")) for r, d in ((first, "a"), (again, "b"))]
    assert said[0] == said[1]  # the same findings, said the same way
    for path, old, new in (("cards/mini/spells.yaml", "Move.", "Move on."),
                           ("templates/mini/front.yaml", "x: 4mm", "x: 4.5mm"),
                           ("cards/mini/icons.yaml", "r: 40", "r: 41"),
                           ("cards/mini/game.yaml", "accent: \"#2f4f9c\"", "accent: \"#2f4f9d\"")):
        edit(project / path, old, new)
        assert run_pnp("build", "mini", cwd=project).code == 0
    assert laid == ["spell"] * 5
    assert run_pnp("build", "mini", "--paper", "letter", cwd=project).code == 0  # the same bleed: the same faces
    assert run_pnp("build", "mini", "--no-bleed", cwd=project).code == 0  # another bleed: laid out again
    assert laid == ["spell"] * 6


@pytest.mark.parametrize("src", ["art/{{ card.id }}.png", "../../art/sun.png"], ids=["art-missing", "art-outside"])
def test_a_deck_with_art_missing_or_from_outside_the_game_is_laid_out_each_time(project: Path, tmp_path: Path,
                                                                                monkeypatch: pytest.MonkeyPatch,
                                                                                src: str):
    """Art still missing is a placeholder that a new file replaces; a picture from elsewhere in the project changes
    without the key seeing it: neither is ever kept."""
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    (project / "art").mkdir()
    (project / "art/sun.png").write_bytes((project / "cards/mini/art/sun.png").read_bytes())
    edit(project / "templates/mini/front.yaml", "elements:\n",
         f"elements:\n  - {{type: image, src: \"{src}\", x: 4mm, y: 20mm, w: 10mm, h: 10mm}}\n")
    laid = _laid_out(monkeypatch)
    for _ in range(2):
        assert run_pnp("build", "mini", cwd=project).code == 0
    assert laid == ["spell", "spell"]


def test_a_kept_entry_that_does_not_read_back_is_laid_out(project: Path, tmp_path: Path,
                                                          monkeypatch: pytest.MonkeyPatch):
    from pnp.core import disk_cache

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    laid = _laid_out(monkeypatch)
    assert run_pnp("build", "mini", cwd=project).code == 0
    (entry,) = (tmp_path / "cache" / "deck-faces").iterdir()
    slot = f"{project.resolve()}\nmini\n\nspell"  # the deck's one entry: its project, game, language and id
    made_from, others, _ = disk_cache.load("deck-faces", slot)
    disk_cache.store("deck-faces", slot, (made_from, others, ("not", "faces")))  # signed, but not faces
    before = (project / "output/mini/spell.pdf").read_bytes()
    assert run_pnp("build", "mini", cwd=project).code == 0
    assert laid == ["spell", "spell"] and (project / "output/mini/spell.pdf").read_bytes() == before
    assert entry.exists()


def test_faces_read_back_draw_and_locate_as_the_laid_out_ones():
    """Every deck of Voyage, encoded and read back: each item the same kind with the same values, shared objects
    still shared, and each item's element source the same."""
    from pnp.core.errors import Problems
    from pnp.layout.faces_encoded import KINDS, decoded, encoded
    from pnp.layout.scene import Static, Transform
    from pnp.layout.whole_game import lay_out_game
    from pnp.model.game import load_game

    from conftest import REPO

    def deep(value: object) -> object:  # an item as what it draws, its own items too
        if type(value) in KINDS:
            return type(value).__name__, tuple(deep(getattr(value, f)) for f in value.__slots__)  # type: ignore
        if isinstance(value, list | tuple):
            return tuple(map(deep, value))
        return value

    def flat(items: list) -> list:
        out = []
        for item in items:
            out.append(item)
            if isinstance(item, Static | Transform):
                out += flat(item.items)
        return out

    game = load_game(REPO, "voyage")
    found = Problems()
    _, decks = lay_out_game(game, game.manifest.print.bleed, found)
    for deck in decks:
        entries, problems = decoded(marshal.loads(marshal.dumps(encoded(deck.entries, found.items))))
        assert problems == found.items
        assert len(entries) == len(deck.entries)
        for was, now in zip(deck.entries, entries, strict=True):
            assert now.meta == was.meta
            for a, b in ((was.front, now.front), (was.back, now.back)):
                if a is None:
                    assert b is None
                    continue
                assert (b.w, b.h, b.bleed, b.stamp, b.grids, b.cut) == (a.w, a.h, a.bleed, a.stamp, a.grids, a.cut)
                assert [deep(i) for i in b.items] == [deep(i) for i in a.items]
                assert [b.source(i) for i in flat(b.items)] == [a.source(i) for i in flat(a.items)]
        shared = [(i, j) for i, e in enumerate(deck.entries) for j, f in enumerate(deck.entries) if i < j
                  and e.front is f.front]
        assert all(entries[i].front is entries[j].front for i, j in shared)  # copies share their face
