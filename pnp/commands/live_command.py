"""`pnp watch GAME` and `pnp serve GAME`: the game named and found, then rebuilt (watch.py) or shown live in a
browser (serve/) on every save till Ctrl-C. Both say as they go, through `say(text, err=False)`."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from pnp.rules.check import CheckOptions

Say = Callable[..., None]  # typer.echo's shape: say(text, err=False)


def _game_found(root: Path, game: str) -> None:
    from pnp.model.project import check_game_id, no_game

    check_game_id(game)
    if not (root / "cards" / game / "game.yaml").is_file():  # nothing to watch or show: say so and stop
        raise no_game(root, game)


def _served_language(root: Path, game: str, code: str) -> None:
    """`pnp serve --lang CODE`: one of the game's languages, or its located error before the server starts (`all`
    too: the page shows one language at a time, and its switch the others)."""
    from pnp.core.errors import InputError, Problem
    from pnp.model.game import load_game
    from pnp.model.translation.codes import unknown_language
    from pnp.model.translation.lang_files import languages_of

    loaded = load_game(root, game)
    at = loaded.doc.where(("languages",))
    codes = languages_of(loaded)
    why = (f"pnp serve shows one language at a time: --lang {codes[-1]}, say; the page's language switch shows "
           f"the others ({', '.join(codes)})") if code == "all" else unknown_language(code, codes, at)
    if why:
        raise InputError([Problem(at, why, "--lang")])


def watch_command(root: Path, game: str, paper: str | None, final: bool, rules: CheckOptions, say: Say) -> None:
    from pnp.commands.build import BuildOptions
    from pnp.commands.watch import watch

    _game_found(root, game)
    say(f"watching cards/{game}, templates and fonts under {root}")
    try:
        watch(root, game, BuildOptions(paper=paper, final=final, rules=rules), say)
    except KeyboardInterrupt:
        say("stopped")


def serve_command(root: Path, game: str, host: str, port: int, open_page: bool, paper: str | None,
                  since: str | None, rules: CheckOptions, balance: bool, say: Say) -> None:
    import contextlib

    from pnp.core.extras import require

    require(("starlette", "uvicorn"), "serve", "pnp serve")
    from pnp.commands.serve import Server, loopback

    _game_found(root, game)
    if rules.lang is not None:
        _served_language(root, game, rules.lang)
    if since is not None:
        from pnp.commands.serve.since import check_ref

        check_ref(root, since)
    server = Server(root, game, host, port, paper, since, rules, say, balance=balance)
    url = server.start()
    if not loopback(host):
        say(f"warning: serving on {host}: anyone who can reach this machine can see your game "
            "(there is no password); use the default, 127.0.0.1, to keep it to yourself", err=True)
    say(f"serving {game} at {url} (Ctrl-C to stop)")
    if open_page:
        import webbrowser

        webbrowser.open(url)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: uvicorn has stopped, the pages' streams ended
        server.run()
    say("stopped")
