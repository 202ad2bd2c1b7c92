"""`pnp watch` and `pnp serve` start a rebuild when a save has *finished*: not on a half-written file, not
on an editor's rename-away, and without waiting for a quiet spell."""

from __future__ import annotations

import hashlib
import json
import os
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import edit
from pdfcheck import text_of

linux = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="inotify is Linux's (elsewhere: watchfiles)")


@linux
def test_a_save_counts_when_the_file_is_closed_not_while_it_is_written(tmp_path):
    from pnp.commands.saves import Saves

    deck = tmp_path / "deck.yaml"
    deck.write_text("cards: []\n")
    with Saves([tmp_path]) as saves:
        assert saves.ino is not None  # inotify, not the polling fallback
        with open(deck, "w") as f:
            f.write("cards:\n")
            f.flush()
            assert saves.wait(150) == set()  # half written: not yet
            f.write("  - id: a\n")
        started = time.perf_counter()
        assert saves.wait(2000) == {deck}
        assert time.perf_counter() - started < 0.1  # at once, no debounce


@linux
def test_an_editor_renaming_the_old_file_away_is_saving_and_a_removal_is_seen(tmp_path):
    from pnp.commands.saves import Saves

    deck, other = tmp_path / "deck.yaml", tmp_path / "other.yaml"
    deck.write_text("a: 1\n")
    other.write_text("b: 1\n")
    with Saves([tmp_path]) as saves:
        os.rename(deck, tmp_path / "deck.yaml~")  # vim's way: keep the old file as a backup, write anew
        deck.write_text("a: 2\n")
        assert saves.wait(1000) == {deck}
        other.unlink()
        assert saves.wait(1000) == {other}  # gone, and still gone a moment later
        (tmp_path / "new").mkdir()
        (tmp_path / "new" / "x.yaml").write_text("c: 1\n")
        found = saves.wait(1000) | saves.wait(200)
        assert tmp_path / "new" / "x.yaml" in found


def test_watch_writes_the_decks_first_then_the_whole_build_with_its_document(project):
    from pnp.commands.build import BuildOptions
    from pnp.commands.watch import watch

    said: list[str] = []
    done = threading.Event()
    thread = threading.Thread(target=watch, args=(project, "mini", BuildOptions(), said.append, done.is_set))
    thread.start()
    out = project / "output/mini"
    try:
        deadline = time.monotonic() + 20
        while not any(s.startswith("  and mini-pnp.pdf") for s in said) and time.monotonic() < deadline:
            time.sleep(0.02)
        edit(project / "cards/mini/spells.yaml", "Move.", "Teleport.")
        while sum(s.startswith("  and mini-pnp.pdf") for s in said) < 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        steps = ["decks" if "built" in s else "document" for s in said if "built" in s or s.startswith("  and")]
        assert steps == ["decks", "document", "decks", "document"], said  # the decks first, each time
        assert "Teleport." in text_of(out / "spell.pdf") and "Teleport." in text_of(out / "mini-pnp.pdf")
        manifest = json.loads((out / "manifest.json").read_text())
        for f in manifest["files"]:  # the folder is one whole build: every file as its manifest says
            assert hashlib.sha256((out / f["path"]).read_bytes()).hexdigest() == f["sha256"], f["path"]
        assert "mini-pnp.pdf" in {f["path"] for f in manifest["files"]}
    finally:
        done.set()
        thread.join(10)
    assert not thread.is_alive()
    assert [s for s in said if "problem" in s] == []


def test_a_deck_laid_out_again_only_when_its_inputs_change(project):
    """The layout cache of watch and serve: an edit lays out that deck only; a template edit, every deck."""
    import pnp.layout.whole_game as game_layout
    from pnp.core.errors import Problems
    from pnp.model.game import load_game

    laid: list[str] = []
    real = game_layout.lay_out_deck

    def counting(deck, *args):
        laid.append(deck.id)
        return real(deck, *args)

    cache = game_layout.LayoutCache()
    game_layout.lay_out_deck = counting
    try:
        first = game_layout.lay_out_game(load_game(project, "mini"), 8.5, Problems(), cache=cache)[1]
        everything = sorted(laid)
        laid.clear()
        edit(project / "cards/mini/spells.yaml", "Move.", "Teleport.")
        again = game_layout.lay_out_game(load_game(project, "mini"), 8.5, Problems(), cache=cache)[1]
        assert laid == ["spell"]
        assert [d[1] for d in again if d[0].id != "spell"] == [d[1] for d in first if d[0].id != "spell"]
        laid.clear()
        template = next(Path(project, "templates").rglob("*.yaml"))
        template.write_text(template.read_text() + "\n")
        time.sleep(0.01)
        os.utime(template)
        game_layout.lay_out_game(load_game(project, "mini"), 8.5, Problems(), cache=cache)
        assert sorted(laid) == everything
    finally:
        game_layout.lay_out_deck = real


def test_editors_scratch_files_do_not_start_a_build():
    from pnp.commands.saves import relevant

    scratch = [".cards.yaml.swp", "cards.yaml~", "#cards.yaml#", "4913", "sedAb12Xy", "x.tmp", ".#cards.yaml"]
    assert [name for name in scratch if relevant(Path("cards/mini") / name)] == []
    inputs = ["cards.yaml", "sed.yaml", "sedimentary.yaml", "front.yaml", "icon.svg", "rules.py"]
    assert [name for name in inputs if relevant(Path("cards/mini") / name)] == inputs
