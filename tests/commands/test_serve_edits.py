"""`pnp serve`'s edits without a browser: what the page may write (an element's values in its template, a card's
field in its deck), and every request refused: another origin, no token, a file the game did not load, a path
outside the project, a value that is not one. The drag in Chromium is in test_serve_browser.py."""

from __future__ import annotations

import http.client
import json
import re
import urllib.error
import urllib.request

import pytest

from conftest import served

FRONT = "templates/mini/front.yaml"
SPELLS = "cards/mini/spells.yaml"


@pytest.fixture
def serving(project):
    with served(project, "mini", balance=False) as (server, _):
        yield server, project


def post(server, path: str, body: object, origin: str | None = "own", token: str | None = "own",
         content_type: str = "application/json") -> tuple[int, dict]:
    host, port = server.sock.getsockname()[:2]
    conn = http.client.HTTPConnection(host, port, timeout=10)
    headers = {"Content-Type": content_type, "Host": f"{host}:{port}"}
    if origin is not None:
        headers["Origin"] = f"http://{host}:{port}" if origin == "own" else origin
    if isinstance(body, dict) and token is not None:
        body = {**body, "token": server.editor.token if token == "own" else token}
    conn.request("POST", path, body=json.dumps(body) if not isinstance(body, bytes) else body, headers=headers)
    response = conn.getresponse()
    raw = response.read()
    conn.close()
    return response.status, json.loads(raw) if raw.startswith(b"{") else {"raw": raw}


def element(server, name: str) -> dict:
    state = json.loads(server.hub.message)
    key = state["components"][0]["cards"][0]["front"]
    return next(e for e in server.editor.elements(server.live.known[key].face) if e["name"] == name)


def move(e: dict, **values) -> dict:
    return {"kind": "element", "file": e["file"], "line": e["line"], "col": e["col"], "name": e["name"],
            "set": values}


def test_the_page_carries_its_token_and_lists_a_faces_elements_with_their_settings(serving):
    server, _ = serving
    page = urllib.request.urlopen(server.url, timeout=10).read().decode()
    assert re.search(r'<meta name="pnp-token" content="([^"]+)">', page).group(1) == server.editor.token
    body = element(server, "body")
    assert (body["file"], body["editable"], body["type"]) == (FRONT, True, "text")
    assert body["box"] == [5.0, 20.0, 53.5, 50.0]  # as drawn on the face, in mm from the trim's corner
    assert body["fields"]["x"] == {"raw": "5mm", "mm": 5.0}
    assert body["fields"]["size"] == {"raw": None, "pt": None}  # the template's default: none written here
    assert not element(server, "background")["editable"]  # it fills the bleed: nothing to drag


def test_an_edit_writes_only_that_value_and_undo_puts_the_file_back(serving):
    server, root = serving
    path = root / FRONT
    before = path.read_text()
    status, answer = post(server, "/edit", move(element(server, "body"), x=7.5, size=10))
    assert status == 200 and answer["set"] == {"x": "7.5mm", "size": "10pt"}, answer
    after = path.read_text()
    changed = [(a, b) for a, b in zip(before.splitlines(), after.splitlines(), strict=True) if a != b]
    assert changed == [("  - {name: body, type: text, x: 5mm, y: 20mm, w: 53.5mm, h: 50mm, text: \"{{ card.text }}\"}",
                        "  - {name: body, type: text, x: 7.5mm, y: 20mm, w: 53.5mm, h: 50mm, text: \"{{ card.text }}\""
                        ", size: 10pt}")]
    status, answer = post(server, "/undo", {})
    assert status == 200 and path.read_text() == before


def test_a_cards_field_is_written_into_its_deck(serving):
    server, root = serving
    card = next(c for c in json.loads(server.hub.message)["components"][0]["cards"] if c["id"] == "blink")
    request = {"kind": "card", "file": card["file"], "line": card["line"], "col": card["col"], "id": "blink",
               "set": {"text": "Move: twice, \"far\"."}}
    status, answer = post(server, "/edit", request)
    assert status == 200, answer
    assert '    text: "Move: twice, \\"far\\"."\n' in (root / SPELLS).read_text()
    status, answer = post(server, "/edit", {**request, "set": {"id": "other"}})
    assert status == 400 and "not its id" in answer["error"]


@pytest.mark.parametrize("case", ["no origin", "other origin", "cross-site", "no token", "wrong token",
                                  "not JSON", "form post"])
def test_an_edit_from_anywhere_but_the_page_itself_is_refused(serving, case):
    server, root = serving
    before = (root / FRONT).read_text()
    request = move(element(server, "body"), x=9)
    status, answer = {
        "no origin": lambda: post(server, "/edit", request, origin=None),
        "other origin": lambda: post(server, "/edit", request, origin="http://evil.example"),
        "cross-site": lambda: post(server, "/edit", request, origin="null"),
        "no token": lambda: post(server, "/edit", request, token=None),
        "wrong token": lambda: post(server, "/edit", request, token="x" * 43),
        "not JSON": lambda: post(server, "/edit", b"{", ),
        "form post": lambda: post(server, "/edit", {**request, "token": server.editor.token},
                                  content_type="application/x-www-form-urlencoded"),
    }[case]()
    assert status in (400, 403, 415), (case, status, answer)
    assert answer["ok"] is False and answer["error"]
    assert (root / FRONT).read_text() == before
    assert post(server, "/undo", {}, token="nope")[0] == 403


@pytest.mark.parametrize("file", ["cards/mini/game.yaml", "cards/mini/icons.yaml", "templates/mini/sheet.yaml",
                                  "../outside.yaml", "/etc/passwd", "templates/../cards/mini/game.yaml"])
def test_only_the_decks_and_templates_the_game_loaded_are_written(serving, file):
    server, root = serving
    (root.parent / "outside.yaml").write_text("a: {name: body, x: 1mm}\n")
    status, answer = post(server, "/edit", {"kind": "element", "file": file, "line": 1, "col": 4, "name": "body",
                                            "set": {"x": 2}})
    assert status == 403 and "not a file this game loaded" in answer["error"], answer
    assert (root.parent / "outside.yaml").read_text() == "a: {name: body, x: 1mm}\n"


@pytest.mark.parametrize(("values", "said"), [({"x": "5mm"}, "a number of millimetres"), ({"size": 0}, "font size"),
                                              ({"color": "red; x"}, "colour code"), ({"fill": "#fff"}, "edits x, y"),
                                              ({"text": "hi"}, "edits x, y")])
def test_a_value_the_page_does_not_edit_is_refused(serving, values, said):
    server, root = serving
    before = (root / FRONT).read_text()
    status, answer = post(server, "/edit", move(element(server, "body"), **values))
    assert status == 400 and said in answer["error"], answer
    assert (root / FRONT).read_text() == before


def test_an_expression_or_a_moved_element_is_not_overwritten(serving):
    server, root = serving
    path = root / FRONT
    gem = element(server, "gem")
    status, answer = post(server, "/edit", move({**gem, "name": "title"}, x=3))  # the page's view is stale
    assert status == 409 and "is not 'title' any more" in answer["error"]
    path.write_text(path.read_text().replace("x: 28mm", "x: \"{{ 28 }}mm\""))
    status, answer = post(server, "/edit", move(gem, x=3))
    assert status == 409 and "not a length: edit it in the file" in answer["error"], answer


def test_undo_refuses_when_the_file_changed_since(serving):
    server, root = serving
    path = root / FRONT
    assert post(server, "/edit", move(element(server, "body"), y=21))[0] == 200
    path.write_text(path.read_text() + "# mine\n")
    status, answer = post(server, "/undo", {})
    assert status == 409 and "changed since that edit" in answer["error"]
    assert path.read_text().endswith("# mine\n")


def test_edits_are_posts_only(serving):
    server, _ = serving
    for path in ("edit", "undo", f"elements/{'0' * 24}.json", "elements/../state.json"):
        with pytest.raises(urllib.error.HTTPError) as got:
            urllib.request.urlopen(server.url + path, timeout=10)
        assert got.value.code == 404, path


SHEET = """id,name,cost,text
fireball,Fireball,3,"Deal :damage: to a **Room**, then rest."
frost-nova,"Frost Nova",2,All Rooms *freeze*.
blink,Blink,1,Move.
"""


def test_a_card_of_a_csv_deck_is_written_into_its_cell_where_that_is_safe(project):
    deck = project / "cards/mini/spells.yaml"
    text = deck.read_text()
    deck.write_text(text[:text.index("cards:")] + "cards_from: spells.csv\n")
    sheet = project / "cards/mini/spells.csv"
    sheet.write_text(SHEET)
    with served(project, "mini", balance=False) as (server, _):
        cards = {c["id"]: c for c in json.loads(server.hub.message)["components"][0]["cards"]}
        assert cards["blink"]["source"] == "cards/mini/spells.csv"

        def write(card: str, **values) -> tuple[int, dict]:
            c = cards[card]
            return post(server, "/edit", {"kind": "card", "file": c["source"], "line": c["line"], "col": c["col"],
                                          "id": card, "set": values})

        status, answer = write("blink", text="Move, twice.")
        assert status == 200, answer
        assert sheet.read_text() == SHEET.replace("blink,Blink,1,Move.", 'blink,Blink,1,"Move, twice."')
        status, answer = write("frost-nova", text="Ice.")  # "Frost Nova" is quoted where csv would not quote it
        assert status == 409 and "edit it in your spreadsheet program" in answer["error"], answer
        assert write("blink", id="x")[0] == 400
        assert post(server, "/undo", {})[0] == 200 and sheet.read_text() == SHEET


def test_a_server_open_to_the_network_writes_nothing_and_gives_its_page_no_token(serving):
    from pnp.commands.serve.app import make_app
    from pnp.commands.serve.edits import Editor, EditRefused

    server, root = serving
    shut = Editor(root, server.editor.good, on=False)  # as `--host 0.0.0.0` makes it: anyone there sees the page
    with pytest.raises(EditRefused) as got:
        shut.apply({**move(element(server, "body"), x=9), "token": shut.token})
    assert got.value.status == 403 and "open to the network (--host)" in got.value.message
    import asyncio

    index = make_app(server.live, server.hub, None, editor=shut).routes[0]
    assert index.path == "/"
    page = asyncio.run(index.endpoint(None)).body.decode()
    assert '<meta name="pnp-token" content="">' in page
