"""The rulebook built from the game's YAML: live counts, faces, setup, and its mistakes located by `pnp check`."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import DATA, REPO, copy_project, edit, errors_of, run_pnp
from pdfcheck import fonts, text_of

DOCS = REPO / "docs" / "rulebook.md"


@pytest.fixture
def voyage(tmp_path: Path) -> Path:
    """A copy of Voyage to change on purpose."""
    root = tmp_path / "v"
    for folder in ("cards/voyage", "templates/voyage", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    for f in (REPO / "templates").glob("*.yaml"):
        shutil.copy(f, root / "templates" / f.name)
    return root


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_voyage_builds_its_rulebook_with_the_counts_it_prints(shared_build):
    out, manifest = shared_build("voyage")
    assert "voyage-rulebook.pdf" in [f["path"] for f in manifest["files"]]
    text = _flat(text_of(out / "voyage-rulebook.pdf"))
    printed: dict[str, int] = {}
    for face in manifest["faces"]:
        if face["side"] == "front":
            printed[face["component"]] = printed.get(face["component"], 0) + 1
    names = {"room": "Room", "ability": "Ability", "event": "Event", "captain": "Captain"}
    for deck, name in names.items():  # the contents list: each component's name, then its printed count
        assert re.search(rf"\b{name} {printed[deck]}\b", text), (deck, printed[deck])
    assert f"All {printed['ability']} Ability Cards" in text
    assert f"{printed['event']} Event Cards come" in text
    assert "Each player draws 3 Ability Cards" in text  # the setup block, from rules.yaml
    assert "1 The card's name" in text  # the anatomy's legend
    assert "In this book" in text and "Victory and defeat" in text
    used = fonts(out / "voyage-rulebook.pdf")
    assert used and all(embedded for _, embedded in used), used  # the game's fonts, no Helvetica
    from pypdf import PdfReader

    pages = len(PdfReader(out / "voyage-rulebook.pdf").pages)
    assert pages == next(f["pages"] for f in manifest["files"] if f["path"] == "voyage-rulebook.pdf") > 4
    toc = text.split("In this book", 1)[1]
    assert re.search(r"Victory and defeat[ .]*\d", toc)  # the table of contents gives its page


def test_a_changed_deck_changes_the_rulebook_with_no_edit_to_it(voyage: Path):
    run = run_pnp("build", "voyage", "--force", cwd=voyage)
    assert run.code == 0, run.err
    before = _flat(text_of(voyage / "output/voyage/voyage-rulebook.pdf"))
    assert "All 44 Ability Cards" in before and "costing from 1 to 6 Actions" in before
    edit(voyage / "cards/voyage/abilities.yaml", "copies: 2", "copies: 3")
    edit(voyage / "cards/voyage/abilities.yaml", "cost: 6", "cost: 9")
    run = run_pnp("build", "voyage", "--force", cwd=voyage)
    assert run.code == 0, run.err
    after = _flat(text_of(voyage / "output/voyage/voyage-rulebook.pdf"))
    assert "All 66 Ability Cards" in after and "costing from 1 to 9 Actions" in after
    assert re.search(r"\bAbility 66\b", after)  # the contents list


def test_a_stale_count_is_a_located_rule_error(voyage: Path):
    book = voyage / "cards/voyage/rulebook.md"
    edit(book, "Each player steers one", "The box holds 21 Event Cards. Each player steers one")
    line, col = next((n, text.find("21 Event") + 1) for n, text in enumerate(book.read_text().splitlines(), 1)
                     if "21 Event Cards" in text)
    result = run_pnp("check", "voyage", "--format", "json", cwd=voyage)
    assert result.code == 1, result.out
    (err,) = [e for e in errors_of(result) if "rulebook" in e["file"]]
    assert (err["line"], err["col"]) == (line, col) and col > 1
    assert "the build prints 20" in err["message"] and "count('event')" in err["message"]
    build = run_pnp("build", "voyage", cwd=voyage)
    assert build.code == 1 and not (voyage / "output/voyage/voyage-rulebook.pdf").exists()


def test_an_unknown_card_and_icon_are_located_with_the_near_name(voyage: Path):
    book = voyage / "cards/voyage/rulebook.md"
    edit(book, "```pnp face event width=45mm", "```pnp face event/no-such-card width=45mm")
    edit(book, "}} :action: Actions", "}} :acton: Actions")
    edit(book, "{{ count('captain') }}", "{{ count('captian') }}")
    result = run_pnp("check", "voyage", cwd=voyage)
    assert result.code == 2, result.out + result.err
    lines = book.read_text().splitlines()
    at = {name: (n, text.find(name) + 1) for n, text in enumerate(lines, 1)
          for name in ("event/no-such-card", ":acton:", "{{ count('captian') }}") if name in text}
    err = result.err
    assert f"rulebook.md:{at[':acton:'][0]}:{at[':acton:'][1]}:" in err and "did you mean 'action'" in err
    assert f"rulebook.md:{at['{{ count(' + chr(39) + 'captian' + chr(39) + ') }}'][0]}:" in err
    assert "did you mean 'captain'" in err
    assert f"rulebook.md:{at['event/no-such-card'][0]}:" in err and "no card 'event/no-such-card'" in err
    assert "Traceback" not in err


def test_an_unknown_block_element_and_table_are_said(voyage: Path):
    book = voyage / "cards/voyage/rulebook.md"
    edit(book, "```pnp key", "```pnp kee")
    edit(book, "emblem: Its picture.", "emblum: Its picture.")
    edit(book, "```pnp table tasks", "```pnp table taks")
    edit(book, "# Events\n", "# Events\n\nA map: ![the ship](ship.png)\n")
    result = run_pnp("check", "voyage", cwd=voyage)
    assert result.code == 2
    line = book.read_text().splitlines().index("A map: ![the ship](ship.png)") + 1
    assert f"rulebook.md:{line}:8: rulebook: the image ![the ship](ship.png)" in result.err
    assert "no block ```pnp kee```" in result.err and "did you mean 'key'" in result.err
    assert "'emblum'" in result.err and "did you mean 'emblem'" in result.err
    assert "no data table 'taks'" in result.err and "did you mean 'tasks'" in result.err


def test_the_docs_worked_example_builds(tmp_path: Path):
    root = copy_project(DATA / "proj", tmp_path / "proj")
    example = DOCS.read_text().split("````markdown\n", 1)[1].split("\n````", 1)[0]
    (root / "cards/mini/rulebook.md").write_text(example)
    result = run_pnp("build", "mini", cwd=root)
    assert result.code == 0, result.err
    text = _flat(text_of(root / "output/mini/mini-rulebook.pdf"))
    manifest = json.loads((root / "output/mini/manifest.json").read_text())
    printed = sum(1 for f in manifest["faces"] if f["component"] == "spell" and f["side"] == "front")
    assert f"The deck holds {printed} Spell cards" in text and printed > 0
    assert "Fireball, as it prints" in text


def test_expressions_and_icons_keep_their_line_and_column():
    from pnp.model.rulebook.source import Expr, IconRef, parse_rulebook

    blocks = parse_rulebook("# T\n\nSome text,\n  then {{ count('x') }} and :fix: here.\n", "r.md")
    para = blocks[1]
    expr = next(p for p in para.inline if isinstance(p, Expr))
    icon = next(p for p in para.inline if isinstance(p, IconRef))
    assert (expr.where.line, expr.where.col) == (4, 8)
    assert (icon.where.line, icon.where.col) == (4, 29)


def test_booklet_order_pads_to_four_and_pairs_outer_pages():
    from pnp.output.document.booklet import booklet_order

    assert booklet_order(5) == [(None, 0), (1, None), (None, 2), (3, 4)]
    assert booklet_order(8) == [(7, 0), (1, 6), (5, 2), (3, 4)]
    every = [p for side in booklet_order(13) for p in side if p is not None]
    assert sorted(every) == list(range(13)) and len(booklet_order(13)) == 8


def test_a_booklet_puts_the_page_numbers_in_saddle_stitch_order(shared_build):
    import pypdfium2 as pdfium

    from pnp.output.document.booklet import booklet_order

    out, manifest = shared_build("voyage", "--rulebook", "booklet")
    pdf = pdfium.PdfDocument(str(out / "voyage-rulebook.pdf"))
    strip = 14 * 72 / 25.4  # the foot of a page, where its number is
    found = []
    for page in pdf:
        w, h = page.get_size()
        assert w > h  # landscape sheets, two pages each
        text = page.get_textpage()
        found.append((text.get_text_bounded(0, 0, w / 2, strip).strip(),
                      text.get_text_bounded(w / 2, 0, w, strip).strip()))
    pages = max(int(n) for side in found for n in side if n)  # the last page carries the highest number
    assert pages > 8 and len(found) == len(booklet_order(pages)) and len(found) % 2 == 0
    want = [tuple(str(p + 1) if p else "" for p in side) for side in booklet_order(pages)]
    assert found == want  # the cover (page 1) and the blanks carry no number
    used = fonts(out / "voyage-rulebook.pdf")
    assert used and all(embedded for _, embedded in used), used  # the forms' fonts too
    last = "" if pages % 4 else str(pages)  # the first sheet's left page: the last page, or a blank that pads
    assert found[0][0] == last and found[-1] == (str(len(found)), str(len(found) + 1))  # middle: n/2, n/2 + 1
    assert "booklet" in _flat(text_of(out / "voyage-pnp.pdf"))


def test_the_setup_block_tabulates_what_differs_by_player_count(tmp_path: Path):
    root = copy_project(DATA / "proj", tmp_path / "proj")
    rules = root / "cards/tiny/rules.yaml"
    edit(rules, "- {draw: card, count: 2}", '- {draw: card, count: "{{ 5 - players }}"}')
    edit(rules, "- {track: score, value: 0}",
         '- {track: score, value: 0}\n    - {track: solo, value: 7, if: "players == 1"}')
    (root / "cards/tiny/rulebook.md").write_text("# Setup\n\n```pnp setup\n```\n")
    result = run_pnp("build", "tiny", "--force", cwd=root)
    assert result.code == 0, result.err
    text = _flat(text_of(root / "output/tiny/tiny-rulebook.pdf"))
    assert "Each player draws the number in the table below from the Card deck" in text
    assert re.search(r"1 player 2 players 3 players Each player draws from the Card deck 4 3 2", text), text
    assert "Set the solo track to 7 (with 1 player only)" in text
    assert "Set the score track to 0." in text


def test_lists_tight_or_loose_are_items_numbered_from_their_start():
    from pnp.model.rulebook.source import parse_rulebook

    blocks = parse_rulebook("- one\n\n  more of one\n\n- two\n\n3. c\n4. d\n\nAfter.\n", "r.md")
    said = [(b.kind, b.args.get("n"), "more" in b.args, b.inline) for b in blocks]
    assert said == [("item", None, False, ["one"]), ("item", None, True, ["more of one"]),
                    ("item", None, False, ["two"]), ("item", "3", False, ["c"]), ("item", "4", False, ["d"]),
                    ("para", None, False, ["After."])]


def test_voyages_rulebook_explains_each_of_its_verbs_once_in_its_words(shared_build):
    from pnp.model.effects.effect_steps import every_step
    from pnp.model.game import load_game

    game = load_game(REPO, "voyage")
    used = {s.verb for d in game.decks for c in d.cards for s in every_step(c.effect)}
    own = {name: v for name, v in game.manifest.verbs.items() if name in used}
    assert len(own) >= 20  # Voyage's own verbs that its cards use
    out, _ = shared_build("voyage")
    text = _flat(text_of(out / "voyage-rulebook.pdf")).split("What the cards do", 2)[-1]
    for name, verb in own.items():
        assert verb.explains, f"{name}: no `explains:` in cards/voyage/game.yaml"
        assert text.count(_flat(verb.explains)) == 1, name  # said once, as the game says it
    assert "Spare The Room chosen gains no Damage Token" in text and "Damage Control, Stopgap Patch" in text


def test_the_effects_block_shows_pnps_verbs_on_asking_and_warns_of_a_verb_left_unexplained(voyage: Path):
    book = voyage / "cards/voyage/rulebook.md"
    game_yaml = voyage / "cards/voyage/game.yaml"
    edit(game_yaml, '    explains: "Take every Damage Token off a Room."\n', "")
    result = run_pnp("check", "voyage", "--no-custom-rules", cwd=voyage)  # the book's check: no balance played
    line = book.read_text().splitlines().index("```pnp effects") + 1
    assert f"rulebook.md:{line}:8: rulebook: verb 'clear' has no `explains:`" in result.out, result.out
    assert result.code == 0  # a warning: the book still builds
    edit(book, "```pnp effects", "```pnp effects library")
    assert run_pnp("build", "voyage", "--force", cwd=voyage).code == 0
    text = _flat(text_of(voyage / "output/voyage/voyage-rulebook.pdf")).split("What the cards do", 2)[-1]
    assert "Change A track or meter moves up or down by the amount" in text  # pnp's own verb, as pnp explains it
    assert "Clear removes every Damage Token from a Room" in text  # the designer's words, where no player's
