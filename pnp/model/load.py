"""Stage 1, load: YAML files -> plain Python trees that remember where every node came from.

A `Doc` holds the data of one file and where each of its values was written; `where(path)` finds the
line and column of any node by its path (a tuple of keys and list indexes, the same shape as a field
path `cards[3].cost`), so a problem found at any later stage can name its place. The places are kept
compact (a number per value, a tuple per list or mapping), not as YAML's node tree: a deck of 1,200
cards held its nodes and their marks as a tenth of a build's memory.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp import __version__
from pnp.core import bounds, disk_cache
from pnp.core.errors import InputError, Problem, Where, echo
from pnp.model.project import read_input

if TYPE_CHECKING:
    import yaml
else:
    yaml = None  # PyYAML, imported by _parser() when a file is parsed (a build whose files are all kept parses none)
_Loader: Any = None
_constructor: Any = None
_KEPT = f"yaml-{__version__}-{disk_cache.code_stamp(__file__)}"  # the parsed files in the cache: new with this code


def _parser() -> Any:
    global yaml, _Loader, _constructor
    if _Loader is None:
        import yaml

        # libyaml's C parser when the wheel has it: the same nodes and marks, several times faster
        _Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        _constructor = yaml.constructor.SafeConstructor()
    return yaml

Path_ = tuple[str | int, ...]


# Where a value was written: a scalar's place is one number, `line << _BITS | column` (both from 0); a list's,
# `(place, [each item's])`; a mapping's, `(place, {key: (the key's place, the value's)})`.
_BITS = 24
_COLUMN = (1 << _BITS) - 1
Places = Any


def _place(node: yaml.Node) -> int:
    mark = node.start_mark
    return mark.line << _BITS | mark.column


@dataclass
class Doc:
    """One YAML file: its data, and where each value of it was written."""
    file: str  # path as shown to the user (relative to the project root)
    data: Any
    root: Places = None  # where each value was written (see _place)

    def where(self, path: Path_ = ()) -> Where:
        """The place of the node at `path` (for a mapping entry, its key), or of its nearest ancestor."""
        node = self.root
        if node is None:
            return Where(self.file, 1 if self.data is not None else 0, 1 if self.data is not None else 0)
        mark = node if type(node) is int else node[0]
        for part in path:
            if type(node) is int:
                break
            inner = node[1]
            if type(inner) is dict:
                entry = inner.get(part)
                if entry is None:
                    break
                mark, node = entry
            elif isinstance(part, int) and 0 <= part < len(inner):
                node = inner[part]
                mark = node if type(node) is int else node[0]
            else:
                break
        return Where(self.file, (mark >> _BITS) + 1, (mark & _COLUMN) + 1)


_STR, _INT, _NULL = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:null"
_MERGE, _MAP = "tag:yaml.org,2002:merge", "tag:yaml.org,2002:map"
_DECIMAL = re.compile(r"[-+]?[0-9]+")
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")


def _scalar(node: yaml.ScalarNode) -> Any:
    tag = node.tag
    if tag == _STR:
        return node.value
    if tag == _INT and _DECIMAL.fullmatch(node.value):  # the common case, without the constructor's detour
        return int(node.value)
    if tag == _NULL:
        return None
    return _constructor.construct_object(node, deep=True)


_EXPANDED = (f"more than {bounds.YAML_NODES:,} values once its aliases are expanded; an alias that repeats other "
             "aliases grows without bound (a merge, `<<:`, counts as an alias)")
_MERGED = (f"more than {bounds.YAML_NODES:,} values once its aliases and merges are expanded; a merge (`<<:`) of "
           "mappings that merge others grows without bound (each mapping merged counts, an empty one too, each time)")


class _TooBig(Exception):
    def __init__(self, node: yaml.Node, message: str):
        self.node, self.message = node, message
        self.merge = False  # located at the merge (`<<`) that went past the bound


class _Converter:
    """YAML nodes -> Python values, with every problem located, and bounds on depth and expansion."""

    def __init__(self, file: str):
        self.file = file
        self.problems: list[Problem] = []
        self.nodes = 0
        self.merges: dict[int, int] = {}  # a mapping whose merges were applied -> the values they counted

    def where(self, node: yaml.Node) -> Where:
        return Where(self.file, node.start_mark.line + 1, node.start_mark.column + 1)

    def fail(self, node: yaml.Node, message: str) -> None:
        self.problems.append(Problem(self.where(node), message))

    def scalar(self, node: yaml.ScalarNode) -> Any:
        try:
            return _scalar(node)
        except Exception:  # a tag the value does not fit (`!!int abc`), an unknown tag
            tag = node.tag.rsplit(":", 1)[-1] if node.tag.startswith("tag:yaml.org") else node.tag
            if tag == "int" and _DECIMAL.fullmatch(node.value):  # Python reads at most 4,300 digits
                self.fail(node, f"{echo(node.value)}: a number of {len(node.value):,} digits is too long; write "
                                "at most 15 digits (or quote it, as text)")
            else:
                self.fail(node, f"{echo(node.value)} is not a valid !!{tag[:40]}; remove the tag or fix the value")
            return None

    def count(self, node: yaml.Node, n: int = 1) -> None:
        self.nodes += n
        if self.nodes > bounds.YAML_NODES:
            raise _TooBig(node, _EXPANDED)

    def convert(self, node: yaml.Node, depth: int = 0) -> tuple[Any, Places]:
        """The node's value, and where it and everything in it was written."""
        self.count(node)
        if depth > bounds.YAML_DEPTH:
            raise _TooBig(node, f"nested more than {bounds.YAML_DEPTH} levels deep")
        if isinstance(node, yaml.ScalarNode):
            return self.scalar(node), _place(node)
        if isinstance(node, yaml.SequenceNode):
            items = [self.convert(item, depth + 1) for item in node.value]
            return [value for value, _ in items], (_place(node), [place for _, place in items])
        out: dict[Any, Any] = {}
        places: dict[Any, tuple[int, Places]] = {}
        for key_node, value_node in self.pairs(node, depth):  # type: ignore[arg-type]  # a MappingNode: the only kind left
            key = self.scalar(key_node) if isinstance(key_node, yaml.ScalarNode) and key_node.tag != _MERGE else None
            if not isinstance(key, str | int) or key in out:
                message = (f"duplicate key {key!r}: each key may appear once in a mapping" if key in out
                           else "a mapping key must be a plain name")
                self.fail(key_node, message)
                continue
            out[key], place = self.convert(value_node, depth + 1)
            places[key] = (_place(key_node), place)
        return out, (_place(node), places)

    def pairs(self, node: yaml.MappingNode, depth: int) -> list[tuple[yaml.Node, yaml.Node]]:
        """The mapping's entries with YAML's merge keys (`<<: *base`) applied: an entry written in the
        mapping wins over a merged one, and of several merged mappings the first wins. The node keeps
        the merged entries, so a merged value is located where it was written, and a second visit does not
        merge again; but it counts again what the merges counted, as an alias counts what it repeats (forty
        levels of merges of an empty mapping are 2**40 merges, refused at the merge that goes past the bound)."""
        again = self.merges.get(id(node))
        if again is not None:
            self.count(node, again)
            return node.value
        merged: dict[Any, tuple[yaml.Node, yaml.Node]] = {}
        written: list[tuple[yaml.Node, yaml.Node]] = []
        counted = self.nodes
        for key_node, value_node in node.value:
            if key_node.tag != _MERGE:
                written.append((key_node, value_node))
                continue
            try:
                self.merge(key_node, value_node, depth, merged)
            except _TooBig as exc:
                if not exc.merge:  # said at this merge, the innermost that went past
                    exc.node, exc.merge = key_node, True
                    if exc.message == _EXPANDED:
                        exc.message = _MERGED
                raise
        if len(written) == len(node.value):
            return written  # no merge
        self.merges[id(node)] = self.nodes - counted
        explicit = {_scalar(k) if isinstance(k, yaml.ScalarNode) else id(k) for k, _ in written}
        node.value = [pair for key, pair in merged.items() if key not in explicit] + written
        return node.value

    def merge(self, key_node: yaml.Node, value_node: yaml.Node, depth: int,
              merged: dict[Any, tuple[yaml.Node, yaml.Node]]) -> None:
        """The entries one merge key (`<<: *base`, `<<: [*a, *b]`) brings, into `merged` (the first of a key wins)."""
        sources = value_node.value if isinstance(value_node, yaml.SequenceNode) else [value_node]
        for source in sources:
            self.count(source)  # a merge, like an alias, repeats what it names: counted each time
            if not isinstance(source, yaml.MappingNode):
                self.fail(source, "`<<` merges a mapping (`<<: *base`) or a list of them, not "
                                  f"{getattr(source, 'value', source)!r}")
                continue
            if depth > bounds.YAML_DEPTH:
                raise _TooBig(source, f"merges nested more than {bounds.YAML_DEPTH} levels deep")
            for k, v in self.pairs(source, depth + 1):
                self.count(k)
                key = _scalar(k) if isinstance(k, yaml.ScalarNode) else id(k)
                merged.setdefault(key, (k, v))


def _line_col(text: str, position: int) -> tuple[int, int]:
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1


_DEEP_BLOCK = re.compile(r"\n[ \t-]{10000}")
_PARSER_DEPTH = 10_000  # libyaml's composer recurses in C: past about 20,000 levels it crashes the process


def _too_deep(text: str) -> bool:
    """Nesting the YAML parser would not survive, found cheaply before parsing: that many levels need
    that many flow brackets, or a line indented by that many columns. (Shallower nesting is held to
    `bounds.YAML_DEPTH`, with its place, while converting.)"""
    if text.count("[") + text.count("{") > _PARSER_DEPTH:
        brackets = text.encode("utf-8", "replace").translate(None, _NOT_BRACKETS)
        if max(accumulate(1 if b in b"[{" else -1 for b in brackets)) > _PARSER_DEPTH:
            return True
    return _DEEP_BLOCK.search(text) is not None


_INDENT_HINT = ("; check this line's indentation: it must line up, with spaces, with the other keys (or `-` "
                "items) of its block")
_STAR_HINT = ("; a value that begins with `*` or `&` (**bold** or *italic* text, say) must be in quotes: "
              "\"**Gain** 2 Coins\"")
_HINTS = (  # what the parser says -> what the designer most likely did
    ("alphabetic or numeric character", _STAR_HINT),
    ("undefined alias", _STAR_HINT),
    ("expected key", _INDENT_HINT),
    ("'-' indicator", _INDENT_HINT),
    ("<block end>", _INDENT_HINT),
    ("mapping values are not allowed", "; a value that holds `: ` needs quotes (\"Cost: 2\"), or this line is "
                                       "indented deeper than its block"),
    ("expected ',' or ']'", "; a `[` list opened before is not closed with `]`, or a value in it that holds `,` or "
                            "`: ` needs quotes"),
    ("expected ',' or '}'", "; a `{` mapping opened before is not closed with `}`, or a value in it that holds `,` "
                            "or `: ` needs quotes"),
)


def _comment(text: str, start: int) -> int:
    """Where a `#` comment begins on the line from `start` (outside quotes), or -1."""
    end = text.find("\n", start)
    quote = ""
    for i in range(start, len(text) if end < 0 else end):
        ch = text[i]
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and text[i - 1] in " \t":
            return i
    return -1


def _syntax_error(exc: yaml.MarkedYAMLError, text: str, file: str) -> Problem:
    """A parser error as the designer should read it: the place, the parser's words, and the likely slip."""
    mark = exc.problem_mark or exc.context_mark
    what = exc.problem or exc.context or "not valid YAML"
    if mark is not None:
        lines = text.split("\n")
        source = lines[mark.line] if mark.line < len(lines) else ""
        indent = source[:len(source) - len(source.lstrip(" \t"))]
        if "\t" in indent or (mark.index < len(text) and text[mark.index] == "\t"):
            col = indent.index("\t") + 1 if "\t" in indent else mark.column + 1
            return Problem(Where(file, mark.line + 1, col), "YAML syntax error: a tab; YAML indents with spaces "
                           "only: replace the tab with spaces")
        opened = exc.context_mark
        if "flow" in (exc.context or "") and opened is not None and (hash_at := _comment(text, opened.index)) >= 0:
            return Problem(Where(file, *_line_col(text, hash_at)), "YAML syntax error: this `#` starts a comment, "
                           "which hides the rest of the line and leaves its `[` or `{` open; put the value in quotes "
                           "(\"#1d2230\")")
        if "end of stream" in what and exc.context and "quoted" in exc.context and exc.context_mark:
            at = exc.context_mark
            return Problem(Where(file, at.line + 1, at.column + 1), "YAML syntax error: a quote opened here is "
                           "never closed; end the text with the same quote")
        if _INDENT_HINT in (hint := next((h for key, h in _HINTS if key in what), "")) and mark.column > len(indent):
            hint = ("; what stands here does not belong: a `}` or `]` too many, or a quote inside quoted text "
                    "(quote with the other kind: 'Say \"hi\"')")
    else:
        hint = next((h for key, h in _HINTS if key in what), "")
    where = Where(file, mark.line + 1, mark.column + 1) if mark else Where(file)
    return Problem(where, f"YAML syntax error: {what}{hint}")


def load_text(text: str, file: str) -> Doc:
    """Parse YAML text; raise InputError with the place of every problem. A text parsed before (by this
    release of pnp, under the same bounds) is read back from the cache, as it was (pnp.core.disk_cache)."""
    key = f"{bounds.YAML_NODES}:{bounds.YAML_DEPTH}:{text}"
    parsed = disk_cache.load(_KEPT, key)
    if type(parsed) is tuple and len(parsed) == 2:
        return Doc(file, *parsed)
    doc = _parse(text, file)
    disk_cache.store(_KEPT, key, (doc.data, doc.root))
    return doc


def _parse(text: str, file: str) -> Doc:
    if _too_deep(text):
        raise InputError([Problem(Where(file), f"nested more than {bounds.YAML_DEPTH} levels deep")])
    yaml = _parser()
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        raise InputError([_syntax_error(exc, text, file)]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow (a control character)
        line, col = _line_col(text, exc.position)
        raise InputError([Problem(Where(file, line, col), f"character U+{exc.character:04X} is not allowed in YAML "
                                  "text; delete it (a control character, often pasted by accident)")]) from None
    except yaml.YAMLError as exc:  # pragma: no cover - other parser failures carry no mark
        raise InputError([Problem(Where(file), f"YAML syntax error: {exc}")]) from None
    if node is None:
        return Doc(file, None)
    converter = _Converter(file)
    try:
        data, places = converter.convert(node)
    except _TooBig as exc:
        raise InputError([Problem(converter.where(exc.node), exc.message)]) from None
    if converter.problems:
        raise InputError(converter.problems)
    return Doc(file, data, places)


def load_file(path: Path, root: Path, named: bool = False) -> Doc:
    """A YAML file of the project (held to it, a regular file, within `bounds.FILE_BYTES`), parsed. `named`:
    a file named on the command line (`--setup FILE`), which may lie outside the project."""
    shown = display_path(path, root)
    return load_bytes(read_input(root, path, shown, "a YAML file", bounds.FILE_BYTES, "; split it", named), shown)


def load_bytes(raw: bytes, shown: str) -> Doc:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise InputError([Problem(Where(shown, line, col), f"not UTF-8 text (byte {raw[exc.start]:#04x}); save the "
                                  "file as UTF-8")]) from None
    return load_text(text, shown)


@lru_cache(maxsize=256)
def display_path(path: Path, root: Path) -> str:
    """A path as the user should read it: relative to the project root when inside it."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(path)
