"""`pnp serve voyage` in a real browser (Debian's Chromium, headless): the page a designer keeps open.

One server (on a copy of Voyage) and one browser for the whole module, on one xdist worker; each test
puts back what it changed. `PNP_SCREENSHOTS=1` also saves the page as docs/img/serve.png for the README.
"""

from __future__ import annotations

import os
import shutil
import time

import pytest

from browser import CHROMIUM, chromium, require_chromium
from conftest import REPO, edit, served

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("browser")]
require_chromium()  # skipped, with the apt command, where there is none; required where CI is set
EVENT = 'figure[data-card="event/meteor-shower"]'
KEY = f"() => document.querySelector('{EVENT} img.front').dataset.key"  # (functions: the page's CSP forbids eval)


@pytest.fixture(scope="module")
def voyage(tmp_path_factory):
    """`pnp serve voyage` on a copy of the game: (server, project root)."""
    root = tmp_path_factory.mktemp("served")
    for folder in ("cards/voyage", "templates", "fonts"):
        shutil.copytree(REPO / folder, root / folder)
    with served(root, "voyage") as (server, _):
        yield server, root


@pytest.fixture(scope="module")
def page(voyage):
    server, _ = voyage
    with chromium() as (_, page):
        page.goto(server.url)
        page.wait_for_selector(f"{EVENT} img.front[data-key]")
        yield page


def in_view_loaded(page) -> None:
    page.wait_for_function("""() => [...document.querySelectorAll('figure.face img')].filter(i => !i.hidden
        && i.getBoundingClientRect().top < innerHeight).every(i => i.complete && i.naturalWidth > 0)""")


def test_the_page_shows_every_face_grouped_by_component_with_counts(voyage, page):
    server, _ = voyage
    from pnp.commands.build import BuildOptions, prepare

    prep = prepare(REPO, "voyage", BuildOptions())
    sections = page.locator("section.component")
    assert sections.count() == len(prep.decks)
    for deck, entries, _ in prep.decks:
        ids = {e[2]["id"] for e in entries}
        section = page.locator(f'section[data-component="{deck.id}"]')
        assert section.locator("figure[data-card]").count() == len(ids), deck.id
        assert str(len(ids)) in section.locator("h2 small").inner_text()
    assert page.locator("#checklist tbody tr").count() >= len(prep.decks)
    assert page.locator("#report-status").inner_text() == "all rules hold"
    in_view_loaded(page)
    shot = page.screenshot()
    assert shot.startswith(b"\x89PNG") and len(shot) > 50_000  # faces drawn, not a blank page
    if os.environ.get("PNP_SCREENSHOTS"):
        (REPO / "docs/img/serve.png").write_bytes(shot)


def test_a_fresh_page_shows_every_face_on_load_without_scrolling_to_it(voyage, page):
    """Every face image of the page, far below the window too, is there on load: none waits to be scrolled to
    (the server drew them all before its first state)."""
    server, _ = voyage
    fresh = page.context.new_page()
    try:
        fresh.goto(server.url)
        fresh.wait_for_selector(f"{EVENT} img.front[data-key]")
        below = fresh.evaluate("""() => [...document.querySelectorAll('figure.face img')].filter(i => !i.hidden
            && i.getBoundingClientRect().top > 2 * innerHeight).length""")
        assert below > 20  # most of Voyage's faces are far below the window
        fresh.wait_for_function("""() => [...document.querySelectorAll('figure.face img')].filter(i => !i.hidden)
            .every(i => i.complete && i.naturalWidth > 0)""", timeout=10_000)
        assert fresh.evaluate("() => window.scrollY") == 0
    finally:
        fresh.close()


def test_a_save_redraws_that_face_in_place_and_keeps_the_scroll(voyage, page):
    _, root = voyage
    page.locator(EVENT).scroll_into_view_if_needed()
    page.evaluate("() => { window.scrollBy(0, 40); window.notReloaded = true }")
    in_view_loaded(page)
    top = page.evaluate("() => document.querySelector('#faces').getBoundingClientRect().top")
    scroll = page.evaluate("() => window.scrollY")
    keys = page.evaluate("() => [...document.querySelectorAll('figure[data-card] img.front')].map(i => i.dataset.key)")
    old = page.evaluate(KEY)
    events = root / "cards/voyage/events.yaml"
    original = events.read_text()
    try:
        edit(events, "Make a wish.", "Make a wish, then two.")
        page.wait_for_function(f"""old => {{ const i = document.querySelector('{EVENT} img.front');
            return i.dataset.key !== old && i.complete && i.naturalWidth > 0 }}""", arg=old, timeout=20_000)
        after = page.evaluate("() => [...document.querySelectorAll('figure[data-card] img.front')]"
                              ".map(i => i.dataset.key)")
        assert sum(a != b for a, b in zip(keys, after, strict=True)) == 1  # only that face was redrawn
        assert page.evaluate("() => window.notReloaded") is True
        assert page.evaluate("() => document.querySelector('#faces').getBoundingClientRect().top") == top
        assert page.evaluate("() => window.scrollY") == scroll
    finally:
        events.write_text(original)
    page.wait_for_function(f"old => document.querySelector('{EVENT} img.front').dataset.key === old", arg=old,
                           timeout=20_000)


def test_a_yaml_error_shows_where_it_is_over_the_last_good_faces_and_goes_when_fixed(voyage, page):
    _, root = voyage
    events = root / "cards/voyage/events.yaml"
    original = events.read_text()
    faces = page.locator("figure[data-card]").count()
    try:
        edit(events, "kind: immediate", "kind: [immediate")
        page.wait_for_selector("#errors:not([hidden])", timeout=20_000)
        text = page.locator("#errors").inner_text()
        line = next(i for i, t in enumerate(events.read_text().splitlines(), 1) if "kind: [immediate" in t)
        # where the YAML parser finds it: the line, or the next one (an unclosed `[` is seen there)
        assert f"cards/voyage/events.yaml:{line}:" in text or f"cards/voyage/events.yaml:{line + 1}:" in text, text
        source = events.read_text().splitlines()
        assert source[line - 1].strip() in text or source[line].strip() in text  # the line of YAML itself
        assert page.locator("figure[data-card]").count() == faces  # the last good faces stay
        status = page.locator("#report-status")  # the rules of a save not laid out are not known: not green
        assert status.inner_text() == "not checked: the last save cannot be laid out"
        assert status.get_attribute("class") == "unknown"
        if os.environ.get("PNP_SCREENSHOTS"):
            page.screenshot(path=str(REPO / "docs/img/serve-error.png"))
    finally:
        events.write_text(original)
    page.wait_for_selector("#errors", state="hidden", timeout=20_000)
    assert page.locator("#status").inner_text().startswith("live")
    assert page.locator("#report-status").inner_text() == "all rules hold"


def test_clicking_a_face_shows_it_at_print_size_with_its_source(voyage, page):
    _, root = voyage
    line = next(i for i, t in enumerate((root / "cards/voyage/events.yaml").read_text().splitlines(), 1)
                if "id: meteor-shower" in t)
    page.locator(EVENT).click()
    dialog = page.locator("#detail")
    dialog.wait_for(state="visible")
    assert f"cards/voyage/events.yaml:{line}:" in page.locator("#source").inner_text()
    assert "voyage/event" in page.locator("#template").inner_text()
    assert "Meteor Shower" in page.locator("#data").inner_text()
    page.wait_for_function("() => [...document.querySelectorAll('#views img')]"
                           ".every(i => i.complete && i.naturalWidth)")
    width_mm = page.evaluate("() => document.querySelector('#views .big').getBoundingClientRect().width") * 25.4 / 96
    assert abs(width_mm - (63.5 + 2 * 3)) < 0.5  # print size: the poker card and its bleed, in CSS millimetres
    assert page.locator("#views figure.big").count() == 2  # front and back side by side
    assert not page.locator("#views svg.guides").first.is_visible()
    page.check("#guides")
    assert page.locator("#views svg.guides rect.safe").first.is_visible()
    time.sleep(0.1)
    if os.environ.get("PNP_SCREENSHOTS"):
        page.screenshot(path=str(REPO / "docs/img/serve-detail.png"))
    page.keyboard.press("Escape")
    dialog.wait_for(state="hidden")


def test_the_browser_is_debians_own():
    assert CHROMIUM.is_file()


FRONT = '.edit-layer[data-side="front"]'


def _open_editing(page) -> None:
    page.locator(EVENT).click()
    page.locator("#detail").wait_for(state="visible")
    page.check("#edit-mode")
    page.wait_for_selector(f'{FRONT} .edit-box[data-element="label"]')
    page.wait_for_selector('.edit-layer[data-side="back"] .edit-box')  # the back's elements too
    page.evaluate("() => { document.querySelector('#edit-status').textContent = '' }")


def _drag(page, name: str, dx_mm: float, dy_mm: float, at: str = "middle") -> None:
    box = page.locator(f'{FRONT} .edit-box[data-element="{name}"]').bounding_box()
    per_mm = page.evaluate(f"() => document.querySelector('{FRONT}').getBoundingClientRect().width / (63.5 + 6)")
    x = box["x"] + (box["width"] - 2 if at == "right" else box["width"] / 2)
    y = box["y"] + box["height"] / 2
    page.mouse.click(x, y)  # select it
    page.evaluate("() => { document.querySelector('#edit-status').textContent = '' }")
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx_mm * per_mm, y + dy_mm * per_mm, steps=4)
    page.mouse.up()
    page.wait_for_function("() => document.querySelector('#edit-status').textContent.startsWith('saved')",
                           timeout=10_000)


def _changes(before: str, after: str) -> list[tuple[str, str]]:
    assert len(before.splitlines()) == len(after.splitlines())
    return [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b]


def test_dragging_an_element_writes_its_template_by_that_much_comments_kept_and_undo_puts_it_back(voyage, page):
    _, root = voyage
    template = root / "templates/voyage/event.yaml"
    before = template.read_text()
    old = page.evaluate(KEY)
    _open_editing(page)
    try:
        page.uncheck("#edit-snap")
        if os.environ.get("PNP_SCREENSHOTS"):
            page.click(f'{FRONT} .edit-box[data-element="label"]')
            page.screenshot(path=str(REPO / "docs/img/serve-edit.png"))
        _drag(page, "label", 4, 10)  # the label is written at x 5mm, y 16.2mm
        assert _changes(before, template.read_text()) == [("    x: 5mm", "    x: 9mm"),
                                                          ("    y: 16.2mm", "    y: 26.2mm")]
        comments = [ln for ln in before.splitlines() if ln.lstrip().startswith("#")]
        assert comments == [ln for ln in template.read_text().splitlines() if ln.lstrip().startswith("#")]
        assert comments
        page.wait_for_function(f"old => document.querySelector('{EVENT} img.front').dataset.key !== old", arg=old,
                               timeout=20_000)  # the save went through the normal loop: the face is redrawn
        page.check("#edit-snap")
        _drag(page, "body", 1.5, 0, at="right")  # its right edge (at 58 mm), then 1 mm off the safe zone's line
        assert ("    w: 52.5mm", "    w: 55mm") in _changes(before, template.read_text())  # 63.5 - 3 - 5.5
        page.click("#edit-undo")
        page.wait_for_function("() => document.body.dataset.edits === '1'")
        page.keyboard.press("Control+z")
        page.wait_for_function("() => document.body.dataset.edits === '0'")
        assert template.read_text() == before
    finally:
        if template.read_text() != before:  # (a save of the same text would redraw the page under the next test)
            template.write_text(before)
        page.uncheck("#edit-mode")
        page.keyboard.press("Escape")
    page.wait_for_function(f"old => document.querySelector('{EVENT} img.front').dataset.key === old", arg=old,
                           timeout=20_000)


def test_double_clicking_a_text_edits_the_cards_own_words_in_its_deck(voyage, page):
    _, root = voyage
    deck = root / "cards/voyage/events.yaml"
    before = deck.read_text()
    _open_editing(page)
    try:
        page.dblclick(f'{FRONT} .edit-box[data-element="flavor"]')
        area = page.locator("textarea.edit-text")
        area.fill("Wish upon it.")
        area.press("Enter")
        page.wait_for_function("() => document.querySelector('#edit-status').textContent.startsWith('saved')")
        assert _changes(before, deck.read_text()) == [('    flavor: "Make a wish. Then make a repair list."',
                                                       '    flavor: "Wish upon it."')]
    finally:
        if deck.read_text() != before:
            deck.write_text(before)
        page.uncheck("#edit-mode")
        page.keyboard.press("Escape")
