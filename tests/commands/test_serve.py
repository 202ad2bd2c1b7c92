"""`pnp serve` without a browser: what the server answers (and refuses), what a save changes, how errors,
rule problems and `--since` reach the page's state. The browser tests are in test_serve_browser.py."""

from __future__ import annotations

import http.client
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import REPO, edit, run_pnp, served


@pytest.fixture
def serving(project):
    """`pnp serve mini` on a copy of the test project, in this process: (server, project)."""
    with served(project, "mini") as (server, thread):
        yield server, project
    assert not thread.is_alive()


def get(server, path: str, host: str | None = None) -> tuple[int, bytes]:
    """A raw GET of exactly `path` (no client-side normalising of dots or escapes)."""
    address = server.sock.getsockname()
    conn = http.client.HTTPConnection(address[0], address[1], timeout=10)
    conn.putrequest("GET", path, skip_host=host is not None, skip_accept_encoding=True)
    if host is not None:
        conn.putheader("Host", host)
    conn.endheaders()
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body


def state(server) -> dict:
    return json.loads(server.hub.message)


def test_only_the_page_its_assets_and_the_games_images_are_served(serving):
    server, _ = serving
    key = state(server)["components"][0]["cards"][0]["front"]
    for path in ("/", "/static/app.js", "/static/app.css", "/state", f"/face/{key}.png", f"/big/{key}.png"):
        assert get(server, path)[0] == 200, path
    assert get(server, f"/face/{key}.png")[1].startswith(b"\x89PNG")
    for path in ("/../pyproject.toml", "/static/../../pyproject.toml", "/static/..%2f..%2fpyproject.toml",
                 "/static/%2e%2e/%2e%2e/pyproject.toml", "/%2e%2e/%2e%2e/etc/passwd", "//etc/passwd", "/etc/passwd",
                 "/static/index.html", "/static/app.js%00", "/static/app.js/", "/static/", "/face/../state",
                 f"/face/{key}.png/..", f"/face/..%2f{key}.png", f"/face/{'0' * 24}.png", "/face/cards.png",
                 "/cards/mini/spells.yaml", "/output/mini/spell.pdf", "/state/", "/events/x",
                 "/static/C:%5Cwindows%5Cwin.ini", "/%5c..%5cpyproject.toml"):
        status, body = get(server, path)
        assert status == 404, (path, status)
        assert b"[project]" not in body and b"root:" not in body
    assert get(server, "/", host="evil.example")[0] == 400  # a page elsewhere cannot reach it by a DNS trick


def test_a_save_changes_the_key_of_that_face_only(project):
    from pnp.commands.serve.live import LiveGame
    from pnp.commands.serve.view import state as view

    live = LiveGame(project, "mini")
    before = view(live.refresh())
    edit(project / "cards/mini/spells.yaml", "Move.", "Move twice.")
    after = view(live.refresh())
    keys = lambda s: {(c["id"], card["id"]): (card["front"], card["back"])  # noqa: E731
                      for c in s["components"] for card in c["cards"]}
    changed = {k for k in keys(before) if keys(before)[k] != keys(after)[k]}
    assert changed == {("spell", "blink")}
    assert keys(before)[("spell", "blink")][1] == keys(after)[("spell", "blink")][1]  # the shared back stays
    png = live.thumb(keys(after)[("spell", "blink")][0])
    assert png is not None and png.startswith(b"\x89PNG")


def test_a_broken_save_is_located_with_its_line_and_the_last_good_faces_stay(serving):
    server, project = serving
    good = state(server)
    spells = project / "cards/mini/spells.yaml"
    edit(spells, "cost: 2", "cost: two")
    line = next(i for i, text in enumerate(spells.read_text().splitlines(), 1) if "cost: two" in text)
    deadline = time.monotonic() + 20
    while not state(server)["errors"] and time.monotonic() < deadline:
        time.sleep(0.02)
    broken = state(server)
    [error] = broken["errors"]
    assert (error["file"], error["line"]) == ("cards/mini/spells.yaml", line)
    assert "two" in error["message"] and error["source"].strip() == "cost: two"
    assert broken["components"] == good["components"]  # the last good faces, under the overlay
    edit(spells, "cost: two", "cost: 2")
    while state(server)["errors"] and time.monotonic() < deadline:
        time.sleep(0.02)
    assert state(server)["errors"] == []


def test_rule_problems_are_marked_on_the_faces_they_name(project):
    from pnp.commands.serve.live import LiveGame
    from pnp.commands.serve.view import state as view

    edit(project / "cards/tiny/cards.yaml", "Second card", "Forbidden card")
    page = view(LiveGame(project, "tiny").refresh())
    marked = {(c["id"], card["id"]): card["problems"] for c in page["components"] for card in c["cards"]}
    named = [k for k, found in marked.items() if found]
    assert named and all(k[0] != "board" for k in named), marked
    assert any("forbidden" in p["message"] for found in marked.values() for p in found)
    assert not page["report"]["ok"] and page["report"]["problems"]


def test_since_marks_the_changed_cards_and_shows_them_as_they_were(project):
    git = ["git", "-C", str(project), "-c", "user.name=t", "-c", "user.email=t@t"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "playtest 1"], check=True)
    edit(project / "cards/mini/spells.yaml", "Move.", "Move twice.")
    from pnp.commands.serve import Server

    server = Server(project, "mini", port=0, since="HEAD", say=lambda _: None)
    server.look()
    server.changed_since()
    server.look()
    cards = {card["id"]: card for c in state(server)["components"] for card in c["cards"]}
    assert state(server)["since"]["changed"] == 1
    assert cards["blink"]["changed"] and not cards["fireball"]["changed"]
    old = cards["blink"]["before"]
    assert old["front"] != cards["blink"]["front"] and old["back"] == cards["blink"]["back"]
    assert server.live.big(old["front"]).startswith(b"\x89PNG")  # drawn while the old files were at hand
    unknown = run_pnp("serve", "mini", "--since", "playtest-9", cwd=project)
    assert unknown.code == 2 and "--since playtest-9: not a commit" in unknown.err


def test_serve_listens_on_this_machine_only_unless_told(project):
    from pnp.commands.serve import Server

    server = Server(project, "mini", port=0, say=lambda _: None)
    server.start()
    try:
        assert server.sock.getsockname()[0] == "127.0.0.1"
    finally:
        server.sock.close()
    # all of 127.0.0.0/8 is this machine: no warning, and the Host check still holds
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "mini", "--host", "127.0.0.2", "--port", "0"],
                            cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("serving mini at http://127.0.0.2:"), line
        port = int(line.split(":")[2].split("/")[0])
        conn = http.client.HTTPConnection("127.0.0.2", port, timeout=10)
        conn.putrequest("GET", "/", skip_host=True)
        conn.putheader("Host", "evil.example")
        conn.endheaders()
        assert conn.getresponse().status == 400
        conn.close()
    finally:
        proc.terminate()
        proc.wait(10)
    assert "warning" not in proc.stderr.read()


def test_a_port_in_use_is_refused_in_words(project):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        result = run_pnp("serve", "mini", "--port", str(port), cwd=project)
    assert result.code == 2
    assert f"cannot serve on 127.0.0.1:{port}" in result.err and "--port" in result.err
    assert run_pnp("serve", "nosuch", cwd=project).code == 2
    nogit = run_pnp("serve", "mini", "--since", "v9", cwd=project)
    assert nogit.code == 2 and "git repository" in nogit.err


def test_build_does_not_import_the_server():
    out = subprocess.run([sys.executable, "-X", "importtime", "-c", "import sys; from pnp.commands import cli, build"],
                         cwd=REPO, capture_output=True, text=True)
    modules = {line.split("|")[-1].strip().split(".")[0] for line in out.stderr.splitlines() if "|" in line}
    assert "pnp" in modules and not {"starlette", "uvicorn", "anyio", "playwright"} & modules


def test_the_static_files_ship_with_the_package():
    static = Path(REPO / "pnp/commands/serve/static")
    assert {p.name for p in static.iterdir()} >= {"index.html", "app.js", "app.css"}
    assert 'src="/static/app.js"' in (static / "index.html").read_text()
    assert 'pnp.commands.serve" = ["static/*"]' in (REPO / "pyproject.toml").read_text()


def test_ctrl_c_stops_the_server_at_once_even_with_a_page_open(project):
    import signal

    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "mini", "--port", "0"], cwd=project,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = proc.stdout.readline().split(" at ")[1].split()[0]
        host, port = url.split("//")[1].rstrip("/").split(":")
        stream = http.client.HTTPConnection(host, int(port), timeout=20)
        stream.request("GET", "/events")
        page = stream.getresponse()
        assert page.status == 200 and page.readline().startswith(b"data: {")  # an open page, following saves
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=5)
    finally:
        proc.kill()
    assert "stopped" in out and "Traceback" not in err and "ERROR" not in err, err


def test_a_face_that_cannot_be_drawn_is_reported_once_and_not_retried(project, monkeypatch):
    import pnp.output.export.raster as raster
    from pnp.commands.serve import Server

    said: list[str] = []
    server = Server(project, "mini", port=0, say=said.append)

    def broken(*_):
        raise RuntimeError("pdfium fell over")

    monkeypatch.setattr(raster, "faces_to_images", broken)
    server.look()  # the first look draws every face: they fail
    server.live.draw(server.missing())
    server.publish(server.live.refresh())
    assert sum("internal error drawing" in s and "pdfium fell over" in s for s in said) == 1, said
    assert server.drawn()  # nothing left that the background drawing would try again and again


def test_the_first_state_is_sent_with_every_face_of_the_page_already_drawn(project):
    """A fresh page finds its faces drawn at once (not drawn one batch at a time as it asks for them): the first
    good look draws them all before its state is published."""
    from pnp.commands.serve import Server

    server = Server(project, "mini", port=0, say=lambda _: None, balance=False)
    published = []
    server.hub.publish = lambda message, kind="state": published.append(set(server.live.thumbs))
    server.look()
    keys = {card[side] for comp in server.good["components"] for card in comp["cards"]
            for side in ("front", "back") if card[side]}
    assert len(published) == 1 and keys and keys <= published[0]
