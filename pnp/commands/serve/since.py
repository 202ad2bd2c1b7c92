"""`pnp serve GAME --since REF`: which faces differ from a git ref, and how they looked there.

Which cards changed is `pnp build --changed-since`'s own answer (pnp.commands.changes), so the page
marks exactly what a reprint would print. How they looked: the game's files at REF (its folder, the
templates, the fonts) are taken out of git into a scratch project and laid out by the same stages.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.commands.build import BuildOptions, prepare
from pnp.commands.changes import changed_cards, top_folder
from pnp.core.errors import InputError, PnpError, Problem
from pnp.model.game import load_game

if TYPE_CHECKING:
    from pnp.commands.serve.live import LiveGame

MAX_ARCHIVE = 512 * 1024 * 1024  # bytes of the game's files at REF, at most


def check_ref(root: Path, ref: str) -> None:
    """Refuse, before serving, a --since that names no commit of the project's repository."""
    top = top_folder(root)
    found = subprocess.run(["git", "-C", str(top), "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}"],
                           capture_output=True)
    if found.returncode != 0 or ref.startswith("-"):
        raise InputError([Problem(None, f"--since {ref}: not a commit in {top} (a tag, a branch or a commit id)")])


def changed(root: Path, game_id: str, ref: str) -> dict[str, set[str]]:
    """Per deck, the cards `pnp build --changed-since REF` would reprint."""
    return changed_cards(root, load_game(root, game_id), ref)


def before(live: LiveGame, ref: str, wanted: dict[str, set[str]]) -> tuple[dict[tuple[str, str], Any], str]:
    """The chosen cards as they were at REF: {(deck, card): {"front": key, "back": key}}, and a note
    when the game could not be laid out there."""
    scratch = Path(tempfile.mkdtemp(prefix="pnp-since-"))
    try:
        old_root = _checkout(live.root, ref, scratch, live.game_id)
        try:
            prep = prepare(old_root, live.game_id, BuildOptions(paper=live.paper, force=True))
        except PnpError as exc:
            return {}, f"the game at {ref} could not be laid out ({exc.problems[0]})"
        prep.marker = ""
        keys = live.key_faces(prep)
        out = {}
        for deck, entries, _ in prep.decks:
            for front, back, meta in entries:
                cid = str(meta["id"])
                if cid in wanted.get(deck.id, ()) and (deck.id, cid) not in out:
                    out[(deck.id, cid)] = {"front": keys[id(front)], "back": keys[id(back)] if back else None}
        live.draw([k for v in out.values() for k in v.values() if k])  # while the scratch project exists
        live.draw([k for v in out.values() for k in v.values() if k], big=True)
        return out, ""
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _checkout(root: Path, ref: str, scratch: Path, game_id: str) -> Path:
    """The game's folder, the templates and the fonts at REF, written under `scratch`; the project root there."""
    top = top_folder(root)
    prefix = root.resolve().relative_to(top).as_posix()
    paths = [f"{prefix}/{p}" if prefix != "." else p for p in (f"cards/{game_id}", "templates", "fonts")]
    present = [p for p in paths if subprocess.run(["git", "-C", str(top), "cat-file", "-e", f"{ref}:{p}"],
                                                  capture_output=True).returncode == 0]
    if not present:
        raise InputError([Problem(None, f"--since {ref}: the game {game_id!r} is not in that commit")])
    archive = subprocess.run(["git", "-C", str(top), "archive", "--format=tar", ref, "--", *present],
                             capture_output=True)
    if archive.returncode != 0 or len(archive.stdout) > MAX_ARCHIVE:
        raise InputError([Problem(None, f"--since {ref}: git could not give the game's files at that commit")])
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(scratch, filter="data")  # refuses links and paths out of the scratch folder
    return scratch / prefix if prefix != "." else scratch
