"""The rulebook live: `pnp serve`'s Rulebook page (the rulebook as HTML, its faces the page's own images, its
problems located, updated on save), and `pnp watch` rebuilding the rulebook PDF when rulebook.md or anything it
shows changes (a card it draws, a deck it counts, a data table)."""

from __future__ import annotations

import hashlib
import http.client
import json
import re
import shutil
import threading
import time
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from conftest import REPO, edit, served
from pdfcheck import text_of

BOOK = """# Spells

The deck holds {{ count('spell') }} Spell cards, {{ decks.spell.cards | length }} different ones.
A spell that deals :damage: adds a **Damage Token**.

```pnp face spell/fireball width=45mm
Fireball, as it prints.
```

| Spell | Cost |
|---|---|
| Fireball | 3 |

# Contents

```pnp contents
```
"""


@pytest.fixture
def serving(project):
    (project / "cards/mini/rulebook.md").write_text(BOOK)
    with served(project, "mini", balance=False) as (server, _):
        yield server, project


def get(server, path: str) -> tuple[int, bytes]:
    host, port = server.sock.getsockname()[:2]
    conn = http.client.HTTPConnection(host, port, timeout=30)
    conn.request("GET", path)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body


def book(server) -> dict:
    status, body = get(server, "/rulebook.json")
    assert status == 200
    return json.loads(body)


def after_save(server, seen: int) -> None:
    deadline = time.monotonic() + 20
    while server.hub.version == seen and time.monotonic() < deadline:
        time.sleep(0.02)
    assert server.hub.version > seen


def fireball_front(server) -> str:
    state = json.loads(server.hub.message)
    return next(card["front"] for c in state["components"] for card in c["cards"] if card["id"] == "fireball")


def printed(project: Path) -> int:
    from pnp.model.game import load_game

    return sum(c.copies for c in load_game(project, "mini").decks[0].cards)


def test_the_rulebook_page_shows_the_rulebook_with_the_games_own_faces(serving):
    server, project = serving
    status, page = get(server, "/rulebook")
    assert status == 200 and b'src="/static/rulebook.js"' in page
    assert get(server, "/static/rulebook.js")[0] == 200
    got = book(server)
    assert got["errors"] == [] and not got["stale"] and not got["missing"]
    html = got["html"]
    assert "<h2>Spells</h2>" in html and "<h2>Contents</h2>" in html
    assert f"The deck holds {printed(project)} Spell cards, 3 different ones." in html
    assert "<strong>Damage Token</strong>" in html and "<th>Spell</th>" in html and "<td>3</td>" in html
    assert "<figcaption>Fireball, as it prints.</figcaption>" in html
    keys = re.findall(r'src="/face/([0-9a-f]{24})\.png"', html)
    assert fireball_front(server) in keys  # the very image the faces page shows
    icon = re.search(r'<img class="icon" src="/face/([0-9a-f]{24})\.png" alt="damage"', html)
    assert icon, html
    for key in set(keys):
        status, png = get(server, f"/face/{key}.png")
        assert status == 200 and png.startswith(b"\x89PNG")


def test_a_save_updates_the_rulebook_page(serving):
    server, project = serving
    before = book(server)["html"]
    old_key = fireball_front(server)
    seen = server.hub.version
    edit(project / "cards/mini/spells.yaml", "cost: 3", "cost: 4")  # the card the rulebook draws
    after_save(server, seen)
    html = book(server)["html"]
    assert fireball_front(server) != old_key and f"/face/{fireball_front(server)}.png" in html
    assert f"/face/{old_key}.png" not in html and html != before
    seen = server.hub.version
    count = printed(project)
    edit(project / "cards/mini/spells.yaml", "    copies: 1\n", "    copies: 3\n")  # a deck it counts
    after_save(server, seen)
    assert printed(project) == count + 2 and f"The deck holds {count + 2} Spell cards" in book(server)["html"]
    seen = server.hub.version
    edit(project / "cards/mini/rulebook.md", "# Contents", "# What is in the box")
    after_save(server, seen)
    assert "<h2>What is in the box</h2>" in book(server)["html"]


def test_rulebook_problems_are_located_on_the_page(serving):
    server, project = serving
    seen = server.hub.version
    edit(project / "cards/mini/rulebook.md", "spell/fireball width", "spell/firebal width")
    after_save(server, seen)
    got = book(server)
    line = BOOK.splitlines().index("```pnp face spell/fireball width=45mm") + 1
    error = next(e for e in got["errors"] if "firebal" in e["message"])
    assert (error["file"], error["line"]) == ("cards/mini/rulebook.md", line)
    assert "spell/fireball" in error["message"]  # the near name
    assert "spell/firebal" in error["source"]
    assert "<h2>Spells</h2>" in got["html"]  # the rest of the rulebook is shown


def test_a_save_that_cannot_be_laid_out_shows_its_errors_over_the_last_good_rulebook(serving):
    server, project = serving
    good = book(server)["html"]
    seen = server.hub.version
    edit(project / "cards/mini/spells.yaml", "    cost: 3\n", "    cost: [3\n")
    after_save(server, seen)
    got = book(server)
    assert got["stale"] and got["html"] == good
    assert got["errors"] and got["errors"][0]["file"] == "cards/mini/spells.yaml" and got["errors"][0]["line"] > 0


def test_a_game_without_a_rulebook_says_so(project):
    from pnp.commands.serve import Server

    server = Server(project, "mini", port=0, say=lambda _: None, balance=False)
    server.look()
    got = json.loads(server.rulebook())
    assert got["missing"] and got["html"] == "" and got["errors"] == []


# -- pnp watch ------------------------------------------------------------------------------------------
@pytest.fixture
def voyage(tmp_path: Path) -> Path:
    root = tmp_path / "voyage"
    for folder in ("cards/voyage", "templates/voyage", "fonts"):
        shutil.copytree(REPO / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    for path in (REPO / "templates").glob("*.yaml"):
        shutil.copy(path, root / "templates" / path.name)
    return root


def test_watch_rebuilds_the_rulebook_when_anything_it_shows_changes(voyage):
    from pnp.commands.build import BuildOptions
    from pnp.commands.watch import watch

    said: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(voyage, "voyage", BuildOptions(), said.append, stop.is_set),
                              daemon=True)
    thread.start()
    pdf = voyage / "output/voyage/voyage-rulebook.pdf"

    def rulebook_until(holds) -> str:
        """The rulebook's text (its words one space apart) once the watch has written one that `holds`."""
        deadline = time.monotonic() + 120
        text = ""
        while time.monotonic() < deadline:
            if pdf.is_file():  # (not there for a moment: the watch writes the decks first, then the rest)
                try:
                    text = " ".join(text_of(pdf).split())
                except (OSError, pdfium.PdfiumError):  # replaced as it was read
                    text = ""
                if holds(text):
                    return text
            time.sleep(0.2)
        raise AssertionError(f"the watch never wrote such a rulebook; it said {said[-4:]}")

    try:
        text = rulebook_until(lambda t: "All 44 Ability Cards" in t)
        assert "Remove 1 Damage Token from your current Room" in text and "Repair 5" in text
        # a card it draws (the anatomy of Duct Tape, the first ability)
        assert "Holds the universe together. Mostly." in text
        edit(voyage / "cards/voyage/abilities.yaml", "Holds the universe together. Mostly.", "Holds the galaxy, just.")
        rulebook_until(lambda t: "Holds the galaxy, just." in t and "Holds the universe" not in t)
        # a deck it counts (the contents list: 4 Location Markers -> 5)
        assert re.search(r"Location Marker 4\b", text)
        edit(voyage / "cards/voyage/game.yaml", "location-marker: 4", "location-marker: 5")
        edit(voyage / "cards/voyage/location-markers.yaml", "color: player-4}", "color: player-4, copies: 2}")
        rulebook_until(lambda t: re.search(r"Location Marker 5\b", t) is not None)
        # a data table (the basic tasks' costs)
        edit(voyage / "cards/voyage/tasks.yaml", "{name: Repair, cost: 5,", "{name: Repair, cost: 4,")
        rulebook_until(lambda t: "Repair 4" in t and "Repair 5" not in t)
        # a picture a card it draws places (Duct Tape's art): the card's deck and the rulebook drawn again
        def digests() -> dict[str, bytes | None]:
            """The two PDFs' hashes (None: not there, between the decks-first build and the whole one)."""
            files = {name: pdf.parent / name for name in ("voyage-rulebook.pdf", "ability.pdf")}
            return {name: hashlib.sha256(f.read_bytes()).digest() if f.is_file() else None
                    for name, f in files.items()}

        drawn = digests()
        art = voyage / "cards/voyage/art/bandage-roll.svg"
        art.write_text(art.read_text().replace("<path", '<circle cx="5" cy="5" r="3"/><path', 1))
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            now = digests()
            if all(now[name] not in (None, old) for name, old in drawn.items()):
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"a saved picture did not redraw the deck and the rulebook: {said[-4:]}")
        # rulebook.md itself
        edit(voyage / "cards/voyage/rulebook.md", "\n# ", "\n# Watched: ")
        rulebook_until(lambda t: "Watched:" in t)
    finally:
        stop.set()
        thread.join(30)


@pytest.mark.slow
@pytest.mark.xdist_group("browser")
def test_the_rulebook_page_in_a_browser_shows_its_faces_and_follows_saves(serving):
    from browser import chromium, missing

    if missing():
        pytest.skip(missing())
    server, project = serving
    with chromium() as (_, page):
        page.goto(server.url + "rulebook")
        page.wait_for_selector("#book h2")
        assert page.locator("#book h2").all_inner_texts() == ["Spells", "Contents"]
        page.wait_for_function("""() => [...document.querySelectorAll('#book img')].length >= 3 &&
            [...document.querySelectorAll('#book img')].every(i => i.complete && i.naturalWidth > 0)""")
        face = page.locator("#book figure img.book-face").first
        assert abs(face.bounding_box()["width"] - 45 * 72 / 25.4 * 96 / 72) < 2  # width=45mm, in CSS pixels
        page.evaluate("() => { window.unchanged = true; }")
        edit(project / "cards/mini/rulebook.md", "# Contents", "# In the box")
        page.wait_for_function("() => [...document.querySelectorAll('#book h2')].some(h => h.textContent === "
                               "'In the box')", timeout=20_000)
        assert page.evaluate("() => window.unchanged === true")
        edit(project / "cards/mini/rulebook.md", "spell/fireball width", "spell/firebal width")
        page.wait_for_selector("#errors:not([hidden])", timeout=20_000)
        assert "cards/mini/rulebook.md:" in page.locator("#error-list").inner_text()
