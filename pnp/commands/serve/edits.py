"""The live page's edits: a face's elements as the page selects them, and the writes it asks for.

`elements(key)` lists what each template element drew on a face (its box, in millimetres from the trim's
top-left corner) with its settings as written. `apply(request)` writes one edit: an element's position,
size, font size or colour into its template's YAML, or a card's field into its deck's YAML (yaml_splice.py:
only those values change). The watcher sees the save, and the page redraws through the normal loop.

What is refused: a request without this server's token (a secret in the page it serves), a file the last
good look at the game did not load (a template of its decks or a deck file), a path outside the project,
and any value that is not a length, a size or a colour. The origin is checked by app.py, where the request is.
`undo()` puts back the text before the last edit, unless the file changed since.
"""

from __future__ import annotations

import hmac
import os
import re
import secrets
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.commands.serve.yaml_splice import compose, mapping_at, scalars, set_values
from pnp.core.errors import InputError
from pnp.model.units import LENGTH_TEXT, MM, parse_length

if TYPE_CHECKING:
    from pnp.layout.scene import Face

LENGTHS = ("x", "y", "w", "h")
COLOUR = re.compile(r"#[0-9A-Fa-f]{3,8}|[A-Za-z][A-Za-z0-9_-]{0,40}")  # a code, or a name of the game's palette
MAX_TEXT = 5000  # characters of a card's field written from the page
UNDO = 100  # edits kept to undo


class EditRefused(Exception):
    """A request the editor will not carry out: its HTTP status and what to tell the page."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status, self.message = status, message


class Editor:
    def __init__(self, root: Path, good: Callable[[], Any], on: bool = True):
        """`good()`: the last good look at the game (Prepared), whose files the page may edit, or None; `on`: False
        when the page is served beyond this machine (anyone who sees it would have its token): nothing is written."""
        self.root, self.good, self.on = root.resolve(), good, on
        self._loaded: tuple[Any, set[str], dict[str, dict[str, int]]] = (None, set(), {})
        self.token = secrets.token_urlsafe(32)
        self.lock = threading.Lock()
        self.done: list[tuple[Path, str, str]] = []  # (file, text before, text after), the last edit last
        self.translated = ""  # the page shows a translation: why an edit is refused (it would write the source)

    def loaded(self) -> set[str]:
        """The files the last good look read that the page may edit: each deck's YAML or CSV file, and the
        chains of its templates (as shown, relative to the project)."""
        return self._files()[0]

    def _files(self) -> tuple[set[str], dict[str, dict[str, int]]]:
        prep = self.good()
        if prep is None:
            return set(), {}
        if self._loaded[0] is not prep:
            self._loaded = (prep, *loaded_files(prep))
        return self._loaded[1], self._loaded[2]

    # -- what the page selects ----------------------------------------------------------------------
    def elements(self, face: Face) -> list[dict[str, Any]]:
        """What each template element drew on `face`: its name, file and line, box, and settings as written."""
        boxes: dict[tuple[str, int, int], list[float]] = {}
        names: dict[tuple[str, int, int], tuple[str, ...]] = {}
        for item in _items(face.items):
            source = face.source(item)
            box = _box(item)
            if source is None or box is None or source.where is None:
                continue
            where = (source.where.file, source.where.line, source.where.col)
            names[where] = source.names
            old = boxes.get(where)
            boxes[where] = list(box) if old is None else [min(old[0], box[0]), min(old[1], box[1]),
                                                           max(old[2], box[2]), max(old[3], box[3])]
        files: dict[str, tuple[str, Any]] = {}
        out = []
        for (file, line, col), (x0, y0, x1, y1) in boxes.items():
            if file not in files:
                files[file] = self._read(file)
            text, nodes = files[file]
            entry: dict[str, Any] = {"file": file, "line": line, "col": col, "name": (names[(file, line, col)] or
                                     ("",))[0], "box": [_mm(x0), _mm(y0), _mm(x1 - x0), _mm(y1 - y0)],
                                     "fields": {}, "editable": False, "why": ""}
            try:
                node, path = mapping_at(text, file, line, col, nodes)
            except InputError:
                entry["why"] = "the file changed since this face was drawn"
                out.append(entry)
                continue
            written = scalars(node)
            entry["type"] = written.get("type") or ""
            entry["text"] = written.get("text")
            entry["fields"] = _fields(written, face)
            entry["editable"], entry["why"] = _editable(file, path, written, self.loaded())
            out.append(entry)
        return out

    def _read(self, file: str) -> tuple[str, Any]:
        path = self._path(file, check_loaded=False)
        try:
            text = path.read_text(encoding="utf-8")
            return text, compose(text, file)
        except (OSError, UnicodeDecodeError, InputError):
            return "", None

    # -- the writes -----------------------------------------------------------------------------------
    def apply(self, request: dict[str, Any]) -> dict[str, Any]:
        """Write one edit the page asked for; what was written. Raises EditRefused."""
        self.check_token(request)
        if self.translated:
            raise EditRefused(409, self.translated)
        kind, file, line, col = request.get("kind"), request.get("file"), request.get("line"), request.get("col")
        changes = request.get("set")
        if kind not in ("element", "card") or not isinstance(file, str) or not isinstance(changes, dict) \
                or not changes or type(line) is not int or type(col) is not int:
            raise EditRefused(400, "an edit names its kind (element or card), file, line, col and the values to set")
        path = self._path(file, suffixes=(".csv",) if kind == "card" else ())
        with self.lock:
            text = path.read_text(encoding="utf-8")
            try:
                if path.suffix == ".csv":
                    new, values = self._csv(text, file, line, changes), changes
                else:
                    new, values = self._yaml(text, file, line, col, kind, request, changes)
            except InputError as exc:
                raise EditRefused(409, str(exc.problems[0])) from None
            if new != text:
                _write(path, new)
                self.done = [*self.done[-(UNDO - 1):], (path, text, new)]
        return {"ok": True, "file": file, "line": line, "set": values, "undo": len(self.done)}

    def _csv(self, text: str, file: str, row: int, changes: dict[str, Any]) -> str:
        """A card of a CSV deck: its fields' cells in its row (csv_cell.py)."""
        from pnp.commands.serve.csv_cell import set_cell

        columns = self._files()[1].get(file, {})
        for key, value in changes.items():
            if key not in columns or key == "id":
                raise EditRefused(400, f"{key!r}: the page edits a card's text fields that its sheet has a column for")
            if not isinstance(value, str) or len(value) > MAX_TEXT or "\x00" in value:
                raise EditRefused(400, f"{key}: text of at most {MAX_TEXT} characters")
            text = set_cell(text, file, row, columns[key], value)
        return text

    def _yaml(self, text: str, file: str, line: int, col: int, kind: str, request: dict[str, Any],
              changes: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """An element's values in its template, or a card's fields in its deck (yaml_splice.py)."""
        node, _ = mapping_at(text, file, line, col)
        written = scalars(node)
        key, what = ("name", "element") if kind == "element" else ("id", "card")
        if written.get(key) != request.get(key):
            raise EditRefused(409, f"{file}:{line}: the {what} there is not {request.get(key)!r} any more: wait for "
                                   "the page to redraw")
        values = _element_values(written, changes) if kind == "element" else _card_values(written, changes)
        return set_values(text, file, line, col, values), values

    def undo(self, request: dict[str, Any]) -> dict[str, Any]:
        """Put back the text before the last edit (refused if the file changed since)."""
        self.check_token(request)
        with self.lock:
            if not self.done:
                raise EditRefused(409, "nothing to undo")
            path, before, after = self.done[-1]
            try:
                now = path.read_text(encoding="utf-8")
            except OSError:
                now = None
            if now != after:
                self.done.clear()
                raise EditRefused(409, f"{path.relative_to(self.root).as_posix()} changed since that edit: undo it in "
                                   "your editor")
            _write(path, before)
            self.done.pop()
        return {"ok": True, "file": path.relative_to(self.root).as_posix(), "undo": len(self.done)}

    def check_token(self, request: dict[str, Any]) -> None:
        if not self.on:
            raise EditRefused(403, "edits are off: this server is open to the network (--host); serve on 127.0.0.1 "
                                   "to edit from the page")
        token = request.get("token")
        if not isinstance(token, str) or not hmac.compare_digest(token.encode(), self.token.encode()):
            raise EditRefused(403, "this edit does not carry the page's token: reload the page")

    def _path(self, file: str, check_loaded: bool = True, suffixes: tuple[str, ...] = ()) -> Path:
        """The project file `file`, refused unless it lies inside the project and the game loaded it."""
        if check_loaded and file not in self.loaded():
            raise EditRefused(403, f"{file!r} is not a file this game loaded: only its templates and decks are edited")
        path = (self.root / file).resolve()
        if not path.is_relative_to(self.root) or not path.is_file() or path.suffix not in (".yaml", ".yml", *suffixes):
            raise EditRefused(403, f"{file!r} is not a YAML file inside the project")
        return path


def _items(items: list[Any]) -> list[Any]:
    """Every item of a face, inside its Static groups (what a template draws the same on every face) too."""
    from pnp.layout.scene import Static

    out = []
    for item in items:
        if isinstance(item, Static):
            out += _items(item.items)
        else:
            out.append(item)
    return out


def _box(item: Any) -> tuple[float, float, float, float] | None:
    """An item's bounds, in points: (left, top, right, bottom)."""
    from pnp.layout.scene import Line, Polygon

    if isinstance(item, Line):
        return min(item.x1, item.x2), min(item.y1, item.y2), max(item.x1, item.x2), max(item.y1, item.y2)
    if isinstance(item, Polygon):
        xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
        return (min(xs), min(ys), max(xs), max(ys)) if xs else None
    if all(hasattr(item, k) for k in ("x", "y", "w", "h")):
        return item.x, item.y, item.x + item.w, item.y + item.h
    return None


def _mm(points: float) -> float:
    return round(points / MM, 2)


def _fields(written: dict[str, Any], face: Face) -> dict[str, Any]:
    """The settings the panel shows: each length's value in mm (None: an expression or another kind of value,
    not edited here), the font size in pt, the colour as written."""
    out: dict[str, Any] = {}
    for key in LENGTHS:
        raw = written.get(key, {"x": "0mm", "y": "0mm", "w": "100%", "h": "100%"}[key])
        out[key] = {"raw": written.get(key), "mm": _length_mm(raw, face.w if key in "xw" else face.h)}
    size = written.get("size")
    out["size"] = {"raw": size, "pt": round(parse_length(size), 2) if _literal_length(size) else None}
    colour = written.get("color")
    out["color"] = {"raw": colour, "editable": colour is None or bool(COLOUR.fullmatch(str(colour)))}
    return out


def _literal_length(raw: Any) -> bool:
    return isinstance(raw, str) and LENGTH_TEXT.fullmatch(raw.strip()) is not None


def _length_mm(raw: Any, parent: float) -> float | None:
    if not _literal_length(raw):
        return None
    return round(parse_length(raw, parent) / MM, 2)


def _editable(file: str, path: tuple[Any, ...], written: dict[str, Any], loaded: set[str]) -> tuple[bool, str]:
    if file not in loaded:
        return False, f"{file} is not a file this game loaded"
    if len(path) != 2:
        return False, "inside a group: its place is measured from the group's; edit it in the file"
    if str(written.get("bleed")).lower() == "true":
        return False, "it fills the face and its bleed"
    if written.get("type") in ("line", "polygon", "lines"):
        return False, f"a {written.get('type')}: its points are edited in the file"
    return True, ""


def _element_values(written: dict[str, Any], changes: dict[str, Any]) -> dict[str, str]:
    """The page's numbers (lengths in mm, the size in pt) as YAML values, each length in its old unit."""
    out: dict[str, str] = {}
    for key, value in changes.items():
        if key in LENGTHS + ("size",):
            if isinstance(value, bool) or not isinstance(value, int | float) or not -1000 <= value <= 1000:
                raise EditRefused(400, f"{key}: a number of {'points' if key == 'size' else 'millimetres'}")
            if key == "size":
                if not 1 <= value <= 200:
                    raise EditRefused(400, "size: a font size from 1 to 200 pt")
                out[key] = f"{round(value, 2):g}pt"
                continue
            old = written.get(key)
            if old is not None and not _literal_length(old):
                raise EditRefused(409, f"{key} is {old!r} here, not a length: edit it in the file")
            out[key] = _in_unit(float(value), old)
        elif key == "color":
            if not isinstance(value, str) or not COLOUR.fullmatch(value):
                raise EditRefused(400, "color: a colour code (#1f6f8b) or a name of the game's palette")
            old = written.get("color")
            if old is not None and not COLOUR.fullmatch(str(old)):
                raise EditRefused(409, f"color is {old!r} here: edit it in the file")
            out[key] = value
        else:
            raise EditRefused(400, f"{key!r}: the page edits x, y, w, h, size and color")
    return out


def _in_unit(mm: float, old: str | None) -> str:
    """`mm` millimetres written in the unit of the value it replaces (mm when there was none, or a %)."""
    unit = LENGTH_TEXT.fullmatch(old.strip()).group(2) if old else "mm"  # type: ignore[union-attr]
    if unit in ("mm", "%", None, ""):
        return f"{round(mm, 2):g}mm"
    factor = {"cm": 10.0, "in": 25.4, "pt": 25.4 / 72}[unit]
    return f"{round(mm / factor, 3 if unit != 'pt' else 2):g}{unit}"


def _card_values(written: dict[str, Any], changes: dict[str, Any]) -> dict[str, str]:
    out = {}
    for key, value in changes.items():
        if key == "id" or key not in written or not isinstance(written[key], str):
            raise EditRefused(400, f"{key!r}: the page edits a card's text fields written in its YAML, not its id")
        if not isinstance(value, str) or len(value) > MAX_TEXT or "\x00" in value:
            raise EditRefused(400, f"{key}: text of at most {MAX_TEXT} characters")
        out[key] = value
    return out


def _write(path: Path, text: str) -> None:
    """Write in one step (a temporary file renamed over it): the watcher sees one finished save."""
    tmp = path.with_name(f".{path.name}.pnp-edit")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


def loaded_files(prep: Any) -> tuple[set[str], dict[str, dict[str, int]]]:
    """The files a look at the game read that the page may edit: each deck's YAML (and its CSV file, with the
    column of each field, from 1) and the chain of every template it resolved."""
    from pnp.layout.templates import template_files
    from pnp.layout.whole_game import template_store
    from pnp.model.load import display_path

    root = prep.game.root
    out = set()
    sheets: dict[str, dict[str, int]] = {}
    names = set(template_store(prep.game).names())  # every template this look resolved: a die's faces' too
    for deck in prep.game.decks:
        out.add(deck.doc.file)
        names |= {n for n in (deck.template, deck.back) if n}
        source = getattr(deck.doc, "source", None)
        if source is not None and source.suffix.lower() == ".csv":
            shown = display_path(source, root)
            out.add(shown)
            sheets[shown] = {name: col for name, col in deck.doc.sheet.columns.items()}
    for name in names:
        out |= {display_path(p, root) for p in template_files(root, name)}
    return out, sheets
