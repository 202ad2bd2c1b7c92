"""`pnp serve GAME --lang`: the page shows a translation's faces, its switch asks the server for another language,
and the page's edits are refused while a translation is shown (they would write the source's YAML, not the words
shown). The switch in Chromium is in test_serve_lang_browser.py."""

from __future__ import annotations

import json
import time

import pytest
from test_serve_edits import move, post

from pnp.rules.check import CheckOptions

from conftest import REPO, copy_of, run_pnp, served

pytestmark = pytest.mark.xdist_group("serve-lang")  # one server for the module's tests
EVENT = ("event", "meteor-shower")


def card(server, deck: str, cid: str) -> dict:
    state = json.loads(server.hub.message)
    comp = next(c for c in state["components"] if c["id"] == deck)
    return next(c for c in comp["cards"] if c["id"] == cid)


def drawn_text(server, key: str) -> str:
    """What a face of the page says: the words of its laid-out text boxes, run by run."""
    from pnp.layout.scene import Text, TextRun

    items = server.live.known[key].face.items
    return " ".join(r.text for t in items if isinstance(t, Text) for r in t.runs if isinstance(r, TextRun))


def wait_for(test, seconds: float = 30.0) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "the page's state did not come"
        time.sleep(0.05)


@pytest.fixture(scope="module")
def french(tmp_path_factory):
    """`pnp serve voyage --lang fr` on a copy of Voyage: (server, root)."""
    root = copy_of(tmp_path_factory.mktemp("lang"), "voyage")
    with served(root, "voyage", rules=CheckOptions(lang="fr"), balance=False) as (server, _):
        yield server, root


def test_serve_lang_fr_shows_the_french_faces_and_names_the_games_languages(french):
    server, _ = french
    state = json.loads(server.hub.message)
    assert (state["languages"], state["lang"]) == (["en", "fr", "de"], "fr")
    event = card(server, *EVENT)
    assert event["title"] == "Pluie de météores"
    assert "Pluie de météores" in drawn_text(server, event["front"])


def test_the_switch_redraws_the_faces_in_the_language_asked_and_refuses_another(french):
    server, _ = french
    status, answer = post(server, "/lang", {"lang": "de"}, token=None)
    assert (status, answer["ok"]) == (200, True)
    wait_for(lambda: json.loads(server.hub.message).get("lang") == "de")
    event = card(server, *EVENT)
    assert event["title"] == "Meteoritenschauer" and "Meteoritenschauer" in drawn_text(server, event["front"])
    status, answer = post(server, "/lang", {"lang": "es"}, token=None)
    assert status == 400 and "not one of this game's languages (en, fr, de)" in answer["error"]
    assert post(server, "/lang", {"lang": "fr"}, origin="http://evil.example", token=None)[0] == 403
    post(server, "/lang", {"lang": "fr"}, token=None)
    wait_for(lambda: json.loads(server.hub.message).get("lang") == "fr")


def body_of(server) -> dict:
    face = server.live.known[card(server, *EVENT)["front"]].face
    return next(e for e in server.editor.elements(face) if e["name"] == "body")


def test_an_edit_from_the_page_is_refused_in_one_message_while_a_translation_is_shown(french):
    server, root = french
    shown = body_of(server)
    files = {p: p.read_text() for p in (root / "cards/voyage").rglob("*.yaml")}
    status, answer = post(server, "/edit", move(shown, x=shown["box"][0] + 1))
    assert status == 409, answer
    assert answer["error"].startswith("the page shows the fr translation: edits from the page write the en source")
    assert "choose en in the language switch" in answer["error"]
    assert {p: p.read_text() for p in files} == files  # nothing written, in the source or the translation
    post(server, "/lang", {"lang": "en"}, token=None)  # the source again: the page edits its YAML as before
    wait_for(lambda: json.loads(server.hub.message).get("lang") == "en")
    assert card(server, *EVENT)["title"] == "Meteor Shower"
    label = body_of(server)
    before = (root / label["file"]).read_text()
    status, answer = post(server, "/edit", move(label, x=label["box"][0] + 1))
    assert status == 200 and answer["ok"], answer
    assert (root / label["file"]).read_text() != before
    post(server, "/undo", {})
    assert (root / label["file"]).read_text() == before


@pytest.mark.parametrize(("code", "said"), [
    ("xx", "'xx' is not a language code"),
    ("es", "es is not one of the game's languages (en, fr, de)"),
    ("all", "pnp serve shows one language at a time"),
])
def test_serve_lang_with_a_code_it_cannot_show_is_a_one_line_error(code, said):
    result = run_pnp("serve", "voyage", "--lang", code, "--port", "0", cwd=REPO)  # refused before it serves
    assert result.code == 2
    first, *rest = result.err.splitlines()
    assert first.startswith("cards/voyage/game.yaml:") and said in first, result.err
    assert rest == ["1 error"] and "Traceback" not in result.err
