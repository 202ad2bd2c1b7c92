"""`pnp serve GAME`: the game live in a browser, redrawn on every save.

One thread lays the game out again after each finished save (pnp.commands.saves) and publishes the
page's state; the page (static/) swaps in the images whose keys changed. Then the Balance panel plays
the game as saved, in the background (balance.py); the Rulebook page is made when it is asked for
(rulebook_page.py). The web server (starlette on uvicorn, imported only here) answers from memory: see
app.py for what it serves.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from pnp.commands.saves import Saves, caught_mid_save
from pnp.commands.serve.edits import Editor
from pnp.commands.serve.live import BATCH, LiveGame, Refreshed
from pnp.commands.serve.view import errors, state
from pnp.commands.watch import folders
from pnp.core.errors import InputError, PnpError, Problem
from pnp.rules.check import CheckOptions

FIRST = 400  # faces drawn before the first state is sent (about 2 s); a bigger game's rest follow in the background


def loopback(host: str) -> bool:
    """True for an address only this machine can reach: `localhost`, all of 127.0.0.0/8, and ::1."""
    import ipaddress

    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:  # a host name: it may resolve to anything
        return False


class Server:
    """`Server(root, "voyage").start()` listens and rebuilds in threads; `run()` serves until stopped."""

    def __init__(self, root: Path, game_id: str, host: str = "127.0.0.1", port: int = 8000, paper: str | None = None,
                 since: str | None = None, rules: CheckOptions | None = None,
                 say: Callable[[str], None] = print, balance: bool = True):
        from pnp.commands.serve.app import Hub
        from pnp.commands.serve.balance_panel import BalancePanel

        self.root, self.game_id, self.host, self.port, self.since, self.say = root, game_id, host, port, since, say
        self.live = LiveGame(root, game_id, paper, rules)
        self.hub = Hub()
        off = "" if balance else "off (--no-balance)"
        if not off and rules is not None and not rules.custom:
            off = "off: --no-custom-rules skips the game's Python code, and a simulation runs its play module"
        self.balance = BalancePanel(root, lambda m: self.hub.publish(json.dumps(m, separators=(",", ":")), "balance"),
                               off)
        self.stopped = threading.Event()
        self.good: dict[str, Any] | None = None  # the state of the last good look
        self.since_data: dict[str, Any] | None = None
        self.last: Refreshed | None = None  # the last look, and the last that laid the game out
        self.last_good: Refreshed | None = None
        self.book: tuple[int, str] = (-1, "")  # the Rulebook page's content, for the state of that version
        self.book_html: str | None = None  # the last rulebook that could be made: shown under a failed save's errors
        self.book_lock = threading.Lock()
        self.editor = Editor(root, lambda: self.last_good.prep if self.last_good is not None else None,
                             on=loopback(host))  # served to the network (--host): anyone there sees the page
        self.wanted: str | None = None  # a language the page asked for, shown at the rebuilding thread's next turn
        self.server: Any = None
        self.sock: socket.socket | None = None
        self.url = ""

    # -- the game ---------------------------------------------------------------------------------
    def look(self, why: str | None = None, changed: Iterable[Path] = ()) -> Refreshed:
        """Lay the game out again and publish it; say so (`why`: what changed), or just the problems. A look
        failing on a file of `changed` (just saved) is taken once more a moment later (read half-written?)."""
        ref = self.live.refresh()
        if ref.errors and changed and caught_mid_save(ref.errors, changed, self.root):
            ref = self.live.refresh()
        self.publish(ref)
        stamp = time.strftime("%H:%M:%S")
        if ref.errors:
            for problem in ref.errors:
                self.say(f"  {problem}")
            n = len(ref.errors)
            self.say(f"{stamp} {why or ''}{n} problem{'s' if n != 1 else ''}: shown on the page over the last good "
                     "faces")
        elif why is not None:
            self.say(f"{stamp} {why}laid out in {ref.seconds:.2f} s")
        return ref

    def simulate(self, ref: Refreshed) -> None:
        """After a look (its faces published and drawn first): the Balance panel plays the game as saved (in the
        source: a translation changes words, not what the games read)."""
        if ref.prep is not None:
            self.balance.restart(getattr(ref.prep.game, "source", None) or ref.prep.game)
        else:
            self.balance.paused("this save cannot be laid out: the figures are the last good save's")

    def publish(self, ref: Refreshed) -> None:
        """Send the page its new state; draw first the faces this look changed."""
        before = set(self.live.order)
        self.last = ref
        if ref.prep is not None:
            self.last_good = ref
            self.good = state(ref, self.since_data)
            self._edits_follow_language()
            keep = {k for c in self.good["components"] for card in c["cards"] for k in (card["front"], card["back"])}
            keep |= {k for c in self.good["components"] for card in c["cards"] for k in (card["before"] or {}).values()}
            self.live.forget({k for k in keep if k})
            self.live.order = self.missing(everything=True)
        shown = self.good or {"game": {"id": self.game_id, "name": self.game_id, "version": ""}, "components": [],
                              "checklist": [], "report": {"ok": False, "problems": []}, "since": None}
        message = {**shown, "errors": errors(ref.errors, self.root), "seconds": round(ref.seconds, 3)}
        if not before and ref.prep is not None:  # the first good look: its faces drawn before the page asks
            self.draw_first()
        self.hub.publish(json.dumps(message, separators=(",", ":")))
        if before:  # a save: its new faces now, while the page reads the state and asks for them
            self.live.draw([k for k in self.live.order if k not in before][:4 * BATCH])
        for failure in self.live.failures:
            self.say(f"  {failure}")
        self.live.failures.clear()

    def draw_first(self) -> None:
        """The first FIRST faces of the page, drawn in a few large batches (Voyage's 104 in about half a second):
        the page that loads the first state finds them drawn, every one at once, not one by one as it asks."""
        first = self.live.order[:FIRST]
        for start in range(0, len(first), 8 * BATCH):
            self.live.draw(first[start:start + 8 * BATCH])

    def switch(self, code: object) -> dict[str, Any]:
        """The page's language switch: show the game in `code`, one of its languages, from the next look (the
        rebuilding thread takes it within a moment); refused (EditRefused) for any other."""
        from pnp.commands.serve.edits import EditRefused

        codes = (self.good or {}).get("languages", [])
        if not isinstance(code, str) or code not in codes:
            raise EditRefused(400, f"{str(code)[:20]!r} is not one of this game's languages ({', '.join(codes)})")
        self.wanted = code
        return {"ok": True, "lang": code}

    def show_language(self, code: str) -> Refreshed:
        """Lay the game out in `code` (one of the last good state's languages) and publish it."""
        assert self.good is not None
        self.live.show_language(None if code == self.good["languages"][0] else code)
        return self.look(f"language {code}: ")

    def _edits_follow_language(self) -> None:
        """Edits from the page write the source's YAML, not the words a translation shows: refused, in one message,
        while the page shows a translation."""
        assert self.good is not None
        source, shown = self.good["languages"][0], self.good["lang"]
        self.editor.translated = "" if shown == source else (
            f"the page shows the {shown} translation: edits from the page write the {source} source, so they are off "
            f"while a translation is shown; choose {source} in the language switch to edit, or edit "
            f"cards/{self.game_id}/lang/{shown}/ in your editor")

    def changed_since(self) -> None:
        """Mark what differs from --since REF, with the faces as they were there."""
        from pnp.commands.serve.since import before, changed

        assert self.since is not None
        try:
            wanted = changed(self.root, self.game_id, self.since)
            old, note = before(self.live, self.since, wanted)
        except PnpError as exc:
            wanted, old, note = {}, {}, str(exc.problems[0])
        self.since_data = {"ref": self.since, "changed": wanted, "before": old, "note": note}
        if note:
            self.say(f"  --since {self.since}: {note}")

    def rebuild_loop(self) -> None:
        with Saves(folders(self.root, self.game_id)) as saves:
            ref = self.look()  # while the browser loads the page: it gets this state as soon as it is ready
            if self.since:
                self.changed_since()
                ref = self.look()
            self.simulate(ref)
            while not self.stopped.is_set():
                changed = saves.wait(100 if self.drawn() else 0)
                if self.wanted is not None:
                    code, self.wanted = self.wanted, None
                    self.balance.stop()
                    ref = self.show_language(code)
                    self.simulate(ref)
                if changed:
                    self.balance.stop()  # the last save's games end now: this save's faces come first
                    names = sorted(p.name for p in changed)
                    ref = self.look(f"{', '.join(names[:3])}{' ...' if len(names) > 3 else ''}: ", changed)
                    if self.since and not ref.errors:
                        self.since_data = {**(self.since_data or {}),
                                           "changed": self._changed_now()}
                        self.publish(ref)
                    self.simulate(ref)
                elif self.good:
                    self.live.draw(self.missing()[:BATCH])

    def _changed_now(self) -> dict[str, set[str]]:
        from pnp.commands.serve.since import changed

        assert self.since is not None
        try:
            return changed(self.root, self.game_id, self.since)
        except PnpError:
            return (self.since_data or {}).get("changed", {})

    def missing(self, everything: bool = False) -> list[str]:
        """The faces of the page not drawn yet (`everything`: all of them), in page order."""
        keys = [card[side] for c in (self.good or {}).get("components", []) for card in c["cards"]
                for side in ("front", "back") if card[side]]
        return [k for k in dict.fromkeys(keys) if everything or (k not in self.live.thumbs and k in self.live.known)]

    def drawn(self) -> bool:
        return not self.missing()

    def rulebook(self) -> str:
        """The Rulebook page's content for the state published last, as JSON: its HTML (the last good one when
        this save or its rulebook fails) and the located errors of the save and of the rulebook."""
        from pnp.commands.serve.rulebook_page import rulebook

        with self.book_lock:
            version = self.hub.version
            if self.book[0] == version:
                return self.book[1]
            last, good = self.last, self.last_good
            data: dict[str, Any] = {"html": None, "errors": [], "missing": False}
            if good is not None and good.prep is not None:
                try:
                    data = rulebook(self.live, good.prep, self.root)
                except Exception as exc:  # a bug of pnp's: said on the page; the server goes on
                    data["errors"] = errors([Problem(None, f"internal error: {type(exc).__name__}: {exc} (please "
                                                           "report it, with the rulebook)")], self.root)
            if data["html"]:
                self.book_html = data["html"]
            shown = data["html"] if data["html"] is not None else self.book_html
            failed = errors(last.errors, self.root) if last is not None else []
            game = (self.good or {}).get("game", {"name": self.game_id, "version": ""})
            out = {"game": game, "html": shown or "", "missing": data["missing"],
                   "errors": failed + data["errors"], "stale": bool(failed) or data["html"] is None}
            self.book = (version, json.dumps(out, separators=(",", ":")))
            return self.book[1]

    # -- the web server ---------------------------------------------------------------------------
    def start(self) -> str:
        """Listen, and lay the game out now and again after every save (in a thread); the page's address."""
        import uvicorn

        from pnp.commands.serve.app import make_app

        self.sock = listen(self.host, self.port)
        host, port = self.sock.getsockname()[:2]
        shown = f"[{host}]" if ":" in host else host
        self.url = f"http://{shown}:{port}/"
        hosts = [shown, host, f"{shown}:{port}", "localhost", f"localhost:{port}"] if loopback(self.host) else None
        app = make_app(self.live, self.hub, hosts, self.rulebook, self.balance.trace, self.editor, self.switch)
        config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off",
                                timeout_graceful_shutdown=1)
        hub = self.hub

        class Uvicorn(uvicorn.Server):
            def handle_exit(self, sig: int, frame: Any) -> None:  # Ctrl-C: the open pages' streams end first
                hub.close()
                super().handle_exit(sig, frame)

        self.server = Uvicorn(config)
        threading.Thread(target=self.rebuild_loop, name="pnp-rebuild", daemon=True).start()
        return self.url

    def wait_ready(self, seconds: float = 30.0) -> bool:
        """Until the first look at the game is published (tests, benchmarks)."""
        deadline = time.monotonic() + seconds
        while self.hub.version == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.hub.version > 0

    def run(self) -> None:
        """Serve until Ctrl-C (in the main thread) or `stop()`."""
        try:
            self.server.run(sockets=[self.sock])
        finally:
            while True:  # Ctrl-C: the games under way end with the server, even if the signal uvicorn raises
                try:     # again on its way out interrupts this (Python runs a signal's handler when it can)
                    self.balance.stop()
                    break
                except KeyboardInterrupt:
                    continue
            self.stopped.set()

    def stop(self) -> None:
        self.stopped.set()
        self.balance.stop()
        self.hub.close()
        if self.server is not None:
            self.server.should_exit = True


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, or an error that says what to do."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(64)
    except OSError as exc:
        raise InputError([Problem(None, f"cannot serve on {host}:{port}: {exc.strerror or exc}; "
                                        "choose another port with --port N (0: any free one)")]) from None
    return sock
