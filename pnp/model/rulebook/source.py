"""Model: a game's rulebook source (`cards/<game>/rulebook.md`) read into blocks that know their place.

CommonMark is parsed by markdown-it-py; two inline plugins of ours turn `{{ expression }}` and `:icon:` into
tokens of their own, and a fenced block whose info string starts with `pnp` (```` ```pnp face ability/x ````)
is a block that comes from the game. Nothing is evaluated here: layout resolves the blocks against the game.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.core import bounds, watchdog
from pnp.core.errors import InputError, Problem, Where
from pnp.model.project import read_input
from pnp.model.rulebook.work_counted import Tally, lines_bound, refuse, text_bound

SOURCE = "rulebook.md"
KINDS = ("contents", "face", "anatomy", "setup", "key", "table", "effects", "pagebreak", "setup-diagram", "example",
         "glossary", "index", "overview")


@dataclass(frozen=True)
class Expr:
    source: str  # what is between the braces
    where: Where


@dataclass(frozen=True)
class IconRef:
    name: str
    where: Where


@dataclass(frozen=True)
class Unsupported:
    what: str  # Markdown the rulebook does not print (an image): said as a located problem
    where: Where


Inline = list[str | Expr | IconRef | Unsupported]  # card markup (**bold**, *italic*), expressions, icons, in order


@dataclass
class RulebookBlock:
    kind: str  # heading, para, item (of a list), grid (a Markdown table), or one of KINDS (a block from the game)
    where: Where
    inline: Inline = field(default_factory=list)
    level: int = 0  # a heading's level; a list item's depth; an ordered item's number (in `args["n"]`)
    args: dict[str, str] = field(default_factory=dict)  # a game block's `key=value` words
    words: list[str] = field(default_factory=list)  # a game block's other words (`ability/duct-tape`, `back`)
    body: list[tuple[str, Where]] = field(default_factory=list)  # a game block's lines
    rows: list[list[Inline]] = field(default_factory=list)  # a Markdown table: header first


@dataclass
class Rulebook:
    file: str  # relative to the project
    blocks: list[RulebookBlock]
    lines: list[str] = field(default_factory=list)  # the source, to place what is found inside a block's text

    def find(self, words: str, block: Where) -> Where:
        """Where `words` first stand at or after a block's first line (the block's place if nowhere)."""
        for n in range(max(block.line - 1, 0), min(block.line + 200, len(self.lines))):
            col = self.lines[n].find(words)
            if col >= 0:
                return Where(self.file, n + 1, col + 1)
        return block


def _expr_rule(state: Any, silent: bool) -> bool:
    """`{{ ... }}` as one token, its source kept whole (Markdown does not read inside it)."""
    src, pos = state.src, state.pos
    if not src.startswith("{{", pos):
        return False
    end = src.find("}}", pos + 2)
    if end < 0:
        return False
    if not silent:
        token = state.push("pnp_expr", "", 0)
        token.content = src[pos + 2:end]
        token.meta = {"at": pos}
    state.pos = end + 2
    return True


def _icon_rule(state: Any, silent: bool) -> bool:
    """`:name:` (letters, digits, `-`, `_`) as an icon token, as card text writes icons."""
    src, pos = state.src, state.pos
    if src[pos] != ":":
        return False
    end = pos + 1
    while end < state.posMax and (src[end].isalnum() or src[end] in "-_"):
        end += 1
    if end == pos + 1 or end >= state.posMax or src[end] != ":":
        return False
    if not silent:
        token = state.push("pnp_icon", "", 0)
        token.content = src[pos + 1:end]
        token.meta = {"at": pos}
    state.pos = end + 1
    return True


def pnp_plugin(md: Any) -> None:
    """The markdown-it plugin: expressions and icons are inline tokens of their own; the inline pass bounded."""
    md.inline.ruler.before("emphasis", "pnp_expr", _expr_rule)
    md.inline.ruler.before("emphasis", "pnp_icon", _icon_rule)
    md.core.ruler.at("inline", _bounded_inline)


def _bounded_inline(state: Any) -> None:
    """markdown-it's inline pass, bounded: the blocks are counted first (a table's rows and columns, page breaks,
    headings), then each text is held to its length before it is parsed, its place kept in `state.env["at"]` for a
    parse that runs out of time."""
    rel, tokens = state.env["rel"], state.tokens
    _tally(tokens, rel)
    for i, token in enumerate(tokens):
        if token.type != "inline":
            continue
        where = Where(rel, token.map[0] + 1 if token.map else 0, 1 if token.map else 0)
        state.env["at"] = where
        text_bound(len(token.content), i > 0 and tokens[i - 1].type == "heading_open", where)
        if token.children is None:
            token.children = []
        state.md.inline.parse(token.content, state.md, state.env, token.children)


def _tally(tokens: list[Any], rel: str) -> None:
    """The source's blocks counted against the rulebook's bounds (pnp.model.rulebook.work_counted) before any text
    is parsed; InputError at the first past one."""
    tally = Tally()
    table: tuple[Where, list[int]] | None = None  # where the table is, its cells per row
    for t in tokens:
        kind = t.type
        where = Where(rel, t.map[0] + 1, 1) if t.map else Where(rel)
        if kind == "heading_open":
            tally.heading(where)
        elif kind == "paragraph_open":
            tally.block(where)
        elif kind == "table_open":
            table = (where, [])
        elif kind == "tr_open" and table is not None:
            table[1].append(0)
        elif kind in ("th_open", "td_open") and table is not None and table[1]:
            table[1][-1] += 1
        elif kind == "table_close" and table is not None:
            tally.table(len(table[1]), max(table[1], default=0), table[0])
            table = None
        elif kind == "hr" or (kind == "fence" and t.info.split()[:2] == ["pnp", "pagebreak"]):
            tally.page_break(where)
        elif kind in ("fence", "code_block"):  # a block of the game (its lines), or code printed as it is
            text_bound(len(t.content), False, where)
            tally.block(where)


def _parser() -> Any:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table").use(pnp_plugin)  # raw HTML stays text


def read_rulebook(root: Path, game_dir: Path, lang: str = "", parse: Any = None) -> Rulebook | None:
    """The game's rulebook.md (in a language other than the source: rulebook.<lang>.md) as blocks, or None when it
    has none. It is read as every game file is (inside the project, a regular file: a named pipe is refused by name,
    within `bounds.FILE_BYTES`). `parse`: parse_rulebook, or what gives its blocks another way
    (source_kept.kept_blocks: from the disk cache)."""
    path = game_dir / (f"rulebook.{lang}.md" if lang else SOURCE)
    rel = path.relative_to(root).as_posix()
    if not os.path.lexists(path):
        return None
    raw = read_input(root, path, rel, "the rulebook", bounds.FILE_BYTES, "; split it")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputError([Problem(Where(rel), f"not UTF-8 text ({exc.reason} at byte {exc.start})")]) from None
    return Rulebook(rel, (parse or parse_rulebook)(text, rel), text.splitlines())


def parse_rulebook(text: str, rel: str) -> list[RulebookBlock]:
    """The blocks of rulebook.md's text; InputError at the place of the first bound it goes past, or of the text
    being read when reading it ran past `bounds.RULEBOOK_SECONDS`."""
    lines_bound(text, rel)
    lines = text.splitlines()
    env: dict[str, Any] = {"rel": rel, "at": Where(rel)}
    try:
        with watchdog.time_limit(bounds.RULEBOOK_SECONDS):
            tokens = _parser().parse(text, env)
    except watchdog.Overtime:
        raise refuse(env["at"], f"reading the rulebook's Markdown ran past {bounds.RULEBOOK_SECONDS:g} s, here: a "
                                "text of many marks (`*`, `_`, `[`, `` ` ``, `<`) that open and never close? Write "
                                "them as words, or in `code`") from None
    blocks: list[RulebookBlock] = []
    depth = 0
    first = False  # the next paragraph is the first of a list item
    numbers: list[int] = []
    row: list[Inline] | None = None
    table: RulebookBlock | None = None
    i = 0
    while i < len(tokens):
        t = tokens[i]
        line = t.map[0] + 1 if t.map else 0
        if t.type in ("bullet_list_open", "ordered_list_open"):
            depth += 1
            numbers.append(int(t.attrGet("start") or 1) if t.type == "ordered_list_open" else 0)
        elif t.type in ("bullet_list_close", "ordered_list_close"):
            depth -= 1
            numbers.pop()
        elif t.type == "heading_open":
            heading = _inline(tokens[i + 1], lines, rel)
            blocks.append(RulebookBlock("heading", Where(rel, line, 1), heading, int(t.tag[1])))
            i += 2
        elif t.type == "list_item_open":
            first = True
        elif t.type == "paragraph_open" and not depth:
            blocks.append(RulebookBlock("para", Where(rel, line, 1), _inline(tokens[i + 1], lines, rel)))
            i += 2
        elif t.type == "paragraph_open":  # a list item's text: its first paragraph carries the bullet
            n = numbers[-1]
            mark = ({"n": str(n)} if n else {}) if first else {"more": ""}
            blocks.append(RulebookBlock("item", Where(rel, line, 1), _inline(tokens[i + 1], lines, rel), depth, mark))
            if n and first:
                numbers[-1] += 1
            first = False
            i += 2
        elif t.type == "table_open":
            table = RulebookBlock("grid", Where(rel, line, 1))
        elif t.type == "tr_open":
            row = []
        elif t.type == "inline" and row is not None:
            row.append(_inline(t, lines, rel))
        elif t.type == "tr_close" and table is not None and row is not None:
            table.rows.append(row)
            row = None
        elif t.type == "table_close" and table is not None:
            blocks.append(table)
            table = None
        elif t.type == "fence" and t.info.split()[:1] == ["pnp"]:
            blocks.append(_game_block(t, line, rel))
        elif t.type in ("fence", "code_block"):
            blocks.append(RulebookBlock("para", Where(rel, line, 1), [literal(t.content.rstrip("\n"))]))
        elif t.type == "hr":
            blocks.append(RulebookBlock("pagebreak", Where(rel, line, 1)))
        i += 1
    return blocks


def _game_block(t: Any, line: int, rel: str) -> RulebookBlock:
    """```` ```pnp KIND word key=value ```` and its lines."""
    words = t.info.split()[1:]
    kind = words[0] if words else ""
    args = dict(w.split("=", 1) for w in words[1:] if "=" in w)
    col = len(t.markup) + 5  # the kind, after ```pnp and a space
    body = [(text, Where(rel, line + 1 + n, 1)) for n, text in enumerate(t.content.splitlines()) if text.strip()]
    return RulebookBlock(kind, Where(rel, line, col), [], 0, args, [w for w in words[1:] if "=" not in w], body)


_MARKS = re.compile(r"[*\\]|:(?=[a-z][a-z0-9-]*:)")  # what card markup reads as bold, italic, an escape, an icon


def literal(text: str) -> str:
    """Text as card markup that prints it as it is: a `*` the Markdown left as a star (`5 * 3`, a run of fifty) is
    no italic, a `:name:` inside `code` no icon."""
    return _MARKS.sub(lambda m: "\\" + m.group(0), text)


def _inline(token: Any, lines: list[str], rel: str) -> Inline:
    """An inline token's children as card markup, expressions and icons, each expression and icon located."""
    out: Inline = []
    first = token.map[0] if token.map else 0
    text: list[str] = []
    marks = {"strong_open": "**", "strong_close": "**", "em_open": "*", "em_close": "*"}
    for child in token.children or []:
        if child.type in ("pnp_expr", "pnp_icon"):
            if text:
                out.append("".join(text))
                text = []
            at = child.meta["at"]
            row = first + token.content.count("\n", 0, at)
            raw = "{{" + child.content + "}}" if child.type == "pnp_expr" else f":{child.content}:"
            src = lines[row] if row < len(lines) else ""
            where = Where(rel, row + 1, src.find(raw) + 1 if raw in src else 1)
            out.append(Expr(child.content, where) if child.type == "pnp_expr" else IconRef(child.content, where))
        elif child.type == "image":
            row = first
            src = lines[row] if row < len(lines) else ""
            at = src.find("![")
            out.append(Unsupported(f"the image ![{child.content}]({child.attrGet('src')})",
                                   Where(rel, row + 1, at + 1 if at >= 0 else 1)))
        elif child.type in marks:
            text.append(marks[child.type])
        elif child.type in ("softbreak", "hardbreak"):
            text.append(" ")
        else:  # text, code: what card markup would read as marks written as the characters they are
            text.append(literal(child.content))
    if text:
        out.append("".join(text))
    return out
