"""A deck's key (`fingerprint`: what its sheets are made from), and its rendered PDF kept between runs of `pnp build`,
as the rulebook's is (pnp/commands/rulebook_kept.py).

A build run again with nothing of a deck changed takes the deck's PDF from the cache (pnp/core/disk_cache.py, signed)
instead of drawing it again, and its rows of manifest.json with it; its sheets are still laid out, checked and imposed,
so the rules and the preflight are the build's own. The same bytes either way.

What the PDF is made from, the key: the deck's fingerprint (its file, its templates, game.yaml, the data and icons
files, the fonts, the pictures its faces draw, the build's options), the name, size and time of every file of the game's
folder, the templates and the fonts (a deck whose faces read another deck, an icon's SVG), the PDF/X settings, and pnp's
own code with Python, reportlab and Jinja2 (disk_cache.drawing_stamp). Each deck keeps one entry, for its game, paper
and output folder: a changed deck replaces its entry, so the cache does not grow with each edit. A PDF over `MOST_BYTES`
is not kept.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from pnp.core.disk_cache import drawing_stamp
from pnp.model.game import Deck, Game
from pnp.model.translation.translated import TranslatedGame

KIND = "deck-pdf"
MOST_BYTES = 32 * 1024 * 1024  # a deck's PDF larger than this is drawn every time, not kept


Rows = tuple[list[bytes], list[bytes]]  # the deck's face and page rows of manifest.json, encoded


def kept_pdf(root: Path, game: Game, slot: str, fingerprint: str, colour: Any, draw: Callable[[], bytes],
             rows: Callable[[], Rows]) -> tuple[bytes, Rows]:
    """The deck's PDF and its manifest rows from the cache when nothing they are made from changed, else `draw()`'s
    and `rows()`, kept for the next run. `slot`: the deck, paper and output folder they are kept for; `colour`: the
    PDF/X settings (None: RGB). The rows are of the same imposed sheets as the PDF, so they hold while it does."""
    from pnp.core import disk_cache

    made_from = _made_from(root, game, fingerprint, colour)
    where = f"{root.resolve()}\n{game.id}\n{slot}"
    kept = disk_cache.load(KIND, where)
    if isinstance(kept, tuple) and len(kept) == 4 and kept[0] == made_from and isinstance(kept[1], bytes) \
            and _rows_of(kept[2], kept[3]):
        return kept[1], (kept[2], kept[3])
    data, made = draw(), rows()
    if len(data) <= MOST_BYTES:
        disk_cache.store(KIND, where, (made_from, data, *made))
    return data, made


def _rows_of(faces: Any, pages: Any) -> bool:
    return isinstance(faces, list) and isinstance(pages, list) and all(type(r) is bytes for r in (*faces, *pages))


def _made_from(root: Path, game: Game, fingerprint: str, colour: Any) -> str:
    h = hashlib.sha256(f"{drawing_stamp()}\n{fingerprint}\n{colour!r}\n".encode())
    for folder in (game.dir, root / "templates", root / "fonts"):
        for here, subdirs, files in os.walk(folder):
            subdirs[:] = sorted(d for d in subdirs if d != "__pycache__")
            for name in sorted(files):
                try:
                    st = os.stat(os.path.join(here, name))
                except OSError:
                    continue
                h.update(f"{os.path.relpath(os.path.join(here, name), root)}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def fingerprint(root: Path, game: Game, deck: Deck, options: Any, entries: Sequence[Any] = (),
                read: dict[Path, bytes] | None = None) -> str:
    """What a deck's sheets depend on: its file, its templates, the game's look, the build's options, and the
    picture files its laid-out faces (`entries`) draw (`pnp watch`: a saved image redraws its cards). `read`: the
    files read for the other decks of this build, each read once."""
    from pnp.layout.scene import image_paths
    from pnp.layout.templates import template_files
    h = hashlib.sha1(repr(options).encode())
    files = [game.dir / "game.yaml", root / deck.doc.file, *template_files(root, deck.template),
             *template_files(root, deck.back), *(game.dir / f for f in game.manifest.data.values())]
    if game.manifest.icons:
        files.append(game.dir / game.manifest.icons)
    if deck.spec.cards_from is not None:  # its cards are rows of a spreadsheet (its reader imported only then)
        from pnp.model.spreadsheets.decks import SheetDoc

        if isinstance(deck.doc, SheetDoc):
            files.append(deck.doc.source)
    if isinstance(game, TranslatedGame) and game.translation is not None:  # its words: the deck's file, templates
        lang_dir = game.dir / "lang" / game.lang
        files += [lang_dir / Path(deck.doc.file).name, lang_dir / "templates.yaml", lang_dir / "game.yaml"]
    read = {} if read is None else read
    for path in files:
        if path not in read:
            read[path] = path.read_bytes() if path.is_file() else b"-"
        h.update(read[path])
    fonts = root / "fonts"
    if fonts not in read:
        read[fonts] = "".join(f"{f.name}{f.stat().st_mtime_ns}" for f in sorted(fonts.glob("*"))).encode()
    h.update(read[fonts])
    faces = {id(face): face for front, back, _ in entries for face in (front, back) if face is not None}
    groups: set[int] = set()  # each face once (copies share it), each template's shared group once
    pictures = {p for face in faces.values() for p in image_paths(face.items, groups)}
    for name in sorted(pictures):  # held to the project by the layout
        try:
            st = (root / name).stat()
            h.update(f"{name}{st.st_size}:{st.st_mtime_ns}".encode())
        except OSError:
            h.update(f"{name}-".encode())
    return h.hexdigest()


