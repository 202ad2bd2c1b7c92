"""The designer's loop: version stamps, duplex calibration and back offsets, saved printers."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

from pnp.model.schema.fields import PAPERS
from pnp.output.impose.calibrate import calibration_pages
from pnp.output.impose.cards import mirror

from conftest import REPO, edit, run_pnp
from pdfcheck import MM, page_drawings, text_of


def build_mini(project, *args):
    result = run_pnp("build", "mini", *args, cwd=project)
    assert result.code == 0, result.err
    return json.loads((project / "output/mini/manifest.json").read_text())


def test_fronts_carry_a_version_stamp_unless_final(project):
    build_mini(project)
    text = text_of(project / "output/mini/spell.pdf")
    assert text.count("mini 0.1 · spell/fireball") == 2 and text.count("spell/blink") == 1
    build_mini(project, "--final")
    assert "mini 0.1" not in text_of(project / "output/mini/spell.pdf")


def test_back_offset_moves_every_back_and_nothing_else(project):
    plain = build_mini(project)
    pages_plain = page_drawings(project / "output/mini/spell.pdf")
    shifted = build_mini(project, "--back-offset", "0.8,-0.5")
    pages_shifted = page_drawings(project / "output/mini/spell.pdf")
    for a, b in zip(plain["faces"], shifted["faces"], strict=True):
        dx, dy = (0.8, -0.5) if a["side"] == "back" else (0.0, 0.0)
        assert (b["x_mm"] - a["x_mm"], b["y_mm"] - a["y_mm"]) == pytest.approx((dx, dy), abs=0.002)
    for pa, pb in zip(pages_plain, pages_shifted, strict=True):
        assert pa.marks == pb.marks  # cut marks stay
        for fa, fb in zip(pa.faces, pb.faces, strict=True):
            moved = (fb.origin[0] - fa.origin[0], fb.origin[1] - fa.origin[1])
            back = pages_plain.index(pa) % 2 == 1
            assert moved == pytest.approx((0.8 * MM, -0.5 * MM) if back else (0, 0), abs=0.01)


def test_saved_printer_offsets(project):
    (project / "printers.yaml").write_text("office: {back_offset: [0.3, 0.2]}\n")
    plain = build_mini(project)
    saved = build_mini(project, "--printer", "office")
    a = next(f for f in plain["faces"] if f["side"] == "back")
    b = next(f for f in saved["faces"] if f["side"] == "back")
    assert (b["x_mm"] - a["x_mm"], b["y_mm"] - a["y_mm"]) == pytest.approx((0.3, 0.2), abs=0.002)
    result = run_pnp("build", "mini", "--printer", "home", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (2, "printers.yaml:1:1: no printer 'home' (printers: office)")


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_calibration_crosshairs_sit_behind_the_rulers_zeros(duplex):
    paper = PAPERS["A4"]
    front, back = calibration_pages(paper, "A4", duplex, 5 * MM)
    crosses = [(i.x1 + i.x2) / 2 for i in back.extras if hasattr(i, "x1") and i.y1 == i.y2]
    ys = [i.y1 for i in back.extras if hasattr(i, "x1") and i.y1 == i.y2]
    zeros = [(lab.x, lab.y) for lab in front.extras if getattr(lab, "text", None) == "0"]
    assert len(crosses) == 5 and len(zeros) == 10
    for x, y in zip(crosses, ys, strict=True):
        fx, fy = mirror(x, y, 0, 0, paper, duplex)  # where the back's cross lands, seen from the front
        assert any(abs(zx - fx) < 0.01 for zx, _ in zeros)  # the horizontal ruler's zero is in line with it


def test_calibrate_writes_a_two_sided_pdf(tmp_path):
    out = tmp_path / "cal.pdf"
    result = run_pnp("calibrate", "--paper", "letter", "--out", str(out), cwd=REPO)
    assert result.code == 0, result.err
    reader = PdfReader(out)
    assert len(reader.pages) == 2
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612)
    assert "--back-offset" in reader.pages[0].extract_text()


def git(project, *args):
    import subprocess

    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=project, check=True,
                   capture_output=True)


def reprinted(project) -> list[tuple[str, int]]:
    manifest = json.loads((project / "output/mini/reprint/manifest.json").read_text())
    return sorted((f["id"], f["copy"]) for f in manifest["faces"] if f["side"] == "front")


def test_changed_since_reprints_only_the_edited_cards(project):
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-qm", "playtest 1")
    result = run_pnp("build", "mini", "--changed-since", "HEAD", cwd=project)
    assert (result.code, result.out.strip()) == (0, "nothing changed since HEAD: no reprint needed")
    (project / "cards/mini/spells.yaml").write_text(
        (project / "cards/mini/spells.yaml").read_text().replace("Move.", "Move twice."))
    result = run_pnp("build", "mini", "--changed-since", "HEAD", cwd=project)
    assert result.code == 0, result.err
    assert reprinted(project) == [("blink", 1)]
    manifest = json.loads((project / "output/mini/reprint/manifest.json").read_text())
    assert {f["side"] for f in manifest["faces"]} == {"front", "back"}  # with its back
    # a template change reprints its whole deck
    (project / "templates/mini/front.yaml").write_text(
        (project / "templates/mini/front.yaml").read_text().replace("size: 9pt", "size: 8.5pt"))
    run_pnp("build", "mini", "--changed-since", "HEAD", cwd=project)
    assert reprinted(project) == [("blink", 1), ("fireball", 1), ("fireball", 2), ("frost-nova", 1),
                                  ("frost-nova", 2)]


def test_changed_since_needs_a_real_ref(project):
    git(project, "init", "-q")
    result = run_pnp("build", "mini", "--changed-since", "v9", cwd=project)
    assert (result.code, result.err.splitlines()[0]) == (2, "--changed-since v9: not a commit in this repository")


def test_the_cache_rerenders_only_the_changed_deck(project):
    from pnp.commands.build import BuildCache, BuildOptions, build

    cache = BuildCache()
    build(project, "mini", BuildOptions(cache=cache))
    pdf = project / "output/mini/spell.pdf"
    first = pdf.stat().st_mtime_ns
    build(project, "mini", BuildOptions(cache=cache))
    assert pdf.stat().st_mtime_ns == first  # nothing changed: not rewritten
    (project / "cards/mini/spells.yaml").write_text(
        (project / "cards/mini/spells.yaml").read_text().replace("Move.", "Move twice."))
    build(project, "mini", BuildOptions(cache=cache))
    assert "Move twice." in text_of(pdf)



@pytest.mark.parametrize("deck_id", ["rulebook", "document"])
def test_a_deck_named_like_a_part_of_the_build_keeps_its_own_place_in_the_cache(project, deck_id, monkeypatch):
    """The watch cache keeps decks, the rulebook and the document apart: a deck whose id is `rulebook` or
    `document` is not imposed again when nothing changed, and an edit to it reaches its PDF and the document."""
    import pnp.commands.build as building
    from pnp.commands.build import BuildCache, BuildOptions, build

    imposed: list[str] = []
    impose = building.impose_deck
    monkeypatch.setattr(building, "impose_deck", lambda deck, *rest: imposed.append(deck.id) or impose(deck, *rest))

    game = project / "cards/mini"
    (game / f"{deck_id}.yaml").write_text((game / "spells.yaml").read_text().replace("id: spell\n", f"id: {deck_id}\n")
                                          .replace("name: Spell\n", "name: Second Deck\n"))
    (game / "game.yaml").write_text((game / "game.yaml").read_text().replace("decks: [spells.yaml]",
                                                                           f"decks: [spells.yaml, {deck_id}.yaml]"))
    cache = BuildCache()
    build(project, "mini", BuildOptions(cache=cache))
    pdf = project / f"output/mini/{deck_id}.pdf"
    first = pdf.stat().st_mtime_ns
    imposed.clear()
    build(project, "mini", BuildOptions(cache=cache))
    assert pdf.stat().st_mtime_ns == first, "nothing changed: the deck is not written again"
    assert imposed == [], "nothing changed: no deck is imposed and rendered again"
    (game / f"{deck_id}.yaml").write_text((game / f"{deck_id}.yaml").read_text().replace("Move.", "Move thrice."))
    build(project, "mini", BuildOptions(cache=cache))
    assert "Move thrice." in text_of(pdf)
    assert "Move thrice." in text_of(project / "output/mini/mini-pnp.pdf")

class Watching:
    """`pnp watch GAME` running in a thread: what it said, and a way to wait for its next build."""

    def __init__(self, project, game: str):
        import threading

        from pnp.commands.build import BuildOptions
        from pnp.commands.watch import watch

        self.project, self.game, self.said = project, game, []
        self.done = threading.Event()
        self.thread = threading.Thread(target=watch, args=(project, game, BuildOptions(), self.said.append,
                                                           self.done.is_set))

    def wait_for(self, builds: int) -> None:
        """Until the watch has reported `builds` builds (good or refused), 20 s at most."""
        import time

        deadline = time.monotonic() + 20
        while sum("built" in s or "problem" in s for s in self.said) < builds and time.monotonic() < deadline:
            time.sleep(0.05)

    def last(self) -> str:
        """The watch's last report of a build, good or refused (a document line may follow it)."""
        return [s for s in self.said if "built" in s or "problem" in s][-1]

    def __enter__(self) -> Watching:
        self.thread.start()
        return self

    def __exit__(self, *_) -> None:
        self.done.set()
        (self.project / f"cards/{self.game}/touch.yaml").write_text("x: 1\n")  # wake the watcher to see the stop
        self.thread.join(timeout=10)
        assert not self.thread.is_alive()


def test_watch_rebuilds_on_an_edit_and_survives_a_broken_one(project):
    with Watching(project, "mini") as w:
        w.wait_for(1)
        spells = project / "cards/mini/spells.yaml"
        spells.write_text(spells.read_text().replace("cost: 3", "cost: three"))
        w.wait_for(2)
        assert any("expected an integer, got 'three'" in s for s in w.said), w.said
        assert "Fireball" in text_of(project / "output/mini/spell.pdf")  # the last good build stays
        spells.write_text(spells.read_text().replace("cost: three", "cost: 3").replace("Move.", "Teleport."))
        w.wait_for(3)
        assert "Teleport." in text_of(project / "output/mini/spell.pdf")


def test_the_watched_decks_are_byte_for_byte_the_ones_pnp_build_writes(project, tmp_path):
    """`pnp watch` (its streams kept between saves, its rules checked by its second process) writes a saved deck as a
    fresh `pnp build` of the same files does."""
    import time

    from pnp.commands.build import BuildOptions, build

    with Watching(project, "tiny") as w:
        w.wait_for(1)
        time.sleep(1.5)  # the second process ready, the document written
        edit(project / "cards/tiny/cards.yaml", "Second card", "Second card, saved")
        w.wait_for(2)
        assert "built" in w.last(), w.said
        watched = {p.name: p.read_bytes() for p in (project / "output/tiny").glob("*.pdf") if p.name != "tiny-pnp.pdf"}
    build(project, "tiny", BuildOptions(out=tmp_path / "fresh"))
    fresh = {p.name: (tmp_path / "fresh" / p.name).read_bytes() for p in (project / "output/tiny").glob("*.pdf")}
    assert watched and all(watched[name] == fresh[name] for name in watched), sorted(watched)


def test_watch_reads_an_edited_custom_rule_again(project):
    """A designer tightening a rule in rules.py sees it bite on the next save, without restarting."""
    with Watching(project, "tiny") as w:
        w.wait_for(1)
        assert "built" in w.last(), w.said
        edit(project / "cards/tiny/rules.py", '"Forbidden" in', '"Second card" in')  # now beta breaks it
        w.wait_for(2)
        assert "problem" in w.last(), w.said
        assert any("cards/tiny/cards.yaml:14:" in s and "the word 'Forbidden' is forbidden" in s for s in w.said), \
            w.said
