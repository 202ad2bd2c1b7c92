"""The web application: the page and the Rulebook page, their assets, the game's images by key, its state, its
live events (the state, and the Balance panel's figures).

Nothing else is served: every route is a fixed name or a face's key (hex), so `../`, absolute and
percent-encoded paths match no route and get 404; no file is ever looked up from a request's path.
Requests must name this server in their Host header (a page on another site cannot reach it
through a DNS trick) unless it was started with `--host` on purpose.
"""

from __future__ import annotations

import asyncio
import json
import re
import threading
from collections.abc import Callable
from html import escape
from importlib import resources
from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

if TYPE_CHECKING:
    from pnp.commands.serve.edits import Editor
    from pnp.commands.serve.live import LiveGame

KEY = re.compile(r"[0-9a-f]{24}")
MAX_EDIT = 64 * 1024  # bytes of one edit request
PING_SECONDS = 15.0  # an idle event stream says something this often (a closed tab is noticed)
ASSETS = {"app.js": "text/javascript; charset=utf-8", "editor.js": "text/javascript; charset=utf-8",
          "app.css": "text/css; charset=utf-8",
          "rulebook.js": "text/javascript; charset=utf-8"}
HEADERS = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                                      "script-src 'self'; connect-src 'self'; frame-ancestors 'none'"}


class Hub:
    """The page's latest state and the latest of each side message (the Balance panel's figures), and a way
    for every open page to wait for the next one.

    `publish` is called from the rebuilding and simulating threads; waiting happens in the server's event loop.
    `version` counts the states published (0: none yet); `tick` counts every message."""

    def __init__(self) -> None:
        self.version = 0
        self.message = "{}"
        self.tick = 0
        self.state_tick = 0
        self.side: dict[str, tuple[str, int]] = {}  # kind -> (message, tick)
        self.closed = False  # the server is stopping: every event stream ends
        self.loop: asyncio.AbstractEventLoop | None = None
        self.changed: asyncio.Event | None = None
        self.lock = threading.Lock()

    def publish(self, message: str, kind: str = "state") -> None:
        """The new state (`kind` "state"), or the new message of a side panel (sent as an event of that name)."""
        with self.lock:
            self.tick += 1
            if kind == "state":
                self.message, self.version, self.state_tick = message, self.version + 1, self.tick
            else:
                self.side[kind] = (message, self.tick)
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._wake)

    def close(self) -> None:
        """End every open event stream (from any thread), so that the server stops at once."""
        self.closed = True
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._wake)

    def _wake(self) -> None:
        if self.changed is not None:
            self.changed.set()
            self.changed = asyncio.Event()

    async def next(self, seen: int) -> tuple[list[tuple[str, str]], int]:
        """The messages newer than tick `seen`, the state first, as (kind, message), and the tick they bring the
        page to; none after PING_SECONDS without one."""
        if self.loop is None:
            self.loop, self.changed = asyncio.get_running_loop(), asyncio.Event()
        if self.tick == seen or self.version == 0:  # nothing new, or nothing yet (the first layout is under way)
            assert self.changed is not None
            try:
                await asyncio.wait_for(self.changed.wait(), PING_SECONDS)
            except TimeoutError:
                return [], seen
        with self.lock:
            if self.version == 0:
                return [], seen
            out = [("state", self.message)] if self.state_tick > seen else []
            out += [(kind, message) for kind, (message, tick) in sorted(self.side.items()) if tick > seen]
            return out, self.tick


def make_app(live: LiveGame, hub: Hub, hosts: list[str] | None, book: Callable[[], str] | None = None,
             told: Callable[[int, int], str | None] | None = None, editor: Editor | None = None,
             switch: Callable[[object], dict] | None = None) -> Starlette:
    """The application; `hosts`: the Host header values allowed (None: any, for --host); `book`: the Rulebook
    page's content, as JSON; `told`: a lost game of the Balance panel told move by move (players, index), or None;
    `editor`: the page's edits (its token is written into the page), or None; `switch`: the page's language switch
    (a language's code -> the answer), or None."""
    static = resources.files("pnp.commands.serve") / "static"
    token = editor.token if editor is not None and editor.on else ""  # none: the page offers no edits
    page = (static / "index.html").read_bytes().replace(b"{{TOKEN}}", token.encode())
    book_page = (static / "rulebook.html").read_bytes()
    assets = {name: (static / name).read_bytes() for name in ASSETS}

    async def index(request: Request) -> Response:
        return Response(page, media_type="text/html; charset=utf-8", headers={**HEADERS, "Cache-Control": "no-store"})

    async def rulebook(request: Request) -> Response:
        return Response(book_page, media_type="text/html; charset=utf-8",
                        headers={**HEADERS, "Cache-Control": "no-store"})

    async def rulebook_json(request: Request) -> Response:
        if book is None:
            return not_found()
        if hub.version == 0:
            await hub.next(0)
        data = await run_in_threadpool(book)
        return Response(data, media_type="application/json", headers={**HEADERS, "Cache-Control": "no-store"})

    async def trace(request: Request) -> Response:
        """`/trace?players=N&game=I`: a game the Balance panel lost, told move by move, as a page of plain text."""
        players, index = request.query_params.get("players", ""), request.query_params.get("game", "")
        if told is None or not (players.isdigit() and index.isdigit() and len(players) < 4 and len(index) < 7):
            return not_found()
        text = await run_in_threadpool(told, int(players), int(index))
        if text is None:
            return not_found()
        body = (f"<!doctype html><meta charset=utf-8><title>{escape(text.splitlines()[0])}</title>"
                f"<pre style='white-space:pre-wrap;font:13px/1.4 monospace;margin:1.5em'>{escape(text)}</pre>")
        return Response(body, media_type="text/html; charset=utf-8", headers={**HEADERS, "Cache-Control": "no-store"})

    async def asset(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in assets:
            return not_found()
        return Response(assets[name], media_type=ASSETS[name], headers={**HEADERS, "Cache-Control": "no-cache"})

    async def image(request: Request) -> Response:
        key, big = request.path_params["key"], request.url.path.startswith("/big/")
        if not KEY.fullmatch(key):
            return not_found()
        data = (live.bigs if big else live.thumbs).get(key)
        if data is None and key in live.known:
            data = await run_in_threadpool(live.big if big else live.thumb, key)
        if data is None:
            return not_found()
        return Response(data, media_type="image/png",
                        headers={**HEADERS, "Cache-Control": "public, max-age=31536000, immutable"})

    async def state(request: Request) -> Response:
        if hub.version == 0:
            await hub.next(0)
        return Response(hub.message, media_type="application/json", headers={**HEADERS, "Cache-Control": "no-store"})

    async def events(request: Request) -> Response:
        async def stream():
            seen = -1
            while not hub.closed:
                messages, seen = await hub.next(seen)
                if hub.closed:
                    return
                if not messages:
                    yield ": ping\n\n"
                for kind, message in messages:  # the state as the stream's plain message; a panel's by its name
                    yield f"data: {message}\n\n" if kind == "state" else f"event: {kind}\ndata: {message}\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={**HEADERS, "Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def elements(request: Request) -> Response:
        """`/elements/KEY.json`: what each template element drew on that face, for the page to select."""
        key = request.path_params["key"]
        known = live.known.get(key) if KEY.fullmatch(key) else None
        if editor is None or known is None:
            return not_found()
        data = await run_in_threadpool(editor.elements, known.face)
        return Response(json.dumps({"elements": data}, separators=(",", ":")), media_type="application/json",
                        headers={**HEADERS, "Cache-Control": "no-store"})

    async def write(request: Request) -> Response:
        """POST `/edit` or `/undo` from the page itself: its origin, JSON, and its token (edits.py)."""
        from pnp.commands.serve.edits import EditRefused

        if editor is None:
            return not_found()
        try:
            body = await _edit_request(request)
            do = editor.undo if request.url.path == "/undo" else editor.apply
            answer = await run_in_threadpool(do, body)
        except EditRefused as exc:
            return Response(json.dumps({"ok": False, "error": exc.message}), status_code=exc.status,
                            media_type="application/json", headers=HEADERS)
        return Response(json.dumps(answer), media_type="application/json",
                        headers={**HEADERS, "Cache-Control": "no-store"})

    async def language(request: Request) -> Response:
        """POST `/lang` {"lang": "fr"} from the page itself (its origin, JSON): the faces redrawn in that language."""
        from pnp.commands.serve.edits import EditRefused

        if switch is None:
            return not_found()
        try:
            answer = switch((await _edit_request(request)).get("lang"))
        except EditRefused as exc:
            return Response(json.dumps({"ok": False, "error": exc.message}), status_code=exc.status,
                            media_type="application/json", headers=HEADERS)
        return Response(json.dumps(answer), media_type="application/json",
                        headers={**HEADERS, "Cache-Control": "no-store"})

    routes = [Route("/", index), Route("/static/{name}", asset), Route("/face/{key}.png", image),
              Route("/big/{key}.png", image), Route("/state", state), Route("/events", events),
              Route("/rulebook", rulebook), Route("/rulebook.json", rulebook_json), Route("/trace", trace),
              Route("/elements/{key}.json", elements), Route("/edit", write, methods=["POST"]),
              Route("/undo", write, methods=["POST"]), Route("/lang", language, methods=["POST"])]
    middleware = [Middleware(TrustedHostMiddleware, allowed_hosts=hosts)] if hosts else []
    app = Starlette(routes=routes, middleware=middleware, exception_handlers={404: _404, 405: _404})
    app.router.redirect_slashes = False  # `/state/` is not `/state`: nothing is redirected, only refused
    return app


async def _edit_request(request: Request) -> dict:
    """The JSON body of an edit sent by the page itself, or EditRefused: a browser names the page a request comes from
    (Origin), and a page of another site can neither send JSON here without asking first nor read the token."""
    from pnp.commands.serve.edits import EditRefused

    origin, host = request.headers.get("origin"), request.headers.get("host", "")
    if origin != f"http://{host}" or request.headers.get("sec-fetch-site", "same-origin") != "same-origin":
        raise EditRefused(403, "edits are taken only from the page this server serves")
    if request.headers.get("content-type", "").split(";")[0].strip() != "application/json":
        raise EditRefused(415, "an edit is sent as JSON")
    raw = b""
    async for chunk in request.stream():
        raw += chunk
        if len(raw) > MAX_EDIT:
            raise EditRefused(413, f"an edit is at most {MAX_EDIT // 1024} KiB")
    try:
        body = json.loads(raw)
    except ValueError:
        raise EditRefused(400, "an edit is sent as JSON") from None
    if not isinstance(body, dict):
        raise EditRefused(400, "an edit is a JSON object")
    return body


def not_found() -> Response:
    return Response("not found", status_code=404, media_type="text/plain", headers=HEADERS)


async def _404(request: Request, exc: Exception) -> Response:
    return not_found()
