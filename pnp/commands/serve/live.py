"""The game as the page shows it, kept current: laid out by `pnp build`'s own stages, rasterised as
`pnp preview` does, each distinct face once.

A face's key is a hash of what is drawn (its laid-out scene) and of what drawing reads besides (the
fonts, the icons, the images it places), so a save changes the keys of exactly the faces that look
different, and only those are rasterised again. Images are made on demand (the page asks for what
it shows) and in the background; one lock keeps the pipeline to one thread at a time.
"""

from __future__ import annotations

import dataclasses
import hashlib
import io
import pickle
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.commands.build import BuildCache, BuildOptions, prepare
from pnp.core.errors import PnpError, Problem
from pnp.layout.scene import Face, image_paths
from pnp.model.project import unreadable
from pnp.rules.check import CheckOptions, rule_problems

if TYPE_CHECKING:
    from pnp.layout.whole_game import Prepared

THUMB_DPI = 100  # the page's images (a poker card is 250 x 350 pixels)
BIG_DPI = 300  # the large view, at print size
BATCH = 8  # faces drawn at once (one PDF, its fonts embedded once)
MAX_PIXELS = 2400  # a face's longer side at most, in either (a board is drawn at a lower resolution)
KEEP = 4000  # images kept at most; the oldest go first
LOCK = threading.Lock()  # the pipeline (reportlab's font registry, pdfium) in one thread at a time


def dpi_for(face: Face, dpi: int) -> int:
    side = max(face.w, face.h) + 2 * face.bleed
    return max(24, min(dpi, int(MAX_PIXELS * 72 / side)))


@dataclass(eq=False)
class Known:
    """A face the page may ask for, and what it is drawn with."""

    face: Face
    prep: Prepared


@dataclass(eq=False)
class Refreshed:
    """One look at the game: laid out and checked (`prep`, `found`), or refused (`errors`)."""

    prep: Prepared | None = None
    found: list[Problem] = field(default_factory=list)
    errors: list[Problem] = field(default_factory=list)
    keys: dict[int, str] = field(default_factory=dict)  # id(face) -> key
    seconds: float = 0.0


class LiveGame:
    def __init__(self, root: Path, game_id: str, paper: str | None = None, rules: CheckOptions | None = None):
        self.root, self.game_id, self.paper = root, game_id, paper
        self.rules = rules or CheckOptions()
        self.known: dict[str, Known] = {}
        self.thumbs: dict[str, bytes] = {}
        self.bigs: dict[str, bytes] = {}
        self.failures: list[str] = []  # what went wrong drawing, for the terminal
        self.broken: set[str] = set()  # faces that could not be drawn (a changed face has a new key)
        self.cache = BuildCache()  # decks laid out before, reused while their inputs are unchanged
        self.caches = {self.rules.lang: self.cache}  # one a language the page has shown: a switch back is quick
        self.keyed: dict[int, tuple[Face, str]] = {}  # the last look's faces and their keys
        self.order: list[str] = []  # the faces' keys in the order of the page

    def show_language(self, code: str | None) -> None:
        """Lay the game out in language `code` from the next look on (None: the source), with that language's cache."""
        self.rules = dataclasses.replace(self.rules, lang=code)
        self.cache = self.caches.setdefault(code, BuildCache())

    # -- the game, laid out ---------------------------------------------------------------------
    def refresh(self) -> Refreshed:
        """Load, lay out and check the game; key its faces. Problems in the input come back as `errors`."""
        started = time.perf_counter()
        with LOCK:
            try:
                prep = prepare(self.root, self.game_id, BuildOptions(paper=self.paper, force=True,
                                                                     rules=self.rules, cache=self.cache))
                prep.marker = ""  # drawn as `pnp build` prints it: the rules are checked here, beside it
                found = prep.found + rule_problems(prep.game, self.rules)
            except PnpError as exc:
                return Refreshed(errors=exc.problems, seconds=time.perf_counter() - started)
            except MemoryError:  # past PNP_MEMORY: the game asks too much; said as what pnp was doing, as watch says it
                from pnp.core.watchdog import out_of_memory

                return Refreshed(errors=[Problem(None, out_of_memory())], seconds=time.perf_counter() - started)
            except Exception as exc:  # a bug of pnp's: say so on the page, keep the last good faces
                return Refreshed(errors=[Problem(None, f"internal error: {type(exc).__name__}: {exc} (please "
                                                       "report it, with the command and the input)")],
                                 seconds=time.perf_counter() - started)
            keys = self.key_faces(prep)
        return Refreshed(prep, found, [], keys, time.perf_counter() - started)

    def key_faces(self, prep: Prepared) -> dict[int, str]:
        """Every distinct face of a laid-out game by its key; registers them for drawing."""
        look = self._look(prep)
        keys: dict[int, str] = {}
        seen: dict[int, tuple[Face, str]] = {}
        for _, entries, _ in prep.decks:
            for front, back, _ in entries:
                for face in (front, back):
                    if face is None or id(face) in keys:
                        continue
                    before = self.keyed.get(id(face))
                    if before is not None and before[0] is face:  # a deck whose layout was reused: same look
                        keys[id(face)] = before[1]
                    else:
                        keys[id(face)] = _key(look, face, prep.game.root)
                    seen[id(face)] = (face, keys[id(face)])  # holds the face: its id is not reused meanwhile
                    if keys[id(face)] not in self.known and keys[id(face)] not in self.broken:
                        self.known[keys[id(face)]] = Known(face, prep)
        if prep.game.root == self.root:
            self.keyed = seen
        return keys

    def key_extra(self, prep: Prepared, faces: list[Face]) -> list[str]:
        """The keys of faces shown beside the game's (the rulebook's figures and icons): a face of the last look
        keeps its key; another is keyed as the game's are and registered for drawing."""
        look = None
        out = []
        for face in faces:
            known = self.keyed.get(id(face))
            if known is not None and known[0] is face:
                out.append(known[1])
                continue
            look = look or self._look(prep)
            key = _key(look, face, prep.game.root)
            if key not in self.known and key not in self.broken:
                self.known[key] = Known(face, prep)
            out.append(key)
        return out

    @staticmethod
    def _look(prep: Prepared) -> Any:
        """The hash of what drawing any face of this game reads besides the face: fonts, icons, the marker."""
        look = hashlib.blake2b(digest_size=16)
        look.update(repr((prep.font, prep.marker)).encode())
        look.update(pickle.dumps(prep.env.icons, 5))
        for font in sorted((prep.game.root / "fonts").glob("*")):
            look.update(_stamp(font) if unreadable(prep.game.root, font, "a font") is None else font.name.encode())
        return look

    # -- images ---------------------------------------------------------------------------------
    def thumb(self, key: str) -> bytes | None:
        """The face cut at its trim, as the page shows it (drawn now if it was not yet, with the next few
        faces of the page not drawn yet: the page asks for those next, and a batch is drawn faster)."""
        if key not in self.thumbs and key in self.known:
            order = self.order
            after = order[order.index(key) + 1:] if key in order else []
            self.draw([key, *[k for k in after if k not in self.thumbs][:BATCH - 1]])
        return self.thumbs.get(key)

    def big(self, key: str) -> bytes | None:
        """The face with its bleed, for the large view at print size."""
        if key not in self.bigs and key in self.known:
            self.draw([key], big=True)
        return self.bigs.get(key)

    def draw(self, keys: list[str], big: bool = False) -> None:
        """Rasterise these faces (those not drawn yet) through the build's renderer and pdfium."""
        from pnp.output.export.raster import faces_to_images, trim

        store = self.bigs if big else self.thumbs
        with LOCK:
            todo = [k for k in dict.fromkeys(keys) if k not in store and k in self.known]
            groups: dict[tuple[int, int], list[str]] = {}
            for k in todo:
                known = self.known[k]
                groups.setdefault((id(known.prep), dpi_for(known.face, BIG_DPI if big else THUMB_DPI)), []).append(k)
            for (_, dpi), group in groups.items():
                prep = self.known[group[0]].prep
                faces = [self.known[k].face for k in group]
                try:
                    images = faces_to_images(prep, faces, dpi)
                except MemoryError:  # past PNP_MEMORY: these faces are not shown; said as what pnp was doing
                    from pnp.core.watchdog import out_of_memory

                    for k in group:
                        del self.known[k]
                        self.broken.add(k)
                    self.failures.append(out_of_memory())
                    continue
                except Exception as exc:  # a bug of pnp's: these faces are not shown; the rest of the page is
                    for k in group:
                        del self.known[k]
                        self.broken.add(k)
                    self.failures.append(f"internal error drawing {len(group)} face(s): {type(exc).__name__}: "
                                         f"{exc} (please report it, with the command and the input)")
                    continue
                for k, face, image in zip(group, faces, images, strict=True):
                    store[k] = png(image if big else trim(image, face, dpi))
            for old in list(store)[:max(0, len(store) - KEEP)]:
                del store[old]

    def forget(self, keep: set[str]) -> None:
        """Drop the faces no longer shown (their images stay a while: a page may still ask for them)."""
        with LOCK:
            for key in [k for k in self.known if k not in keep]:
                del self.known[key]


def _key(look: Any, face: Face, root: Path) -> str:
    h = look.copy()
    h.update(pickle.dumps(face, 5))
    for path in image_paths(face.items):
        h.update(_stamp(root / path))  # held to the project by the layout
    return str(h.hexdigest()[:24])


def png(image: Any) -> bytes:
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=1)  # fast: the page is on this machine
    return buf.getvalue()


_DIGESTS: dict[tuple[str, int, int], bytes] = {}


def _stamp(path: Path) -> bytes:
    """A file's name and content (hashed once per version of the file): the same font or image in another
    checkout (--since) gives the same stamp."""
    try:
        st = path.stat()
        seen = (str(path), st.st_size, st.st_mtime_ns)
        if seen not in _DIGESTS:
            if len(_DIGESTS) > 10_000:
                _DIGESTS.clear()
            _DIGESTS[seen] = hashlib.sha1(path.read_bytes()).digest()
        return path.name.encode() + _DIGESTS[seen]
    except OSError:
        return f"{path.name}:-".encode()
