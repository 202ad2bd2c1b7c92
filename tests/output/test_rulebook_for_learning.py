"""The rulebook as a book to learn from (issue 42 items 3 and 5), read back from the built books of Voyage and Ark
Ship: a setup diagram of a dealt setup and an example of play from a replayed game (Voyage), a glossary and an
index with true pages, the icons' meanings, component pictures that read, and pages filled, with no heading left at
a page's foot."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from book_pages_seen import face_frames, pages_seen

from conftest import REPO, deal, edit, run_pnp


def pages(pdf: Path) -> list[str]:
    """Each page's text (pdfium's, in drawing order), its words joined by single spaces."""
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(str(pdf))
    try:
        return [" ".join(page.get_textpage().get_text_range().split()) for page in doc]
    finally:
        doc.close()


def book(shared_build, game: str) -> Path:
    out, _ = shared_build(game)
    return out / f"{game}-rulebook.pdf"


def cards(game: str, name: str) -> dict[str, dict]:
    return {c["id"]: c for c in yaml.safe_load((REPO / f"cards/{game}/{name}.yaml").read_text())["cards"]}


@pytest.mark.parametrize("game", ["voyage", "arkship"])
def test_no_page_ends_more_than_a_third_blank_but_where_a_chapter_ends(shared_build, game):
    seen = pages_seen(book(shared_build, game))
    for page, after in zip(seen[2:-1], seen[3:], strict=True):  # (after the cover and the contents)
        assert page.blank <= 1 / 3 or after.opens_chapter, (page.number, round(page.blank, 2))


@pytest.mark.parametrize("game", ["voyage", "arkship"])
def test_no_heading_stands_at_a_page_foot(shared_build, game):
    for page in pages_seen(book(shared_build, game))[2:]:
        for _, text, y in page.headings:
            under = [(top, bottom) for top, bottom in page.ink if top > y + 2]  # (y: the heading's baseline)
            below = max((b for _, b in under), default=y) - min((t for t, _ in under), default=y)
            assert below >= 5, (page.number, text, below)  # two lines at least (one line: 3 mm), or a picture


@pytest.mark.parametrize("game", ["voyage", "arkship"])
def test_every_component_is_pictured_at_least_25_mm_wide(shared_build, game):
    pdf = book(shared_build, game)
    texts = pages(pdf)
    first = next(i for i, t in enumerate(texts) if "What is in the box" in t and i > 1)
    shown = [w for page in range(first + 1, first + 3) for w, _ in face_frames(pdf)[page]]
    decks = yaml.safe_load((REPO / f"cards/{game}/game.yaml").read_text())["decks"]
    assert len(shown) >= len(decks) and min(shown) >= 25 - 0.01, sorted(shown)


def test_the_cover_is_filled_with_the_games_faces(shared_build):
    pdf = book(shared_build, "voyage")
    cover = pages_seen(pdf)[0]
    assert cover.blank < 0.15, cover.blank
    assert len(face_frames(pdf)[1]) == 6  # two rows of three of the game's cards


def test_the_setup_diagram_shows_the_setup_as_dealt(shared_build):
    dealt = deal("voyage", 2, 0)
    page = next(t for t in pages(book(shared_build, "voyage")) if "A setup for 2 players" in t)
    captains, abilities = cards("voyage", "captains"), cards("voyage", "abilities")
    rooms = cards("voyage", "empty-rooms")
    by_colour = {c["color"]: c["name"] for c in rooms.values()}
    for room in rooms.values():  # each Empty Room on its square: its name printed on the board
        assert room["name"] in page, room["name"]
    for k, hand in enumerate(dealt["hands"], 1):
        said = page.split(f"Player {k}:", 1)[1].split(f"Player {k + 1}:")[0]
        assert captains[hand["captain"][0]]["name"] in said
        assert all(abilities[a]["name"] in said for a in hand["ability"]), said
        assert f"rolled {hand['start']}" in said and by_colour[hand["start"]] in said, said
    table = dealt["table"]
    assert f"Happiness track at {table['happiness']}%" in page and f"Round track at {table['round']}" in page


def test_the_example_tells_round_2_of_the_replayed_game(shared_build):
    traced = run_pnp("simulate", "voyage", "--trace", "1:0", "--players", "2", "--format", "json")
    assert traced.code == 0, traced.err
    events = json.loads(traced.out)["events"]
    ends = [i for i, e in enumerate(events) if e[0] == "meter" and events[i + 1][0] != "meter"]
    moves = [e[1] for e in events[ends[0] + 1:ends[1] + 1] if e[0] == "move"]
    text = " ".join(pages(book(shared_build, "voyage")))
    told = text.split("An example: Round 2 with 2 players", 1)[1]
    at = 0
    for n, move in enumerate(moves, 1):  # each move, numbered, in order
        said = f"{n}. {move[:1].upper()}{move[1:]}."
        at = told.index(said, at)
    assert "Round 1 ended with Happiness at" in told and "The cards of this Round:" in told


def test_the_glossary_gives_the_page_that_explains_each_term_and_the_index_every_page(shared_build):
    texts = pages(book(shared_build, "voyage"))
    said = {t["term"]: " ".join(t.get("means", "").split()) for t in
            yaml.safe_load((REPO / "cards/voyage/game.yaml").read_text())["glossary"]["terms"]}
    terms = list(said)
    joined = " ".join(texts)
    glossary = joined.split("the page that explains it.", 1)[1]  # (its rows come first, the index's after them)
    listed = {term: m.group(1) for term in terms  # each term, what it means, then its page
              if (m := re.search(rf"\b{term} {re.escape(said[term])} (\d+)\b(?!,)", glossary))}
    assert set(terms) <= set(listed), set(terms) - set(listed)
    heading = next(i for i, t in enumerate(texts) if re.search(r"Captains Each player steers", t))
    assert listed["Captain"] == str(heading + 1)  # the page whose heading names it
    passive = next(i for i, t in enumerate(texts) if "A Passive ability is always on" in t)
    assert listed["Passive"] == str(passive + 1)  # the page whose text sets it in bold itself
    index = "Ability" + joined.split("Index Ability", 1)[1]
    rows = re.findall(r"([A-Z][A-Za-z ]+?) (\d+(?:, \d+)*)", index)
    assert len(rows) >= len(terms)
    for term, numbers in rows:
        for n in map(int, numbers.split(", ")):
            assert re.search(rf"\b{term}", texts[n - 1]), (term, n)


def test_the_icon_key_says_what_each_icon_means(shared_build):
    text = " ".join(pages(book(shared_build, "voyage")))
    icons = yaml.safe_load((REPO / "cards/voyage/icons.yaml").read_text())["icons"]
    for name, icon in icons.items():
        meaning = icon["description"]
        assert " ".join((meaning[:1].upper() + meaning[1:]).split()) in text, name
    assert "Sym " not in text and "Sym burst" not in text


def test_the_diagram_and_the_example_follow_a_changed_card(voyage_copy):
    root = voyage_copy
    dealt = deal("voyage", 2, 0)
    captain = cards("voyage", "captains")[dealt["hands"][0]["captain"][0]]["name"]
    edit(root / "cards/voyage/captains.yaml", f'"{captain}"', '"Captain Changed"')
    edit(root / "cards/voyage/abilities.yaml", '"Karaoke Night"', '"Karaoke Changed"')
    built = run_pnp("build", "voyage", cwd=root)
    assert built.code == 0, built.err
    text = " ".join(pages(root / "output/voyage/voyage-rulebook.pdf"))
    assert "Player 1: Captain: Captain Changed;" in text
    assert "plays Karaoke Changed" in text.split("An example: Round 2", 1)[1]


def test_a_wrong_diagram_or_example_block_is_said_at_its_line(voyage_copy):
    root = voyage_copy
    book_md = root / "cards/voyage/rulebook.md"
    edit(book_md, "```pnp setup-diagram players=2 board=ship-board spots=square of=ship/squares\nrooms: color\n"
         "start: location-marker", "```pnp setup-diagram players=9 board=ship-board spots=square of=ship/squares\n"
         "```\n\n```pnp setup-diagram players=2 board=ship-board spots=squares of=ship/squares\n```\n\n"
         "```pnp setup-diagram players=2 board=ship-board spots=square of=ship/squares\nroom: color")
    checked = run_pnp("check", "voyage", cwd=root)
    lines = book_md.read_text().splitlines()
    at = {n + 1 for n, line in enumerate(lines)
          if "players=9" in line or "spots=squares" in line or line == "room: color"}
    assert len(at) == 3
    said = checked.out + checked.err
    assert checked.code == 2, said
    assert "players=9: Voyage In Progress takes 1 to 4 players" in said
    assert "spots=squares: the board draws 0 of it" in said and "did you mean 'square'" in said
    assert "'room': write `LABEL: FIELD`" in said and "did you mean 'rooms'" in said
    for n in at:
        assert f"cards/voyage/rulebook.md:{n}:" in said, (n, said)


@pytest.mark.parametrize("game", ["voyage", "arkship"])
def test_the_contents_fit_on_one_page(shared_build, game):
    texts = pages(book(shared_build, game))
    dotted = [i + 1 for i, t in enumerate(texts) if re.search(r"(\. ){8,}\.? ?\d", t)]
    assert dotted == [2], dotted  # no entry carried onto a page of its own
